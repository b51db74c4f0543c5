"""A guided lesson's caption over a table, and the places it lights.

A lesson (a game's scripted first game) shows one step at a time: a heading
("step 3 of 11"), a sentence or two that say what to do and why, and rings
that breathe around the places to act on (squares, a piece in the hand, a
button), found by the game. A step that is only read has a Next button; every
step has Leave. The panel sits in an area the game chooses, clear of the
places it lights. What the steps are and what they light is the game's; this
knows no game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game import layout as geo
from game.art import palette as pal
from game.input import Intent
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet

RING_SECONDS = 1.1   # one breath of a ring, out and in
POINTER_KINDS = ("press", "tap", "release", "drop", "hover", "long_press", "secondary",
                 "drag")


@dataclass(frozen=True)
class Caption:
    """What one step shows: its heading, its words, the words of its buttons (Next only
    for a step that is read, not played; Leave may be absent, as in a kiosk's loop)."""

    heading: str
    words: str
    next_label: str = ""
    leave_label: str = ""


class StepOverlay:
    """The caption panel and the rings: placed for a caption in an area, then drawn each
    frame over the table and asked first about every pointer intent."""

    def __init__(self) -> None:
        self.buttons = ButtonSet()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.caption: Caption | None = None
        self._placed: tuple[object, ...] = ()
        self._text_rect = pygame.Rect(0, 0, 0, 0)
        self._px = 14

    def place(self, caption: Caption, area: pygame.Rect, unit: int) -> None:
        """Fits the panel to its words across `area`'s width, from its top; the font
        shrinks until the words fit the area's height."""
        key = (caption, tuple(area), unit)
        if key == self._placed:
            return
        self._placed = key
        self.caption = caption
        pad = max(6, unit // 4)
        button_h = max(geo.MIN_TARGET, int(unit * 0.9))
        labels = [label for label in (caption.next_label, caption.leave_label) if label]
        button_px = max(12, int(unit * 0.36))
        widths = [text.size(label, "bold", button_px)[0] + 2 * pad for label in labels]
        buttons_w = sum(widths) + pad * max(0, len(widths) - 1)
        text_w = area.w - 3 * pad - buttons_w
        px = max(12, int(unit * 0.42))
        while True:
            lines = len(text.wrap(caption.words, "text", px, text_w))
            height = int(px * 1.3) + int(lines * px * 1.2) + 2 * pad
            if height <= area.h or px <= 10:
                break
            px -= 1
        self._px = px
        height = max(height, button_h + 2 * pad)
        self.panel = pygame.Rect(area.x, area.y, area.w, min(height, area.h))
        self._text_rect = pygame.Rect(self.panel.x + pad, self.panel.y + pad, text_w,
                                      self.panel.h - 2 * pad)
        x = self.panel.right - pad
        buttons = []
        for bid, label, width in reversed(list(zip(
                [b for b, label in (("next", caption.next_label),
                                    ("leave", caption.leave_label)) if label],
                labels, widths, strict=True))):
            x -= width
            rect = pygame.Rect(x, self.panel.bottom - pad - button_h, width, button_h)
            buttons.append(Button(bid, rect, label, style="gold" if bid == "next" else "quiet"))
            x -= pad
        self.buttons.set(buttons)

    def handle(self, intent: Intent) -> tuple[str | None, bool]:
        """The button a pointer intent pressed (None for none), and whether the intent fell
        on the panel at all (then the table beneath does not get it)."""
        if intent.kind not in POINTER_KINDS or intent.pos is None or self.caption is None:
            return None, False
        chosen = self.buttons.handle(intent)
        inside = self.panel.collidepoint(intent.pos) or (
            intent.origin is not None and self.panel.collidepoint(intent.origin))
        return chosen, inside

    def draw(self, surface: pygame.Surface, now: float, rings: list[pygame.Rect]) -> None:
        """The rings first (so that the panel is never hidden), then the panel."""
        for rect in rings:
            draw_ring(surface, rect, now)
        caption = self.caption
        if caption is None:
            return
        surface.blit(skin.panel(self.panel.w, self.panel.h, active=True), self.panel.topleft)
        px = self._px
        area = self._text_rect
        text.blit(surface, caption.heading, "bold", max(10, int(px * 0.9)), pal.INK_SOFT,
                  area.topleft)
        words = area.move(0, int(px * 1.3))
        words.h -= int(px * 1.3)
        text.blit_wrapped(surface, caption.words, "text", px, pal.INK, words)
        self.buttons.draw(surface, max(12, int(px * 0.95)))


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, now: float) -> None:
    """A gold ring that breathes around `rect`: it grows and fades by turns, so the eye
    finds it on a busy board."""
    phase = 0.5 + 0.5 * math.sin(now * 2 * math.pi / RING_SECONDS)
    grow = int(2 + 4 * phase)
    width = max(2, rect.w // 12)
    ring = rect.inflate(2 * grow, 2 * grow)
    pygame.draw.rect(surface, pal.INK, ring.inflate(2, 2), width + 2, border_radius=width * 2)
    pygame.draw.rect(surface, pal.GOLD_LIGHT if phase > 0.5 else pal.GOLD, ring, width,
                     border_radius=width * 2)
