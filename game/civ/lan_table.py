"""Advanced Civilization's table of a LAN game: the civ table on the kit's LAN controller.

The controller (`game.kit.lan.LanController`) runs the flow: our seat's decisions go to
the host and come back, like everyone else's, as "applied" events; the host runs the
computer seats; there is no hand-over (only our own hand is ever on this screen), no
undo (the others have seen every action sent) and nothing saved here but the finished
game, archived for the replay viewer (the host autosaves the game, and resumes it).

What is hidden stays hidden (A1.5): the network session hands this table only the
engine's events its seat may see (`net.events.visible_events`: a trade card drawn by
another seat is not among them), the map and panels read the spectator's view, and the
hand and the log read our seat's. Over the map a banner says what the network is doing
when it matters, with the button that answers it: a desync (rebuild our copy from the
host's record), a seat stalled by its player's absence or turn clock (let a computer
play it, or vote for that), the host gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.art import palette as pal
from game.civ.table import CivTable
from game.i18n import t
from game.input import Intent
from game.kit.lan import LanController
from game.kit.lan_banner import LanBannerButton
from game.kit.seat_panel import SeatPanel
from game.table import LanTable
from game.ui import text
from game.ui.widgets import ButtonSet

if TYPE_CHECKING:
    from game.app import App
    from game.lan_session import LanGame

BANNER_LINES = 5


class CivLanTable(CivTable, LanTable):
    attract_idle = None   # leaving would drop the other players
    draws_late = False    # its banner is drawn over the table's picture every frame
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

    def _first_viewer(self) -> int | None:
        """Our own seat's hand, from the start (a host playing no seat shows none)."""
        return self.game.my_seat

    # ----- who may answer ------------------------------------------------------------------

    def deciding(self) -> int | None:
        """Nobody answers while the game waits for the host (paused, out of reach, our last
        answer not yet heard back)."""
        if self.flow.blocked:
            return None
        return super().deciding()

    # ----- the seats as the network knows them ----------------------------------------------

    def seat_name(self, seat: int) -> str:
        """The name its player gave (the lobby's), with the seat's nation; a computer seat
        by its nation alone (its panel has the computer's glyph, and "Computer (easy) ·
        Egypt" was cut under the glyph)."""
        seats = self.game.net.seats
        name = seats[seat].name if seat < len(seats) and seats[seat].kind != "bot" else ""
        nation = super().seat_name(seat)
        return f"{name} · {nation}" if name else nation

    def seat_panels(self) -> list[SeatPanel]:
        """A computer's glyph on the host's computer seats only (everyone else's seat is a
        person's, though only ours is played here), and a seat whose player is away says so."""
        panels = super().seat_panels()
        seats = self.game.net.seats
        for i, panel in enumerate(panels):
            if i >= len(seats):
                continue
            panel.computer = seats[i].kind == "bot"
            if seats[i].status == "disconnected" and not panel.status:
                panel.status = t("lan.status.disconnected")
        return panels

    # ----- what the network says (the LanFace the controller drives) ------------------------

    def hear(self, event: Any) -> None:
        self.flow.hear(event)

    def network_changed(self) -> None:
        self.refresh()

    def tell(self, words: str) -> None:
        self.told.append(words)

    def resynced(self) -> None:
        """The copy jumped to the host's record: nothing picked up stays picked up."""
        self.chosen_from = None
        self.only = None

    def leave_texts(self) -> tuple[str, str]:
        return self.flow.leave_texts()

    def update(self, dt: float) -> None:
        self.flow.update(dt)
        super().update(dt)

    def exit(self) -> None:
        self.game.net.close()

    # ----- the banner -----------------------------------------------------------------------

    def banner_text(self) -> str:
        return self.flow.banner or self.flow.notice_line()

    def resize(self, w: int, h: int) -> None:
        super().resize(w, h)
        self._lay_banner()

    def _lay_banner(self) -> None:
        area = self.areas["map"]
        c, px = self.c, self.px
        self.banner_rect = pygame.Rect(area.x + c // 2, area.y + c // 4, area.w - c,
                                       int(px * 1.3) * BANNER_LINES + px)
        box = self.banner_box()
        rect = pygame.Rect(0, 0, min(self.banner_rect.w, int(c * 7)), max(44, int(c * 0.9)))
        rect.midtop = (self.banner_rect.centerx, box.bottom + c // 6)
        self.lan_button.lay(rect)

    def banner_lines(self) -> list[str]:
        message = self.banner_text()
        if not message:
            return []
        return text.wrap(message, "text", self.px, self.banner_rect.w - 2 * self.px)[:BANNER_LINES]

    def banner_box(self) -> pygame.Rect:
        """As wide and as tall as the banner's words need, at the top of the map."""
        lines = self.banner_lines()
        if not lines:
            return pygame.Rect(self.banner_rect.midtop, (0, 0))
        px = self.px
        box = pygame.Rect(0, 0, min(self.banner_rect.w,
                                    max(text.size(s, "text", px)[0] for s in lines) + px * 2),
                          int(px * 1.3) * len(lines) + px // 2 + 4)
        box.midtop = self.banner_rect.midtop
        return box

    def handle(self, intent: Intent) -> None:
        if not self.lan_button.handle(intent):
            super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lines = self.banner_lines()
        if lines:
            px = self.px
            box = self.banner_box()
            pygame.draw.rect(surface, pal.INK, box, border_radius=px // 2)
            pygame.draw.rect(surface, pal.EMBER if self.flow.banner else pal.GOLD, box, 2,
                             border_radius=px // 2)
            y = box.y + px // 4 + 2
            for line in lines:
                text.blit(surface, line, "text", px, pal.IVORY, (box.centerx, y), "midtop")
                y += int(px * 1.3)
        self.banner_buttons.draw(surface, self.px)
