"""A page of text read over the table in a parchment frame: a title, a body that scrolls
(wheel, arrow and page keys, dragging the page or its bar) and a Close button.

The rules summary and the keys overlay are both such a page; they differ only in what
the body holds, so each lays out and draws its own lines and this scene does the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.ui import skin, text
from game.ui.scroll import ScrollArea
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App


class ScrolledPage(Scene):
    attract_idle = 1.0
    opaque = False
    close_keys: tuple[str, ...] = ("escape", "return", "enter")
    close_text = ""          # a typed character that closes the page too ("?")
    title_key = ""
    width_cells: int | None = None   # the frame's width in layout cells; None: the screen's
    title_lines = 1.8        # the title's height, in text sizes

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.scroll = ScrollArea()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.px = 12
        self.step = 16

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        """Lays out the frame, the body and Close; then the page's own lines."""
        c = geo.unit(w, h)
        self.px = max(12, int(c * 0.34))
        margin = max(4, c // 4)
        width = w - 2 * margin
        if self.width_cells is not None:
            width = min(width, int(c * self.width_cells))
        self.rect = pygame.Rect((w - width) // 2, margin, width, h - 2 * margin)
        inner = skin.dialog_inner(self.rect.w, self.rect.h).move(self.rect.topleft)
        bh = max(geo.MIN_TARGET, c)
        title_h = int(self.px * self.title_lines)
        self.body = pygame.Rect(inner.x, inner.y + title_h, inner.w, inner.h - title_h - bh - 6)
        self.buttons.set([Button("close", pygame.Rect(inner.centerx - 2 * c, inner.bottom - bh,
                                                      4 * c, bh), t("common.close"),
                                 style="gold")])
        self.step = int(self.px * 1.3)
        self.scroll.set(self.body, self.lay_out(), self.step)

    def lay_out(self) -> int:
        """Fits the page's content to `self.body`; returns its height."""
        raise NotImplementedError

    def draw_body(self, surface: pygame.Surface, top: int) -> None:
        """Draws the content with its top at `top` (clipped to the body)."""
        raise NotImplementedError

    def reads_typed_keys(self) -> bool:
        return bool(self.close_text)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key in self.close_keys or (self.close_text and
                                                 intent.text == self.close_text):
                self.app.pop(self)
            elif intent.key in ("down", "up"):
                self.scroll.scroll_by(self.step if intent.key == "down" else -self.step)
            elif intent.key in ("page down", "space", "page up"):
                self.scroll.page(-1 if intent.key == "page up" else 1)
            return
        if self.scroll.handle(intent):
            return
        if self.clicked(self.buttons, intent) == "close":
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.shade(w, h, 150), (0, 0))
        surface.blit(skin.dialog(self.rect.w, self.rect.h), self.rect)
        inner = skin.dialog_inner(self.rect.w, self.rect.h).move(self.rect.topleft)
        text.blit(surface, t(self.title_key), "title", int(self.px * 1.4), pal.TEXT,
                  (inner.centerx, inner.y), "midtop")
        clip = surface.get_clip()
        surface.set_clip(self.body)
        self.draw_body(surface, self.body.y - self.scroll.offset)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        self.buttons.draw(surface, self.px)
