"""The desk table's seats' panels when eight nations share a narrow column (800×480):
each panel one short row with the nation's medal, its short name and the counts that
matter most, each after its icon, set as large as the row allows; what a row has no room
for beside a readable name (stock, score, ships) and the rest (the civilization cards by
name, the A.S.T. outlook) on the card a hover, tap or long press on the panel opens
(`game.civ.ast_panel.seat_lines`).

Built from the kit's panel parts (`game.kit.seat_panel`); a panel tall enough for the
kit's own layout is drawn by the kit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from game.art import palette as pal
from game.kit.seat_panel import (
    SeatPanel,
    SeatPanels,
    counts_width,
    draw_badge,
    draw_counts,
    draw_medal,
    draw_panel,
    panel_counts_px,
)
from game.kit.seat_panel import name_px as panel_name_px
from game.kit.widget import gap_for
from game.ui import skin, text
from game.ui.widgets import Button

LEAST_ROW = 18   # px: a row below this is not readable at the smallest text size
LEAST_NAME = 11  # px: the smallest readable name
TALL_ROW = 36    # px: from this height the kit's two-line panel is used


ROW_GAP = 1      # px between compact rows: the column is short of height
Count = tuple[Callable[[int], pygame.Surface], str]


def least_height(seats: int) -> int:
    """The height the seats' column needs for every row to stay readable."""
    return seats * LEAST_ROW + (seats - 1) * ROW_GAP


def short_name(name: str) -> str:
    """A seat's name cut to its nation ("Ann · Egypt" -> "Egypt")."""
    return name.rpartition(" · ")[2]


class RowPanels(SeatPanels):
    """The kit's panels, drawn as compact rows when they are short; `drop` names the
    counts (by position, the most wanted first) a row leaves to the details card, the
    last first, as far as its names need the room to stay readable."""

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
        """Every name in one size, so that the rows read alike ("Babylon" was set smaller
        than "Italy" where its counts took more room), and no count left out that the rows
        have room for (three nations at 1280×800 had lost their stock and score beside
        names set at 16 px): the fewest counts are left to the card at which every name
        is readable. A short row then sets its names and counts in the largest size at
        which every name fits whole; the kit's panels are drawn again with their names in
        the least size any of them needs. These panels are never picked (the table tells
        a seat on a card instead)."""
        if not self.rects:
            return
        if self.rects[0].h >= TALL_ROW:
            self.draw_panels(surface)
            return
        names = [short_name(seat.name) for seat in self.seats]
        for dropped in range(len(self.drop) + 1):
            rows = [(seat, r, self.shown_counts(seat, dropped))
                    for seat, r in zip(self.seats, self.rects, strict=True)]
            size = next((p for p in range(name_px(self.rects[0].h), LEAST_NAME - 1, -1) if all(
                text.size(name, "bold", p)[0] <= name_room(r, seat, counts, p).w
                for name, (seat, r, counts) in zip(names, rows, strict=True))), None)
            if size is not None:
                break
        size = size or LEAST_NAME
        rooms = [name_room(r, seat, counts, size) for seat, r, counts in rows]
        name_size = min(text.fit_px(name, "bold", size, room.w)
                        for name, room in zip(names, rooms, strict=True))
        for (seat, r, counts), name, room in zip(rows, names, rooms, strict=True):
            draw_row(surface, r, seat, counts, size)
            clip = surface.get_clip()
            surface.set_clip(room.clip(clip))
            text.blit(surface, name, "bold", name_size, pal.TEXT, room.midleft, "midleft")
            surface.set_clip(clip)

    def shown_counts(self, seat: SeatPanel, dropped: int) -> list[Count]:
        """The seat's counts but the last `dropped` of `drop`."""
        gone = self.drop[len(self.drop) - dropped:] if dropped else ()
        return [c for i, c in enumerate(seat.counts) if i not in gone]

    def draw_panels(self, surface: pygame.Surface) -> None:
        """The kit's panels, drawn to learn each name's room with their counts smaller
        and then with one more count left to the card at a time, until every name is
        readable and no smaller than the counts but by a pixel (counts at 16 px beside
        names at 11 read as the names' panel no more); then again with one size for
        every name (the chrome they are drawn on is kept between frames)."""
        largest = max(LEAST_NAME, panel_counts_px(self.rects[0]))
        for dropped in range(len(self.drop) + 1):
            seats = [replace(seat, counts=self.shown_counts(seat, dropped))
                     for seat in self.seats]
            for counts_px in range(largest, LEAST_NAME - 1, -1):
                rooms = [draw_panel(surface, r, seat, counts_px=counts_px)
                         for seat, r in zip(seats, self.rects, strict=True)]
                sizes = [panel_name_px(room, seat.name, seat.status, seat.computer)
                         for seat, room in zip(seats, rooms, strict=True)]
                if min(sizes) >= max(LEAST_NAME, counts_px - 1):
                    break
            if min(sizes) >= max(LEAST_NAME, counts_px - 1):
                break
        if len(set(sizes)) > 1:
            for seat, r in zip(seats, self.rects, strict=True):
                draw_panel(surface, r, seat, min(sizes), counts_px)


def name_px(row_h: int) -> int:
    """The largest size of a row's name and counts: as large as the row allows."""
    return max(LEAST_NAME, int((row_h - 2 * row_pad(row_h)) * 0.8))


def row_pad(row_h: int) -> int:
    return 1 if row_h < 24 else 2


def icon_size(rect: pygame.Rect, px: int) -> int:
    return max(9, min(int((rect.h - 2 * row_pad(rect.h)) * 0.75), px))


def name_room(rect: pygame.Rect, seat: SeatPanel, counts: list[Count], px: int) -> pygame.Rect:
    """Where the name goes in a row whose counts are set at `px` (as `draw_row` lays them)."""
    inner = rect.inflate(-2 * row_pad(rect.h), -2 * row_pad(rect.h))
    icon_px = icon_size(rect, px)
    right = inner.right - (icon_px + 8 if seat.hidden is not None else 0)
    start = right - counts_width(counts, px, icon_px, gap=4)
    return pygame.Rect(inner.x + inner.h + 4, inner.y, max(0, start - inner.x - inner.h - 8),
                       inner.h)


def draw_row(surface: pygame.Surface, rect: pygame.Rect, seat: SeatPanel,
             counts: list[Count], px: int) -> None:
    """The row but its name (`name_room` says where it goes), its counts set at `px`."""
    surface.blit(skin.panel(rect.w, rect.h, seat.active), rect)
    pad = row_pad(rect.h)
    inner = rect.inflate(-2 * pad, -2 * pad)
    medal = pygame.Rect(inner.x, inner.y, inner.h, inner.h)
    draw_medal(surface, medal, seat.color, seat.symbol)
    icon_px = icon_size(rect, px)
    right = inner.right
    if seat.hidden is not None:
        slot = pygame.Rect(0, 0, icon_px + 4, inner.h)
        slot.midright = (right, inner.centery)
        if seat.back is not None:
            back = seat.back(icon_px)
            surface.blit(back, back.get_rect(center=slot.center))
        draw_badge(surface, str(seat.hidden), slot, max(9, px * 3 // 4))
        right = slot.x - 4
    draw_counts(surface, pygame.Rect(medal.right, inner.y, right - medal.right, inner.h),
                counts, px, icon_px, gap=4)
