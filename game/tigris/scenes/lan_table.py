"""T&E's table of a LAN game: the desk table on the kit's LAN controller (game.kit.lan).

The controller runs the flow (our decisions go to the host and come back as
"applied" events, no hand-over, no undo but of a held action, no local
computer player) and follows what the network says; this table draws it: a
banner over the board says what the network is doing when it matters (a
player dropped or out of their turn clock's time, with the button that hands
the seat to the computer; a desync, with the button that rebuilds our copy
from the host's record; the host gone), and a conflict's result never holds
the others' game for long.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.kit.lan import LanController
from game.kit.lan_banner import LanBannerButton
from game.lan_session import LanGame
from game.table import LanTable
from game.tigris import narrate
from game.tigris.scenes.table import TableScene
from game.tigris.scenes.table_drawing import TableDrawing
from game.ui import text
from game.ui.widgets import ButtonSet

if TYPE_CHECKING:
    from game.app import App

MOMENT_SECONDS = 4.0   # a conflict's result never holds the others' game for longer
BANNER_LINES = 6


class LanTableScene(TableScene, LanTable):
    attract_idle = None   # leaving would drop the other players
    drawing: LanTableDrawing
    flow: LanController

    def __init__(self, app: App, game: LanGame) -> None:
        self.game = game
        self.banner_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, game)

    def _make_flow(self) -> LanController:
        flow = LanController(self.app, self.game, self)
        self.lan_button = LanBannerButton(flow)
        return flow

    @property
    def banner_buttons(self) -> ButtonSet:
        return self.lan_button.buttons

    def _make_drawing(self) -> LanTableDrawing:
        return LanTableDrawing(self)

    def _initial_viewer(self) -> int | None:
        return self.game.my_seat

    # ----- what the controller keeps ------------------------------------------------------

    @property
    def waiting(self) -> bool:
        return self.flow.waiting

    @property
    def banner(self) -> str:
        return self.flow.banner

    def notice_line(self) -> str:
        return self.flow.notice_line()

    def refresh(self) -> None:
        super().refresh()
        if self.flow.blocked:
            self.legal = None
            self.selection = None
            self.rebuild_buttons()

    def rebuild_buttons(self) -> None:
        """Undo only takes back a held action, which nobody else has seen; after a
        commitment sent, until the other side answers, it stays greyed, its tip saying
        that the host has it (issue 21: the player expects Undo there, as at one screen)."""
        super().rebuild_buttons()
        if self.held is None and not self.flow.awaits_answer():
            self.buttons.set([b for b in self.buttons.buttons if b.id != "undo"])

    def moment_seconds(self) -> float:
        """A result goes by itself, so this screen never keeps the others waiting."""
        return super().moment_seconds() or MOMENT_SECONDS

    # ----- what the network says ------------------------------------------------------

    def update(self, dt: float) -> None:
        self.flow.update(dt)
        super().update(dt)

    def network_changed(self) -> None:
        self._rebuild_banner()

    def tell(self, words: str) -> None:
        self.log.append(words)
        self.drawing.dirty = True

    def resynced(self) -> None:
        self.animator.clear()

    def leave_texts(self) -> tuple[str, str]:
        return self.flow.leave_texts()

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
        self.lan_button.lay(rect)

    def handle(self, intent: Intent) -> None:
        if not self.lan_button.handle(intent):
            super().handle(intent)


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

    def status_lines(self) -> list[str]:
        """While the other side answers what we sent, the turn line says so, as the greyed
        Undo's tip does (issue 21)."""
        seat = self.table.session.state.to_move
        if self.table.held is None and self.table.flow.awaits_answer() and seat is not None:
            who = narrate.player(seat, self.table.dynasties)
            return [t("table.answering.sent", player=who)]
        return super().status_lines()

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
