"""Unloading a ship (A12.4) over its area's population limit is legal but costs tokens
later (A15.1, or a conflict at A13.4), as a land move over it does: the desk table says
so while the unloading's counts are offered. Before, only land moves were warned."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support.civ_decision_positions import load
from support.civ_tables import civ_table_at
from test_civ_move_limits import BYZACIUM, CAPSA, app, drawn_words, view_of

import engine.civ as civ
from game.civ.move_limits import unload_warning, warning

__all__ = ["app"]   # the fixture: each test at 1280×800 and 800×480

OVER_BYZACIUM = "Unloading 2 or more puts Byzacium over its limit of 3: the surplus goes " \
                "back to stock at A15.1."


def ship_in_byzacium(aboard: int) -> dict[str, Any]:
    """The stored movement position (Africa, seat 2, has 2 tokens in Byzacium, limit 3)
    with Africa's ship 1 there, `aboard` tokens from its stock on it."""
    d = copy.deepcopy(load()["movement"])
    d["ships"] = [{"owner": 2, "number": 1, "area": BYZACIUM, "coast": None,
                   "aboard": aboard}]
    d["seats"][2]["stock"]["tokens"] -= aboard
    return civ.from_dict(d).to_dict()


def test_A15_1_unloading_over_the_limit_is_warned_while_its_counts_are_offered(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = civ_table_at(app, ship_in_byzacium(2))
    assert table.deciding() == 2
    unloads = [a for a in table.choices if a["type"] == "unload"]
    assert [a["count"] for a in unloads] == [1, 2]
    assert OVER_BYZACIUM in table.prompt()
    assert OVER_BYZACIUM in drawn_words(app, monkeypatch)
    table.act(unloads[1])   # a warning, not a refusal
    assert table.session.record["actions"][0] == unloads[1]


def test_A12_4_unloading_within_the_limit_is_not_warned(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = civ_table_at(app, ship_in_byzacium(1))
    assert [a["count"] for a in table.choices if a["type"] == "unload"] == [1]
    assert "Unloading" not in drawn_words(app, monkeypatch)


def with_ship(view: dict[str, Any], owner: int = 0, area: int = CAPSA) -> dict[str, Any]:
    return {**view, "ships": [{"owner": owner, "number": 1, "area": area, "coast": None,
                               "aboard": 3}]}


def unloads(*counts: int) -> list[dict[str, Any]]:
    return [{"type": "unload", "ship": 1, "count": n} for n in counts]


@pytest.mark.parametrize(("tokens", "city", "cards", "counts", "said"), [
    ({}, False, [], (1,), ""),
    ({}, False, [], (1, 2, 3), "Unloading 2 or more puts Capsa over its limit of 1: the "
                               "surplus goes back to stock at A15.1."),
    ({}, False, ["agriculture"], (1, 2), ""),   # A15.1: one more where he stands alone
    ({"1": 1}, False, [], (1, 2), "Unloading 1 or more puts Capsa over its limit of 1 "
                                  "beside another side's tokens: a conflict at A13.4."),
    ({"0": 2}, True, [], (1, 2), ""),   # a city's area: A13.1 and A15.1 say what happens
])
def test_A15_1_the_unloading_warning_names_the_least_count_over_the_limit(
        tokens: dict[str, int], city: bool, cards: list[str], counts: tuple[int, ...],
        said: str) -> None:
    view = with_ship(view_of(tokens, city, cards))
    assert warning(unloads(*counts), view) == said
    assert unload_warning([*unloads(*counts), {"type": "done"}], view) == said


def test_another_sides_ship_of_the_same_number_is_not_the_one_unloaded() -> None:
    """A ship is named by its owner's number: seat 1's ship 1 elsewhere is not seat 0's."""
    view = with_ship(view_of({}), owner=1)
    assert warning(unloads(1, 2), view) == ""
