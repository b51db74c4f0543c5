"""A track: a row of numbered spaces with each seat's marker on its space (a score
track, a succession of epochs), markers stacked when seats share a space, and bands
of labels over runs of spaces that the game names (epochs, regions).

A long track wraps onto as many rows as it needs for every space to stay a finger
wide. A space can be tapped (`<prefix>:<number>`) or reached with ← → and Enter,
which tells the game (`on_pick`: show what that space means).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from game import layout as geo
from game.art import palette as pal
from game.kit.widget import Choice, gap_for
from game.ui import text
from game.ui.widgets import Button

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Band:
    """A label over the spaces first..last (an epoch, a region), with a note in smaller
    type under it (what entering it takes)."""

    first: int
    last: int
    label: str
    color: RGB = pal.PARCHMENT_DARK
    note: str = ""


@dataclass(frozen=True)
class SeatMark:
    """How a seat's marker looks: its colour and a symbol drawn on it (by size), so
    that seats are told apart without seeing colour."""

    color: RGB
    symbol: Callable[[int], pygame.Surface] | None = None


class Track:
    def __init__(self, first: int, last: int, *, marks: Mapping[int, SeatMark],
                 where: Mapping[int, int], bands: list[Band] | None = None,
                 on_pick: Callable[[int], None] | None = None, prefix: str = "track") -> None:
        if last < first:
            raise ValueError(f"empty track {first}..{last}")
        self.first, self.last = first, last
        self.marks = dict(marks)          # seat -> look
        self.where = dict(where)          # seat -> space
        self.bands = list(bands or [])
        self.on_pick = on_pick
        self.prefix = prefix
        self.focus: int | None = None
        self.picked: int | None = None
        self.spaces: dict[int, pygame.Rect] = {}
        self.band_h = 0

    def move(self, seat: int, space: int) -> None:
        self.where[seat] = min(self.last, max(self.first, space))

    def seats_at(self, space: int) -> list[int]:
        return sorted(seat for seat, at in self.where.items() if at == space)

    # ----- input --------------------------------------------------------------------

    def pick(self, space: int) -> None:
        self.picked = self.focus = space
        if self.on_pick is not None:
            self.on_pick(space)

    def press(self, bid: str) -> bool:
        head, _, tail = bid.rpartition(":")
        if head != self.prefix or not tail.lstrip("-").isdigit():
            return False
        self.pick(int(tail))
        return True

    def key(self, key: str) -> bool:
        if key in ("left", "right"):
            step = 1 if key == "right" else -1
            start = self.focus if self.focus is not None else (
                self.first - 1 if step > 0 else self.last + 1)
            self.focus = min(self.last, max(self.first, start + step))
        elif key in ("return", "enter", "space") and self.focus is not None:
            self.pick(self.focus)
        else:
            return False
        return True

    def choices(self, c: int) -> list[Choice]:
        return [Choice(f"{self.prefix}:{n}", str(n), True, n == self.picked)
                for n in range(self.first, self.last + 1)]

    # ----- layout -------------------------------------------------------------------

    def _per_row(self, width: int) -> int:
        return max(1, min(self.last - self.first + 1, width // geo.MIN_TARGET))

    def _rows(self, width: int) -> int:
        return -(-(self.last - self.first + 1) // self._per_row(width))

    def _band_h(self, px: int) -> int:
        if not self.bands:
            return 0
        if any(b.note for b in self.bands):
            return int(px * 1.2) + int(px * 0.7)
        return int(px * 1.4)

    def height(self, width: int, c: int, px: int) -> int:
        space_w = width // self._per_row(width)
        row_h = self._band_h(px) + max(geo.MIN_TARGET, min(space_w, int(c * 1.2)))
        rows = self._rows(width)
        return rows * row_h + (rows - 1) * gap_for(c)

    def place(self, rect: pygame.Rect, c: int, px: int) -> list[Button]:
        per_row = self._per_row(rect.w)
        space_w = rect.w // per_row
        self.band_h = self._band_h(px)
        space_h = max(geo.MIN_TARGET, min(space_w, int(c * 1.2)))
        row_h = self.band_h + space_h + gap_for(c)
        self.spaces = {}
        for k, space in enumerate(range(self.first, self.last + 1)):
            row, col = divmod(k, per_row)
            self.spaces[space] = pygame.Rect(rect.x + col * space_w,
                                             rect.y + row * row_h + self.band_h, space_w, space_h)
        return [Button(f"{self.prefix}:{n}", r, style="bare") for n, r in self.spaces.items()]

    # ----- drawing ------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, px: int, hover: str | None,
             pressed: str | None) -> None:
        for band in self.bands:
            self._draw_band(surface, band, px)
        for n, r in self.spaces.items():
            bid = f"{self.prefix}:{n}"
            face = pal.PARCHMENT if bid not in (hover, pressed) else pal.GOLD_LIGHT
            box = r.inflate(-2, -2)
            pygame.draw.rect(surface, face, box, border_radius=max(3, r.w // 8))
            edge = pal.GOLD if n in (self.picked, self.focus) else pal.INK_SOFT
            pygame.draw.rect(surface, edge, box, width=2 if edge == pal.GOLD else 1,
                             border_radius=max(3, r.w // 8))
            size = text.fit_px(str(n), "text", max(9, px * 3 // 4), box.w - 4)
            text.blit(surface, str(n), "text", size, pal.TEXT_MUTED,
                      (box.x + 3, box.y + 1))
            self._draw_markers(surface, box, self.seats_at(n))

    def _draw_band(self, surface: pygame.Surface, band: Band, px: int) -> None:
        """The band over its spaces, one piece per row it spans, each labelled."""
        runs: dict[int, pygame.Rect] = {}
        for n in range(max(band.first, self.first), min(band.last, self.last) + 1):
            r = self.spaces[n]
            cell = pygame.Rect(r.x, r.y - self.band_h, r.w, self.band_h)
            runs[r.y] = runs[r.y].union(cell) if r.y in runs else cell
        for run in runs.values():
            strip = run.inflate(-2, -2)
            pygame.draw.rect(surface, band.color, strip, border_radius=max(2, strip.h // 3))
            size = text.fit_px(band.label, "bold", max(9, px * 3 // 4), strip.w - 4)
            if not band.note:
                text.blit(surface, band.label, "bold", size, pal.TEXT, strip.center, "center")
                continue
            text.blit(surface, band.label, "bold", size, pal.TEXT,
                      (strip.centerx, strip.y + 2), "midtop")
            small = text.fit_px(band.note, "text", max(9, px * 3 // 5), strip.w - 4, minimum=8)
            clip = surface.get_clip()
            surface.set_clip(strip.clip(clip))
            text.blit(surface, band.note, "text", small, pal.TEXT,
                      (strip.centerx, strip.bottom - 1), "midbottom")
            surface.set_clip(clip)

    def _draw_markers(self, surface: pygame.Surface, box: pygame.Rect, seats: list[int]) -> None:
        """Markers sharing a space stacked like discs, each shifted up a little."""
        if not seats:
            return
        d = max(10, int(min(box.w, box.h) * 0.55))
        shift = min(d // 3, max(2, (box.h - d - 4) // max(1, len(seats) - 1)))
        bottom = box.bottom - 3
        for k, seat in enumerate(seats):
            mark = self.marks[seat]
            disc = pygame.Rect(0, 0, d, d)
            disc.midbottom = (box.centerx + (d // 6 if k % 2 else 0), bottom - k * shift)
            pygame.draw.ellipse(surface, mark.color, disc)
            pygame.draw.ellipse(surface, pal.INK, disc, width=max(1, d // 12))
            if mark.symbol is not None:
                picture = mark.symbol(int(d * 0.7))
                surface.blit(picture, picture.get_rect(center=disc.center))
