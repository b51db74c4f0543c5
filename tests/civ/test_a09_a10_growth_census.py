"""A9 population expansion and A10 census (with A7.8's census order)."""

from __future__ import annotations

from civ_world import events_of, play, position, seat, state

from engine.civ import state as civ_state
from engine.civ.actions import parse_action


def test_A9_1_one_token_where_one_two_where_two_or_more_none_with_a_city() -> None:
    s = state(position([seat("africa"), seat("italy")],
                       tokens={1: {0: 1}, 2: {0: 3}, 3: {0: 1, 1: 2}, 5: {1: 1}},
                       cities={5: 0}, phase="growth"))
    areas = {a["id"]: a["tokens"] for a in s.to_dict()["areas"]}
    assert areas[1] == {"0": 2} and areas[2] == {"0": 5}
    assert areas[3] == {"0": 2, "1": 4}  # limits may be exceeded
    assert areas[5] == {"1": 1}  # the area holds a city
    assert events_of(s, "grown")[0] == {"type": "grown", "seat": 0,
                                        "areas": {"1": 1, "2": 2, "3": 1}}


def test_A9_3_barbarians_never_grow() -> None:
    d = position([seat("africa"), seat("italy")], tokens={1: {0: 1}, 6: {"barbarian": 3}},
                 phase="growth")
    areas = {a["id"]: a["tokens"] for a in state(d).to_dict()["areas"]}
    assert areas[6] == {"barbarian": 3}


def test_A9_2_a_short_stock_is_placed_by_its_owner_one_token_at_a_time() -> None:
    d = position([seat("africa"), seat("italy")], tokens={1: {0: 2}, 2: {0: 2}, 3: {1: 1}},
                 phase="growth")
    d["seats"][0]["stock"]["tokens"] = 3
    d["seats"][0]["treasury"] = 55 - 4 - 3
    s = state(d)
    assert s.pending == {"kind": "growth", "seat": 0, "left": 3, "room": {"1": 2, "2": 2}}
    assert s.legal_actions() == [{"type": "grow", "area": 1}, {"type": "grow", "area": 2}]
    s = play(s, "grow 1", "grow 1")
    areas = {a["id"]: a["tokens"] for a in s.to_dict()["areas"]}
    assert areas[1] == {"0": 4} and areas[2] == {"0": 3}  # the last token is forced
    assert s.to_dict()["seats"][0]["stock"]["tokens"] == 0


def short_stock() -> civ_state.State:
    """Seat 0 with 5 tokens in stock and a growth of 2 + 2 + 1 + 2 = 7 (A9.2)."""
    d = position([seat("africa"), seat("italy")],
                 tokens={1: {0: 2}, 2: {0: 2}, 3: {0: 1}, 4: {0: 3}, 5: {1: 1}},
                 phase="growth")
    d["seats"][0]["stock"]["tokens"] = 5
    d["seats"][0]["treasury"] = 55 - 8 - 5
    return state(d)


def test_A9_2_one_place_answer_puts_the_whole_short_stock() -> None:
    s = short_stock()
    assert s.pending is not None and s.pending["left"] == 5
    assert s.check(parse_action("place 1 1 2 3 4")) is None
    s = play(s, "place 1 1 2 3 4")
    areas = {a["id"]: a["tokens"] for a in s.to_dict()["areas"]}
    assert areas[1] == {"0": 4} and areas[2] == {"0": 3} and areas[3] == {"0": 2}
    assert areas[4] == {"0": 4}
    assert s.to_dict()["seats"][0]["stock"]["tokens"] == 0
    assert events_of(s, "grown")[0]["areas"] == {"1": 2, "2": 1, "3": 1, "4": 1}


def test_A9_2_place_after_single_steps_puts_what_is_left() -> None:
    s = play(short_stock(), "grow 4", "grow 4")
    assert s.pending is not None and s.pending["left"] == 3
    s = play(s, "place 1 2 3")
    assert s.to_dict()["seats"][0]["stock"]["tokens"] == 0


def test_A9_2_place_is_refused_unless_it_is_the_whole_stock_within_each_growth() -> None:
    s = short_stock()
    refusal = s.check(parse_action("place 1 1 2"))
    assert refusal is not None and refusal.code == "growth/whole_stock"
    assert refusal.params == {"left": 5, "placed": 3}
    refusal = s.check(parse_action("place 3 3 1 2 4"))  # area 3 grows by 1 only
    assert refusal is not None and refusal.code == "growth/no_room"
    assert refusal.params == {"area": 3, "room": 1}
    refusal = s.check(parse_action("place 1 1 2 2 5"))  # seat 0 has no token in 5
    assert refusal is not None and refusal.code == "growth/no_room"
    refusal = s.check(parse_action("move 1 2 1"))
    assert refusal is not None and refusal.code == "turn/decision_pending"


def test_A9_2_a_single_remaining_step_is_still_taken_by_the_engine() -> None:
    """A1.2: `place` does not make growth an open decision."""
    d = position([seat("africa"), seat("italy")], tokens={1: {0: 2}, 3: {1: 1}},
                 phase="growth")
    d["seats"][0]["stock"]["tokens"] = 1
    d["seats"][0]["treasury"] = 55 - 2 - 1
    s = state(d)
    assert s.pending is None or s.pending["kind"] != "growth"
    assert s.to_dict()["seats"][0]["stock"]["tokens"] == 0


def test_A10_census_order_most_tokens_first_military_last_ties_by_ast() -> None:
    d = position([seat("asia"), seat("assyria", cards=["military"]), seat("babylon"),
                  seat("egypt")],
                 tokens={12: {0: 2}, 14: {1: 9}, 16: {2: 4}, 18: {3: 2}}, phase="census")
    s = state(d)
    census = events_of(s, "census")[0]
    assert census["order"] == [2, 0, 3, 1]
    assert census["tokens"] == {"0": 2, "1": 9, "2": 4, "3": 2}
