"""The rules summary: sections R1–R16 from the catalogue, scrollable, over anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

SECTIONS = 16


class RulesScene(Scene):
    attract_idle = 1.0
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, str]] = []
        self.drag_from: tuple[int, int] | None = None

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        self.px = max(12, int(c * 0.34))
        margin = max(4, c // 4)
        self.rect = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        inner = skin.dialog_inner(self.rect.w, self.rect.h).move(self.rect.topleft)
        bh = max(geo.MIN_TARGET, c)
        self.body = pygame.Rect(inner.x, inner.y + int(self.px * 1.8), inner.w,
                                inner.h - int(self.px * 1.8) - bh - 6)
        self.buttons.set([Button("close", pygame.Rect(inner.centerx - 2 * c, inner.bottom - bh,
                                                      4 * c, bh), t("common.close"),
                                 style="gold")])
        self.lines = [("text", t("rules.intro")), ("text", "")]
        for n in range(1, SECTIONS + 1):
            self.lines.append(("bold", f"R{n} · {t(f'rules.r{n}.title')}"))
            for para in t(f"rules.r{n}.body").split("\n"):
                for line in text.wrap(para, "text", self.px, self.body.w):
                    self.lines.append(("text", line))
            self.lines.append(("text", ""))
        self.step = int(self.px * 1.3)
        self.max_scroll = max(0, len(self.lines) * self.step - self.body.h)
        self.scroll = min(self.scroll, self.max_scroll)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key in ("escape", "return", "enter", "h", "f1"):
                self.app.pop(self)
            elif intent.key in ("down", "page down", "space"):
                self._scroll_by(self.body.h // 2 if intent.key != "down" else self.step)
            elif intent.key in ("up", "page up"):
                self._scroll_by(-(self.body.h // 2 if intent.key != "up" else self.step))
            return
        if intent.kind == "scroll":
            self._scroll_by(-intent.amount * self.step * 3)
            return
        if intent.kind == "drag_start":
            self.drag_from = intent.origin
        if intent.kind == "drag" and self.drag_from and intent.pos:
            self._scroll_by(self.drag_from[1] - intent.pos[1])
            self.drag_from = intent.pos
            return
        if intent.kind == "drop":
            self.drag_from = None
        if self.buttons.handle(intent) == "close":
            self.app.pop(self)

    def _scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.shade(w, h, 150), (0, 0))
        surface.blit(skin.dialog(self.rect.w, self.rect.h), self.rect)
        inner = skin.dialog_inner(self.rect.w, self.rect.h).move(self.rect.topleft)
        text.blit(surface, t("rules.title"), "title", int(self.px * 1.4), pal.TEXT,
                  (inner.centerx, inner.y), "midtop")
        clip = surface.get_clip()
        surface.set_clip(self.body)
        first = self.scroll // self.step
        y = self.body.y - (self.scroll % self.step)
        for role, line in self.lines[first:]:
            if y > self.body.bottom:
                break
            if line:
                text.blit(surface, line, role, self.px, pal.TEXT, (self.body.x, y))
            y += self.step
        surface.set_clip(clip)
        self.buttons.draw(surface, self.px)
