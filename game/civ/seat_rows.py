"""The desk table's seats' panels when eight nations share a narrow column (800×480):
each panel one short row with the nation's medal, its short name and the counts that
matter most, each after its icon, set as large as the row allows; the rest (stock, ships,
the civilization cards by name, the A.S.T. outlook, the score so far) on the card a
hover, tap or long press on the panel opens (`game.civ.ast_panel.seat_lines`).

Built from the kit's panel parts (`game.kit.seat_panel`); a panel tall enough for the
kit's own layout is drawn by the kit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.art import palette as pal
from game.kit.seat_panel import SeatPanel, SeatPanels, draw_badge, draw_counts, draw_medal
from game.kit.widget import gap_for
from game.ui import skin, text
from game.ui.widgets import Button

LEAST_ROW = 18   # px: a row below this is not readable at the smallest text size
TALL_ROW = 36    # px: from this height the kit's two-line panel is used
WIDE_ROW = 380   # px: a row this wide keeps every count


ROW_GAP = 1      # px between compact rows: the column is short of height


def least_height(seats: int) -> int:
    """The height the seats' column needs for every row to stay readable."""
    return seats * LEAST_ROW + (seats - 1) * ROW_GAP


def short_name(name: str) -> str:
    """A seat's name cut to its nation ("Ann · Egypt" -> "Egypt")."""
    return name.rpartition(" · ")[2]


class RowPanels(SeatPanels):
    """The kit's panels, drawn as compact rows when they are short; `drop` names the
    counts (by position) a narrow row leaves to the details card."""

    def __init__(self, seats: list[SeatPanel], drop: tuple[int, ...], **kw: Any) -> None:
        super().__init__(seats, **kw)
        self.drop = drop

    def place(self, rect: pygame.Rect, c: int, px: int) -> list[Button]:
        """The kit's layout, or rows closer together where they are short."""
        buttons = super().place(rect, c, px)
        n = len(self.seats)
        if self.across or not self.rects or self.rects[0].h >= TALL_ROW:
            return buttons
        h = min(self.rects[0].h + gap_for(c) - ROW_GAP, (rect.h - (n - 1) * ROW_GAP) // n)
        self.rects = [pygame.Rect(rect.x, rect.y + i * (h + ROW_GAP), rect.w, h) for i in range(n)]
        return [Button(b.id, r, enabled=b.enabled, style="bare")
                for b, r in zip(buttons, self.rects, strict=True)]

    def seat_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        return next((i for i, r in enumerate(self.rects) if r.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, px: int, hover: str | None,
             pressed: str | None) -> None:
        if not self.rects or self.rects[0].h >= TALL_ROW:
            super().draw(surface, px, hover, pressed)
            return
        rooms = []
        for seat, r in zip(self.seats, self.rects, strict=True):
            counts = seat.counts if r.w >= WIDE_ROW else [
                c for i, c in enumerate(seat.counts) if i not in self.drop]
            rooms.append(draw_row(surface, r, seat, counts))
        # One size for every name, the one at which the most crowded fits: names set each
        # to its own room read as unequal rows ("Babylon" smaller than "Italy").
        names = [short_name(seat.name) for seat in self.seats]
        largest = name_px(self.rects[0].h)
        size = min(text.fit_px(name, "bold", largest, room.w) for name, room in zip(
            names, rooms, strict=True))
        for name, room in zip(names, rooms, strict=True):
            clip = surface.get_clip()
            surface.set_clip(room.clip(clip))
            text.blit(surface, name, "bold", size, pal.TEXT, room.midleft, "midleft")
            surface.set_clip(clip)


def name_px(row_h: int) -> int:
    """The size of a row's name and counts: as large as the row allows."""
    return max(11, int((row_h - 2 * row_pad(row_h)) * 0.8))


def row_pad(row_h: int) -> int:
    return 1 if row_h < 24 else 2


def draw_row(surface: pygame.Surface, rect: pygame.Rect, seat: SeatPanel,
             counts: list[tuple[Callable[[int], pygame.Surface], str]]) -> pygame.Rect:
    """The row but its name; returns the room left for the name."""
    surface.blit(skin.panel(rect.w, rect.h, seat.active), rect)
    pad = row_pad(rect.h)
    inner = rect.inflate(-2 * pad, -2 * pad)
    medal = pygame.Rect(inner.x, inner.y, inner.h, inner.h)
    draw_medal(surface, medal, seat.color, seat.symbol)
    px = name_px(rect.h)
    icon_px = max(9, int(inner.h * 0.75))
    right = inner.right
    if seat.hidden is not None:
        slot = pygame.Rect(0, 0, icon_px + 4, inner.h)
        slot.midright = (right, inner.centery)
        if seat.back is not None:
            back = seat.back(icon_px)
            surface.blit(back, back.get_rect(center=slot.center))
        draw_badge(surface, str(seat.hidden), slot, max(9, px * 3 // 4))
        right = slot.x - 4
    start = draw_counts(surface, pygame.Rect(medal.right, inner.y, right - medal.right, inner.h),
                        counts, px, icon_px, gap=4)
    return pygame.Rect(medal.right + 4, inner.y, max(0, start - medal.right - 8), inner.h)
