"""Medium's ships (A11, A12.4): built where a voyage lands spare tokens on free land no land
move reaches, sailed there and unloaded, let go when no voyage waits; easy sails none."""

from __future__ import annotations

from typing import Any

import pytest
from civ.civ_world import position, seat, state

import engine.civ as civ
from ai.civ.easy import Turn, easy_answer
from ai.civ.medium import medium_answer
from ai.civ.sea import hemmed_in

SHIP = {"owner": 0, "number": 1, "area": 1, "coast": None, "aboard": 0}
# Africa crowds Mauretania (1, coastal, limit 3) and holds Numidia (2); Latium (3, free black
# site, limit 3) lies across the water from Mauretania, two land moves away; Italy and Illyria
# stand in Pannonia (6) and Thracia (7)
CROWDED = {1: {0: 5}, 2: {0: 2}, 6: {1: 1}, 7: {2: 1}}


def seated(seats: list[dict[str, Any]], phase: str, tokens: dict[int, dict[int, int]],
           ships: list[dict[str, Any]] | None = None) -> civ.State:
    return state(position(seats, tokens=tokens, ships=ships, phase=phase,
                          phase_state={"census": list(range(len(seats)))}))


def at(phase: str, tokens: dict[int, dict[int, int]], ships: list[dict[str, Any]] | None = None,
       treasury: int = 0) -> civ.State:
    return seated([seat("africa", treasury=treasury), seat("italy"), seat("illyria")], phase,
                  tokens, ships)


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


# Crete holds its whole island (Crete West 9, Crete East 10, limit 2 each), one token over
# the limits, and Astronomy, so that its ships cross the Ionian Sea (A12.6); Italy and Illyria
# stand on the mainland
ISLAND = {9: {0: 3}, 10: {0: 2}, 6: {1: 1}, 7: {2: 1}}
# Africa with the same tokens on a coast with land to walk to: Mauretania (1) 3, Numidia (2) 2,
# free Samnium (4) beside Numidia
COAST = {1: {0: 3}, 2: {0: 2}, 6: {1: 1}, 7: {2: 1}}


def crete_at(tokens: dict[int, dict[int, int]], treasury: int = 2) -> civ.State:
    seats = [seat("crete", treasury=treasury, cards=["astronomy"]), seat("italy"),
             seat("illyria")]
    return seated(seats, "ships", tokens)


def turn_of(s: civ.State) -> Turn:
    return Turn(s, s.view(s.to_move))


def test_A9_1_a_small_holding_with_no_free_land_beside_it_is_hemmed_in() -> None:
    assert hemmed_in(turn_of(crete_at(ISLAND)))
    # a landing on Latium (3) puts free Samnium (4) a land move away
    assert not hemmed_in(turn_of(crete_at({**ISLAND, 3: {0: 1}})))
    # Africa's two areas beside free Samnium are not
    assert not hemmed_in(turn_of(at("ships", COAST)))


def test_A9_1_a_holding_of_more_than_three_areas_is_not_hemmed_in() -> None:
    # Illyria in Dalmatia (5), Pannonia (6) and Macedonia (8), Italy in Latium (3) and Samnium
    # (4): with Thracia (7) Thrace's, nothing free lies beside Illyria's three areas; with
    # Thracia Illyria's, its four areas grow enough without a ship
    def illyria(tokens: dict[int, dict[int, int]]) -> Turn:
        return turn_of(seated([seat("illyria"), seat("italy"), seat("thrace")], "ships", tokens))
    held = {5: {0: 2}, 6: {0: 2}, 8: {0: 2}, 3: {1: 1}, 4: {1: 1}}
    assert hemmed_in(illyria({**held, 7: {2: 1}}))
    assert not hemmed_in(illyria({**held, 7: {0: 1}}))


def test_A11_2_an_island_start_builds_its_first_ship_as_soon_as_it_can_spare_a_token() -> None:
    # the first landing elsewhere grows every turn after (A9.1), so one spare token pays
    # for a ship from an island, where the same tokens on a coast with land to walk to keep
    # to land moves
    built = medium_move(crete_at(ISLAND))
    assert built["type"] == "build_ship" and built["area"] in (9, 10)
    assert medium_move(at("ships", COAST, treasury=2)) == {"type": "done"}


