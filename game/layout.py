"""Where everything goes, as pure geometry of the window size.

No drawing and no state here: functions of (width, height) that return
rectangles, so tests can check every size from 800×480 to 3840×2160 without a
window (nothing off-screen, hit targets large enough). The unit is a square of
the screen's grid, 20 wide and 12 high in landscape, which makes the squares
exactly 40 px on an 800×480 touchscreen; a game's table lays its board out in
these squares (T&E's: `game.tigris.layout`).
"""

from __future__ import annotations

import math

from pygame import Rect

# The screen is measured in squares: GRID_COLUMNS × GRID_ROWS in landscape, and
# PORTRAIT_COLUMNS across in portrait (the tables fit their boards to this grid).
GRID_COLUMNS = 20
GRID_ROWS = 12
PORTRAIT_COLUMNS = 16
MIN_TARGET = 40


FRAME_CELLS = 0.75
FRAMED_MIN_CELL = 44


def frame_margin(c: int) -> int:
    """The width of the carved frame the art draws around the grid (game.tigris.art.board)."""
    return math.ceil(FRAME_CELLS * c)


def unit(w: int, h: int) -> int:
    """The size of a board square (and of a finger-sized button) for this window.

    When the window is large enough the board keeps its carved frame in view;
    on small screens the frame slides under the panels so squares stay 40 px.
    """
    if h > w * 1.1:
        return max(8, min(w // PORTRAIT_COLUMNS, h // GRID_COLUMNS))
    framed = int(min(w / (GRID_COLUMNS + 2 * FRAME_CELLS),
                     h / (GRID_ROWS + 2 * FRAME_CELLS)))
    if framed >= FRAMED_MIN_CELL:
        return framed
    return max(8, min(w // GRID_COLUMNS, h // GRID_ROWS))


def font_px(w: int, h: int, scale: float = 0.4) -> int:
    return max(11, int(unit(w, h) * scale))


def menu_column(w: int, h: int, count: int, top: int | None = None) -> list[Rect]:
    """A centred column of large buttons (title screen, menus)."""
    c = unit(w, h)
    bh = max(MIN_TARGET, int(c * 1.1))
    gap = max(6, c // 4)
    bw = min(w - 2 * gap, max(6 * c, int(w * 0.3)))
    total = count * bh + (count - 1) * gap
    y0 = top if top is not None else max(gap, (h - total) // 2)
    if y0 + total > h - gap:
        y0 = max(gap, h - gap - total)
    x = (w - bw) // 2
    return [Rect(x, y0 + i * (bh + gap), bw, bh) for i in range(count)]


def dialog_rect(w: int, h: int, content_h: int, width_units: float = 10.0) -> Rect:
    c = unit(w, h)
    dw = min(w - c // 2, int(width_units * c))
    dh = min(h - c // 2, content_h)
    return Rect((w - dw) // 2, (h - dh) // 2, dw, dh)


def button_grid(area: Rect, count: int, cols: int, height: int, gap: int) -> list[Rect]:
    """`count` buttons in rows of `cols`, filling `area`'s width from its top."""
    cols = max(1, min(cols, count))
    bw = (area.w - (cols - 1) * gap) // cols
    return [
        Rect(area.x + (i % cols) * (bw + gap), area.y + (i // cols) * (height + gap), bw, height)
        for i in range(count)
    ]


def grid_height(count: int, cols: int, height: int, gap: int) -> int:
    rows = (count + max(1, cols) - 1) // max(1, cols)
    return rows * height + max(0, rows - 1) * gap
