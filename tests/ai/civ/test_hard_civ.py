"""The hard level of Advanced Civilization: medium's play, with the decisions that matter
searched by the harness (`ai.search`) over hidden cards dealt from its own view.

Searches run with fixed iteration counts, so every answer here is the same on every
machine; speed is measured by the arena, not here."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Iterator

from civ.civ_world import position, seat
from civ.civ_world import state as world_state

import ai
import engine.civ as civ
from ai.bot import Action, View
from ai.civ.determinize import position_from_view, state_from_view
from ai.civ.easy import Turn
from ai.civ.hard import (
    FINAL_WORTH,
    HARD_WORTH,
    PLAN,
    PLANS,
    CivHardBot,
    end_in_sight,
    evaluate,
    nation_room,
    play_plan,
    root_actions,
    seat_value,
)
from ai.civ.medium import CivMediumBot, medium_answer, purchase
from ai.civ.purchase import best_purchase

SEARCHED = {"movement", "civ_cards", "trade_open", "trade_answer", "cities", "tax_rate"}


def hard(seed: int, iterations: int | None) -> CivHardBot:
    bot = ai.make_bot("civ", "hard", seed, iterations)
    assert isinstance(bot, CivHardBot)
    return bot


def own_medium(view: View) -> Action:
    """Hard's medium's answer: medium's, its purchases weighed by `HARD_WORTH`."""
    return medium_answer(state_from_view(view, random.Random(0)), view, {}, worth=HARD_WORTH)


def kind_of(s: civ.State) -> str:
    assert s.pending is not None
    return str(s.pending["kind"])


def medium_game(players: int, seed: int, turns: int) -> Iterator[civ.State]:
    """Every state of a seeded game of medium players, each before its decision."""
    bots = [ai.make_bot("civ", "medium", seed * 10 + s) for s in range(players)]
    s = civ.new_game(players, seed, {"turn_limit": turns})
    while not s.is_over:
        yield s
        me = s.to_move
        assert me is not None
        s = s.apply(bots[me].choose(s.view(me), 0.0))


def test_hard_is_the_strongest_civ_level() -> None:
    assert ai.levels("civ")[-1] == "hard"
    assert hard(1, 5).level == "hard"


def test_A1_2_every_candidate_is_legal_on_the_true_state_and_medium_is_first() -> None:
    """The searched decisions' candidates are the engine's legal answers, medium's own
    answer first (the one the search keeps unless beaten); a movement plan played on the
    true state makes only legal moves and ends the seat's movement."""
    rng = random.Random(3)
    met: Counter[str] = Counter()
    for s in medium_game(5, 7, 8):
        me = s.to_move
        assert me is not None
        view = s.view(me)
        turn = Turn(state_from_view(view, rng), view)
        first = medium_answer(turn.state, view, {}, worth=HARD_WORTH)
        roots = root_actions(turn, first, {})
        kind = kind_of(s)
        if len(roots) > 1:
            met[kind] += 1
        if roots[0]["type"] == PLAN:
            assert [r["plan"] for r in roots] == list(PLANS)
            for r in roots:
                after = play_plan(s, me, r["plan"], lambda: False)  # an illegal move raises
                assert after.pending is None or after.pending["kind"] != "movement" \
                    or after.pending["seat"] != me or after.pending.get("ship") is not None
            continue
        assert roots[0] == first
        assert len({civ.format_action(r) for r in roots}) == len(roots)
        for r in roots:
            assert s.check(r) is None, (s.pending, r)
    assert set(met) >= {"movement", "civ_cards", "trade_open", "cities"}, met


def test_a_movement_plan_stops_when_the_thinking_time_is_spent() -> None:
    """A last turn's movement plan, played out in a search, stops at the deadline as every
    other step of a playout does: out of time at once it makes no move; out of time after
    one, it makes that move alone, medium's."""
    for s in medium_game(5, 7, 8):
        me = s.to_move
        assert me is not None
        view = s.view(me)
        turn = Turn(state_from_view(view, random.Random(3)), view)
        first = medium_answer(turn.state, view, {}, worth=HARD_WORTH)
        if root_actions(turn, first, {})[0]["type"] != PLAN:
            continue
        assert play_plan(s, me, "medium", lambda: True) is s
        answers = iter([False, True])
        one = play_plan(s, me, "medium", answers.__next__)
        assert one.digest() == s.apply(PLANS["medium"](Turn(s, view))).digest()
        return
    raise AssertionError("no last-turn movement plan met in the game")


