"""Where the parts of a seat's panel in the side column are: its rows, the leaders in
supply and the score chips.

One place for the geometry, read by the painter that draws the panel and by the
stage that sends pieces home to it (a leader walking back to its slot, a point
flying to its colour's score).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

COLORS = ("red", "blue", "green", "black")


@dataclass(frozen=True)
class PanelPlaces:
    inner: pygame.Rect
    rows: int
    row_h: int
    leaders: dict[str, pygame.Rect]   # the leader of each colour in supply, by colour
    chips: dict[str, pygame.Rect]     # the score box of each colour
    scores: pygame.Rect               # the row of the four score boxes


def panel_places(rect: pygame.Rect, c: int) -> PanelPlaces:
    """The places in a panel of `rect` at square size `c`: three rows when they fit
    (name, counts, leaders and scores), else two (a name under 20 px rows is too small
    to read: the panels of 3 or 4 seats at 1280x800 fold to two rows)."""
    inner = rect.inflate(-max(4, c // 8), -max(4, c // 10))
    rows = 3 if inner.h >= 3 * 20 else 2
    row_h = inner.h // rows
    leader_row = pygame.Rect(inner.x, inner.y + (rows - 1) * row_h, inner.w // 2, row_h)
    vp_row = pygame.Rect(leader_row.right + 2, leader_row.y,
                         inner.right - leader_row.right - 2, row_h)
    leader_px = max(8, min(row_h - 2, leader_row.w // 4 - 1))
    leaders = {
        color: pygame.Rect(leader_row.x + i * (leader_px + 1),
                           leader_row.y + (row_h - leader_px) // 2, leader_px, leader_px)
        for i, color in enumerate(COLORS)
    }
    cell_w = max(1, vp_row.w // 4)
    chip_h = max(8, int(row_h * 0.8))
    chips = {
        color: pygame.Rect(vp_row.x + i * cell_w + 1, vp_row.y + (row_h - chip_h) // 2,
                           cell_w - 2, chip_h)
        for i, color in enumerate(COLORS)
    }
    return PanelPlaces(inner, rows, row_h, leaders, chips, vp_row)
