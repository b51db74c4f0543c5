"""A11 phase 4: ship upkeep and construction."""

from __future__ import annotations

from civ_world import events_of, play, position, seat, state

SHIP = {"owner": 0, "number": 1, "area": 1, "coast": None, "aboard": 0}


def ships_phase(tokens: dict, treasury: int = 0, ships: list | None = None,  # type: ignore[type-arg]
                cities: dict | None = None) -> dict:  # type: ignore[type-arg]
    return position([seat("africa", treasury=treasury), seat("italy")], tokens=tokens,
                    cities=cities, ships=ships, phase="ships",
                    phase_state={"census": [0, 1]})


def test_A11_1_each_ship_is_paid_from_its_area_or_treasury_or_let_go() -> None:
    s = state(ships_phase({1: {0: 2}, 3: {1: 1}}, treasury=1, ships=[dict(SHIP)]))
    assert s.pending == {"kind": "ship_upkeep", "seat": 0, "ship": 1}
    assert [a["pay"] for a in s.legal_actions()] == ["treasury", "board", "release"]
    s2 = play(s, "upkeep 1 board")
    assert {a["id"]: a["tokens"] for a in s2.to_dict()["areas"]}[1] == {"0": 1}
    s3 = play(s, "upkeep 1 release")
    assert s3.to_dict()["ships"] == [] and events_of(s3, "ship_released")


def test_A11_1_a_ship_nobody_can_pay_for_goes_back_without_asking() -> None:
    s = state(ships_phase({2: {0: 2}, 3: {1: 1}}, ships=[dict(SHIP)]))
    assert events_of(s, "ship_released") == [
        {"type": "ship_released", "seat": 0, "ship": 1, "area": 1}]


def test_A11_2_building_a_ship_with_board_tokens_or_treasury_in_coastal_areas() -> None:
    s = state(ships_phase({1: {0: 2}, 2: {0: 3}, 3: {1: 1}}, treasury=1))
    assert s.pending == {"kind": "ships", "seat": 0}
    assert s.legal_actions() == [
        {"type": "build_ship", "area": 1, "board": 1, "coast": None},
        {"type": "build_ship", "area": 1, "board": 2, "coast": None},
        {"type": "done"}]  # Numidia (2) is no coastal area
    s = play(s, "ship 1 1")
    d = s.to_dict()
    assert d["ships"] == [SHIP]
    assert d["seats"][0]["treasury"] == 0 and d["seats"][0]["stock"]["tokens"] == 55 - 5 - 1 + 2


def test_A11_2_from_treasury_alone_in_a_coastal_area_holding_one_of_his_units() -> None:
    s = state(ships_phase({2: {0: 1}, 4: {1: 1}}, treasury=2, cities={3: 0}))
    assert s.legal_actions() == [{"type": "build_ship", "area": 3, "board": 0, "coast": None},
                                 {"type": "done"}]


def test_A11_2_at_most_four_ships() -> None:
    fleet = [{**SHIP, "number": n} for n in (1, 2, 3, 4)]
    s = state(ships_phase({1: {0: 9}, 3: {1: 1}}, treasury=9, ships=fleet))
    for n in (1, 2, 3, 4):
        s = play(s, f"upkeep {n} treasury")
    assert s.to_dict()["phase"] == "movement"  # no fifth ship is offered