def test_A1_5_hard_decides_the_same_whatever_the_hidden_cards() -> None:
    """Other hands, the stacks and unnamed cards dealt anew (their numbers kept): the view
    is the same, and so is hard's searched decision at a fixed number of iterations."""
    rng = random.Random(11)
    compared = 0
    for s in medium_game(4, 21, 10):
        me = s.to_move
        assert me is not None
        if kind_of(s) not in SEARCHED or compared >= 6:
            continue
        view = s.view(me)
        other = civ.from_dict(position_from_view(view, rng))
        hidden = [x["hand"] for i, x in enumerate(s.to_dict()["seats"]) if i != me]
        if [x["hand"] for i, x in enumerate(other.to_dict()["seats"]) if i != me] == hidden:
            continue
        assert other.view(me) == view
        bot_a, bot_b = hard(40 + me, 6), hard(40 + me, 6)
        chosen = bot_a.choose(view, 0.0)
        if bot_a.last_iterations == 0:
            continue  # medium's answer without a search: not what this test is about
        assert bot_b.choose(other.view(me), 0.0) == chosen
        assert bot_b.last_iterations == bot_a.last_iterations == 6
        compared += 1
    assert compared >= 6


def test_a_thin_search_keeps_mediums_answer() -> None:
    """One iteration gives no candidate the visits to overrule medium (`min_visits`)."""
    for s in medium_game(4, 5, 6):
        me = s.to_move
        assert me is not None
        if kind_of(s) not in ("civ_cards", "cities", "trade_open"):
            continue
        view = s.view(me)
        bot = hard(3, 1)
        answer = bot.choose(view, 0.0)
        if bot.last_iterations:
            expected = own_medium(view)
            assert answer == expected
            return
    raise AssertionError("no searched decision met")


def test_A35_3_the_evaluation_is_each_seats_lead_over_the_best_other() -> None:
    s = next(x for x in medium_game(3, 2, 3) if x.position.turn == 2)
    values = evaluate(s)
    assert len(values) == 3
    leader = max(range(3), key=values.__getitem__)
    assert values[leader] >= 0 and all(v <= 0 for i, v in enumerate(values) if i != leader)


def test_A35_2_a_playout_that_ended_the_game_is_worth_its_scores() -> None:
    """At the end only the score counts: tokens, credits and sets to come are worth
    nothing, so the evaluation is each seat's final score less the best other's."""
    bots = [ai.make_bot("civ", "medium", 20 + s) for s in range(3)]
    s = civ.new_game(3, 2, {"turn_limit": 6})
    while not s.is_over:
        me = s.to_move
        assert me is not None
        s = s.apply(bots[me].choose(s.view(me), 0.0))
    scores = s.final_scores()
    assert evaluate(s) == [scores[t] - max(scores[o] for o in range(3) if o != t)
                           for t in range(3)]


def test_A35_1_the_end_is_in_sight_in_the_limits_turn_or_with_a_marker_one_space_short() -> None:
    view = civ.new_game(3, 2, {"turn_limit": 5}).view(0)
    assert not end_in_sight(view)
    assert end_in_sight({**view, "turn": 5})
    one_short = [dict(s) for s in view["seats"]]
    one_short[2]["ast"] = 15
    assert end_in_sight({**view, "seats": one_short})
    one_short[2]["status"] = "left"
    assert not end_in_sight({**view, "seats": one_short})


