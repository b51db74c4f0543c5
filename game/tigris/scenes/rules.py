"""The rules summary: sections R1–R16 from the catalogue with pictures drawn from the
game's own art under the rules they show (the pieces, a kingdom, a revolt, a war, a
monument), scrolled by wheel, keys, dragging the page or its scroll bar; over anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scenes.scrolled_page import ScrolledPage
from game.tigris.ui.rules_pictures import draw_picture, picture_cell, pictures_after
from game.ui import text
from game.ui.scroll import bar_width
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App

SECTIONS = 16


class RulesScene(ScrolledPage):
    close_keys = ("escape", "return", "enter", "h", "f1")
    title_key = "rules.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # The page top to bottom: (role, words) for a line, ("picture", name) for a picture.
        self.blocks: list[tuple[str, str]] = []
        self.pictures: dict[str, pygame.Surface] = {}

    def resize(self, w: int, h: int) -> None:
        """Over the title, beside Close: the guided first game, for the screens whose title
        has no room for its entry (issue 25)."""
        super().resize(w, h)
        scenes = self.app.stack.scenes
        below = scenes[scenes.index(self) - 1] if self in scenes[1:] else None
        from game.scenes.title import TitleScene

        if isinstance(below, TitleScene) and below.buttons.get("learn") is None:
            close = self.buttons.buttons[0].rect
            self.buttons.buttons[0].rect = close.move(close.w // 2 + 3, 0)
            self.buttons.add(Button("learn", close.move(-close.w // 2 - 3, 0),
                                    t("guide.menu")))

    def handle(self, intent: Intent) -> None:
        hit = self.buttons.at(intent.pos) if intent.kind == "tap" else None
        if hit is not None and hit.id == "learn":
            from game.tigris import guide

            self.app.play_sound("click")
            self.app.pop(self)
            guide.start(self.app)
            return
        super().handle(intent)

    def lay_out(self) -> int:
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
        return sum(self.block_height(block) for block in self.blocks)

    def block_height(self, block: tuple[str, str]) -> int:
        role, words = block
        if role == "picture":
            return self.pictures[words].get_height() + self.step // 2
        return self.step

    def draw_body(self, surface: pygame.Surface, top: int) -> None:
        y = top
        for block in self.blocks:
            height = self.block_height(block)
            if y > self.body.bottom:
                break
            if y + height >= self.body.y:
                self._draw_block(surface, block, y)
            y += height

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
