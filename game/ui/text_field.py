"""A one-line field typed with the keyboard, and the keypad that types it on a touchscreen.

The lobby needs an address ("192.168.1.20:47390"), a port and the player's
name. Each field takes a fixed set of characters; the keypad offers exactly
an address's: digits, dot, colon and rubbing out. Both end in
`TextField.type`, so a key press and a keypad tap edit the field the same
way.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.art import palette as pal
from game.ui import icons, text
from game.ui.widgets import Button

KEYPAD = ("7", "8", "9", "4", "5", "6", "1", "2", "3", ".", "0", ":")


@dataclass
class TextField:
    value: str = ""
    allowed: str = "0123456789.:"
    limit: int = 64
    letters: bool = False
    placeholder: str = ""   # shown dimmed while the field is empty: what an empty one means

    def accepts(self, char: str) -> bool:
        return len(char) == 1 and (char in self.allowed or (self.letters and char.isalnum())
                                   or (self.letters and char in "-_[]"))

    def type(self, key: str, char: str = "") -> bool:
        """Edits the field for one key (its name and the character it typed); True if used."""
        if key == "backspace":
            self.value = self.value[:-1]
            return True
        typed = char or (key if len(key) == 1 else "")
        if typed and self.accepts(typed) and len(self.value) < self.limit:
            self.value += typed
            return True
        return False

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
