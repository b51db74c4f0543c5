"""Where everything goes on a table lying flat, as pure geometry.

Players sit around the screen, so each seat's panel lies along its own edge and
is drawn turned to face it: bottom 0°, left 90°, top 180°, right 270° (the
content turned clockwise). Two seats sit at the long edges (bottom, top); three
take bottom, left and top, leaving the right side to what all share (buttons,
the log); four take every edge, and the shared buttons go into the corners. A
panel is a slim strip while closed and grows toward the board while held, with
the pieces enlarged to finger size.

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
from game.tigris.layout import SideLayout, TableLayout

EDGES: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "top"),
    4: ("bottom", "left", "top", "right"),
}
ROTATION = {"bottom": 0, "left": 90, "top": 180, "right": 270}
STRIP_MIN = 44
TARGET = 44
HUB_MIN = 150
SHARED_BUTTONS = ("menu", "outlines", "strength", "help", "log")

Point = tuple[int, int]


@dataclass(frozen=True)
class Frame:
    """A rectangle of the screen whose content is drawn turned `rotation`° clockwise."""

    rect: Rect
    rotation: int

    @property
    def size(self) -> tuple[int, int]:
        """The upright (local) size: length along the edge, depth toward the player."""
        if self.rotation in (90, 270):
            return (self.rect.h, self.rect.w)
        return (self.rect.w, self.rect.h)

    def to_local(self, pos: Point) -> Point:
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        length, depth = self.size
        if self.rotation == 90:
            return (y, depth - 1 - x)
        if self.rotation == 180:
            return (length - 1 - x, depth - 1 - y)
        if self.rotation == 270:
            return (length - 1 - y, x)
        return (x, y)

    def point_to_screen(self, local: Point) -> Point:
        x, y = local
        length, depth = self.size
        if self.rotation == 90:
            sx, sy = depth - 1 - y, x
        elif self.rotation == 180:
            sx, sy = length - 1 - x, depth - 1 - y
        elif self.rotation == 270:
            sx, sy = y, length - 1 - x
        else:
            sx, sy = x, y
        return (self.rect.x + sx, self.rect.y + sy)

    def to_screen(self, local: Rect) -> Rect:
        a = self.point_to_screen((local.left, local.top))
        b = self.point_to_screen((local.right - 1, local.bottom - 1))
        left, top = min(a[0], b[0]), min(a[1], b[1])
        return Rect(left, top, abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)

    def contains(self, pos: Point) -> bool:
        return self.rect.collidepoint(pos)


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
class ChooserGeometry:
    """A decision laid out in local coordinates: its words at the far side, its options
    in rows under them, the footer (confirm, cancel) last, then the strip if any."""

    length: int
    depth: int
    text: Rect
    options: list[Rect]
    footer: list[Rect]
    strip: Rect | None


def chooser_geometry(length: int, cell: int, options: int, footer: int, text_lines: int,
                     option_w: int, strip_depth: int = 0) -> ChooserGeometry:
    pad = max(3, cell // 8)
    gap = max(2, cell // 12)
    bh = max(TARGET, cell)
    room = length - 2 * pad
    cols = max(1, min(max(1, options), (room + gap) // (max(TARGET, option_w) + gap)))
    text_h = text_lines * line_height(cell)
    y = pad
    text_rect = Rect(pad, y, room, text_h)
    y += text_h + gap
    area = Rect(pad, y, room, geo.grid_height(options, cols, bh, gap))
    option_rects = geo.button_grid(area, options, cols, bh, gap) if options else []
    y = area.bottom + (gap if options else 0)
    footer_rects: list[Rect] = []
    if footer:
        footer_rects = geo.button_grid(Rect(pad, y, room, bh), footer, footer, bh, gap)
        y += bh + gap
    y += pad - gap
    strip = Rect(0, y, length, strip_depth) if strip_depth else None
    return ChooserGeometry(length, y + strip_depth, text_rect, option_rects, footer_rects, strip)


def line_height(cell: int) -> int:
    """A line of text in a panel: readable at arm's length across a table."""
    return max(15, int(cell * 0.42))


