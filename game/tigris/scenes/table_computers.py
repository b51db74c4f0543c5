"""The table's own computer players, and the rhythm of their moves.

A computer seat's move is found in the app's worker thread, so the table
keeps animating while it thinks (or at once, when the app plays computers
synchronously, as the tests do), then played through the table like any
other move, followed by a short pause so people can follow the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import engine.tigris as engine
from game.players import ComputerPlayer, fallback_player, make_player
from game.tween import SPEEDS

if TYPE_CHECKING:
    from game.tigris.scenes.table import TableScene

COMPUTER_PAUSE = 0.45


class TableComputers:
    """Plays the computer seats of the table it was made for."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        session = table.session
        self.players: dict[int, ComputerPlayer] = {
            seat: make_player(engine.ID, session.seats[seat].level,
                              session.record["seed"] * 31 + seat)
            for seat in session.computer_seats
        }
        self.asked = False
        self.wait = 0.0

    def plays(self, seat: int) -> bool:
        return seat in self.players

    @property
    def thinking(self) -> bool:
        """A move is being found in the background."""
        return self.asked and self.table.app.worker.busy

    def turn(self, seat: int, dt: float) -> None:
        """Moves `seat`'s turn on by a frame: pause, ask, wait for the answer, play it."""
        table, app = self.table, self.table.app
        if self.wait > 0:
            self.wait -= dt
            return
        if app.sync_computers:
            table.act(self.players[seat].choose(table.session.view(seat), app.thinking_time))
            return
        if not self.asked:
            app.worker.request(self.players[seat], table.session.view(seat), app.thinking_time)
            self.asked = True
            return
        try:
            action = app.worker.poll()
        except Exception:
            action = fallback_player(engine.ID, table.session.record["seed"]).choose(
                table.session.view(seat), app.thinking_time)
        if action is None:
            return
        self.asked = False
        if table.act(action):
            self.wait = COMPUTER_PAUSE * SPEEDS.get(app.animation_speed, 1.0)
