"""Tigris & Euphrates' desk table, as pure geometry of the window size: the 16×11
board, the bar under it (hand, leaders in supply, catastrophes, Swap and Undo) and
the side column (seat panels, End turn, the overlay toggles, the log).

The board is placed through a `game.kit.viewport.Viewport` (board units are
squares), which the table's pointing asks what square is under a pointer. T&E's
board is not zoomable: it always fits the space left beside the bar and the side
column, where every square is already a touch target, and its painter keeps whole
layers at one scale.

The squares are the shell's screen unit (`game.layout.unit`): the table is 20
squares wide and 12 high in landscape (the board, a 4-square side column, a
1-square bar under the board), which makes them exactly 40 px on an 800×480
touchscreen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from game.kit.viewport import Viewport
from game.layout import FRAMED_MIN_CELL, GRID_COLUMNS, GRID_ROWS, MIN_TARGET, frame_margin, unit

COLUMNS = 16
ROWS = 11


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
    view: Viewport = field(init=False)

    def __post_init__(self) -> None:
        c = self.cell
        self.view = Viewport((COLUMNS, ROWS),
                             Rect(self.board.x, self.board.y, COLUMNS * c, ROWS * c))

    def square_rect(self, col: int, row: int) -> Rect:
        return self.view.board_rect(col, row, 1, 1)

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.view.cell_at(pos)

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
            extra_h = h - (GRID_ROWS * c + 2 * fm)
            board = Rect(fm, fm + max(0, extra_h // 2), COLUMNS * c, ROWS * c)
            bar = Rect(board.x, board.bottom + fm, COLUMNS * c, max(c, h - board.bottom - fm))
            side = Rect(board.right + fm, 0, w - board.right - fm, h)
        else:
            extra_w = w - GRID_COLUMNS * c
            extra_h = h - GRID_ROWS * c
            mx = min(extra_w // 3, c // 3)
            my = min(extra_h // 3, c // 3)
            board = Rect(mx, my, COLUMNS * c, ROWS * c)
            bar = Rect(mx, board.bottom, COLUMNS * c, max(c, h - board.bottom - my))
            side = Rect(board.right + mx, 0, w - board.right - mx, h)
    fm = frame_margin(c)
    frame = board.inflate(2 * fm, 2 * fm)
    layout = TableLayout(w, h, c, board, bar, side, frame=frame, portrait=portrait)
    layout.side_layout = side_layout(side, c, players)
    _fill_bar(layout, hint="hint" not in layout.side_layout.buttons)
    return layout


def _fill_bar(layout: TableLayout, hint: bool = False) -> None:
    """Hand tiles, leaders in supply and catastrophes, then Swap and Undo (and Hint, where
    the side column has no room for it), in one row."""
    c = layout.cell
    bar = layout.bar
    s = c
    y = bar.y + (bar.h - s) // 2
    gap = c // 4 if not hint else max(4, c // 10)   # narrower gaps make room for Hint
    x = bar.x
    layout.hand_slots = [Rect(x + i * s, y, s, s) for i in range(6)]
    x += 6 * s + gap
    layout.leader_slots = [Rect(x + i * s, y, s, s) for i in range(4)]
    x += 4 * s + gap
    layout.catastrophe_slot = Rect(x, y, s, s)
    x += s + gap
    remaining = bar.right - x
    if hint:
        remaining -= s + gap
        layout.bar_buttons["hint"] = Rect(bar.right - s, y, s, s)
    bw = (remaining - gap) // 2
    # Beside Hint, Swap keeps two squares' width for its longest words ("Vaihda laattoja")
    # and the shorter Undo gives way.
    swap_w = max(bw, min(2 * s, remaining - gap - s)) if hint else bw
    layout.bar_buttons.update({
        "swap": Rect(x, y, swap_w, s),
        "undo": Rect(x + swap_w + gap, y, remaining - gap - swap_w if hint else bw, s),
    })


def side_layout(side: Rect, c: int, players: int) -> SideLayout:
    pad = max(2, c // 8)
    inner = side.inflate(-2 * pad, -2 * pad)
    cols = 2 if inner.w >= 8 * c else 1
    # the status bar: whose turn and the actions left (on two lines in a narrow column)
    # over the bag and the treasures left; with 3 or 4 seats the panels fold to two rows
    # so that the log keeps 10 lines at 1280x800 and 4 at 800x480 (issue 21)
    info = Rect(inner.x, inner.y, inner.w, c if inner.w >= 5 * c else c * 3 // 2)
    panel_h = int(c * (1.6 if players <= 2 or cols > 1 else 1.0))
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
    names: tuple[str, ...] = ("menu", "outlines", "strength", "hint")
    if (inner.w - 3 * pad) // 4 < MIN_TARGET:   # a hint's button goes to the bar instead
        names = names[:3]
    bw = (inner.w - (len(names) - 1) * pad) // len(names)
    buttons = {"end_turn": end_turn, "help": Rect(end_turn.right + pad, end_turn.y, c, c)}
    for i, name in enumerate(names):
        buttons[name] = Rect(inner.x + i * (bw + pad), y, bw, c)
    log_top = y + c + pad
    log = Rect(inner.x, log_top, inner.w, max(0, inner.bottom - log_top))
    return SideLayout(info=info, panels=panels, buttons=buttons, log=log)
