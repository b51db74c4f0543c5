"""A civ table opened at a stored position (the position format), as the client tests
build them: the given seats people at this screen, the others computers."""

from __future__ import annotations

from typing import Any

import engine.civ as civ
from game.civ.table import CivTable
from game.savegame import SavedGame, SeatConfig
from game.scenes.flow import make_table
from game.session import GameSession


def civ_table_at(app: Any, position: dict[str, Any],
                 people: set[int] | None = None) -> CivTable:
    """The table at `position` after two frames; `people` defaults to the seat to move
    (so nothing moves on until the test answers)."""
    if people is None:
        people = {int(civ.from_dict(position).to_move)}
    seats = [SeatConfig("human" if s in people else "computer", "random", "")
             for s in range(len(position["seats"]))]
    record = {"game": civ.ID, "players": len(seats), "seed": 1,
              "options": position["options"], "actions": []}
    table = make_table(app, GameSession(SavedGame(record=record, seats=seats, start=position)))
    assert isinstance(table, CivTable)
    app.replace(table)
    app.run_frames(2)
    return table
