"""Where everything goes on T&E's table lying flat: the kit's tabletop
(game.kit.tabletop) around a board of 16×11 squares, with T&E's held hand.

Two seats sit at the long edges (bottom, top); three take bottom, left and top,
leaving the right side to what all share (buttons, the log); four take every
edge, and the shared buttons go into the corners. A panel is a slim strip while
closed and grows toward the board while held, with the pieces enlarged to
finger size.

Everything is a function of (width, height, seats) returning rectangles, so
tests can check every size from 800×480 to 4K without a window: panels at
their edges, on screen, apart from the board and each other, targets ≥ 40 px.
A `Frame` maps between the screen and the upright coordinates a panel is drawn
in ("local": x along the edge from the seated player's left, y from the far
side toward the player).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from game import layout as geo
from game.kit import tabletop as kit
from game.kit.tabletop import (
    FINGER,
    Frame,
    TabletopSpec,
    hub_buttons,
    split_corner,
)
from game.tigris.layout import SideLayout, TableLayout

EDGES: dict[int, tuple[str, ...]] = {n: tuple(kit.seat_edges(n)) for n in (2, 3, 4)}
TARGET = FINGER
SHARED_BUTTONS = ("menu", "outlines", "strength", "help", "log")
SPEC = TabletopSpec(units=(16, 11))

Point = tuple[int, int]


@dataclass(frozen=True)
class PanelGeometry:
    """The open panel in local coordinates: the strip at the player's side, the hand
    tiles just beyond it, then the leaders and the catastrophe, then the buttons."""

    length: int
    strip_depth: int
    open_depth: int
    target: int
    tiles: list[Rect]
    leaders: list[Rect]
    catastrophe: Rect
    buttons: list[Rect]

    @property
    def strip(self) -> Rect:
        return Rect(0, self.open_depth - self.strip_depth, self.length, self.strip_depth)


def panel_geometry(length: int, strip_depth: int, cell: int) -> PanelGeometry:
    """Lays out the held hand: one row of 11 pieces when the edge is long enough,
    else tiles and other pieces in two rows; the buttons farthest from the player,
    so a finger sliding out from the strip meets the tiles first."""
    pad = max(3, cell // 8)
    gap = max(2, cell // 12)
    group = max(gap, cell // 3)
    room = length - 2 * pad
    big = max(TARGET, round(1.3 * cell))
    one_row = min(big, (room - 8 * gap - 2 * group) // 11)
    two_rows = one_row < TARGET
    size = max(TARGET, min(big, (room - 5 * gap) // 6)) if two_rows else one_row
    button_h = max(TARGET, cell)
    rows = 2 if two_rows else 1
    open_depth = strip_depth + pad + rows * (size + gap) + button_h + pad
    y = open_depth - strip_depth - gap - size
    if two_rows:
        x0 = (length - (6 * size + 5 * gap)) // 2
        tiles = [Rect(x0 + i * (size + gap), y, size, size) for i in range(6)]
        y -= size + gap
        x0 = (length - (5 * size + 3 * gap + group)) // 2
        leaders = [Rect(x0 + i * (size + gap), y, size, size) for i in range(4)]
        catastrophe = Rect(leaders[-1].right + group, y, size, size)
    else:
        width = 11 * size + 8 * gap + 2 * group
        x0 = (length - width) // 2
        tiles = [Rect(x0 + i * (size + gap), y, size, size) for i in range(6)]
        lx = tiles[-1].right + group
        leaders = [Rect(lx + i * (size + gap), y, size, size) for i in range(4)]
        catastrophe = Rect(leaders[-1].right + group, y, size, size)
    y -= gap + button_h
    bw = (room - 2 * gap) // 3
    buttons = [Rect(pad + i * (bw + gap), y, bw, button_h) for i in range(3)]
    return PanelGeometry(length, strip_depth, open_depth, size, tiles, leaders, catastrophe,
                         buttons)


@dataclass(frozen=True)
class SeatPlace(kit.SeatPlace):
    """One seat's place at T&E's tabletop, with its held hand laid out."""

    panel: PanelGeometry

    def open_frame(self, depth: int | None = None) -> Frame:
        """The held panel (the strip included): the hand's depth unless a chooser needs
        another."""
        return self.band(0, depth if depth is not None else self.panel.open_depth)


@dataclass
class TabletopLayout:
    width: int
    height: int
    cell: int
    board: Rect
    zone: Rect
    seats: list[SeatPlace]
    buttons: dict[str, Rect] = field(default_factory=dict)
    hub: Rect | None = None
    log: Rect | None = None
    table: TableLayout | None = None

    def seat_at(self, pos: Point) -> int | None:
        """The seat whose closed strip is under pos."""
        for place in self.seats:
            if place.strip.collidepoint(pos):
                return place.seat
        return None

    def overlay(self, rotation: int) -> Frame:
        """A box over the middle of the board turned to one seat (the log on 4 seats)."""
        return kit.board_overlay(self.board, self.cell, rotation)

    def hit_targets(self) -> list[Rect]:
        return [*self.buttons.values(), *(p.strip for p in self.seats)]


def tabletop_layout(w: int, h: int, players: int) -> TabletopLayout:
    place = kit.tabletop_geometry(w, h, max(2, min(4, players)), SPEC)
    c = place.unit
    seats = [SeatPlace(p.seat, p.edge, p.strip, p.reach,
                       panel_geometry(p.length, p.strip_depth, c)) for p in place.seats]
    result = TabletopLayout(w, h, c, place.board, place.zone, seats, hub=place.hub)
    _shared(result, place.corners)
    result.table = _table_layout(result)
    return result


def _shared(layout: TabletopLayout, corners: list[Rect]) -> None:
    """The buttons everyone uses: in the hub with the log under them, or one per corner."""
    if layout.hub is not None:
        layout.buttons, layout.log = hub_buttons(layout.hub, SHARED_BUTTONS[:4], layout.cell)
        return
    # a corner is as deep as the strips beside it, so each holds one finger-sized button
    for name, corner in zip(("menu", "log", "outlines", "strength"), corners, strict=True):
        layout.buttons[name] = corner.inflate(-2, -2)
    # "?" shares the menu's corner, each a half of it along its longer side, where the
    # halves stay finger-sized (else the keys and the first-use hints stand in for it)
    halves = split_corner(layout.buttons["menu"])
    if halves is not None:
        layout.buttons["menu"], layout.buttons["help"] = halves


def _table_layout(layout: TabletopLayout) -> TableLayout:
    """The board's geometry in the desk table's terms, for the board painter and the
    square hit-testing the two tables share."""
    c = layout.cell
    fm = geo.frame_margin(c)
    frame = layout.board.inflate(2 * fm, 2 * fm)
    empty = Rect(0, 0, 0, 0)
    table = TableLayout(layout.width, layout.height, c, layout.board, empty, empty,
                            frame=frame)
    # decision dialogs are built (never shown) against a dock in the side column
    table.side_layout = SideLayout(info=empty, panels=[empty], buttons={}, log=empty)
    return table
