"""A seat's panel: its name (and a status such as "thinking"), its colour with a
symbol on it so seats are told apart without seeing colour, the public counts the
game supplies as (icon, value) pairs, whose turn it is, and a badge with how many
hidden things (cards in hand) it holds.

The drawing parts (`draw_name`, `draw_counts`, `draw_badge`) are what a game's own
panel is made of when it shows more (score chips, the pieces a seat holds);
`draw_panel` is the whole panel from a `SeatPanel`, and `SeatPanels` lays several out as
targets a finger can tap (`<prefix>:<seat>`) or the digit keys pick.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game import layout as geo
from game.art import palette as pal
from game.kit.widget import Choice, gap_for
from game.ui import icons, skin, text
from game.ui.widgets import Button

RGB = tuple[int, int, int]
Picture = Callable[[int], pygame.Surface]   # a picture drawn at a size in pixels


@dataclass
class SeatPanel:
    name: str
    color: RGB
    symbol: Picture | None = None
    counts: list[tuple[Picture, str]] = field(default_factory=list)
    active: bool = False
    hidden: int | None = None           # how many hidden things it holds; None: none kept
    back: Picture | None = None         # the picture the hidden count sits on
    computer: bool = False
    status: str = ""


def draw_name(surface: pygame.Surface, area: pygame.Rect, name: str, status: str = "",
              computer: bool = False, px: int | None = None) -> None:
    """The name over a status line (the name alone when there is none or no room), a
    computer's glyph at the end, all cut at the area's end if a translation is too long
    even at the smallest size. `px`: the name's size, when panels side by side set their
    names in one (`name_px`); else the largest that fits."""
    if area.w < 20:
        return
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip))
    if computer:
        glyph = _computer_glyph(area)
        surface.blit(glyph, glyph.get_rect(midright=(area.right, area.centery)))
    width, line_px = _name_room(area, status, computer)
    size = name_px(area, name, status, computer) if px is None else px
    if not status or area.h < 24:
        text.blit(surface, name, "bold", size, pal.TEXT, area.midleft, "midleft")
    else:
        text.blit(surface, name, "bold", size, pal.TEXT, (area.x, area.centery), "bottomleft")
        small = text.fit_px(status, "text", max(10, int(line_px * 0.9)), width)
        text.blit(surface, status, "text", small, pal.TEXT_MUTED, (area.x, area.centery),
                  "topleft")
    surface.set_clip(clip)


def name_px(area: pygame.Rect, name: str, status: str = "", computer: bool = False) -> int:
    """The largest size at which `draw_name` sets `name` whole in `area`."""
    width, px = _name_room(area, status, computer)
    return text.fit_px(name, "bold", px, width)


def _computer_glyph(area: pygame.Rect) -> pygame.Surface:
    return icons.glyph("computer", max(8, int(area.h * 0.5)), pal.INK_SOFT)


def _name_room(area: pygame.Rect, status: str, computer: bool) -> tuple[int, int]:
    """The width the name may take beside a computer's glyph, and its size at most (less
    over a status line)."""
    width = area.w - (_computer_glyph(area).get_width() + 2 if computer else 0)
    if not status or area.h < 24:
        return width, max(10, int(area.h * 0.42))
    return width, max(10, min(int(area.h * 0.36), int(area.h / 2.3)))


def counts_width(counts: Sequence[tuple[Picture, str]], px: int, icon_px: int,
                 gap: int = 6) -> int:
    """The width `draw_counts` takes for `counts`, to lay out what stands beside them."""
    return sum(text.size(value, "bold", px)[0] + icon_px + 1 + gap for _icon, value in counts)


def draw_counts(surface: pygame.Surface, area: pygame.Rect, counts: Sequence[tuple[Picture, str]],
                px: int, icon_px: int, gap: int = 6) -> int:
    """Each count as its icon then its value, right-aligned in `area` in the order
    given; returns where they begin."""
    x = area.right
    for icon, value in reversed(counts):
        label = text.render(value, "bold", px, pal.TEXT)
        x -= label.get_width()
        surface.blit(label, label.get_rect(midleft=(x, area.centery)))
        x -= icon_px + 1
        surface.blit(icon(icon_px), (x, area.centery - icon_px // 2))
        x -= gap
    return x


def draw_badge(surface: pygame.Surface, label: str, slot: pygame.Rect, px: int) -> None:
    """A number in a pill at the top right of `slot` (how many are in a pile)."""
    img = text.render(label, "bold", px, pal.IVORY)
    r = img.get_rect(topright=(slot.right - 1, slot.top + 1))
    box = r.inflate(px // 2, 0)
    pygame.draw.rect(surface, pal.EMBER, box, border_radius=box.h // 2)
    surface.blit(img, r)


def draw_medal(surface: pygame.Surface, rect: pygame.Rect, color: RGB,
               symbol: Picture | None) -> None:
    """The seat's colour as a disc with its symbol on it."""
    pygame.draw.ellipse(surface, color, rect)
    pygame.draw.ellipse(surface, pal.INK, rect, width=max(1, rect.w // 14))
    if symbol is not None:
        picture = symbol(int(rect.w * 0.68))
        surface.blit(picture, picture.get_rect(center=rect.center))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, seat: SeatPanel,
               name_size: int | None = None, counts_px: int | None = None) -> pygame.Rect:
    """The whole panel in `rect`, ringed in gold on its seat's turn; one row when it is
    long enough for its counts beside the name, else the counts under it. Returns the
    name's area (a status may take it over). `name_size`: as `draw_name`'s `px`;
    `counts_px`: the counts' size, smaller than the panel's own (`panel_counts_px`) when
    many counts would leave the name no room."""
    surface.blit(skin.panel(rect.w, rect.h, seat.active), rect)
    pad, inner, rows = _panel_rows(rect)
    row_h = inner.h // rows
    medal = pygame.Rect(inner.x, inner.y, min(inner.h, row_h * rows), min(inner.h, row_h * rows))
    medal.centery = inner.centery
    draw_medal(surface, medal, seat.color, seat.symbol)
    x = medal.right + pad
    px = panel_counts_px(rect) if counts_px is None else counts_px
    icon_px = max(8, int(row_h * 0.6) if counts_px is None else counts_px * 4 // 3)
    counts = list(seat.counts)
    line = pygame.Rect(x, inner.y + (rows - 1) * row_h, inner.right - x, row_h)
    right = line.right
    if seat.hidden is not None:
        slot = pygame.Rect(0, 0, icon_px + px // 2, icon_px + px // 2)
        slot.midright = (right, line.centery)
        if seat.back is not None:
            back = seat.back(icon_px)
            surface.blit(back, back.get_rect(center=slot.center))
        else:
            pygame.draw.rect(surface, pal.INK_SOFT, slot.inflate(-4, -4),
                             border_radius=max(2, slot.w // 6))
        draw_badge(surface, str(seat.hidden), slot, max(10, px * 3 // 4))
        right = slot.x - pad
    start = draw_counts(surface, pygame.Rect(x, line.y, right - x, row_h), counts, px, icon_px)
    name_right = start - pad if rows == 1 else inner.right
    name_area = pygame.Rect(x, inner.y, name_right - x, row_h)
    draw_name(surface, name_area, seat.name, seat.status, seat.computer, name_size)
    return name_area


def panel_counts_px(rect: pygame.Rect) -> int:
    """The size of a panel's counts when `draw_panel` is not told one."""
    _pad, inner, rows = _panel_rows(rect)
    return max(10, int(inner.h // rows * 0.45))


def _panel_rows(rect: pygame.Rect) -> tuple[int, pygame.Rect, int]:
    """A panel's padding, its inside and how many rows it has (two when tall enough)."""
    pad = max(3, min(rect.w, rect.h) // 10)
    inner = rect.inflate(-2 * pad, -2 * pad)
    tall = inner.h >= 2 * geo.MIN_TARGET * 3 // 4 and inner.w < inner.h * 6
    return pad, inner, 2 if tall else 1


class SeatPanels:
    """The seats' panels one under the other (or side by side in a wide area), each a
    target: a tap or its digit key tells the game which seat (`on_pick`)."""

    def __init__(self, seats: list[SeatPanel], *, on_pick: Callable[[int], None] | None = None,
                 across: bool = False, prefix: str = "seat") -> None:
        self.seats = seats
        self.on_pick = on_pick
        self.across = across
        self.prefix = prefix
        self.rects: list[pygame.Rect] = []

    def _panel_h(self, c: int) -> int:
        return max(geo.MIN_TARGET, int(c * 1.5))

    def height(self, width: int, c: int, px: int) -> int:
        n = max(1, len(self.seats))
        if self.across:
            return self._panel_h(c)
        return n * self._panel_h(c) + (n - 1) * gap_for(c)

    def place(self, rect: pygame.Rect, c: int, px: int) -> list[Button]:
        n = max(1, len(self.seats))
        gap = gap_for(c)
        if self.across:
            w = (rect.w - (n - 1) * gap) // n
            h = min(rect.h, self._panel_h(c))
            self.rects = [pygame.Rect(rect.x + i * (w + gap), rect.y, w, h)
                          for i in range(len(self.seats))]
        else:
            h = min(self._panel_h(c), (rect.h - (n - 1) * gap) // n)
            self.rects = [pygame.Rect(rect.x, rect.y + i * (h + gap), rect.w, h)
                          for i in range(len(self.seats))]
        return [Button(f"{self.prefix}:{i}", r, enabled=self.on_pick is not None, style="bare")
                for i, r in enumerate(self.rects)]

    def press(self, bid: str) -> bool:
        head, _, tail = bid.rpartition(":")
        if head != self.prefix or not tail.isdigit():
            return False
        if self.on_pick is not None:
            self.on_pick(int(tail))
        return True

    def choices(self, c: int) -> list[Choice]:
        return [Choice(f"{self.prefix}:{i}", seat.name, self.on_pick is not None)
                for i, seat in enumerate(self.seats)]

    def key(self, key: str) -> bool:
        if self.on_pick is None or not key.isdigit() or not 1 <= int(key) <= len(self.seats):
            return False
        self.on_pick(int(key) - 1)
        return True

    def draw(self, surface: pygame.Surface, px: int, hover: str | None,
             pressed: str | None) -> None:
        for i, (seat, r) in enumerate(zip(self.seats, self.rects, strict=True)):
            draw_panel(surface, r, seat)
            if f"{self.prefix}:{i}" in (hover, pressed) and self.on_pick is not None:
                pygame.draw.rect(surface, pal.GOLD_LIGHT, r, width=2,
                                 border_radius=max(4, min(r.w, r.h) // 10))
