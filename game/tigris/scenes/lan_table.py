"""The table of a LAN game: one seat of ours, everyone else's actions arriving by the network.

It is the desk table with its game supplied by `LanGame` instead of a local
`GameSession`: our own decisions go to the host (`submit`) and come back,
like everyone else's, as "applied" events that the table shows one at a
time, as it does a local game's. There is no hand-over
screen (only our hand is ever drawn), no undo and no local computer player
(the host runs them). A banner over the board says what the network is
doing when it matters: a player dropped or out of their turn clock's time, a
seat handed to the computer, a desync (with the button that rebuilds our copy
from the host's record), the host gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

import engine.tigris as engine
from game import savegame
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.lan_session import LanGame
from game.players import default_level
from game.table import LanTable
from game.tigris.scenes.table import TableScene
from game.tigris.scenes.table_drawing import TableDrawing
from game.ui import text
from game.ui.widgets import Button, ButtonSet
from net import SessionEvent

if TYPE_CHECKING:
    from game.app import App

NOTICE_SECONDS = 8.0
MOMENT_SECONDS = 4.0   # a conflict's result never holds the others' game for longer
BANNER_LINES = 6
ALERTS = ("paused", "desync", "desync_report", "resync_failed", "closed", "refused")


class LanTableScene(TableScene, LanTable):
    attract_idle = None   # leaving would drop the other players
    drawing: LanTableDrawing

    def __init__(self, app: App, game: LanGame) -> None:
        self.game = game
        self.waiting = False
        self.offline = False   # the host is gone or unreachable: nothing can be played
        self.banner = ""
        self.report_written = False
        self.notice = ""
        self.notice_time = 0.0
        self.banner_buttons = ButtonSet()
        self.banner_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, game)

    def _make_drawing(self) -> LanTableDrawing:
        return LanTableDrawing(self)

    def _initial_viewer(self) -> int | None:
        return self.game.my_seat

    # ----- acting: our decisions go to the host ---------------------------------------

    def ready(self) -> bool:
        """Nothing is sent while the host has not answered, the game is paused or the host
        is out of reach (a held action waits for "End turn" all the same)."""
        if self.waiting or self.game.net.paused or self.offline:
            self.show_toast(self.banner if self.offline else self.game.net.status)
            return False
        return True

    def _send(self, action: dict[str, Any], source: tuple[float, float] | None) -> bool:
        self.waiting = True
        sent = super()._send(action, source)
        self.selection = None
        self.refresh()
        return sent

    def refresh(self) -> None:
        super().refresh()
        if self.waiting or self.game.net.paused or self.offline:
            self.legal = None
            self.selection = None
            self.rebuild_buttons()

    def rebuild_buttons(self) -> None:
        """Undo only takes back a held action, which nobody else has seen."""
        super().rebuild_buttons()
        if self.held is None:
            self.buttons.set([b for b in self.buttons.buttons if b.id != "undo"])

    def moment_seconds(self) -> float:
        """A result goes by itself, so this screen never keeps the others waiting."""
        return super().moment_seconds() or MOMENT_SECONDS

    def _autosave(self) -> None:
        """The host keeps the game on disk; a joining player's copy is rebuilt from it."""

    def undo(self) -> None:
        """No taking back over the network: the others have already seen an action sent. A
        held action was never sent, so it may be forgotten."""
        if self.held is not None:
            super().undo()

    # ----- what the network says ------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.notice_time > 0:
            self.notice_time -= dt
            if self.notice_time <= 0:
                self.notice = ""
        super().update(dt)

    def hear(self, event: SessionEvent) -> None:
        kind = event.kind
        if kind in ("applied", "rejected"):
            super().hear(event)
            if kind == "rejected":
                self.waiting = False
                self.refresh()
        elif kind in ALERTS:
            self.banner = self._alert(kind, event.text)
            self.report_written = self.report_written or kind == "desync_report"
            if self.dialog is not None:
                self.close_dialog()
            self.refresh()
        elif kind == "resumed":
            self.banner = ""
            self.report_written = False
            self.waiting = False
            self.refresh()
        elif kind == "resynced":
            self.banner = ""
            self.report_written = False
            self.held = None   # the position it was taken in is gone
            self.confirming = None
            self.queue.clear()
            self.waiting = False
            self.animator.clear()
            self.game.catch_up(event)
            self.refresh()
        elif kind == "connection":
            # Lost, closed or unreachable: no move can reach the host until it is back.
            self.offline = event.data.get("status") != "back"
            self.banner = event.text if self.offline else ""
            if self.offline and self.dialog is not None:
                self.close_dialog()
            self.refresh()
        elif kind in ("seats", "notice", "ballot", "clock") and event.text:
            self.notice = event.text
            self.notice_time = NOTICE_SECONDS
            self.log.append(event.text)
            self.drawing.dirty = True
        self._rebuild_banner()

    def _alert(self, kind: str, words: str) -> str:
        """The banner after an alert: a desync's report adds to it, a pause does not hide it."""
        if kind == "desync_report" and self.banner:
            return f"{self.banner} {words}"
        if kind == "paused" and self.banner:
            return self.banner
        return words

    def _human_to_serve(self, dt: float) -> int | None:
        """While the game waits for the host, nobody here may act."""
        if not self.session.state.is_over and (
                self.game.net.paused or self.waiting or self.offline):
            return None
        return super()._human_to_serve(dt)

    def _show_next(self, event: SessionEvent) -> None:
        if event.data.get("seat") == self.viewer:
            self.waiting = False
        super()._show_next(event)
        self._rebuild_banner()

    def _finish(self) -> None:
        """Keeps the game for the replay viewer; the local autosave is another game's."""
        from game.tigris.scenes.scoring import ScoringScene

        self.finished = True
        try:
            savegame.archive(self.game.saved())
        except OSError as exc:
            self.show_toast(t("error.save_failed", detail=str(exc)))
        self.app.push(ScoringScene(self.app, self.game))

    def leave_texts(self) -> tuple[str, str]:
        """Leaving a LAN game is not 'save and quit': it ends it (host) or leaves a seat (guest)."""
        if self.game.net.is_host:
            return t("lan.leave_game"), t("lan.leave_body_host")
        return t("lan.leave_game"), t("lan.leave_body_guest")

    def exit(self) -> None:
        self.game.net.close()

    # ----- the banner -------------------------------------------------------------------

    def resize(self, w: int, h: int) -> None:
        super().resize(w, h)
        self._rebuild_banner()

    def _rebuild_banner(self) -> None:
        board = self.layout.board
        c = self.layout.cell
        px = self.drawing.banner_px()
        self.banner_rect = pygame.Rect(board.x + c // 2, board.y + c // 3, board.w - c,
                                       int(px * 1.3) * BANNER_LINES + px // 2 + 4)
        bw = min(self.banner_rect.w - c, int(c * 7))
        rect = pygame.Rect(0, 0, bw, max(44, int(c * 0.9)))
        rect.midtop = (self.banner_rect.centerx, self.drawing.banner_box(px).bottom + c // 4)
        stalled = self.stalled_seat()
        if self.report_written and self.game.net.can_resync:
            self.banner_buttons.set([Button("resync", rect, t("lan.resync"), style="gold")])
        elif stalled is not None:
            name = self.game.net.seats[stalled].name
            self.banner_buttons.set([Button(f"bot:{stalled}", rect,
                                            t("lan.hand_to_bot", player=name), style="gold")])
        else:
            self.banner_buttons.set([])

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

    def handle(self, intent: Intent) -> None:
        if self.banner_buttons.buttons:
            chosen = self.banner_buttons.handle(intent)
            if chosen is not None:
                self._banner_button(chosen)
                return
            hit = self.banner_buttons.at(intent.pos)
            if hit is not None:
                return
        super().handle(intent)

    def _banner_button(self, bid: str) -> None:
        self.app.play_sound("click")
        self.banner_buttons.set([])
        if bid == "resync":
            self.game.net.resync()
            self.banner = t("lan.resyncing")
            self.report_written = False
        elif bid.startswith("bot:"):
            seat = int(bid[4:])
            self.game.net.hand_to_bot(seat, default_level(engine.ID))
            if not self.game.net.is_host:
                self.show_toast(t("lan.vote_sent", player=self.game.net.seats[seat].name))

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


class LanTableDrawing(TableDrawing):
    """What a LAN table shows: the desk table's picture, and over the board the banner
    (what the network is doing) with its button."""

    table: LanTableScene

    def __init__(self, table: LanTableScene) -> None:
        super().__init__(table)

    def _draw_dynamic(self, surface: pygame.Surface) -> None:
        super()._draw_dynamic(surface)
        message = self.table.banner or self.table.notice_line()
        if message:
            self._draw_banner(surface, message, warn=bool(self.table.banner))
        self.table.banner_buttons.draw(surface, max(12, int(self.table.layout.cell * 0.34)))

    def banner_px(self) -> int:
        return max(12, int(self.table.layout.cell * 0.34))

    def banner_lines(self, message: str, px: int) -> list[str]:
        return text.wrap(message, "text", px, self.table.banner_rect.w - px)[:BANNER_LINES]

    def banner_box(self, px: int, message: str | None = None) -> pygame.Rect:
        """Where the banner's words go: as wide and as tall as they need, at the board's top."""
        lines = self.banner_lines(self.table.banner or self.table.notice_line()
                                  if message is None else message, px) or [""]
        box = pygame.Rect(0, 0, min(self.table.banner_rect.w,
                                    max(text.size(s, "text", px)[0] for s in lines) + px * 2),
                          int(px * 1.3) * len(lines) + px // 2 + 4)
        box.midtop = self.table.banner_rect.midtop
        return box

    def _draw_banner(self, surface: pygame.Surface, message: str, warn: bool) -> None:
        px = self.banner_px()
        lines = self.banner_lines(message, px)
        step = int(px * 1.3)
        box = self.banner_box(px, message)
        pygame.draw.rect(surface, pal.INK, box, border_radius=px // 2)
        pygame.draw.rect(surface, pal.EMBER if warn else pal.GOLD, box, 2,
                         border_radius=px // 2)
        y = box.y + px // 4 + 2
        for line in lines:
            text.blit(surface, line, "text", px, pal.IVORY, (box.centerx, y), "midtop")
            y += step
