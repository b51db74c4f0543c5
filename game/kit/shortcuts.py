"""The "?" overlay: every key of a table and every gesture with the mouse and by touch,
listed from the bindings the table's input runs on (`game.kit.bindings`), so it cannot
say anything the keys do not do. The table passes its own bindings; the words of its
commands and gestures are its game's (`keys.<command>`, `gesture.<name>`), the rest
(titles, key names, ways of pointing) the shell's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.art import palette as pal
from game.i18n import t
from game.kit.bindings import Binding, Gesture
from game.scenes.scrolled_page import ScrolledPage
from game.ui import text
from game.ui.scroll import bar_width

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


def shortcut_rows(keys: tuple[Binding, ...], gestures: tuple[Gesture, ...], words: str = "",
                  ) -> list[tuple[str, list[tuple[str, str]]]]:
    """The overlay's sections (keys, mouse, touch), each a list of (how, what it does).
    `words` begins the catalogue keys of the game's words (`<words>keys.<command>`,
    `<words>gesture.<name>`, `<words>how.<way>`): every game's catalogue is in one lookup,
    so a second game names its own ("tiny.")."""
    def how(ways: tuple[str, ...]) -> str:
        return " / ".join(t(f"{words}how.{way}") for way in ways)

    mouse = [(how(g.mouse), t(f"{words}gesture.{g.name}")) for g in gestures if g.mouse]
    touch = [(how(g.touch), t(f"{words}gesture.{g.name}")) for g in gestures if g.touch]
    bound = [(keys_label(b), t(f"{words}keys.{b.command}")) for b in keys]
    sections = [(t("shortcuts.keys"), bound), (t("shortcuts.mouse"), mouse),
                (t("shortcuts.touch"), touch)]
    return [(title, rows) for title, rows in sections if rows]


class ShortcutsScene(ScrolledPage):
    close_keys = CLOSE_KEYS
    close_text = "?"
    title_key = "shortcuts.title"
    width_cells = 16
    title_lines = 2.0

    def __init__(self, app: App, keys: tuple[Binding, ...], gestures: tuple[Gesture, ...],
                 words: str = "") -> None:
        super().__init__(app)
        self.sections = shortcut_rows(keys, gestures, words)
        self.lines: list[tuple[str, str, str]] = []   # (role, left, right) per line
        self.left_w = 0

    def lay_out(self) -> int:
        self.left_w = int(self.body.w * 0.34)
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
        return len(self.lines) * self.step

    def draw_body(self, surface: pygame.Surface, top: int) -> None:
        y = top
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
