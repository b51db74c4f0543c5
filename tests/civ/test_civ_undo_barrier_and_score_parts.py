"""What a step lets out that no Undo may take back (`engine.civ.undo_barrier`: A1.5's
hidden cards, A37.2's chance), and A35.2's score told part by part."""

from __future__ import annotations

from typing import Any

import ai
import engine.civ as civ
from engine.civ.reveals import HIDDEN, RANDOM
from engine.civ.scoring import PARTS, parts_of_view, score, score_parts
from engine.civ.tables import CARD_ORDER, CARD_STACK

NOTHING = {"type": "purchase", "cards": [], "pay": [], "mining": None}


def play_until(state: civ.State, done: Any, seed: int) -> civ.State:
    """Easy computers play `state` on until `done(state)`."""
    seats = len(state.view(None)["seats"])
    bots = [ai.make_bot("civ", "easy", seed * 10 + s) for s in range(seats)]
    while not done(state):
        me = state.to_move
        assert me is not None
        state = state.apply(bots[me].choose(state.view(me), 0.0))
    return state


def with_hand(state: civ.State, seat: int, piles: dict[int, int]) -> civ.State:
    """`seat`'s hand made of the top cards of stacks (index → how many), its own cards
    going under their stacks: every card still in one place (A2.7)."""
    d = state.to_dict()
    for card in d["seats"][seat]["hand"]:
        d["stacks"][CARD_STACK[card] - 1].append(card)
    hand = []
    for stack, n in piles.items():
        hand += d["stacks"][stack][:n]
        d["stacks"][stack] = d["stacks"][stack][n:]
    d["seats"][seat]["hand"] = sorted(hand, key=CARD_ORDER.__getitem__)
    return civ.from_dict(d)


def test_a32_cards_paid_are_shown_and_a32_6_shuffles_by_chance_so_neither_is_undone() -> None:
    state = play_until(civ.new_game(3, 1, {"turn_limit": 6}),
                       lambda s: s.pending["kind"] == "civ_cards", 1)
    seat = state.to_move
    state = with_hand(state, seat, {5: 3})
    bronze = list(state.view(seat)["seats"][seat]["hand"])
    buy = {"type": "purchase", "cards": ["pottery"], "pay": bronze, "mining": None}
    assert state.check(buy) is None
    after = state.apply(buy)
    assert civ.undo_barrier(state, after) == HIDDEN      # the cards paid are shown (A32.3)
    whys = []
    state = after
    while state.pending["kind"] == "civ_cards":
        after = state.apply(NOTHING)
        whys.append(civ.undo_barrier(state, after))
        state = after
    # the others buy nothing: no chance, nothing shown, until the last one's answer ends
    # the phase and the cards paid are shuffled under their stack (A32.6)
    assert whys == [None] * (len(whys) - 1) + [RANDOM]


def test_a_move_is_taken_back_and_drawing_trade_cards_a16_is_not() -> None:
    state = civ.new_game(3, 2, {"turn_limit": 4})
    bots = [ai.make_bot("civ", "easy", 20 + s) for s in range(3)]
    told: dict[str, set[Any]] = {"move": set(), "draws": set()}
    while not state.is_over:
        me = state.to_move
        assert me is not None
        action = bots[me].choose(state.view(me), 0.0)
        after = state.apply(action)
        why = civ.undo_barrier(state, after)
        if action["type"] == "move" and not any(e["type"] == "conflict" for e in after.events):
            told["move"].add(why)
        if any(e["type"] == "hand_drawn" for e in after.events):
            told["draws"].add(why)
        state = after
    assert told == {"move": {None}, "draws": {HIDDEN}}


def test_a35_2_parts_add_up_and_a_spectator_reads_the_hands_part_from_the_score() -> None:
    state = play_until(civ.new_game(3, 4, {"turn_limit": 6}), lambda s: s.is_over, 4)
    scores = state.final_scores()
    assert scores == {int(s): n for s, n in state.events[-1]["scores"].items()}
    parts = parts_of_view(state.view(None), scores)
    d = state.to_dict()
    for seat, total in scores.items():
        s = d["seats"][seat]
        cities = sum(1 for a in d["areas"] if a["city"] and a["city"]["owner"] == seat)
        truth = score_parts(s["cards"], s["hand"], s["treasury"], s["ast"], cities)
        assert list(parts[seat]) == list(PARTS)
        assert parts[seat] == truth
        assert sum(truth.values()) == total == score(s["cards"], s["hand"], s["treasury"],
                                                      s["ast"], cities)
    assert any(p["hand"] for p in parts.values()) and any(p["cities"] for p in parts.values())
