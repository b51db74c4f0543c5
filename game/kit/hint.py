"""A hint: what the medium computer player would do in a person's seat, never played.

Asked by a person whose turn is on screen, the game's medium player looks at
that seat's `view(seat)` only (so a hint can tell nothing the seat may not
see) and thinks in a worker thread of the hint's own, so the table stays
responsive and the computer seats' own worker is never disturbed. Its seed
is the position's ply and the seat, so the same view always gets the same
hint. The hint is dropped as soon as the position it was for is gone. A
hint is the table's to show and explain (the game supplies the words and
the board marking); this module never acts.

Hints used are counted per seat on the seat's set-up (`SeatConfig.hints`),
which a save keeps beside the record: the record and the engine's position
never know of them, so a replay is the same game with or without hints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.players import ComputerWorker, make_player

if TYPE_CHECKING:
    from game.app import App
    from game.session import TableSession

HINT_LEVEL = "medium"


@dataclass(frozen=True)
class Hint:
    """The action found for `seat` in the position it was asked in."""

    seat: int
    action: dict[str, Any]


class Hints:
    """The hint being found or shown at one table."""

    def __init__(self, app: App, session: TableSession) -> None:
        self.app = app
        self.session = session
        self.game = str(session.record.get("game"))
        self.shown: Hint | None = None
        self._asked: int | None = None   # the seat whose hint is being thought about
        self._worker: ComputerWorker | None = None
        self._position: object = None   # the session's state the hint is for

    def _current(self, seat: int | None) -> bool:
        """The hint asked or shown is for `seat` in the session's position now (the same
        state object: an action taken or taken back replaces it)."""
        if self._asked is not None:
            wanted: int | None = self._asked
        else:
            wanted = self.shown.seat if self.shown is not None else None
        return wanted == seat and self.session.state is self._position

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    def ask(self, seat: int) -> None:
        """Starts finding a hint for `seat` (counted as used); a second press while one is
        shown or found for the same position changes nothing."""
        if (self._asked is not None or self.shown is not None) and self._current(seat):
            return
        self.forget()
        self._position = self.session.state
        self.session.seats[seat].hints += 1
        ply = len(self.session.record["actions"])
        player = make_player(self.game, HINT_LEVEL, ply * 8 + seat + 1)
        view = self.session.view(seat)
        if self.app.sync_computers:
            self.shown = Hint(seat, player.choose(view, self.app.thinking_time))
            return
        if self._worker is None:
            self._worker = ComputerWorker(name="hint-worker")
        self._worker.request(player, view, self.app.thinking_time)
        self._asked = seat

    def update(self, seat: int | None) -> bool:
        """Takes the answer once found; drops the hint when `seat` (the seat whose turn is
        on screen, None if nobody's) or the position is no longer the one it was for.
        Returns True when what is shown changed."""
        if (self._asked is not None or self.shown is not None) and not self._current(seat):
            self.forget()
            return True
        if self._asked is None or self._worker is None:
            return False
        try:
            action = self._worker.poll()
        except Exception:
            self._asked = None   # no hint this time; the game goes on
            return True
        if action is None:
            return False
        self.shown = Hint(self._asked, action)
        self._asked = None
        return True

    def forget(self) -> None:
        if self._asked is not None and self._worker is not None:
            self._worker.cancel()
        self._asked = None
        self.shown = None

    def close(self) -> None:
        """The table is left: its thread ends."""
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self._asked = None
