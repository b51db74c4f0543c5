"""The flow of a LAN game at a table: one seat of ours, everyone else's actions by the network.

It is the controller of a game at one screen (`game.kit.controller`) with its
game supplied by `game.lan_session.LanGame`: our own decisions go to the
host (`submit`) and come back, like everyone else's, as "applied" events
shown one at a time. There is no hand-over (only our hand is ever shown), no
undo but of a held action (nobody else has seen it) and no local computer
player (the host runs them); the game is kept by the host, and archived here
for the replay viewer once over. Besides, it follows what the network says:
while the host has not answered, the game is paused or the host is out of
reach nobody here may act; an alert (a desync, the game paused or closed) is
a banner, a seat's change a notice; a resync jumps to the rebuilt copy; and
it knows which seat stalls the game (its player gone or out of time), which
any player may propose to hand to a computer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import t
from game.kit.controller import ARCHIVE, Point, TableController, TableFace
from game.players import default_level
from net import SessionEvent

if TYPE_CHECKING:
    from game.app import App
    from game.lan_session import LanGame

NOTICE_SECONDS = 8.0
ALERTS = ("paused", "desync", "desync_report", "resync_failed", "closed", "refused")


class LanFace(TableFace, Protocol):
    """What a LAN table adds to the face the controller drives."""

    def network_changed(self) -> None:
        """What the network says changed (the banner, its button, the notice)."""

    def tell(self, words: str) -> None:
        """A seat's change or a notice goes into the log."""

    def resynced(self) -> None:
        """The shown position jumped to the host's rebuilt copy: nothing may go on
        animating from the old one."""


