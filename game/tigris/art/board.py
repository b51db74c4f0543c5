"""The board (R1.1): 16×11 squares of sand and river inside a carved clay frame.

Geometry contract for the scenes: `board_grid_rect(width, height)` says where the
grid lies inside a board surface of that size. Squares are whole pixels: the cell
side is `grid.w // 16` (== `grid.h // 11`), column A is at grid.x, row 1 at grid.y.
The frame around the grid is at least FRAME_CELLS cells wide on every side and holds
the coordinate labels (letters above and below, numbers left and right), centred on
their column or row.

This module draws only what is printed on the board; tiles, leaders and treasures
are pieces the scenes draw on top.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

import pygame

from game.art import palette as pal
from game.art._render import (
    bevel_body,
    cached,
    mottled,
    new_surface,
    speckle,
    tint,
)
from game.art.fonts import font
from game.tigris.art import palette as te_pal
from game.tigris.art.symbols import symbol_mask

COLUMNS = "ABCDEFGHIJKLMNOP"
ROWS = 11
FRAME_CELLS = 0.75

Square = tuple[int, int]


def board_grid_rect(width: int, height: int) -> pygame.Rect:
    """Where the 16×11 grid lies inside a board surface of width×height pixels.

    The cell side is the largest whole number of pixels that leaves a frame of at
    least FRAME_CELLS cells on every side; the grid is centred.
    """
    if width <= 0 or height <= 0:
        raise ValueError(f"board size must be positive, got {width}×{height}")
    cell = int(min(width / (16 + 2 * FRAME_CELLS), height / (ROWS + 2 * FRAME_CELLS)))
    cell = max(1, cell)
    gw, gh = cell * 16, cell * ROWS
    return pygame.Rect((width - gw) // 2, (height - gh) // 2, gw, gh)


def parse_square(name: str) -> Square:
    """'A1' -> (0, 0), 'P11' -> (15, 10): column and row indices from zero."""
    col = COLUMNS.find(name[:1].upper())
    try:
        row = int(name[1:]) - 1
    except ValueError:
        row = -1
    if col < 0 or not 0 <= row < ROWS or len(name) < 2:
        raise ValueError(f"not a board square: {name!r} (expected A1..P11)")
    return col, row


def _squares(names: Iterable[str]) -> frozenset[Square]:
    return frozenset(parse_square(n) for n in names)


def board_surface(layout: dict[str, list[str]], width: int, height: int) -> pygame.Surface:
    """The printed board for a layout from engine.board_layout(name).

    `layout` holds "river", "treasures" and "corner_treasures" as lists of squares.
    Cached per layout and size.
    """
    key = (tuple(sorted(layout.get("river", []))), tuple(sorted(layout.get("treasures", []))),
           tuple(sorted(layout.get("corner_treasures", []))))
    return _board(key, width, height)


@cached(maxsize=6)
def _board(key: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], width: int,
           height: int) -> pygame.Surface:
    river, treasures, corners = (_squares(k) for k in key)
    surface = new_surface(width, height)
    grid = board_grid_rect(width, height)
    cell = grid.w // 16
    _frame(surface, grid, cell)
    _land(surface, grid, cell)
    _river(surface, grid, cell, river)
    _grid_lines(surface, grid, cell, river)
    _treasure_marks(surface, grid, cell, treasures, corners)
    _labels(surface, grid, cell)
    return surface


def _frame(surface: pygame.Surface, grid: pygame.Rect, cell: int) -> None:
    """A carved clay frame: bevelled, grained, with a gold rule and a sawtooth band."""
    w, h = surface.get_size()
    outer = surface.get_rect()
    radius = max(2, cell // 3)
    bevel_body(surface, outer, radius, te_pal.FRAME, max(2, cell // 10), 0.25)
    grain = mottled(w, h, te_pal.FRAME, 0.12, max(4, cell // 2), 11, alpha=150)
    mask = new_surface(w, h)
    pygame.draw.rect(mask, (255, 255, 255, 255), outer.inflate(-cell // 5, -cell // 5),
                     border_radius=radius)
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(grain, (0, 0))
    speckle(surface, outer, w * h // 900, [te_pal.FRAME_LIGHT, pal.darken(te_pal.FRAME, 0.3)], 12,
            radius=0.8, alpha=80)
    band = max(3, cell // 5)
    rim = grid.inflate(2 * band + 4, 2 * band + 4)
    pygame.draw.rect(surface, pal.darken(te_pal.FRAME, 0.35), rim.inflate(4, 4))
    pygame.draw.rect(surface, pal.TERRACOTTA_DARK, rim)
    _sawtooth(surface, rim, band)
    pygame.draw.rect(surface, pal.GOLD, rim, width=max(1, cell // 40))
    pygame.draw.rect(surface, pal.GOLD_DARK, grid.inflate(4, 4), width=2)


def _sawtooth(surface: pygame.Surface, rim: pygame.Rect, band: int) -> None:
    """A row of gold triangles around the grid, like glazed-brick friezes."""
    step = band * 1.2
    color = (*pal.GOLD, 210)
    layer = new_surface(*surface.get_size())
    inner = rim.inflate(-2 * band, -2 * band)
    n = max(1, int(rim.w / step))
    dx = rim.w / n
    for i in range(n):
        x0 = rim.x + i * dx
        pygame.draw.polygon(layer, color, [(x0, rim.y), (x0 + dx, rim.y),
                                           (x0 + dx / 2, inner.y - 1)])
        pygame.draw.polygon(layer, color, [(x0, rim.bottom), (x0 + dx, rim.bottom),
                                           (x0 + dx / 2, inner.bottom + 1)])
    n = max(1, int(rim.h / step))
    dy = rim.h / n
    for i in range(n):
        y0 = rim.y + i * dy
        pygame.draw.polygon(layer, color, [(rim.x, y0), (rim.x, y0 + dy),
                                           (inner.x - 1, y0 + dy / 2)])
        pygame.draw.polygon(layer, color, [(rim.right, y0), (rim.right, y0 + dy),
                                           (inner.right + 1, y0 + dy / 2)])
    surface.blit(layer, (0, 0))


def _land(surface: pygame.Surface, grid: pygame.Rect, cell: int) -> None:
    """Sun-baked sand: mottled, grainy, each square a shade apart like laid bricks."""
    land = mottled(grid.w, grid.h, te_pal.LAND, 0.07, max(4, cell // 2), 21)
    rng = random.Random(22)
    shade = new_surface(grid.w, grid.h)
    for row in range(ROWS):
        for col in range(16):
            v = rng.uniform(-1, 1)
            c = (255, 250, 235, round(18 * v)) if v > 0 else (70, 40, 10, round(-14 * v))
            shade.fill(c, (col * cell, row * cell, cell, cell))
    land.blit(shade, (0, 0))
    surface.blit(land, grid.topleft)
    speckle(surface, grid, grid.w * grid.h // 160,
            [pal.SAND_LIGHT, pal.SAND_DARK, pal.CLAY_LIGHT], 23, radius=max(0.6, cell / 90),
            alpha=120)


def _cell_rect(grid: pygame.Rect, cell: int, sq: Square) -> pygame.Rect:
    return pygame.Rect(grid.x + sq[0] * cell, grid.y + sq[1] * cell, cell, cell)


def _river(surface: pygame.Surface, grid: pygame.Rect, cell: int,
           river: frozenset[Square]) -> None:
    """Water squares joined into one stream, with banks where they meet the land."""
    if not river:
        return
    water = mottled(grid.w, grid.h, te_pal.RIVER, 0.10, max(4, cell), 31)
    deep = mottled(grid.w, grid.h, te_pal.RIVER_DEEP, 0.05, max(4, cell * 2), 32)
    deep.set_alpha(90)
    water.blit(deep, (0, 0))
    mask = new_surface(grid.w, grid.h)
    for sq in river:
        mask.fill((255, 255, 255, 255), (sq[0] * cell, sq[1] * cell, cell, cell))
    water.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    bank = max(2, cell // 14)
    banks = new_surface(grid.w, grid.h)
    for col, row in river:
        x, y = col * cell, row * cell
        for (dc, dr), edge in (((0, -1), (x, y, cell, bank)),
                               ((0, 1), (x, y + cell - bank, cell, bank)),
                               ((-1, 0), (x, y, bank, cell)),
                               ((1, 0), (x + cell - bank, y, bank, cell))):
            n = (col + dc, row + dr)
            if n not in river and 0 <= n[0] < 16 and 0 <= n[1] < ROWS:
                banks.fill((*te_pal.RIVER_BANK, 200), edge)
                inner = pygame.Rect(edge)
                if dc == 0:
                    inner.y += bank if dr < 0 else -bank
                else:
                    inner.x += bank if dc < 0 else -bank
                banks.fill((*te_pal.RIVER_DEEP, 110), inner)
    water.blit(banks, (0, 0))
    _waves(water, cell, river)
    surface.blit(water, grid.topleft)


def _waves(water: pygame.Surface, cell: int, river: frozenset[Square]) -> None:
    """Short ripples on every river square, lighter on the crests."""
    rng = random.Random(33)
    layer = new_surface(*water.get_size())
    width = max(1, cell // 40)
    for col, row in sorted(river):
        x0, y0 = col * cell, row * cell
        for k in range(2):
            y = y0 + cell * (0.32 + 0.36 * k) + rng.uniform(-cell * 0.06, cell * 0.06)
            start = x0 + cell * rng.uniform(0.12, 0.3)
            length = cell * rng.uniform(0.35, 0.55)
            pts = [(start + length * t / 10,
                    y + math.sin(t / 10 * 2 * math.pi + rng.random()) * cell * 0.035)
                   for t in range(11)]
            pygame.draw.lines(layer, (*te_pal.RIVER_FOAM, 120), False, pts, width)
    water.blit(layer, (0, 0))


def _grid_lines(surface: pygame.Surface, grid: pygame.Rect, cell: int,
                river: frozenset[Square]) -> None:
    """Thin seams between squares: firm on land, faint on water."""
    layer = new_surface(grid.w, grid.h)
    land_c = (*te_pal.GRID_LINE, 170)
    water_c = (*te_pal.RIVER_FOAM, 60)
    for col in range(16):
        for row in range(ROWS):
            c = water_c if (col, row) in river else land_c
            x, y = col * cell, row * cell
            pygame.draw.line(layer, c, (x, y), (x + cell - 1, y))
            pygame.draw.line(layer, c, (x, y), (x, y + cell - 1))
    pygame.draw.rect(layer, land_c, layer.get_rect(), 1)
    surface.blit(layer, grid.topleft)


def _treasure_marks(surface: pygame.Surface, grid: pygame.Rect, cell: int,
                    treasures: frozenset[Square], corners: frozenset[Square]) -> None:
    """Printed marks where the starting temples and treasures go (R2.1): a faint
    ziggurat, ringed with a star on the corner squares (taken first, R9.1)."""
    side = max(2, round(cell * 0.62))
    mark = tint(symbol_mask("temple", side), (*pal.CLAY, 110))
    ring = tint(symbol_mask("star", cell), (*pal.CLAY, 70))
    for sq in treasures | corners:
        r = _cell_rect(grid, cell, sq)
        if sq in corners:
            surface.blit(ring, r.topleft)
        surface.blit(mark, (r.centerx - side // 2, r.centery - side // 2))


def _labels(surface: pygame.Surface, grid: pygame.Rect, cell: int) -> None:
    """Column letters and row numbers in the frame, in engraved gold."""
    px = max(8, round(cell * 0.36))
    f = font("title", px)
    margin_y = min(grid.y, surface.get_height() - grid.bottom)
    margin_x = min(grid.x, surface.get_width() - grid.right)
    band = max(3, cell // 5) + 4
    top_c = grid.y - band - (margin_y - band) / 2
    bottom_c = grid.bottom + band + (margin_y - band) / 2
    left_c = grid.x - band - (margin_x - band) / 2
    right_c = grid.right + band + (margin_x - band) / 2

    def put(text: str, cx: float, cy: float) -> None:
        shadow = f.render(text, True, pal.darken(te_pal.FRAME, 0.55))
        label = f.render(text, True, pal.GOLD_LIGHT)
        r = label.get_rect(center=(round(cx), round(cy)))
        surface.blit(shadow, r.move(1, 1))
        surface.blit(label, r)

    for i, letter in enumerate(COLUMNS):
        cx = grid.x + (i + 0.5) * cell
        put(letter, cx, top_c)
        put(letter, cx, bottom_c)
    for row in range(ROWS):
        cy = grid.y + (row + 0.5) * cell
        put(str(row + 1), left_c, cy)
        put(str(row + 1), right_c, cy)
