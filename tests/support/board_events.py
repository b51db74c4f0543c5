"""What each game's events say about its board, so that tests rebuild the board from events.

Every change on the board must have an event, so a log or a replay can show
it (issue 19). Per game, `board(position)` takes the board out of a position
dict (`to_dict`) and `apply(board, event)` changes it as the event says,
knowing only the rules' meaning of the event, never the engine's code. The
conformance suite applies each action's events to the board before it and
compares with the board after, for every game listed in `BOARD_EVENTS`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Board = dict[str, Any]


@dataclass(frozen=True)
class BoardEvents:
    board: Callable[[dict[str, Any]], Board]
    apply: Callable[[Board, dict[str, Any]], None]


# --- Advanced Civilization ----------------------------------------------------------------

def _civ_board(position: dict[str, Any]) -> Board:
    """Tokens per area and owner, city owners, ships (area, coast, tokens aboard)."""
    tokens: dict[tuple[int, str], int] = {}
    cities: dict[int, str] = {}
    for area in position["areas"]:
        for owner, n in area["tokens"].items():
            tokens[(area["id"], str(owner))] = n
        if area["city"] is not None:
            cities[area["id"]] = str(area["city"]["owner"])
    ships = {(sh["owner"], sh["number"]): (sh["area"], sh["coast"], sh["aboard"])
             for sh in position["ships"]}
    return {"tokens": tokens, "cities": cities, "ships": ships}


def _add(board: Board, area: int, owner: object, n: int) -> None:
    key = (area, str(owner))
    left = board["tokens"].get(key, 0) + n
    assert left >= 0, f"an event takes {-n} tokens of {owner} from area {area}, which has fewer"
    if left:
        board["tokens"][key] = left
    else:
        board["tokens"].pop(key, None)


def _civ_apply(board: Board, e: dict[str, Any]) -> None:
    kind = e["type"]
    cities, ships = board["cities"], board["ships"]
    if kind == "nation_chosen":
        _add(board, e["area"], e["seat"], 1)
    elif kind == "grown":
        for area, n in e["areas"].items():
            _add(board, int(area), e["seat"], n)
    elif kind == "moved":
        _add(board, e["from"], e["seat"], -e["count"])
        _add(board, e["to"], e["seat"], e["count"])
    elif kind == "tokens_removed":
        _add(board, e["area"], e["owner"], -e["count"])
    elif kind == "tokens_placed":
        _add(board, e["area"], e["owner"], e["count"])
    elif kind == "tokens_changed_hands":
        _add(board, e["area"], e["from"], -e["count"])
        _add(board, e["area"], e["to"], e["count"])
    elif kind == "barbarians":
        _add(board, e["area"], "barbarian", e["count"])
    elif kind == "barbarians_moved":
        _add(board, e["from"], "barbarian", -e["count"])
        _add(board, e["to"], "barbarian", e["count"])
    elif kind == "city_built":
        # A14.2: his tokens there return to stock
        _add(board, e["area"], e["seat"], -board["tokens"].get((e["area"], str(e["seat"])), 0))
        cities[e["area"]] = str(e["seat"])
    elif kind == "city_destroyed":
        assert cities.pop(e["area"]) == str(e["owner"])
        _add(board, e["area"], e["owner"], e.get("standins", 0))  # A13.5
    elif kind == "city_reduced":
        assert cities.pop(e["area"]) == str(e["owner"])
        _add(board, e["area"], e["owner"], e["tokens"])
    elif kind == "city_changed_hands":
        assert cities[e["area"]] == str(e["from"])
        cities[e["area"]] = str(e["to"])
    elif kind == "pirate_city":
        assert e["area"] not in cities
        cities[e["area"]] = "barbarian"
    elif kind == "converted":
        # A31.1: every other player's tokens there become his (cities have their own event)
        for (area, owner), n in list(board["tokens"].items()):
            if area == e["area"] and owner != str(e["seat"]):
                _add(board, area, owner, -n)
                _add(board, area, e["seat"], n)
    elif kind == "ship_built":
        ships[(e["seat"], e["ship"])] = (e["area"], e["coast"], 0)
        _add(board, e["area"], e["seat"], -e["pay"]["board"])
    elif kind == "ship_kept":
        _add(board, e["area"], e["seat"], -1 if e["pay"] == "board" else 0)
    elif kind == "ship_released":
        area, _, aboard = ships.pop((e["seat"], e["ship"]))
        assert aboard == 0 and area == e["area"]
    elif kind == "sailed":
        _, _, aboard = ships[(e["seat"], e["ship"])]
        ships[(e["seat"], e["ship"])] = (e["area"], e["coast"], aboard)
    elif kind in ("loaded", "unloaded"):
        area, coast, aboard = ships[(e["seat"], e["ship"])]
        n = e["count"] if kind == "loaded" else -e["count"]
        assert area == e["area"]
        ships[(e["seat"], e["ship"])] = (area, coast, aboard + n)
        _add(board, area, e["seat"], -n)


CIV = BoardEvents(_civ_board, _civ_apply)


# --- Tigris & Euphrates ---------------------------------------------------------------------

def _tigris_board(position: dict[str, Any]) -> Board:
    """The squares (tiles face up or down, treasures, the unification mark, leaders,
    catastrophes), monuments, buildings and the wonder."""
    return {"squares": copy.deepcopy(position["board"]),
            "monuments": sorted((m["at"], tuple(m["colors"])) for m in position["monuments"]),
            "buildings": {c: b and b["at"] for c, b in position["buildings"].items()},
            "wonder": position["wonder"] and position["wonder"]["at"],
            "dynasties": [p["dynasty"] for p in position["players"]]}


def _square(name: str, columns: int = 0, rows: int = 0) -> str:
    return f"{chr(ord(name[0]) + columns)}{int(name[1:]) + rows}"


def _face_down(board: Board, squares: list[str]) -> None:
    for sq in squares:
        board["squares"][sq]["face_down"] = True


def _tigris_apply(board: Board, e: dict[str, Any]) -> None:
    kind, squares = e["type"], board["squares"]
    if kind == "tile_placed":
        assert e["at"] not in squares
        squares[e["at"]] = {"tile": e["color"]}
    elif kind == "unification":
        squares[e["at"]]["unification"] = True
    elif kind == "unification_returned":
        squares[e["at"]].pop("unification")
    elif kind == "catastrophe":  # R5.3: the tile there (if any) goes; the square is closed
        squares[e["at"]] = {"catastrophe": True}
    elif kind == "tiles_removed":
        for sq in e["squares"]:
            assert squares.pop(sq)["tile"] == e["color"]
    elif kind == "treasure_taken":
        squares[e["at"]].pop("treasure")
    elif kind == "leader_placed":
        if e["from"] is not None:
            squares.pop(e["from"])
        squares[e["at"]] = {"leader": {"dynasty": board["dynasties"][e["seat"]],
                                       "color": e["color"]}}
    elif kind == "leader_withdrawn":
        assert "leader" in squares.pop(e["from"])
    elif kind == "monument_built":  # R10.1: its four tiles face down
        board["monuments"] = sorted([*board["monuments"], (e["at"], tuple(e["colors"]))])
        _face_down(board, [_square(e["at"], c, r) for c in (0, 1) for r in (0, 1)])
    elif kind == "wonder_built":  # R15.2: the five tiles of the cross face down
        board["wonder"] = e["at"]
        _face_down(board, [_square(e["at"], c, r)
                           for c, r in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))])
    elif kind == "building_placed":
        board["buildings"][e["color"]] = e["at"]
    elif kind == "building_returned":
        board["buildings"][e["color"]] = None


TIGRIS = BoardEvents(_tigris_board, _tigris_apply)

BOARD_EVENTS: dict[str, BoardEvents] = {"civ": CIV, "tigris": TIGRIS}
