"""The hand-over screen between human seats in pass-and-play.

It is opaque: nothing private of any seat is drawn while it is up, only the
public log of what happened since. The next player taps "I am Lion" and only
then does the table show that seat's hand. Until then the player who handed
the device on may still take back what asked the next one (`take_back`):
nobody has answered it yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import games
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App


class HandoverScene(Scene):
    attract_idle = 1.0
    opaque = True

    def __init__(self, app: App, table: Any, seat: int, *,
                 take_back: tuple[int, Callable[[], None]] | None = None) -> None:
        """`take_back`: the seat that may still take back its action, and how."""
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.take_back = take_back
        self.buttons = ButtonSet()
        self.game = games.of_record(table.session.record)
        self.name = self.game.seat_name(table, seat)
        self.recent = table.log[-4:]
        decision = self.game.decision_name(table.session.state.pending)
        self.must = t("handover.must_decide", player=self.name, decision=decision)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        bw = min(w - c, max(6 * c, w // 3))
        bh = max(geo.MIN_TARGET, int(c * 1.3))
        rect = pygame.Rect((w - bw) // 2, int(h * 0.62), bw, bh)
        self.buttons.set([Button("confirm", rect, t("handover.i_am", player=self.name),
                                 style="gold")])
        if self.take_back is not None:
            taker = self.game.seat_name(self.table, self.take_back[0])
            back = pygame.Rect(rect.x, rect.bottom + c // 3, rect.w, bh)
            self.buttons.add(Button("undo", back, t("handover.take_back", player=taker),
                                    style="quiet"))
        self.menu_rect = pygame.Rect(w - 3 * c - c // 4, c // 4, 3 * c, c)
        self.buttons.add(Button("menu", self.menu_rect, t("table.menu"), style="quiet"))

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key" and intent.key in ("return", "enter", "space"):
            self.table.handover_done(self.seat)
            return
        if intent.kind == "key" and intent.key == "escape":
            self._menu()
            return
        chosen = self.buttons.handle(intent)
        if chosen == "confirm":
            self.app.play_sound("turn")
            self.table.handover_done(self.seat)
        elif chosen == "menu":
            self._menu()
        elif chosen == "undo" and self.take_back is not None:
            self.take_back[1]()

    def _menu(self) -> None:
        from game.scenes.menu import PauseMenu

        self.app.push(PauseMenu(self.app, self.table))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        medal_px = max(32, int(min(w, h) * 0.2))
        medal = self.game.seat_icon(self.table, self.seat, medal_px)
        surface.blit(medal, medal.get_rect(midtop=(w // 2, int(h * 0.08))))
        title_px = max(20, int(c * 0.8))
        y = int(h * 0.08) + medal_px + c // 4
        title = t("handover.pass_to", player=self.name)
        title_px = text.fit_px(title, "title", title_px, w - c)
        text.blit(surface, title, "title", title_px, pal.GOLD_LIGHT, (w // 2, y), "midtop")
        y += int(title_px * 1.4)
        px = geo.font_px(w, h, 0.36)
        rect = pygame.Rect(w // 6, y, w * 2 // 3, int(h * 0.62) - y)
        used = text.blit_wrapped(surface, f"{self.must} {t('handover.hidden')}", "text", px,
                                 pal.TEXT_ON_DARK, rect, "center")
        lines = self.recent
        if lines:
            y2 = y + used + px // 2
            for line in lines:
                if y2 + px > int(h * 0.62) - 4:
                    break
                size = text.fit_px(line, "text", max(10, px - 2), w - 2 * c)
                text.blit(surface, line, "text", size, pal.PARCHMENT_DARK, (w // 2, y2), "midtop")
                y2 += int(size * 1.3)
        self.buttons.draw(surface, max(14, int(c * 0.45)))