@dataclass(frozen=True)
class SeatPlace:
    """One seat's edge: the strip that is its closed panel, and bands grown from it."""

    seat: int
    edge: str
    strip: Rect
    reach: int
    panel: PanelGeometry

    @property
    def rotation(self) -> int:
        return ROTATION[self.edge]

    @property
    def length(self) -> int:
        return self.panel.length

    @property
    def strip_depth(self) -> int:
        return self.panel.strip_depth

    def band(self, start: int, depth: int) -> Frame:
        """The band `depth` deep that begins `start` px in from the seat's edge (the strip
        is band(0, strip_depth)); never deeper than the seat can reach across the table."""
        depth = max(1, min(depth, self.reach - start))
        s = self.strip
        if self.edge == "bottom":
            rect = Rect(s.x, s.bottom - start - depth, s.w, depth)
        elif self.edge == "top":
            rect = Rect(s.x, s.y + start, s.w, depth)
        elif self.edge == "left":
            rect = Rect(s.x + start, s.y, depth, s.h)
        else:
            rect = Rect(s.right - start - depth, s.y, depth, s.h)
        return Frame(rect, self.rotation)

    def open_frame(self, depth: int | None = None) -> Frame:
        """The held panel (the strip included): the hand's depth unless a chooser needs
        another."""
        return self.band(0, depth if depth is not None else self.panel.open_depth)

    @property
    def strip_frame(self) -> Frame:
        return self.band(0, self.strip_depth)


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
        c = self.cell
        length = min(self.board.w, self.board.h) - c // 2
        depth = min(int(6.5 * c), self.board.h - c // 2, self.board.w - c // 2)
        rect = Rect(0, 0, depth, length) if rotation in (90, 270) else Rect(0, 0, length, depth)
        rect.center = self.board.center
        return Frame(rect, rotation)

    def hit_targets(self) -> list[Rect]:
        return [*self.buttons.values(), *(p.strip for p in self.seats)]


def strip_depth(cell: int) -> int:
    return max(STRIP_MIN, round(1.15 * cell))


def _fits(w: int, h: int, c: int, edges: tuple[str, ...], portrait: bool) -> bool:
    d = strip_depth(c)
    margin = max(2, c // 10)
    sides = sum(1 for e in edges if e in ("left", "right"))
    hub = len(edges) < 4
    need_w = 16 * c + sides * d + 2 * margin + (HUB_MIN if hub and not portrait else 0)
    need_h = 11 * c + 2 * d + 2 * margin + (HUB_MIN if hub and portrait else 0)
    return need_w <= w and need_h <= h


def tabletop_layout(w: int, h: int, players: int) -> TabletopLayout:
    edges = EDGES[max(2, min(4, players))]
    portrait = h > w
    c = max(8, min(w // 16, h // 11))
    while c > 8 and not _fits(w, h, c, edges, portrait):
        c -= 1
    d = strip_depth(c)
    margin = max(2, c // 10)
    sides = [e for e in edges if e in ("left", "right")]
    hub_beside = len(edges) < 4 and not portrait
    hub_below = len(edges) < 4 and portrait
    spare_w = w - 16 * c - 2 * margin - d * len(sides) - (HUB_MIN if hub_beside else 0)
    side_d = d
    if sides:
        share = spare_w // (2 * len(sides)) if hub_beside else spare_w // len(sides)
        side_d = d + max(0, min(share, 2 * c - d))
    left = side_d if "left" in edges else 0
    right = w - side_d if "right" in edges else w
    hub: Rect | None = None
    if hub_beside:
        zone_w = 16 * c + 2 * margin
        hub = Rect(left + zone_w, 0, w - left - zone_w, h)
        right = hub.x
    bottom = h - d
    if hub_below:
        hub_h = h - 2 * d - 11 * c - 2 * margin
        hub = Rect(left, bottom - hub_h, right - left, hub_h)
        bottom = hub.y
    zone = Rect(left, d, right - left, bottom - d)
    board = Rect(0, 0, 16 * c, 11 * c)
    board.center = zone.center
    seats: list[SeatPlace] = []
    for seat, edge in enumerate(edges):
        if edge == "bottom":
            strip = Rect(zone.x, h - d, zone.w, d)
        elif edge == "top":
            strip = Rect(zone.x, 0, zone.w, d)
        elif edge == "left":
            strip = Rect(0, zone.y, side_d, zone.h)
        else:
            strip = Rect(w - side_d, zone.y, side_d, zone.h)
        across = edge in ("bottom", "top")
        depth, length = (strip.h, strip.w) if across else (strip.w, strip.h)
        reach = (h if across else w) - depth
        seats.append(SeatPlace(seat, edge, strip, reach, panel_geometry(length, depth, c)))
    result = TabletopLayout(w, h, c, board, zone, seats, hub=hub)
    _shared(result, c)
    result.table = _table_layout(result)
    return result


def _shared(layout: TabletopLayout, c: int) -> None:
    """The buttons everyone uses: in the hub with the log under them, or one per corner."""
    pad = max(3, c // 8)
    hub = layout.hub
    if hub is not None:
        inner = hub.inflate(-2 * pad, -2 * pad)
        names = SHARED_BUTTONS[:4]
        bh = max(TARGET, c)
        # one row when each button keeps a finger's width, else two rows of two
        cols = 4 if (inner.w - 3 * pad) // 4 >= TARGET else 2
        bw = (inner.w - (cols - 1) * pad) // cols
        for i, name in enumerate(names):
            layout.buttons[name] = Rect(inner.x + (i % cols) * (bw + pad),
                                        inner.y + (i // cols) * (bh + pad), bw, bh)
        top = inner.y + (len(names) // cols) * (bh + pad)
        layout.log = Rect(inner.x, top, inner.w, inner.bottom - top)
        return
    w, h = layout.width, layout.height
    zone = layout.zone
    corners = [
        Rect(0, zone.bottom, zone.x, h - zone.bottom),
        Rect(0, 0, zone.x, zone.y),
        Rect(zone.right, 0, w - zone.right, zone.y),
        Rect(zone.right, zone.bottom, w - zone.right, h - zone.bottom),
    ]
    # a corner is as deep as the strips beside it, so each holds one finger-sized button
    for name, corner in zip(("menu", "log", "outlines", "strength"), corners, strict=True):
        layout.buttons[name] = corner.inflate(-2, -2)
    # "?" shares the menu's corner, each a half of it along its longer side, where the
    # halves stay finger-sized (else the keys and the first-use hints stand in for it)
    menu = layout.buttons["menu"]
    if max(menu.w, menu.h) // 2 - 1 < TARGET or min(menu.w, menu.h) < TARGET:
        return
    if menu.w >= menu.h:
        layout.buttons["menu"], layout.buttons["help"] = (
            Rect(menu.x, menu.y, menu.w // 2 - 1, menu.h),
            Rect(menu.x + menu.w // 2 + 1, menu.y, menu.w - menu.w // 2 - 1, menu.h))
    else:
        layout.buttons["menu"], layout.buttons["help"] = (
            Rect(menu.x, menu.y + menu.h // 2 + 1, menu.w, menu.h - menu.h // 2 - 1),
            Rect(menu.x, menu.y, menu.w, menu.h // 2 - 1))


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