class LanController(TableController):
    face: LanFace

    def __init__(self, app: App, game: LanGame, face: LanFace) -> None:
        self.game = game
        self.waiting = False
        self.offline = False   # the host is gone or unreachable: nothing can be played
        self.banner = ""
        self.report_written = False
        self.notice = ""
        self.notice_time = 0.0
        self.ours_last = False   # the last action shown was our seat's, sent from here
        super().__init__(app, game, face, viewer=game.my_seat, keeping=ARCHIVE)

    def leave_texts(self) -> tuple[str, str]:
        """The pause menu's leave button and what leaving does: a LAN game is not saved
        and quit, it ends (the host) or gives up a seat (a guest)."""
        if self.game.net.is_host:
            return t("lan.leave_game"), t("lan.leave_body_host")
        return t("lan.leave_game"), t("lan.leave_body_guest")

    @property
    def blocked(self) -> bool:
        """The game waits for the host: nothing may be played here."""
        return self.waiting or self.game.net.paused or self.offline

    # ----- acting: our decisions go to the host ---------------------------------------

    def ready(self) -> bool:
        """Nothing is sent while the host has not answered, the game is paused or the host
        is out of reach (a held action waits for "End turn" all the same)."""
        if self.blocked:
            self.face.show_toast(self.banner if self.offline else self.game.net.status)
            return False
        return True

    def send(self, action: dict[str, Any], source: Point | None) -> bool:
        self.waiting = True
        sent = super().send(action, source)
        self.face.reset_choice()
        return sent

    def undo(self) -> None:
        """No taking back over the network: the others have already seen an action sent. A
        held action was never sent, so it may be forgotten."""
        if self.held is not None:
            super().undo()

    def undo_refusal(self) -> str | None:
        """While another seat must answer what we sent within our turn, Undo says that it
        went to the host rather than that it is not our turn: over the LAN an action is
        final once the host applied it (net/PROTOCOL.md), so a commitment is held here,
        with Undo, until "Confirm" sends it, and not after (issue 21)."""
        why = super().undo_refusal()
        if why is not None and self.held is None and self.awaits_answer():
            return "table.undo.why.sent"
        return why

    def awaits_answer(self) -> bool:
        """Our last action shown asked another seat to answer within our turn."""
        viewer, seat = self.viewer, self.session.state.to_move
        return (self.ours_last and not self.queue and seat is not None and seat != viewer
                and self.face.turn_seat() == viewer)

    def autosave(self) -> None:
        """The host keeps the game on disk; a joining player's copy is rebuilt from it."""

    # ----- what the network says ------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.notice_time > 0:
            self.notice_time -= dt
            if self.notice_time <= 0:
                self.notice = ""

    def hear(self, event: SessionEvent) -> None:
        kind = event.kind
        face = self.face
        if kind in ("applied", "rejected"):
            super().hear(event)
            if kind == "rejected":
                self.waiting = False
                face.refresh()
        elif kind in ALERTS:
            self.banner = self._alert(kind, event.text)
            self.report_written = self.report_written or kind == "desync_report"
            if self.dialog is not None:
                face.close_dialog()
            face.refresh()
        elif kind == "resumed":
            self.banner = ""
            self.report_written = False
            self.waiting = False
            face.refresh()
        elif kind == "resynced":
            self.banner = ""
            self.report_written = False
            self.held = None   # the position it was taken in is gone
            self.confirming = None
            self.ours_last = False
            self.queue.clear()
            self.waiting = False
            face.resynced()
            self.game.catch_up(event)
            face.refresh()
        elif kind == "connection":
            # Lost, closed or unreachable: no move can reach the host until it is back.
            self.offline = event.data.get("status") != "back"
            self.banner = event.text if self.offline else ""
            if self.offline and self.dialog is not None:
                face.close_dialog()
            face.refresh()
        elif kind in ("seats", "notice", "ballot", "clock") and event.text:
            self.notice = event.text
            self.notice_time = NOTICE_SECONDS
            face.tell(event.text)
        face.network_changed()

    def _alert(self, kind: str, words: str) -> str:
        """The banner after an alert: a desync's report adds to it, a pause does not hide it."""
        if kind == "desync_report" and self.banner:
            return f"{self.banner} {words}"
        if kind == "paused" and self.banner:
            return self.banner
        return words

    def seat_to_serve(self, dt: float) -> int | None:
        """While the game waits for the host, nobody here may act."""
        if not self.session.state.is_over and self.blocked:
            return None
        return super().seat_to_serve(dt)

    def show_next(self, event: SessionEvent) -> None:
        self.ours_last = event.data.get("seat") == self.viewer
        if self.ours_last:
            self.waiting = False
        super().show_next(event)
        self.face.network_changed()

    # ----- what the banner offers -------------------------------------------------------

    def stalled_seat(self) -> int | None:
        """The seat to move, if its player lost the connection or its turn clock ran out (the
        host's `clock` said so): the host may let a computer
        player take it over at once, any other player proposes it (or votes yes), and the
        host says whether the seat has been gone long enough and counts the votes. The seat
        is the one to move in this program's copy, the position the host judges: the one
        shown may be actions behind while they animate, and its seat to move may already
        have acted (a player's last action arrives before the news that they left)."""
        net = self.game.net
        state = net.state
        seat = state.to_move if state is not None else None
        if seat is None or seat >= len(net.seats) or seat == self.game.my_seat:
            return None
        stalled = net.seats[seat].status == "disconnected" or net.out_of_time == seat
        return seat if stalled else None

    def resync(self, resyncing_words: str) -> None:
        """Asks the host for its record, to rebuild our copy from it."""
        self.game.net.resync()
        self.banner = resyncing_words
        self.report_written = False

    def hand_to_computer(self, seat: int) -> None:
        """Hands a stalled seat to a computer player (the host), or votes for it."""
        module = self.game.net.game
        if module is not None:
            self.game.net.hand_to_bot(seat, default_level(module.ID))

    def notice_line(self) -> str:
        """The quiet line: the last seat change, else whom the game waits for."""
        if self.notice:
            return self.notice
        state = self.session.state
        seat = state.to_move
        if seat is None or state.is_over:
            return ""
        if seat != self.viewer:
            return self.game.net.status
        return ""
