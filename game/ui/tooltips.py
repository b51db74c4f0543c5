"""Words for a screen's icon buttons, shown beside the button they explain.

A mouse shows them while it rests on the button; touch has no hover, so a long
press on the button shows them for a few seconds instead of pressing it. Each
screen says which of its buttons have words; drawing happens every frame on top,
so showing or hiding a tip repaints nothing cached.
"""

from __future__ import annotations

import pygame

from game.art import palette as pal
from game.input import Intent
from game.ui import text
from game.ui.widgets import ButtonSet

HOLD_SECONDS = 3.0


class ButtonTips:
    def __init__(self) -> None:
        self.words: dict[str, str] = {}
        self.shown: str | None = None
        self._left = 0.0

    def hover(self, bid: str | None) -> None:
        """The mouse rests on `bid` (None: on no button)."""
        self.shown = bid if bid in self.words else None
        self._left = 0.0

    def long_press(self, bid: str | None) -> bool:
        """A finger held on `bid`: True if it has words, which are then shown for a while
        (and the press must not count as pressing the button)."""
        if bid not in self.words:
            return False
        self.shown = bid
        self._left = HOLD_SECONDS
        return True

    def handle(self, buttons: ButtonSet, intent: Intent) -> bool:
        """Hover and long press over a screen's `buttons`: True when a long press showed
        words, and so must not go on to press the button."""
        if intent.kind == "hover":
            hit = buttons.at(intent.pos)
            self.hover(hit.id if hit is not None else None)
        elif intent.kind == "long_press":
            hit = buttons.at(intent.pos)
            if hit is not None and self.long_press(hit.id):
                buttons.pressed = None
                return True
        return False

    def update(self, dt: float) -> None:
        if self._left > 0:
            self._left -= dt
            if self._left <= 0:
                self.shown = None

    @property
    def text(self) -> str | None:
        return self.words.get(self.shown) if self.shown is not None else None

    def draw(self, surface: pygame.Surface, buttons: ButtonSet, px: int) -> pygame.Rect | None:
        """The shown tip beside its button, kept inside the window; returns where it went."""
        words = self.text
        button = buttons.get(self.shown) if self.shown is not None else None
        if words is None or button is None:
            return None
        bounds = surface.get_rect()
        width = min(bounds.w - 8, px * 18)
        lines = text.wrap(words, "text", px, width - px)
        step = int(px * 1.25)
        box = pygame.Rect(0, 0, max(text.size(s, "text", px)[0] for s in lines) + px,
                          step * len(lines) + px // 2)
        anchor = button.rect
        if anchor.bottom + box.h + 4 <= bounds.bottom:
            box.midtop = (anchor.centerx, anchor.bottom + 4)
        else:
            box.midbottom = (anchor.centerx, anchor.top - 4)
        box.clamp_ip(bounds.inflate(-4, -4))
        pygame.draw.rect(surface, pal.INK, box, border_radius=px // 2)
        pygame.draw.rect(surface, pal.GOLD, box, 2, border_radius=px // 2)
        y = box.y + px // 4
        for line in lines:
            text.blit(surface, line, "text", px, pal.IVORY, (box.x + px // 2, y))
            y += step
        return box
