"""A one-line field typed with the keyboard, and the keypad that types it on a touchscreen.

The lobby needs an address ("192.168.1.20:47390" or "laptop.local:47390"), a
port and the player's name; the set-up screen the hot-seat players' names. Each
field takes a fixed set of characters, a name any letter a keyboard or an IME
types (in any script the game's fonts draw); the keypad offers a numeric
address's: digits, dot, colon and rubbing out. Typed text (SDL's TEXTINPUT, the
keypad's keys) goes to `TextField.type`, control keys to `TextField.key`, so
nothing is typed twice.
"""

from __future__ import annotations

import string
import unicodedata
from dataclasses import dataclass

import pygame

from game.art import palette as pal
from game.art.fonts import missing_glyphs
from game.settings import NAME_LIMIT
from game.ui import icons, text
from game.ui.widgets import Button

KEYPAD = ("7", "8", "9", "4", "5", "6", "1", "2", "3", ".", "0", ":")
# Besides letters and digits a name may have spaces and the marks names are written
# with: O'Brien (also with the typographic apostrophe), Jean-Luc, St. John, [clan]_tag.
NAME_MARKS = " .-'\u2019_[]"
# The faces a name is drawn in (a title that has it is set in the bold face: text.face_for).
NAME_ROLES = ("text", "bold")


@dataclass
class TextField:
    value: str = ""
    allowed: str = "0123456789.:"
    limit: int = 64
    letters: bool = False   # also letters (with their accents and marks) and digits of any script
    placeholder: str = ""   # shown dimmed while the field is empty: what an empty one means

    def accepts(self, char: str) -> bool:
        """Whether one character may follow the field's value: an allowed one, or for a
        field of letters a letter, a digit, or a combining mark after a letter (a vowel
        sign, an accent typed apart), that every face a name is drawn in can draw."""
        if len(char) != 1:
            return False
        if char in self.allowed:
            return True
        if not self.letters:
            return False
        kind = unicodedata.category(char)
        if kind[0] == "M":
            last = self.value[-1:]
            letter = bool(last) and unicodedata.category(last)[0] in "LM"
        else:
            letter = kind[0] == "L" or kind == "Nd"
        return letter and not any(missing_glyphs(role, char) for role in NAME_ROLES)

    def type(self, typed: str) -> bool:
        """Adds the characters the field accepts of what was typed (a TEXTINPUT may carry
        several, an IME's whole word), up to its limit; True if any was added. The value is
        kept composed (NFC), so a letter typed with a separate accent is one character."""
        added = False
        for char in typed:
            if not self.accepts(char):
                continue
            value = unicodedata.normalize("NFC", self.value + char)
            if len(value) > self.limit:
                break
            self.value, added = value, True
        return added

    def key(self, name: str) -> bool:
        """A control key, by its pygame name; True if it edited the field (backspace)."""
        if name != "backspace":
            return False
        self.value = self.value[:-1]
        return True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, px: int, focused: bool,
             caret: bool) -> None:
        pygame.draw.rect(surface, pal.INK, rect, border_radius=px // 3)
        pygame.draw.rect(surface, pal.GOLD_LIGHT if focused else pal.PARCHMENT_DARK, rect, 2,
                         border_radius=px // 3)
        shown = self.value + ("|" if focused and caret else "")
        color = pal.IVORY
        if not self.value and self.placeholder and not (focused and caret):
            shown, color = self.placeholder, pal.SAND_DARK
        size = text.fit_px(shown or " ", "text", px, rect.w - px)
        text.blit(surface, shown, "text", size, color, (rect.x + px // 2, rect.centery),
                  "midleft")


def keypad_buttons(area: pygame.Rect, gap: int) -> list[Button]:
    """Four rows of three keys and a rub-out key beside them; ids are "key:<char>"."""
    cols, rows = 4, 4
    w = (area.w - (cols - 1) * gap) // cols
    h = (area.h - (rows - 1) * gap) // rows
    buttons = []
    for i, char in enumerate(KEYPAD):
        r, c = divmod(i, 3)
        rect = pygame.Rect(area.x + c * (w + gap), area.y + r * (h + gap), w, h)
        buttons.append(Button(f"key:{char}", rect, char, style="quiet"))
    rub = pygame.Rect(area.x + 3 * (w + gap), area.y, w, 2 * h + gap)
    arrow = icons.glyph("step_back", max(8, min(w, h) // 2))
    buttons.append(Button("key:backspace", rub, "", icon=arrow, style="quiet"))
    return buttons


def name_field(value: str = "", placeholder: str = "") -> TextField:
    """A field for a player's name, as the set-up screen and the lobby take it."""
    return TextField(value, allowed=NAME_MARKS, limit=NAME_LIMIT, letters=True,
                     placeholder=placeholder)


# An IPv4 or IPv6 address or a computer's name ("laptop.local", "[fe80::1]"), then a port:
# what `lobby.parse_target` reads. Names on a LAN are ASCII (RFC 952/1123), so no other
# letters are taken.
ADDRESS_CHARACTERS = (string.ascii_letters + string.digits + ".:-[]")


def address_field(value: str = "") -> TextField:
    """A field for the address of a game to join, typed or tapped on the keypad."""
    return TextField(value, allowed=ADDRESS_CHARACTERS, limit=64)
