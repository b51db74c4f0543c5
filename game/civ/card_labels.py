"""Card names on the tabletop's buttons (the cards of a held hand, an offer's chips, a
purchase's cards), readable from across the table: on one line where the name fits at a
readable size, else on two lines, never below `LEAST_PX`. A button's one-line fit set
"Volcanic Eruption / Earthquake ×1" at 9 px on a short strip's card; a hand's cards are
laid out at least as wide as their names need on two lines (`least_width`), so no name
is cut or abbreviated.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.ui import skin, text
from game.ui.widgets import Button, draw_button

LEAST_PX = 11    # px: the smallest name read across a table
ROLE = "bold"    # as the kit's buttons set their labels


def inner(rect: pygame.Rect) -> pygame.Rect:
    """Where a button's label goes (as `draw_button` leaves its ends to the frame)."""
    return rect.inflate(-max(6, rect.h // 5), -4)


def step(px: int) -> int:
    """The distance between two lines of a label at `px`."""
    return int(px * 1.2)


def split(label: str, px: int) -> tuple[str, str] | None:
    """The label on two lines, broken at the space that makes the wider line narrowest;
    None for a single word."""
    words = label.split(" ")
    pairs = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return min(pairs, key=lambda pair: max(text.size(part, ROLE, px)[0] for part in pair),
               default=None)


def lines_at(label: str, px: int, room: pygame.Rect) -> list[str] | None:
    """The label's lines at `px` in `room`: one, two, or None if neither fits."""
    if text.size(label, ROLE, px)[0] <= room.w:
        return [label]
    pair = split(label, px)
    if pair is None or step(px) + px > room.h \
            or max(text.size(part, ROLE, px)[0] for part in pair) > room.w:
        return None
    return list(pair)


def fitted(label: str, px: int, room: pygame.Rect) -> tuple[int, list[str]]:
    """The label's size and lines in `room`: one line where it fits at three quarters of
    `px` or more, else the largest size up to `px` (not below `LEAST_PX`) at which it
    fits on one line or two; at `LEAST_PX` on one line, cut at the room's end, if it
    fits in none (a room narrower than `least_width`)."""
    px = max(px, LEAST_PX)
    one = text.fit_px(label, ROLE, px, room.w, minimum=LEAST_PX)
    if one >= px * 3 // 4 and text.size(label, ROLE, one)[0] <= room.w:
        return one, [label]
    for size in range(px, LEAST_PX - 1, -1):
        lines = lines_at(label, size, room)
        if lines is not None:
            return size, lines
    return LEAST_PX, [label]


def least_width(labels: list[str]) -> int:
    """The least button width at which each label fits at `LEAST_PX` on two lines."""
    def width(label: str) -> int:
        pair = split(label, LEAST_PX)
        one = text.size(label, ROLE, LEAST_PX)[0]
        return one if pair is None else min(one, max(text.size(part, ROLE, LEAST_PX)[0]
                                                      for part in pair))
    return max((width(label) for label in labels), default=0) + 12


def draw(surface: pygame.Surface, button: Button, px: int, state: str) -> None:
    """The button with its label on one or two lines (`fitted`), clipped to it."""
    draw_button(surface, replace(button, label=""), px, state)
    room = inner(button.rect)
    size, lines = fitted(button.label, px, room)
    colour = skin.button_label_color(state, button.style)
    top = room.centery - (step(size) * (len(lines) - 1)) // 2
    clip = surface.get_clip()
    surface.set_clip(room.clip(clip))
    for i, line in enumerate(lines):
        text.blit(surface, line, ROLE, size, colour, (room.centerx, top + i * step(size)),
                  "center")
    surface.set_clip(clip)
