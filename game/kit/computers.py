"""A table's own computer players, and the rhythm of their moves.

A computer seat's move is found in the app's worker thread, so the table
keeps animating while it thinks (or at once, when the app plays computers
synchronously, as the tests do), then played through the table like any
other move, followed by a short pause so people can follow the game. The
players are the game's own (`game.players`, by the record's game id).

An answer to a person's action may be held back for a grace (`grace`): found at
once, played only once the grace is over, so that the person may still take
the action back until then (`forget` drops the answer, found or being found).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.players import ComputerPlayer, fallback_player, make_player
from game.tween import SPEEDS

if TYPE_CHECKING:
    from game.app import App
    from game.session import TableSession

COMPUTER_PAUSE = 0.45


class Computers:
    """Plays the computer seats of a table's session through `act` (the table's own way
    of taking an action, which says whether it was taken)."""

    def __init__(self, app: App, session: TableSession,
                 act: Callable[[dict[str, Any]], bool]) -> None:
        self.app = app
        self.session = session
        self.act = act
        self.game = str(session.record.get("game"))
        self.players: dict[int, ComputerPlayer] = {
            seat: make_player(self.game, session.seats[seat].level,
                              session.record["seed"] * 31 + seat)
            for seat in session.computer_seats
        }
        self.asked = False
        self.asked_of: Any = None   # the position the move being found is for
        self.wait = 0.0
        self.grace = 0.0   # seconds before the next answer found may be played
        self.found: dict[str, Any] | None = None

    def plays(self, seat: int) -> bool:
        return seat in self.players

    @property
    def thinking(self) -> bool:
        """A move is being found in the background."""
        return self.asked and self.app.worker.busy

    def rest(self, dt: float) -> None:
        """The pause after a move passes while the table animates that move too: for a
        table whose computers must be no slower than their animations (one of many small
        steps), the pause overlaps the animation instead of following it. So does the
        thinking of the computer to move next: its move is ready when the animation ends,
        instead of being asked for only then (a hard player thinks up to its thinking time,
        a second by default, which came after each of its moves' animations)."""
        self.wait = max(0.0, self.wait - dt)
        state = self.session.state
        seat = state.to_move
        if (not self.asked and self.found is None and not self.app.sync_computers
                and seat is not None and seat in self.players and not state.is_over):
            self.ask(seat)

    def ask(self, seat: int) -> None:
        """Asks the worker for `seat`'s move in the position as it stands now."""
        self.asked_of = self.session.state
        self.app.worker.request(self.players[seat], self.session.view(seat),
                                self.app.thinking_time)
        self.asked = True

    def turn(self, seat: int, dt: float) -> None:
        """Moves `seat`'s turn on by a frame: pause, ask, wait for the answer (and the
        grace), play it."""
        app = self.app
        if self.wait > 0:
            self.wait -= dt
            return
        if self.found is None:
            self.found = self.answer(seat)
        if self.grace > 0:
            self.grace -= dt
            return
        action, self.found = self.found, None
        if action is not None and self.act(action) and not app.sync_computers:
            self.wait = COMPUTER_PAUSE * SPEEDS.get(app.animation_speed, 1.0)

    def answer(self, seat: int) -> dict[str, Any] | None:
        """`seat`'s answer once found, None while it is being found."""
        app, session = self.app, self.session
        if app.sync_computers:
            return self.players[seat].choose(session.view(seat), app.thinking_time)
        if not self.asked:
            self.ask(seat)
            return None
        try:
            action = app.worker.poll()
        except Exception:
            action = fallback_player(self.game, session.record["seed"]).choose(
                session.view(seat), app.thinking_time)
        if action is None:
            return None
        self.asked = False
        if self.asked_of is not session.state:
            return None   # found for a position since left (an undo, a replay's jump): ask again
        return action

    def forget(self) -> None:
        """The position the answer was for is gone (taken back): the answer found or being
        found is dropped, and no grace is left."""
        if self.asked:
            self.app.worker.cancel()
        self.asked = False
        self.found = None
        self.grace = 0.0
