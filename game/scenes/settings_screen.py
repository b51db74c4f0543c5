"""Settings: language, fullscreen, animation speed, sound, legal-move hints, how long a
conflict's result stays, the chosen game's own settings (T&E's overlays and end of
turn), thinking time.

Each row is one button that steps through its values; a change is applied and
saved at once, so leaving the screen needs no confirmation. Rows that do not fit
the height in one column (a small screen) go in two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.settings import (
    ANIMATION_SPEEDS,
    AUTO_END_TURN_DELAYS,
    LANGUAGES,
    THINKING_TIMES,
    Settings,
)
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

# The shell's rows by setting and label; the chosen game's go before the thinking time.
SHELL_ROWS = (("language", "settings.language"), ("fullscreen", "settings.fullscreen"),
              ("animation_speed", "settings.animation_speed"), ("sound", "settings.sound"),
              ("legal_hints", "settings.show_legal_moves"))
LAST_ROW = ("thinking_time", "settings.thinking_time")
SHELL_SETTINGS = frozenset(f.name for f in fields(Settings))



# The settings a tap steps through, each to the next of its values and round again.
CHOICES: dict[str, tuple[Any, ...]] = {
    "animation_speed": ANIMATION_SPEEDS,
    "thinking_time": THINKING_TIMES,
    "auto_end_turn": AUTO_END_TURN_DELAYS,
}


def _after(values: Sequence[Any], current: Any) -> Any:
    return values[(values.index(current) + 1) % len(values)]


class SettingsScene(Scene):
    attract_idle = 1.0

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.labels = dict((*SHELL_ROWS, *app.game.settings_rows, LAST_ROW))

    def enter(self) -> None:
        self.resize(*self.app.size)

    def holder(self, row: str) -> Any:
        """What keeps setting `row`: the player's settings, or the game's own in them."""
        if row in SHELL_SETTINGS:
            return self.app.settings
        return self.app.game.own_settings(self.app.settings)

    def value_label(self, row: str) -> str:
        s = self.app.settings
        if row not in SHELL_SETTINGS:
            value = getattr(self.holder(row), row)
            own = self.app.game.setting_label(row, value)
            if own is not None:
                return own
            return t("common.on") if value else t("common.off")
        if row == "language":
            return i18n.languages()[self.app.language]
        if row == "animation_speed":
            return t(f"settings.speed.{s.animation_speed}")
        if row == "thinking_time":
            return t("settings.seconds", seconds=f"{s.thinking_time:g}")
        if row == "auto_end_turn":
            if not s.auto_end_turn:
                return t("common.off")
            return t("settings.seconds", seconds=f"{s.auto_end_turn:g}")
        return t("common.on") if getattr(s, row) else t("common.off")

    def resize(self, w: int, h: int) -> None:
        """One column of rows, or as many side by side as the screen's height needs (a
        small screen and a game with many settings), the Done button below them."""
        c = geo.unit(w, h)
        bh = max(geo.MIN_TARGET, int(c * 0.95))
        gap = max(4, c // 8)
        self.px = max(13, int(c * 0.38))
        top = max(bh, int(c * 1.2))
        fit = max(1, (h - top - bh - 2 * gap) // (bh + gap))
        columns = 1 if len(self.labels) <= fit else 2
        per_column = -(-len(self.labels) // columns)
        width = min((w - (columns + 1) * gap) // columns, int(c * 12))
        left = (w - columns * width - (columns - 1) * gap) // 2
        label_w = width // 2
        buttons: list[Button] = []
        self.rows = []
        for i, (row, label) in enumerate(self.labels.items()):
            x = left + (i // per_column) * (width + gap)
            y = top + (i % per_column) * (bh + gap)
            self.rows.append((t(label), pygame.Rect(x, y, label_w - gap, bh)))
            buttons.append(Button(row, pygame.Rect(x + label_w, y, width - label_w, bh),
                                  self.value_label(row)))
        y = min(h - bh - gap, top + per_column * (bh + gap) + gap)
        buttons.append(Button("back", pygame.Rect((w - c * 4) // 2, y, c * 4, bh),
                              t("common.done"), style="gold"))
        self.buttons.set(buttons)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key in ("escape", "return", "enter"):
                self.app.pop(self)
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen is None:
            return
        if chosen == "back":
            self.app.pop(self)
            return
        self.step(chosen)

    def step(self, row: str) -> None:
        s = self.app.settings
        holder = self.holder(row)
        choices = {**CHOICES, **self.app.game.setting_choices()}
        if row == "language":
            self.app.choose_language(_after(LANGUAGES, self.app.language))
        elif row in choices:
            setattr(holder, row, _after(choices[row], getattr(holder, row)))
        else:
            setattr(holder, row, not getattr(holder, row))
        if row != "language":
            self.app.save_settings()
        if row == "fullscreen":
            self.app.set_fullscreen(s.fullscreen)
        if row == "language":
            text.clear_cache()
        self.resize(*self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        text.blit(surface, t("settings.title"), "title", max(18, int(c * 0.6)), pal.GOLD_LIGHT,
                  (w // 2, max(4, c // 8)), "midtop")
        for label, rect in self.rows:
            size = text.fit_px(label, "bold", self.px, rect.w)
            text.blit(surface, label, "bold", size, pal.TEXT_ON_DARK, rect.midright, "midright")
        self.buttons.draw(surface, self.px)