def test_A35_2_in_the_last_turn_hard_buys_what_scores_most() -> None:
    """Three medium to the limit's turn (10): Thrace's purchase, as medium weighs cards for
    the turns to come, hands in eight cards (iron, two salt, three timber, two oil) for
    Astronomy; the score's weights alone buy Deism with the timber and the oil and keep the
    iron and the salt, 15 points more. Hard's search, playing the turn to the end, finds
    it."""
    bots = [ai.make_bot("civ", "medium", 10 + s) for s in range(3)]
    s = civ.new_game(3, 2, {"turn_limit": 10})
    while not (kind_of(s) == "civ_cards" and s.position.turn == 10 and s.to_move == 0):
        me = s.to_move
        assert me is not None
        s = s.apply(bots[me].choose(s.view(me), 0.0))
    view = s.view(0)
    mediums = bots[0].choose(view, 0.0)
    final = best_purchase(view, FINAL_WORTH, board=s.position.board).action()
    assert s.apply(final).final_scores()[0] > s.apply(mediums).final_scores()[0]
    answer = hard(5, 16).choose(view, 1.0)
    assert s.apply(answer).final_scores()[0] == s.apply(final).final_scores()[0]


def test_A6_3_hard_takes_the_nation_with_the_most_room_once_all_have_chosen() -> None:
    """The first of five to choose: medium takes Babylon (the most free land within three
    moves) and the next one sits Assyria beside it; hard sees the four others choose after
    it and takes Thrace, which then grows into the whole west alone (docs/civ-map.md)."""
    s = civ.new_game(5, 1, {"turn_limit": 40})
    me = s.to_move
    assert me is not None and not any(x.nation for x in s.position.seats)
    view = s.view(me)
    assert ai.make_bot("civ", "medium", 1).choose(view, 0.0)["nation"] == "babylon"
    answer = hard(1, 4).choose(view, 0.0)
    assert answer["nation"] == "thrace" and s.check(answer) is None
    rooms = {a["nation"]: nation_room(s.apply(a), a["nation"]) for a in s.legal_actions()}
    assert rooms["thrace"] == max(rooms.values()) > rooms["babylon"]


def test_a_seeded_game_of_hard_against_medium_and_easy_is_legal_to_its_end() -> None:
    """Every hard answer checked by the engine on the true state; its searches ran."""
    levels = ["hard", "medium", "easy", "hard"]
    bots = [hard(70 + s, 3) if level == "hard" else ai.make_bot("civ", level, 70 + s)
            for s, level in enumerate(levels)]
    s = civ.new_game(4, 9, {"turn_limit": 7})
    kinds: Counter[str] = Counter()
    searched = 0
    while not s.is_over:
        me = s.to_move
        assert me is not None
        bot = bots[me]
        action = bot.choose(s.view(me), 0.0)
        if isinstance(bot, CivHardBot):
            assert s.check(action) is None, (s.pending, action)
            kinds[kind_of(s)] += 1
            searched += bot.last_iterations > 0
        s = s.apply(action)
    assert s.position.turn == 7 and s.ranking()
    assert set(kinds) >= {"movement", "cities", "civ_cards", "trade_open"}, kinds
    assert searched >= 10


def test_a_stopped_hard_bot_answers_at_once_as_medium() -> None:
    """The table stops a thinking bot (closing a game): no search, medium's answer."""
    stop = threading.Event()
    stop.set()
    for s in medium_game(4, 5, 6):
        me = s.to_move
        assert me is not None
        if kind_of(s) != "cities":
            continue
        view = s.view(me)
        bot = hard(3, None)
        answer = bot.choose(view, 1.0, stop)
        assert bot.last_iterations == 0
        assert answer == own_medium(view)
        return
    raise AssertionError("no city decision met")


def test_A12_the_movement_plan_chosen_at_the_first_move_is_followed_to_the_phases_end() -> None:
    """A plan is searched once a turn, in the game's last (6); every later move of the turn
    is that plan's."""
    for s in medium_game(4, 5, 6):
        me = s.to_move
        assert me is not None
        if kind_of(s) != "movement" or s.position.turn < 6:
            continue
        view = s.view(me)
        bot = hard(3, 4)
        bot.plan = (int(view["turn"]), "stay")
        assert bot.choose(view, 0.0) == {"type": "done"}
        assert bot.last_iterations == 0
        bot.plan = (int(view["turn"]) - 1, "stay")  # last turn's plan: searched anew
        bot.choose(view, 0.0)
        assert bot.plan is not None and bot.plan[0] == view["turn"]
        assert bot.last_iterations == 4
        return
    raise AssertionError("no movement decision met")


