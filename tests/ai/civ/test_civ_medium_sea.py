"""Medium's ships (A11, A12.4): built where a voyage lands spare tokens on free land no land
move reaches, sailed there and unloaded, let go when no voyage waits; easy sails none."""

from __future__ import annotations

from typing import Any

from civ.civ_world import position, seat, state

import engine.civ as civ
from ai.civ.easy import easy_answer
from ai.civ.medium import medium_answer

SHIP = {"owner": 0, "number": 1, "area": 1, "coast": None, "aboard": 0}
# Africa crowds Mauretania (1, coastal, limit 3) and holds Numidia (2); Latium (3, free black
# site, limit 3) lies across the water from Mauretania, two land moves away; Italy and Illyria
# stand in Pannonia (6) and Thracia (7)
CROWDED = {1: {0: 5}, 2: {0: 2}, 6: {1: 1}, 7: {2: 1}}


def at(phase: str, tokens: dict[int, dict[int, int]], ships: list[dict[str, Any]] | None = None,
       treasury: int = 0) -> civ.State:
    return state(position([seat("africa", treasury=treasury), seat("italy"), seat("illyria")],
                          tokens=tokens, ships=ships, phase=phase,
                          phase_state={"census": [0, 1, 2]}))


def medium_move(s: civ.State) -> dict[str, Any]:
    return medium_answer(s, s.view(s.to_move))


def test_A12_4_medium_sails_spare_tokens_to_free_land_out_of_walking_reach() -> None:
    s = at("movement", CROWDED, ships=[dict(SHIP)])
    first = medium_move(s)
    assert first["type"] == "load" and first["ship"] == 1
    assert easy_answer(s, s.view(0))["type"] in ("move", "done")  # easy never sails
    for _ in range(10):  # load, sail, unload: the voyage is over once nothing is aboard
        action = medium_move(s)
        s = s.apply(action)
        if action["type"] == "unload":
            break
    landed = {a["id"]: a["tokens"] for a in s.to_dict()["areas"]}
    assert landed[3] == {"0": first["count"]}
    assert s.to_dict()["ships"][0]["aboard"] == 0
    assert s.pending is not None and s.pending["seat"] == 0  # land moves may follow


def test_A11_2_medium_builds_a_ship_where_a_voyage_waits_easy_builds_none() -> None:
    s = at("ships", CROWDED, treasury=2)
    assert s.pending == {"kind": "ships", "seat": 0}
    built = medium_move(s)
    assert built["type"] == "build_ship" and built["area"] == 1
    assert easy_answer(s, s.view(0)) == {"type": "done"}


def test_A11_2_medium_builds_no_ship_when_every_coast_in_reach_is_held() -> None:
    # Latium (3) and Dalmatia (5), the coasts in reach without Astronomy, are Italy's and
    # Illyria's: no voyage lands on free land
    s = at("ships", {**CROWDED, 3: {1: 1}, 5: {2: 1}}, treasury=2)
    assert medium_move(s) == {"type": "done"}


def test_A11_1_medium_keeps_its_ship_while_a_voyage_waits_and_lets_it_go_after() -> None:
    s = at("ships", CROWDED, ships=[dict(SHIP)], treasury=2)
    assert s.pending == {"kind": "ship_upkeep", "seat": 0, "ship": 1}
    assert medium_move(s)["pay"] in ("board", "treasury")
    held = at("ships", {**CROWDED, 3: {1: 1}, 5: {2: 1}}, ships=[dict(SHIP)], treasury=2)
    assert medium_move(held)["pay"] == "release"
