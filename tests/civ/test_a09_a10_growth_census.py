"""A9 population expansion and A10 census (with A7.8's census order)."""

from __future__ import annotations

from civ_world import events_of, play, position, seat, state


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


def test_A10_census_order_most_tokens_first_military_last_ties_by_ast() -> None:
    d = position([seat("asia"), seat("assyria", cards=["military"]), seat("babylon"),
                  seat("egypt")],
                 tokens={12: {0: 2}, 14: {1: 9}, 16: {2: 4}, 18: {3: 2}}, phase="census")
    s = state(d)
    census = events_of(s, "census")[0]
    assert census["order"] == [2, 0, 3, 1]
    assert census["tokens"] == {"0": 2, "1": 9, "2": 4, "3": 2}