def test_before_the_last_turn_hard_moves_builds_taxes_and_buys_as_medium() -> None:
    """What these decisions are worth shows in later turns, which a playout to the turn's
    end does not reach: hard searches them only when the game may end this turn."""
    met: Counter[str] = Counter()
    for s in medium_game(4, 5, 8):
        me = s.to_move
        assert me is not None
        kind = kind_of(s)
        if kind not in ("movement", "cities", "civ_cards") or met[kind] >= 2 \
                or s.position.turn >= 8:
            continue
        view = s.view(me)
        bot = hard(3, 4)
        answer = bot.choose(view, 0.0)
        assert bot.last_iterations == 0
        assert answer == own_medium(view)
        met[kind] += 1
    assert met == {"movement": 2, "cities": 2, "civ_cards": 2}


def test_A2_9_hards_purchase_keeps_a_pair_for_its_sets_growth_where_mediums_hands_it_in() -> None:
    """A set's value grows as the square of its cards (A2.9): hard's worth (`HARD_WORTH`)
    keeps two Cloth, 20, to grow, and buys Music with single cards and treasury; medium's
    hands the pair in for Deism."""
    hand = ["bronze", "cloth", "cloth", "grain", "papyrus", "silver"]
    held = ["pottery", "cloth_making", "metalworking", "agriculture", "mysticism"]
    s = world_state(position([seat("africa", cards=held, hand=hand, treasury=40),
                              seat("italy")],
                             tokens={2: {0: 1}, 4: {1: 1}}, cities=dict.fromkeys([1, 3, 5, 7], 0),
                             phase="civ_cards", turn=5))
    turn = Turn(s, s.view(0))
    bought = purchase(turn)
    assert bought["cards"] == ["deism"] and bought["pay"].count("cloth") == 2
    kept = purchase(turn, HARD_WORTH)
    assert kept["cards"] == ["music"] and "cloth" not in kept["pay"]
    assert s.check(kept) is None and s.check(bought) is None


def test_A9_1_the_evaluation_values_tokens_spread_over_areas_above_tokens_stacked() -> None:
    """Four African tokens: two in Samnium (4) and two in Pannonia (6, limit 3), or one of
    them moved on to Numidia (2): the third occupied area grows next turn (A9.1), which a
    playout stopped this turn does not reach, so the evaluation must see it (it counted the
    tokens within their limits alone, equal here, and hard stayed put)."""
    def moved(tokens: dict[int, dict[int, int]]) -> civ.State:
        return world_state(position([seat("africa"), seat("italy"), seat("illyria")],
                                    tokens={**tokens, 1: {1: 1}, 7: {2: 1}},
                                    phase="movement", phase_state={"census": [0, 1, 2]}))
    stacked = moved({4: {0: 2}, 6: {0: 2}})
    spread = moved({4: {0: 2}, 6: {0: 1}, 2: {0: 1}})
    assert seat_value(spread, 0) > seat_value(stacked, 0)


def test_where_it_does_not_search_hard_answers_exactly_as_medium_and_remembers_as_it() -> None:
    """Hard is medium plus a search: given no iterations it must make medium's every answer,
    trade openings foreseen with medium's own worlds and the calamities it passed remembered
    (A17.7), or its search starts from a weaker medium than the seats it plays against. Its
    purchases and tax rates are weighed by its own worth (`HARD_WORTH`)."""
    seed = 7
    shadow = hard(seed, 0)
    bots = [CivMediumBot(seed, worth=HARD_WORTH) if s == 0 else
            ai.make_bot("civ", "medium", seed * 10 + s) for s in range(5)]
    s = civ.new_game(5, 3, {"turn_limit": 16})
    kinds: Counter[str] = Counter()
    while s.position.turn <= 9:
        me = s.to_move
        assert me is not None
        view = s.view(me)
        action = bots[me].choose(view, 0.0)
        if me == 0:
            kind = kind_of(s)
            answer = shadow.choose(view, 0.0)
            if kind != "nation":
                assert answer == action, (s.position.turn, kind)
                kinds[kind] += 1
        s = s.apply(action)
    assert kinds["trade_open"] >= 5 and kinds["trade_answer"] >= 1 and kinds["civ_cards"] >= 5
    assert shadow.medium.worth == HARD_WORTH != CivMediumBot(seed).worth
