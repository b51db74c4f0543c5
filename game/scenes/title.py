"""The title screen: New game, LAN game, Continue, Replay a game, Settings, Rules, Quit.

Continue is offered only when an autosave exists; if it cannot be read, the
reason is shown here in words and the save is set aside, never a crash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import art, savegame
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.ui import icons, skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

ENTRIES = ("new_game", "lan", "continue", "replay", "settings", "rules", "quit")


class TitleScene(Scene):
    attract_idle = 1.0

    def __init__(self, app: App, message: str = "") -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.message = message
        self.title_bottom = 0

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resume(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        title_px = max(24, int(min(w / 14, h / 8)))
        self.title_px = title_px
        self.title_bottom = int(h * 0.04) + int(title_px * 1.2) + int(title_px * 0.6)
        rects = geo.menu_column(w, h, len(ENTRIES), top=self.title_bottom + c // 3)
        self.app.saver.flush()
        has_save = savegame.has_autosave()
        self.buttons.set([
            Button(entry, rect, t(f"menu.{entry}"),
                   enabled=(entry != "continue" or has_save),
                   style="gold" if entry == "new_game" else "normal")
            for entry, rect in zip(ENTRIES, rects, strict=True)
        ])
        if self.app.tabletop:
            # On a table lying flat, the players across the screen turn the menus to face them.
            size = max(geo.MIN_TARGET, int(c * 1.1))
            gap = max(4, c // 6)
            self.buttons.add(Button(
                "turn", pygame.Rect(w - size - gap, gap, size, size), "",
                icon=icons.glyph("turn", int(size * 0.7)), style="quiet"))

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            shortcuts = {"n": "new_game", "l": "lan", "c": "continue", "r": "replay",
                         "s": "settings", "h": "rules", "q": "quit", "escape": "quit"}
            chosen = shortcuts.get(intent.key)
            button = self.buttons.get(chosen) if chosen else None
            if button is not None and button.enabled:
                self.choose(button.id)
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen is not None:
            self.choose(chosen)

    def choose(self, entry: str) -> None:
        if entry == "new_game":
            from game.scenes.setup import SetupScene

            self.app.push(SetupScene(self.app))
        elif entry == "lan":
            from game.scenes.lobby import LobbyScene

            self.app.push(LobbyScene(self.app))
        elif entry == "continue":
            from game.scenes.flow import continue_game

            problem = continue_game(self.app)
            if problem:
                self.message = problem
                self.resize(*self.app.size)
        elif entry == "replay":
            from game.scenes.replay import ReplayPicker

            self.app.push(ReplayPicker(self.app))
        elif entry == "settings":
            from game.scenes.settings_screen import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif entry == "rules":
            from game.tigris.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
        elif entry == "quit":
            self.app.quit()
        elif entry == "turn":
            self.app.menus_turned = not self.app.menus_turned

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        self._ornament(surface, w, h, c)
        y = int(h * 0.04)
        title = t("app.title")
        px = text.fit_px(title, "title", self.title_px, w - c)
        shadow = text.render(title, "title", px, pal.INK)
        surface.blit(shadow, shadow.get_rect(midtop=(w // 2 + 3, y + 3)))
        text.blit(surface, title, "title", px, pal.GOLD_LIGHT, (w // 2, y), "midtop")
        sub_px = max(12, int(px * 0.36))
        sub_top = y + int(px * 1.2)
        if sub_top + int(sub_px * 1.3) <= self.buttons.buttons[0].rect.top:
            # On the smallest screens the menu needs that room: the subtitle gives way.
            text.blit(surface, t("app.subtitle"), "text", sub_px, pal.PARCHMENT_DARK,
                      (w // 2, sub_top), "midtop")
        self.buttons.draw(surface, max(14, int(c * 0.42)))
        if self.message:
            px_msg = geo.font_px(w, h, 0.32)
            last = self.buttons.buttons[len(ENTRIES) - 1].rect
            rect = pygame.Rect(c // 2, last.bottom + 6, w - c, h - last.bottom - 6)
            text.blit_wrapped(surface, self.message, "text", px_msg, pal.EMBER_LIGHT, rect,
                              "center")

    def _ornament(self, surface: pygame.Surface, w: int, h: int, c: int) -> None:
        """Pieces of the game along both sides: the four kinds and the four dynasties."""
        size = max(24, int(c * 1.1))
        column = self.buttons.buttons[0].rect if self.buttons.buttons else pygame.Rect(w // 2, 0,
                                                                                       0, 0)
        left = column.x // 2
        right = (column.right + w) // 2
        if column.x < size * 1.5:
            return
        top = self.title_bottom + c // 3
        for i, color in enumerate(("red", "blue", "green", "black")):
            y = top + i * int(size * 1.35)
            if y + size > h:
                break
            surface.blit(art.tile_surface(color, size), (left - size // 2, y))
            surface.blit(art.leader_surface(("archer", "bull", "pot", "lion")[i], color, size),
                         (right - size // 2, y))
