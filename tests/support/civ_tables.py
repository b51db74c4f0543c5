"""A civ table opened at a stored position (the position format), as the client tests
build them: the given seats people at this screen, the others computers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine.civ as civ
from game.civ.table import CivTable
from game.savegame import SavedGame, SeatConfig
from game.scenes.flow import make_table
from game.session import GameSession

STORED = Path(__file__).parent.parent / "client" / "data" / "civ_hint_positions.json"


def volcano_at(depth: int) -> dict[str, Any]:
    """A stored four-medium position (turn 6, trade, seat 3 to open) with Volcanic
    Eruption/Earthquake `depth` cards down stack 2: on top the next draws reach it (seats
    hold two cities), at 4 (as stored) they do not."""
    d: dict[str, Any] = json.loads(STORED.read_text())["trade_open_propose"]
    d["stacks"][1].remove("volcano_earthquake")
    d["stacks"][1].insert(depth, "volcano_earthquake")
    return d


def civ_session_at(position: dict[str, Any], people: set[int] | None = None) -> GameSession:
    """A game at `position`; `people` defaults to the seat to move (so nothing moves on
    until the test answers)."""
    if people is None:
        people = {int(civ.from_dict(position).to_move)}
    seats = [SeatConfig("human" if s in people else "computer", "random", "")
             for s in range(len(position["seats"]))]
    record = {"game": civ.ID, "players": len(seats), "seed": 1,
              "options": position["options"], "actions": []}
    return GameSession(SavedGame(record=record, seats=seats, start=position))


def civ_table_at(app: Any, position: dict[str, Any],
                 people: set[int] | None = None) -> CivTable:
    """The table at `position` (`civ_session_at`) after two frames."""
    table = make_table(app, civ_session_at(position, people))
    assert isinstance(table, CivTable)
    app.replace(table)
    app.run_frames(2)
    return table
