"""Where everything goes, as pure geometry of the window size.

No drawing and no state here: functions of (width, height) that return
rectangles, so tests can check every size from 800×480 to 3840×2160 without a
window (nothing off-screen, hit targets large enough). The unit is the board
square: the table is 20 squares wide and 12 high in landscape (16×11 board, a
4-square side column, a 1-square bar under the board), which makes the squares
exactly 40 px on an 800×480 touchscreen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pygame import Rect

COLUMNS = 16
ROWS = 11
MIN_TARGET = 40


FRAME_CELLS = 0.75
FRAMED_MIN_CELL = 44


def frame_margin(c: int) -> int:
    """The width of the carved frame the art draws around the grid (game.art.board)."""
    return math.ceil(FRAME_CELLS * c)


def unit(w: int, h: int) -> int:
    """The size of a board square (and of a finger-sized button) for this window.

    When the window is large enough the board keeps its carved frame in view;
    on small screens the frame slides under the panels so squares stay 40 px.
    """
    if h > w * 1.1:
        return max(8, min(w // COLUMNS, h // 20))
    framed = int(min(w / (20 + 2 * FRAME_CELLS), h / (12 + 2 * FRAME_CELLS)))
    if framed >= FRAMED_MIN_CELL:
        return framed
    return max(8, min(w // 20, h // 12))


def font_px(w: int, h: int, scale: float = 0.4) -> int:
    return max(11, int(unit(w, h) * scale))


@dataclass
class SideLayout:
    info: Rect
    panels: list[Rect]
    buttons: dict[str, Rect]
    log: Rect


@dataclass
class TableLayout:
    width: int
    height: int
    cell: int
    board: Rect
    bar: Rect
    side: Rect
    frame: Rect = field(default_factory=Rect)
    hand_slots: list[Rect] = field(default_factory=list)
    leader_slots: list[Rect] = field(default_factory=list)
    catastrophe_slot: Rect = field(default_factory=Rect)
    bar_buttons: dict[str, Rect] = field(default_factory=dict)
    side_layout: SideLayout | None = None
    portrait: bool = False

    def square_rect(self, col: int, row: int) -> Rect:
        c = self.cell
        return Rect(self.board.x + col * c, self.board.y + row * c, c, c)

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.board.collidepoint(pos):
            return None
        col = (pos[0] - self.board.x) // self.cell
        row = (pos[1] - self.board.y) // self.cell
        if 0 <= col < COLUMNS and 0 <= row < ROWS:
            return (col, row)
        return None

    @property
    def side_(self) -> SideLayout:
        assert self.side_layout is not None
        return self.side_layout

    def hit_targets(self) -> list[Rect]:
        side = self.side_
        return [
            *self.hand_slots,
            *self.leader_slots,
            self.catastrophe_slot,
            *self.bar_buttons.values(),
            *side.buttons.values(),
        ]

    def all_rects(self) -> list[Rect]:
        side = self.side_
        return [self.board, self.bar, self.side, side.info, *side.panels, side.log,
                *self.hit_targets()]


def table_layout(w: int, h: int, players: int = 4) -> TableLayout:
    c = unit(w, h)
    portrait = h > w * 1.1
    if portrait:
        mx = (w - COLUMNS * c) // 2
        board = Rect(mx, min(c // 3, h // 40), COLUMNS * c, ROWS * c)
        bar = Rect(mx, board.bottom, COLUMNS * c, c + c // 4)
        side = Rect(mx, bar.bottom, COLUMNS * c, h - bar.bottom)
    else:
        fm = frame_margin(c)
        if c >= FRAMED_MIN_CELL:
            extra_h = h - (12 * c + 2 * fm)
            board = Rect(fm, fm + max(0, extra_h // 2), COLUMNS * c, ROWS * c)
            bar = Rect(board.x, board.bottom + fm, COLUMNS * c, max(c, h - board.bottom - fm))
            side = Rect(board.right + fm, 0, w - board.right - fm, h)
        else:
            extra_w = w - 20 * c
            extra_h = h - 12 * c
            mx = min(extra_w // 3, c // 3)
            my = min(extra_h // 3, c // 3)
            board = Rect(mx, my, COLUMNS * c, ROWS * c)
            bar = Rect(mx, board.bottom, COLUMNS * c, max(c, h - board.bottom - my))
            side = Rect(board.right + mx, 0, w - board.right - mx, h)
    fm = frame_margin(c)
    frame = board.inflate(2 * fm, 2 * fm)
    layout = TableLayout(w, h, c, board, bar, side, frame=frame, portrait=portrait)
    _fill_bar(layout)
    layout.side_layout = side_layout(side, c, players)
    return layout


def _fill_bar(layout: TableLayout) -> None:
    """Hand tiles, leaders in supply and catastrophes, then Swap and Undo, in one row."""
    c = layout.cell
    bar = layout.bar
    s = c
    y = bar.y + (bar.h - s) // 2
    gap = c // 4
    x = bar.x
    layout.hand_slots = [Rect(x + i * s, y, s, s) for i in range(6)]
    x += 6 * s + gap
    layout.leader_slots = [Rect(x + i * s, y, s, s) for i in range(4)]
    x += 4 * s + gap
    layout.catastrophe_slot = Rect(x, y, s, s)
    x += s + gap
    remaining = bar.right - x
    bw = (remaining - gap) // 2
    layout.bar_buttons = {
        "swap": Rect(x, y, bw, s),
        "undo": Rect(x + bw + gap, y, bw, s),
    }


def side_layout(side: Rect, c: int, players: int) -> SideLayout:
    pad = max(2, c // 8)
    inner = side.inflate(-2 * pad, -2 * pad)
    cols = 2 if inner.w >= 8 * c else 1
    info = Rect(inner.x, inner.y, inner.w, int(c * 0.6))
    panel_h = int(c * 1.6)
    rows = (players + cols - 1) // cols
    pw = (inner.w - (cols - 1) * pad) // cols
    top = info.bottom + pad
    panels = [
        Rect(inner.x + (i % cols) * (pw + pad), top + (i // cols) * (panel_h + pad), pw, panel_h)
        for i in range(players)
    ]
    y = top + rows * (panel_h + pad)
    # "?" (the keys and gestures) sits square beside End turn
    end_turn = Rect(inner.x, y, inner.w - c - pad, c)
    y = end_turn.bottom + pad
    names = ("menu", "outlines", "strength")
    bw = (inner.w - (len(names) - 1) * pad) // len(names)
    buttons = {"end_turn": end_turn, "help": Rect(end_turn.right + pad, end_turn.y, c, c)}
    for i, name in enumerate(names):
        buttons[name] = Rect(inner.x + i * (bw + pad), y, bw, c)
    log_top = y + c + pad
    log = Rect(inner.x, log_top, inner.w, max(0, inner.bottom - log_top))
    return SideLayout(info=info, panels=panels, buttons=buttons, log=log)


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
