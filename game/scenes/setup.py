"""New-game set-up: 2–4 seats, each Human or Computer with a dynasty, and the options.

Seats and options are held here until Start; each dynasty is used once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import art
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.players import available_levels, default_level
from game.scene import Scene
from game.ui import icons, skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

GAME_ID = "tigris"  # the one game this screen sets up, until it offers each game's options
DYNASTIES = ("archer", "bull", "pot", "lion")
TOGGLES = ("buildings", "english_variant", "wonder", "open_scoring")


class SetupScene(Scene):
    attract_idle: float | None = 1.0
    # Words a variant of this screen (hosting a LAN game) says differently.
    title_key = "setup.title"
    hint_key = "setup.pass_and_play"
    start_key = "setup.start"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.count = 2
        self.kinds = ["human", "computer", "computer", "computer"]
        self.levels_offered = available_levels(GAME_ID)
        self.levels = [default_level(GAME_ID)] * 4
        self.dynasties = list(DYNASTIES)
        self.options: dict[str, Any] = {"board": "classic", "buildings": False,
                                         "english_variant": False, "wonder": False,
                                         "open_scoring": False}
        self.buttons = ButtonSet()
        self.labels: list[tuple[str, pygame.Rect]] = []

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        bh = max(geo.MIN_TARGET, int(c * 1.05))
        gap = max(6, c // 6)
        self.px = max(13, int(c * 0.38))
        title_h = max(int(c * 0.9), 28)
        label_h = max(int(c * 0.55), 18)
        top = title_h + label_h
        wide = w >= 2 * (7 * c) + 3 * gap
        col_w = (w - 3 * gap) // 2 if wide else w - 2 * gap
        left = pygame.Rect(gap, top, col_w, h)
        right = pygame.Rect(left.right + gap, top, col_w, h) if wide else None
        buttons: list[Button] = []
        self.labels = [(t("setup.players"),
                        pygame.Rect(left.x, title_h + label_h // 2, col_w, 0))]
        if right is not None:
            self.labels.append((t("setup.options"),
                                pygame.Rect(right.x, title_h + label_h // 2, col_w, 0)))
        count_w = (col_w - 2 * gap) // 3
        for i, n in enumerate((2, 3, 4)):
            rect = pygame.Rect(left.x + i * (count_w + gap), top, count_w, bh)
            buttons.append(Button(f"count:{n}", rect, str(n), selected=self.count == n))
        y = top + bh + gap
        label_w = max(int(c * 1.2), col_w // 6)
        rest = col_w - label_w - 3 * gap
        for seat in range(self.count):
            self.labels.append((t("setup.seat", number=seat + 1),
                                pygame.Rect(left.x, y + bh // 2, label_w, 0)))
            kind_rect = pygame.Rect(left.x + label_w + gap, y, rest // 3, bh)
            level_rect = pygame.Rect(kind_rect.right + gap, y, rest // 3, bh)
            dyn_rect = pygame.Rect(level_rect.right + gap, y, rest - 2 * (rest // 3), bh)
            buttons.append(Button(f"kind:{seat}", kind_rect, t(f"setup.{self.kinds[seat]}"),
                                  style="normal" if self.kinds[seat] == "human" else "quiet"))
            if self.kinds[seat] == "computer":
                buttons.append(Button(f"level:{seat}", level_rect,
                                      t(f"level.{self.levels[seat]}"), style="quiet",
                                      enabled=len(self.levels_offered) > 1))
            dynasty = self.dynasties[seat]
            buttons.append(Button(f"dynasty:{seat}", dyn_rect, t(f"dynasty.{dynasty}"),
                                  icon=art.icon_surface(dynasty, max(8, bh - 10))))
            y += bh + gap
        if right is None:
            right = pygame.Rect(left.x, y + gap, col_w, h)
        oy = right.y
        board = self.options["board"]
        buttons.append(Button("board", pygame.Rect(right.x, oy, right.w, bh),
                              t(f"option.board.{board}")))
        oy += bh + gap
        half = (right.w - gap) // 2
        for i, name in enumerate(TOGGLES):
            rect = pygame.Rect(right.x + (i % 2) * (half + gap), oy + (i // 2) * (bh + gap),
                               half, bh)
            on = bool(self.options[name])
            glyph = icons.glyph("check_on" if on else "check_off", max(8, int(bh * 0.5)))
            buttons.append(Button(f"option:{name}", rect, t(f"option.{name}"), icon=glyph,
                                  style="quiet"))
        bottom_y = h - bh - gap
        bw = min(int(c * 5), (w - 3 * gap) // 2)
        buttons.append(Button("back", pygame.Rect(gap, bottom_y, bw, bh), t("common.back"),
                              style="quiet"))
        buttons.append(Button("start", pygame.Rect(w - gap - bw, bottom_y, bw, bh),
                              t(self.start_key), style="gold"))
        self.buttons.set(buttons)
        self.help_rect = pygame.Rect(right.x, oy + 2 * (bh + gap), right.w,
                                     bottom_y - (oy + 2 * (bh + gap)) - gap)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key == "escape":
                self.app.pop(self)
            elif intent.key in ("return", "enter"):
                self.start()
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen is None:
            return
        kind, _, arg = chosen.partition(":")
        if kind == "count":
            self.count = int(arg)
        elif kind == "kind":
            seat = int(arg)
            self.kinds[seat] = "computer" if self.kinds[seat] == "human" else "human"
        elif kind == "level":
            seat = int(arg)
            i = self.levels_offered.index(self.levels[seat]) if (
                self.levels[seat] in self.levels_offered) else -1
            self.levels[seat] = self.levels_offered[(i + 1) % len(self.levels_offered)]
        elif kind == "dynasty":
            self._next_dynasty(int(arg))
        elif kind == "board":
            self.options["board"] = (
                "alternative" if self.options["board"] == "classic" else "classic"
            )
        elif kind == "option":
            self.options[arg] = not self.options[arg]
        elif kind == "back":
            self.app.pop(self)
            return
        elif kind == "start":
            self.start()
            return
        self.resize(*self.app.size)

    def _next_dynasty(self, seat: int) -> None:
        taken = set(self.dynasties[: self.count]) - {self.dynasties[seat]}
        index = DYNASTIES.index(self.dynasties[seat])
        for step in range(1, 5):
            candidate = DYNASTIES[(index + step) % 4]
            if candidate not in taken:
                other = self.dynasties.index(candidate)
                self.dynasties[other] = self.dynasties[seat]
                self.dynasties[seat] = candidate
                return

    def start(self) -> None:
        from game.scenes.flow import start_new_game

        options = dict(self.options)
        options["dynasties"] = self.dynasties[: self.count]
        start_new_game(self.app, self.kinds[: self.count], options=options,
                       levels=self.levels[: self.count])

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        title_px = max(18, int(c * 0.6))
        text.blit(surface, t(self.title_key), "title", title_px, pal.GOLD_LIGHT,
                  (w // 2, max(4, c // 8)), "midtop")
        for label, rect in self.labels:
            size = text.fit_px(label, "bold", self.px, rect.w)
            text.blit(surface, label, "bold", size, pal.TEXT_ON_DARK, rect.midleft, "midleft")
        self.buttons.draw(surface, self.px)
        hints = [
            t(f"option.{name}.help") for name in TOGGLES if self.options[name]
        ] or [t(self.hint_key)]
        if self.help_rect.h > self.px * 2:
            y = self.help_rect.y
            for hint in hints:
                rect = pygame.Rect(self.help_rect.x, y, self.help_rect.w, self.help_rect.bottom - y)
                y += text.blit_wrapped(surface, hint, "text", max(11, self.px - 2),
                                       pal.PARCHMENT_DARK, rect) + 4
