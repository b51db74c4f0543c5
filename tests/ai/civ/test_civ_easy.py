"""The easy level of Advanced Civilization: every decision answered legally from its own view,
the same answer whatever the hidden cards, the same game for the same seed, and greedy choices
that make sense where the answer is plain."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from civ.civ_world import position, seat, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.civ_bot_games import play_checked

import ai
import engine.civ as civ
from ai.civ.determinize import position_from_view
from ai.civ.easy import CivEasyBot, card_worth, cheapest_payment, easy_answer, room_around
from engine.civ.tables import PLAYER_COUNTS

ALL_KINDS = {"nation", "turn_start", "growth", "ships", "movement", "cities",
             "trade_open", "trade_answer", "civ_cards"}


def easy(seed: int = 1) -> CivEasyBot:
    bot = ai.make_bot("civ", "easy", seed)
    assert isinstance(bot, CivEasyBot)
    return bot


def play(players: int, seed: int, turns: int, levels: list[str] | None = None,
         check: bool = True) -> tuple[list[dict[str, Any]], Counter[str], civ.State]:
    """A seeded game; each easy answer is checked by the engine on the true state."""
    levels = levels or ["easy" if s % 2 == 0 else "random" for s in range(players)]
    return play_checked(players, seed, turns, levels, "easy", check)


def test_easy_is_a_civ_level() -> None:
    assert "easy" in ai.levels("civ")
    assert easy().level == "easy"


@settings(max_examples=7, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_easy_answers_every_decision_legally_for_2_to_8_players(players: int,
                                                                seed: int) -> None:
    play(players, seed, 6)


def test_easy_meets_every_usual_decision_and_calamities_over_longer_games() -> None:
    kinds: Counter[str] = Counter()
    for players, seed in ((5, 3), (3, 4), (8, 5)):
        kinds += play(players, seed, 14, ["easy"] * players)[1]
    assert set(kinds) >= ALL_KINDS
    assert {"loss", "assign", "excess"} & set(kinds)


def test_easy_is_deterministic_for_a_seed() -> None:
    first = play(4, 11, 6, check=False)[0]
    assert play(4, 11, 6, check=False)[0] == first


def test_A1_5_easy_answers_the_same_whatever_the_hidden_cards() -> None:
    """Another seat's hand and the stacks dealt anew (their numbers kept): same view, same
    answer, at every decision of a game."""
    s = civ.new_game(4, 21, {"turn_limit": 10})
    bots = [ai.make_bot("civ", "easy" if k < 2 else "random", 40 + k) for k in range(4)]
    rng = random.Random(5)
    compared = 0
    while not s.is_over:
        me = s.to_move
        assert me is not None
        view = s.view(me)
        if me < 2 and s.pending["kind"] in ("trade_open", "trade_answer", "civ_cards",
                                            "movement", "cities", "excess"):
            other = civ.from_dict(position_from_view(view, rng))
            other_hands = [x["hand"] for i, x in enumerate(other.to_dict()["seats"]) if i != me]
            assert other.view(me) == view
            assert easy(40 + me).choose(view, 0.0) == easy(40 + me).choose(other.view(me), 0.0)
            compared += other_hands != [x["hand"] for i, x in
                                        enumerate(s.to_dict()["seats"]) if i != me]
        s = s.apply(bots[me].choose(view, 0.0))
    assert compared > 20


# ---- situations --------------------------------------------------------------------------

def answer(d: dict[str, Any]) -> dict[str, Any]:
    s = state(d)
    return easy_answer(s, s.view(s.to_move))


def moving(tokens: dict[int, dict[int, int]]) -> dict[str, Any]:
    return position([seat("africa"), seat("italy"), seat("illyria")], tokens=tokens,
                    phase="movement", phase_state={"census": [0, 1, 2]})


def test_A14_2_easy_gathers_six_tokens_on_a_city_site_it_can_fill() -> None:
    # Mauretania (1, site) holds 4, Numidia 2 more next to it; Samnium's 2 keep a city fed
    d = moving({1: {0: 4}, 2: {0: 2}, 4: {0: 2}, 6: {1: 1}, 5: {2: 1}})
    assert answer(d) == {"type": "move", "from": 2, "to": 1, "count": 2}


def test_A13_1_easy_spreads_onto_empty_land_not_into_a_rivals_area() -> None:
    # Numidia (limit 2) holds 3: the spare token goes to empty Samnium, not to Italy's Mauretania
    d = moving({2: {0: 3}, 1: {1: 1}, 5: {2: 1}})
    assert answer(d) == {"type": "move", "from": 2, "to": 4, "count": 1}
    d = moving({2: {0: 2}, 1: {1: 1}, 4: {2: 1}})
    assert answer(d) == {"type": "done"}


def test_A7_5_easy_builds_a_city_only_where_its_tokens_still_support_it() -> None:
    supported = position([seat("africa"), seat("italy"), seat("illyria")],
                         tokens={1: {0: 6}, 2: {0: 2}, 6: {1: 1}, 5: {2: 1}}, phase="cities")
    assert answer(supported) == {"type": "build", "area": 1}
    unsupported = position([seat("africa"), seat("italy"), seat("illyria")],
                           tokens={1: {0: 6}, 2: {0: 1}, 6: {1: 1}, 5: {2: 1}},
                           phase="cities")
    assert answer(unsupported) == {"type": "done"}


def test_A8_1_easy_declares_a_rate_its_stock_can_pay() -> None:
    def rate(stock: int) -> int:
        """Africa holds 2 cities and Coinage; her treasury leaves `stock` tokens in stock."""
        treasury = PLAYER_COUNTS[2].tokens - 1 - stock
        africa = seat("africa", cards=["coinage"], treasury=treasury)
        d = position([africa, seat("italy")], tokens={2: {0: 1}, 4: {1: 1}},
                     cities={1: 0, 5: 0, 3: 1})
        return int(answer(d)["rate"])
    assert rate(20) == 2
    assert rate(3) == 1


def test_A32_4_easy_pays_the_least_and_keeps_its_treasury_for_the_stock_when_short() -> None:
    cards = ["ochre", "salt", "salt", "grain"]
    assert sorted(cheapest_payment(cards, 13, 0) or []) == ["ochre", "salt", "salt"]
    assert cheapest_payment(cards, 18, 0) is None
    assert cheapest_payment(cards, 12, 12, treasury_first=True) == []
    assert sorted(cheapest_payment(cards, 12, 12) or []) == ["salt", "salt"]


def test_A5_2_easy_values_a_card_opening_a_new_group_above_one_of_a_group_it_has() -> None:
    held = {"pottery", "cloth_making"}
    assert card_worth("astronomy", held) > card_worth("metalworking", held)


def test_A32_easy_buys_a_card_with_the_treasury_it_holds() -> None:
    africa = seat("africa", treasury=45, hand=["ochre", "hides", "iron"])
    d = position([africa, seat("italy"), seat("illyria")], tokens={2: {0: 2}, 4: {1: 1},
                                                                  6: {2: 1}},
                 cities={1: 0}, phase="civ_cards")
    s = state(d)
    action = easy_answer(s, s.view(0))
    assert action["type"] == "purchase" and len(action["cards"]) == 1
    assert s.check(action) is None


@pytest.mark.parametrize("hand", [["grain", "grain", "wine", "ochre"]])
def test_A32_5_easy_returns_the_card_worth_least_in_its_hand(hand: list[str]) -> None:
    africa = seat("africa", hand=[*hand, "salt", "timber", "oil", "cloth", "iron"])
    d = position([africa, seat("italy"), seat("illyria")], tokens={2: {0: 2}, 4: {1: 1},
                                                                  6: {2: 1}},
                 phase="civ_cards")
    s = state(d)
    while s.pending is not None and s.pending["kind"] == "civ_cards":
        s = s.apply({"type": "purchase", "cards": [], "pay": [], "mining": None})
    assert s.pending is not None and s.pending["kind"] == "excess"
    assert easy_answer(s, s.view(0)) == {"type": "return", "card": "ochre"}


def test_A8_4_easy_sends_tokens_back_to_a_stock_that_could_not_pay_the_tax() -> None:
    # Africa's city in Mauretania (1); her treasury leaves her stock empty: two tokens go into
    # the city's area (back to stock at A15.1), two stay to support the city (A7.5)
    def move(treasury: int) -> dict[str, Any]:
        d = position([seat("africa", treasury=treasury), seat("italy"), seat("illyria")],
                     tokens={2: {0: 2}, 4: {0: 2}, 6: {1: 1}, 5: {2: 1}}, cities={1: 0},
                     phase="movement", phase_state={"census": [0, 1, 2]})
        return answer(d)
    assert move(PLAYER_COUNTS[3].tokens - 4) == {"type": "move", "from": 2, "to": 1, "count": 2}
    assert move(0).get("to") != 1


def test_A16_2_easy_buys_from_stack_9_only_when_its_stock_is_short() -> None:
    def buys(treasury: int) -> bool:
        africa = seat("africa", treasury=treasury)
        d = position([africa, seat("italy"), seat("illyria")],
                     tokens={2: {0: 2}, 4: {1: 1}, 6: {2: 1}}, cities={1: 0, 3: 1, 5: 2},
                     phase="acquisition")
        s = state(d)
        while s.pending is not None and s.pending["kind"] == "stack9" and s.to_move != 0:
            s = s.apply({"type": "done"})
        assert s.pending == {"kind": "stack9", "seat": 0}
        return easy_answer(s, s.view(0)) == {"type": "buy"}
    assert buys(PLAYER_COUNTS[3].tokens - 2)
    assert not buys(20)


def test_A6_3_easy_takes_a_nation_with_land_to_grow_into_not_an_island() -> None:
    s = civ.new_game(5, 1, {})
    while s.to_move != 0:
        s = s.apply(s.legal_actions()[0])
    choice = easy_answer(s, s.view(0))
    assert "crete" in {a["nation"] for a in s.legal_actions()}
    assert choice["type"] == "nation" and choice["nation"] != "crete"
    room = {(a["nation"], a["area"]): room_around(s.position, a["area"])
            for a in s.legal_actions()}
    assert room[choice["nation"], choice["area"]] == max(room.values())
    assert max(room.values()) > 2 * max(r for (n, _), r in room.items() if n == "crete")