# Africa holds two black sites across the water from each other, Mauretania (1, limit 3) with
# 4 tokens and Latium (3, limit 3) with 3, neither fed to six by a land move (Numidia empty,
# Samnium Italy's), and Macedonia (8) to support a city; Illyria stands in Dalmatia (5)
SITES = {1: {0: 4}, 3: {0: 3}, 8: {0: 3}, 4: {1: 1}, 5: {2: 1}, 6: {1: 1}}
# the same without Macedonia: a city on either site would go unsupported (A7.5)
UNSUPPORTED = {1: {0: 4}, 3: {0: 3}, 4: {1: 1}, 5: {2: 1}, 6: {1: 1}}


def ship_at(area: int) -> list[dict[str, Any]]:
    return [{**SHIP, "area": area}]


def africa_moves(s: civ.State) -> tuple[civ.State, list[dict[str, Any]]]:
    played = []
    while s.pending is not None and s.pending["kind"] == "movement" \
            and s.pending["seat"] == 0:
        action = medium_move(s)
        played.append(action)
        s = s.apply(action)
    return s, played


def africa_tokens(s: civ.State) -> dict[int, int]:
    return {a["id"]: a["tokens"]["0"] for a in s.to_dict()["areas"] if "0" in a["tokens"]}


@pytest.mark.parametrize("area", [1, 5])
def test_A14_2_medium_sails_tokens_to_a_city_site_no_land_move_can_fill(area: int) -> None:
    # from where it lies, or from Dalmatia, where none of its tokens stand, the ship sails to
    # the tokens, loads them and fills one site to six
    s, played = africa_moves(at("movement", SITES, ships=ship_at(area)))
    kinds = [a["type"] for a in played]
    assert "load" in kinds and "unload" in kinds
    assert area == 1 or kinds[0] == "sail"  # none of Africa's tokens stand in Dalmatia
    held = africa_tokens(s)
    assert max(held[1], held[3]) == 6 and held[1] + held[3] == 7
    assert s.to_dict()["ships"][0]["aboard"] == 0


def test_A7_5_medium_fills_no_site_by_sea_whose_city_would_go_unsupported() -> None:
    s, played = africa_moves(at("movement", UNSUPPORTED, ships=ship_at(1)))
    assert not {"load", "sail"} & {a["type"] for a in played}
    assert max(africa_tokens(s).values()) < 6


def test_A11_2_medium_builds_a_ship_for_a_city_voyage_even_with_a_short_stock() -> None:
    # a treasury of 32 leaves a stock of 5, too few for a voyage to free land to pay
    built = medium_move(at("ships", SITES, treasury=32))
    assert built["type"] == "build_ship" and built["area"] in (1, 3)
    assert medium_move(at("ships", UNSUPPORTED, treasury=32)) == {"type": "done"}


def test_A11_1_medium_keeps_its_ship_while_a_city_voyage_waits() -> None:
    s = at("ships", SITES, ships=ship_at(5), treasury=2)
    assert s.pending == {"kind": "ship_upkeep", "seat": 0, "ship": 1}
    assert medium_move(s)["pay"] == "treasury"
    assert medium_move(at("ships", UNSUPPORTED, ships=ship_at(5), treasury=2))["pay"] \
        == "release"


def test_A11_2_a_ship_paid_from_the_site_itself_leaves_it_the_more_to_fill() -> None:
    # Latium (3) with 4, Mauretania (1) with 3 at its limit: a ship paid with Latium's two
    # tokens leaves four to bring, more than Mauretania holds, and paid with Mauretania's it
    # leaves one to load; with two in the treasury, one of Latium's and one coin pay, and
    # Mauretania's three fill it
    tokens = {**SITES, 1: {0: 3}, 3: {0: 4}}
    assert medium_move(at("ships", tokens)) == {"type": "done"}
    assert medium_move(at("ships", tokens, treasury=2)) == {
        "type": "build_ship", "area": 3, "board": 1, "coast": None}


def test_A4_4_with_two_players_an_island_site_is_no_site_to_fill() -> None:
    # Crete West (9), a black site on Crete's island, with Africa's tokens landed there: a
    # site among three players, none among two
    def crete_west_is_a_site(rivals: list[str]) -> bool:
        s = seated([seat("africa"), *(seat(n) for n in rivals)], "ships", {9: {0: 2}})
        return turn_of(s).board.site(9)
    assert crete_west_is_a_site(["italy", "illyria"])
    assert not crete_west_is_a_site(["italy"])
    assert turn_of(at("ships", SITES)).board.site(3)  # Latium: no island
