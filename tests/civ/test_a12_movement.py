"""A12 phase 5: land moves, road moves, ships carrying tokens."""

from __future__ import annotations

import pytest
from civ_world import events_of, play, position, seat, state

from engine import IllegalAction
from engine.civ.actions import parse_action


def movement(tokens: dict, cards: tuple[str, ...] = (), ships: list | None = None,  # type: ignore[type-arg]
             cities: dict | None = None, players: int = 2) -> dict:  # type: ignore[type-arg]
    nations = ["africa", "italy", "illyria"][:players]
    seats = [seat(n) for n in nations]
    seats[0]["cards"] = list(cards)
    return position(seats, tokens=tokens, cities=cities, ships=ships, phase="movement",
                    phase_state={"census": list(range(players))})


def tokens(s) -> dict:  # type: ignore[no-untyped-def,type-arg]
    return {a["id"]: a["tokens"] for a in s.to_dict()["areas"]}


def test_A12_2_a_land_move_crosses_one_land_boundary_and_moves_each_token_once() -> None:
    s = state(movement({2: {0: 3}, 3: {1: 1}}))
    assert s.pending == {"kind": "movement", "seat": 0, "ship": None}
    assert s.legal_actions() == [
        *({"type": "move", "from": 2, "to": to, "count": k} for to in (1, 4) for k in (1, 2, 3)),
        {"type": "done"}]
    s = play(s, "move 2 4 2")
    assert tokens(s)[4] == {"0": 2}
    assert all(a["from"] != 4 for a in s.legal_actions() if a["type"] == "move")
    with pytest.raises(IllegalAction) as caught:
        s.apply(parse_action("move 4 6 1"))
    assert caught.value.refusal.code == "decision/not_offered"


def test_A12_3_tokens_may_enter_any_land_area_above_its_limit() -> None:
    s = play(state(movement({2: {0: 3}, 4: {1: 2}, 3: {1: 1}})), "move 2 4 3")
    assert tokens(s)[4] == {"0": 3, "1": 2}


def test_A12_2_road_moves_need_roadbuilding_and_an_empty_first_area() -> None:
    cards = ("engineering", "roadbuilding")
    s = state(movement({1: {0: 1}, 3: {1: 1}}, cards=cards))
    roads = [a for a in s.legal_actions() if a["type"] == "road"]
    assert roads == [{"type": "road", "from": 1, "via": 2, "to": 4, "count": 1}]
    s = state(movement({1: {0: 1}, 2: {1: 1}}, cards=cards))
    assert not [a for a in s.legal_actions() if a["type"] == "road"]


def test_A12_4_a_ship_loads_sails_and_unloads_then_its_move_is_over() -> None:
    ship = {"owner": 0, "number": 1, "area": 1, "coast": None, "aboard": 0}
    s = state(movement({1: {0: 3}, 4: {1: 1}}, ships=[ship]))
    s = play(s, "load 1 2")
    assert s.pending == {"kind": "movement", "seat": 0, "ship": 1}
    assert {a["type"] for a in s.legal_actions()} == {"sail", "load", "unload"}  # 2 aboard
    s = play(s, "sail 1 3", "unload 1 2")
    assert tokens(s)[3] == {"0": 2} and tokens(s)[1] == {"0": 1}
    assert events_of(s, "unloaded")[0]["area"] == 3
    # landed tokens cannot move again; the ship may not start again
    legal = s.legal_actions()
    assert not any(a.get("from") == 3 for a in legal)
    s = play(s, "move 1 2 1")
    assert not any(a["type"] in ("sail", "load") for a in s.legal_actions())


def test_A12_4_open_sea_needs_astronomy() -> None:
    ship = {"owner": 0, "number": 1, "area": 1, "coast": None, "aboard": 0}
    plain = state(movement({1: {0: 1}, 4: {1: 1}}, ships=[ship]))
    assert {a["to"] for a in plain.legal_actions() if a["type"] == "sail"} == {3}
    astro = state(movement({1: {0: 1}, 4: {1: 1}}, ships=[ship], cards=("astronomy",)))
    assert {a["to"] for a in astro.legal_actions() if a["type"] == "sail"} == {3, 11}


def test_A12_5_a_ship_with_tokens_aboard_must_unload_before_anything_else() -> None:
    ship = {"owner": 0, "number": 1, "area": 1, "coast": None, "aboard": 0}
    s = play(state(movement({1: {0: 2}, 2: {0: 1}, 4: {1: 1}}, ships=[ship])), "load 1 1")
    assert not any(a["type"] in ("move", "done") for a in s.legal_actions())


def test_A12_4_four_sails_five_with_cloth_making() -> None:
    ship = {"owner": 0, "number": 1, "area": 1, "coast": None, "aboard": 0}
    s = state(movement({2: {0: 1}, 4: {1: 1}}, ships=[ship]))
    s = play(s, "sail 1 3", "sail 1 1", "sail 1 3", "sail 1 1")
    assert not any(a["type"] == "sail" for a in s.legal_actions())
    c = state(movement({2: {0: 1}, 4: {1: 1}}, ships=[ship], cards=("cloth_making",)))
    c = play(c, "sail 1 3", "sail 1 1", "sail 1 3", "sail 1 1")
    assert any(a["type"] == "sail" for a in c.legal_actions())


def test_A12_1_done_passes_movement_to_the_next_in_census_order() -> None:
    s = play(state(movement({2: {0: 1}, 4: {1: 1}})), "done")
    assert s.pending == {"kind": "movement", "seat": 1, "ship": None}
