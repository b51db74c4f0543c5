"""The rules summary: sections R1–R16 from the catalogue with pictures drawn from the
game's own art under the rules they show (the pieces, a kingdom, a revolt, a war, a
monument), scrolled by wheel, keys, dragging the page or its scroll bar; over anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.tigris.ui.rules_pictures import draw_picture, picture_cell, pictures_after
from game.ui import skin, text
from game.ui.scroll import ScrollArea, bar_width
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
        self.scroll = ScrollArea()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        # The page top to bottom: (role, words) for a line, ("picture", name) for a picture.
        self.blocks: list[tuple[str, str]] = []
        self.pictures: dict[str, pygame.Surface] = {}

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
        self.step = int(self.px * 1.3)
        width = self.body.w - bar_width(self.step) - max(4, self.px // 2)
        self.blocks = [("text", line) for line in text.wrap(t("rules.intro"), "text", self.px,
                                                            width)]
        self.blocks.append(("text", ""))
        self.pictures = {}
        for n in range(1, SECTIONS + 1):
            self.blocks.append(("bold", f"R{n} · {t(f'rules.r{n}.title')}"))
            for para in t(f"rules.r{n}.body").split("\n"):
                for line in text.wrap(para, "text", self.px, width):
                    self.blocks.append(("text", line))
            for name in pictures_after(n):
                self.pictures[name] = draw_picture(name, picture_cell(name, self.px, width))
                self.blocks.append(("picture", name))
                for line in text.wrap(t(f"rules.picture.{name}"), "text", self.px, width):
                    self.blocks.append(("caption", line))
            self.blocks.append(("text", ""))
        content_h = sum(self.block_height(block) for block in self.blocks)
        self.scroll.set(self.body, content_h, self.step)

    def block_height(self, block: tuple[str, str]) -> int:
        role, words = block
        if role == "picture":
            return self.pictures[words].get_height() + self.step // 2
        return self.step

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key in ("escape", "return", "enter", "h", "f1"):
                self.app.pop(self)
            elif intent.key in ("down", "up"):
                self.scroll.scroll_by(self.step if intent.key == "down" else -self.step)
            elif intent.key in ("page down", "space", "page up"):
                self.scroll.page(-1 if intent.key == "page up" else 1)
            return
        if self.scroll.handle(intent):
            return
        if self.buttons.handle(intent) == "close":
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.shade(w, h, 150), (0, 0))
        surface.blit(skin.dialog(self.rect.w, self.rect.h), self.rect)
        inner = skin.dialog_inner(self.rect.w, self.rect.h).move(self.rect.topleft)
        text.blit(surface, t("rules.title"), "title", int(self.px * 1.4), pal.TEXT,
                  (inner.centerx, inner.y), "midtop")
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.y - self.scroll.offset
        for block in self.blocks:
            height = self.block_height(block)
            if y > self.body.bottom:
                break
            if y + height >= self.body.y:
                self._draw_block(surface, block, y)
            y += height
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        self.buttons.draw(surface, self.px)

    def _draw_block(self, surface: pygame.Surface, block: tuple[str, str], y: int) -> None:
        role, words = block
        if role == "picture":
            picture = self.pictures[words]
            surface.blit(picture, (self.body.x + self.step // 2, y + self.step // 4))
        elif role == "caption":
            text.blit(surface, words, "text", self.px, pal.INK_SOFT,
                      (self.body.x + self.step // 2, y))
        elif words:
            text.blit(surface, words, role, self.px, pal.TEXT, (self.body.x, y))
