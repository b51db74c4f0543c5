"""What each game's events say about its board, so that tests rebuild the board from events.

Every change on the board must have an event, so a log or a replay can show
it (issue 19). Per game, `board(position)` takes the board out of a position
dict (`to_dict`) and `apply(board, event)` changes it as the event says,
knowing only the rules' meaning of the event, never the engine's code. The
conformance suite applies each action's events to the board before it and
compares with the board after, for every game listed in `BOARD_EVENTS`.
"""

from __future__ import annotations

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

BOARD_EVENTS: dict[str, BoardEvents] = {"civ": CIV}
