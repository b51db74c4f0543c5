"""The shortcuts overlay ("?" at the table, F1): every key of the table and every gesture
with the mouse and by touch, listed from the bindings the table's input runs on
(`game.tigris.scenes.bindings`), so it cannot say anything the keys do not do."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.tigris.scenes.bindings import Binding, Gesture
from game.ui import skin, text
from game.ui.scroll import ScrollArea, bar_width
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

# Keys whose name is a word in the player's language; any other is shown as it is printed
# on the key ("F1", "E", "?").
WORD_KEYS = ("space", "return", "enter", "escape", "backspace")
ARROWS = ("up", "down", "left", "right")
CLOSE_KEYS = ("escape", "return", "enter", "f1")


def key_label(key: str) -> str:
    return t(f"key.{key}") if key in WORD_KEYS else key.upper()


def keys_label(binding: Binding) -> str:
    """A binding's keys as a person reads them: "1 2 3 4 5 6", "U / Backspace"."""
    if set(binding.keys) == set(ARROWS):
        return t("key.arrows")
    labels = list(dict.fromkeys(key_label(k) for k in binding.keys))
    return (" " if all(len(k) == 1 for k in labels) else " / ").join(labels)


def shortcut_rows(keys: tuple[Binding, ...], gestures: tuple[Gesture, ...],
                  ) -> list[tuple[str, list[tuple[str, str]]]]:
    """The overlay's sections (keys, mouse, touch), each a list of (how, what it does)."""
    mouse = [(" / ".join(t(f"how.{way}") for way in g.mouse), t(f"gesture.{g.name}"))
             for g in gestures if g.mouse]
    touch = [(" / ".join(t(f"how.{way}") for way in g.touch), t(f"gesture.{g.name}"))
             for g in gestures if g.touch]
    sections = [(t("shortcuts.keys"), [(keys_label(b), t(f"keys.{b.command}")) for b in keys]),
                (t("shortcuts.mouse"), mouse), (t("shortcuts.touch"), touch)]
    return [(title, rows) for title, rows in sections if rows]


class ShortcutsScene(Scene):
    attract_idle = 1.0
    opaque = False

    def __init__(self, app: App, keys: tuple[Binding, ...],
                 gestures: tuple[Gesture, ...]) -> None:
        super().__init__(app)
        self.sections = shortcut_rows(keys, gestures)
        self.buttons = ButtonSet()
        self.scroll = ScrollArea()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, str, str]] = []   # (role, left, right) per line

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        self.px = max(12, int(c * 0.34))
        margin = max(4, c // 4)
        width = min(w - 2 * margin, int(c * 16))
        self.rect = pygame.Rect((w - width) // 2, margin, width, h - 2 * margin)
        inner = skin.dialog_inner(self.rect.w, self.rect.h).move(self.rect.topleft)
        bh = max(geo.MIN_TARGET, c)
        title_h = int(self.px * 2)
        self.body = pygame.Rect(inner.x, inner.y + title_h, inner.w,
                                inner.h - title_h - bh - 6)
        self.buttons.set([Button("close", pygame.Rect(inner.centerx - 2 * c, inner.bottom - bh,
                                                      4 * c, bh), t("common.close"),
                                 style="gold")])
        self.left_w = int(self.body.w * 0.34)
        self.step = int(self.px * 1.3)
        right_w = self.body.w - self.left_w - max(12, self.px) - bar_width(self.step) - 4
        self.lines = []
        for title, rows in self.sections:
            self.lines.append(("title", title, ""))
            for how, what in rows:
                wrapped = text.wrap(what, "text", self.px, right_w) or [""]
                hows = text.wrap(how, "bold", self.px, self.left_w - self.px // 2) or [""]
                for i in range(max(len(wrapped), len(hows))):
                    self.lines.append(("row", hows[i] if i < len(hows) else "",
                                       wrapped[i] if i < len(wrapped) else ""))
            self.lines.append(("gap", "", ""))
        self.scroll.set(self.body, len(self.lines) * self.step, self.step)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key in CLOSE_KEYS or intent.text == "?":
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
        text.blit(surface, t("shortcuts.title"), "title", int(self.px * 1.4), pal.TEXT,
                  (inner.centerx, inner.y), "midtop")
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.y - self.scroll.offset
        right_x = self.body.x + self.left_w + max(12, self.px)
        for role, left, right in self.lines:
            if y + self.step >= self.body.y and y <= self.body.bottom:
                if role == "title":
                    text.blit(surface, left, "bold", int(self.px * 1.1), pal.EMBER, (
                        self.body.x, y))
                elif role == "row":
                    text.blit(surface, left, "bold", self.px, pal.TEXT, (self.body.x, y))
                    text.blit(surface, right, "text", self.px, pal.TEXT, (right_x, y))
            y += self.step
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        self.buttons.draw(surface, self.px)
