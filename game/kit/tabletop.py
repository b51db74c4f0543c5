"""Where everything goes on a table lying flat, for any board and 2–8 seats.

Players sit around the screen, so each seat's panel lies along its own edge and
is drawn turned to face it: bottom 0°, left 90°, top 180°, right 270° (the
content turned clockwise). The board is a rectangle of `units` (columns, rows)
of one whole-pixel unit, so any aspect ratio fits: T&E's 16×11 squares, a wide
map of 30×15 or 30×20 units. Players sit first along the board's long sides,
bottom and top:

    2: bottom, top                      5: bottom ×2, left, top ×2
    3: bottom, left, top                6: bottom ×2, left, top ×2, right
    4: bottom, left, top, right         7: bottom ×2, left ×2, top ×2, right
                                        8: two at every edge

so the long edges are shared first and the sides last. Where an edge stays free
(2, 3 and 5 seats) a hub holds what everyone shares (the buttons, the log):
beside the board on a landscape screen, below it on a portrait one; where every
edge is taken the four corners hold the shared buttons. Seat numbers go round
the table clockwise from the bottom (bottom, left, top, right; along an edge
with two seats, in the same direction: bottom right-to-left, left bottom-to-top,
top left-to-right, right top-to-bottom), so the next seat is the player's left
neighbour.

A seat's place is its closed strip along its edge (two seats on an edge split
it, with a gap); a panel grows from the strip toward the board as a `Frame`,
the rectangle of the screen with the rotation its content is drawn in.
Everything is a function of (width, height, seats, units) returning
rectangles, so tests check every size without a window: strips at their edges,
on screen, apart from the board, the hub and each other, targets ≥ game.layout.MIN_TARGET.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from game import layout as geo

ROTATION = {"bottom": 0, "left": 90, "top": 180, "right": 270}
CLOCKWISE = ("bottom", "left", "top", "right")
# how many seats sit at each edge, for each number of seats (bottom, left, top, right)
SEATS_AT = {
    2: (1, 0, 1, 0),
    3: (1, 1, 1, 0),
    4: (1, 1, 1, 1),
    5: (2, 1, 2, 0),
    6: (2, 1, 2, 1),
    7: (2, 2, 2, 1),
    8: (2, 2, 2, 2),
}
MIN_SEATS, MAX_SEATS = 2, 8
FINGER = 44          # a comfortable finger-sized control at a table (MIN_TARGET is the floor)
STRIP_MIN = 44
HUB_MIN = 150

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


def seat_edges(seats: int) -> list[str]:
    """The edge of each seat, in seat order (clockwise from the bottom)."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a tabletop seats {MIN_SEATS}–{MAX_SEATS} players, not {seats}")
    return [edge for edge, count in zip(CLOCKWISE, SEATS_AT[seats], strict=True)
            for _ in range(count)]


@dataclass(frozen=True)
class SeatPlace:
    """One seat's place: the strip that is its closed panel, and bands grown from it
    toward the board (never deeper than `reach`, the seat's arm across the table)."""

    seat: int
    edge: str
    strip: Rect
    reach: int

    @property
    def rotation(self) -> int:
        return ROTATION[self.edge]

    @property
    def length(self) -> int:
        return self.strip.w if self.edge in ("bottom", "top") else self.strip.h

    @property
    def strip_depth(self) -> int:
        return self.strip.h if self.edge in ("bottom", "top") else self.strip.w

    def band(self, start: int, depth: int) -> Frame:
        """The band `depth` deep that begins `start` px in from the seat's edge (the strip
        is band(0, strip_depth)), as long as the strip."""
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

    @property
    def strip_frame(self) -> Frame:
        return self.band(0, self.strip_depth)


@dataclass(frozen=True)
class TabletopSpec:
    """What a game asks of its tabletop: the board in units (the board is units × a
    whole-pixel unit), the strip's depth in units (never under STRIP_MIN), how many
    units a side strip may widen into spare room, and the least width of a hub."""

    units: tuple[int, int] = (16, 11)
    strip_units: float = 1.15
    side_units: float = 2.0
    hub_min: int = HUB_MIN

    def strip_depth(self, unit: int) -> int:
        return max(STRIP_MIN, round(self.strip_units * unit))


@dataclass
class TabletopGeometry:
    """The places of a tabletop: the board, the zone it is centred in (inside the
    strips), each seat's place, the hub where an edge is free, else the four corners
    (bottom-left, top-left, top-right, bottom-right) between the strips."""

    width: int
    height: int
    unit: int
    board: Rect
    zone: Rect
    seats: list[SeatPlace]
    hub: Rect | None = None
    corners: list[Rect] = field(default_factory=list)

    def seat_at(self, pos: Point) -> int | None:
        """The seat whose closed strip is under pos."""
        for place in self.seats:
            if place.strip.collidepoint(pos):
                return place.seat
        return None


def _fits(w: int, h: int, c: int, counts: tuple[int, ...], portrait: bool,
          spec: TabletopSpec) -> bool:
    d = spec.strip_depth(c)
    margin = max(2, c // 10)
    cols, rows = spec.units
    bottom, left, top, right = counts
    hub = 0 in counts
    need_w = (cols * c + (int(bool(left)) + int(bool(right))) * d + 2 * margin
              + (spec.hub_min if hub and not portrait else 0))
    need_h = (rows * c + (int(bool(bottom)) + int(bool(top))) * d + 2 * margin
              + (spec.hub_min if hub and portrait else 0))
    return need_w <= w and need_h <= h


def tabletop_geometry(w: int, h: int, seats: int,
                      spec: TabletopSpec | None = None) -> TabletopGeometry:
    """The largest whole unit whose board, strips and hub fit the screen, and the places
    around that board."""
    spec = spec or TabletopSpec()
    edges = seat_edges(seats)
    counts = SEATS_AT[seats]
    cols, rows = spec.units
    portrait = h > w
    c = max(8, min(w // cols, h // rows))
    while c > 8 and not _fits(w, h, c, counts, portrait, spec):
        c -= 1
    d = spec.strip_depth(c)
    margin = max(2, c // 10)
    free = 0 in counts
    sides = [e for e in ("left", "right") if e in edges]
    hub_beside = free and not portrait
    hub_below = free and portrait
    spare_w = w - cols * c - 2 * margin - d * len(sides) - (spec.hub_min if hub_beside else 0)
    side_d = d
    if sides:
        share = spare_w // (2 * len(sides)) if hub_beside else spare_w // len(sides)
        side_d = d + max(0, min(share, round(spec.side_units * c) - d))
    left = side_d if "left" in edges else 0
    right = w - side_d if "right" in edges else w
    top = d if "top" in edges else 0
    hub: Rect | None = None
    if hub_beside:
        zone_w = cols * c + 2 * margin
        hub = Rect(left + zone_w, 0, w - left - zone_w, h)
        right = hub.x
    bottom = h - d if "bottom" in edges else h
    if hub_below:
        hub_h = h - top - (h - bottom) - rows * c - 2 * margin
        hub = Rect(left, bottom - hub_h, right - left, hub_h)
        bottom = hub.y
    zone = Rect(left, top, right - left, bottom - top)
    board = Rect(0, 0, cols * c, rows * c)
    board.center = zone.center
    whole = {
        "bottom": Rect(zone.x, h - d, zone.w, d),
        "top": Rect(zone.x, 0, zone.w, d),
        "left": Rect(0, zone.y, side_d, zone.h),
        "right": Rect(w - side_d, zone.y, side_d, zone.h),
    }
    gap = max(4, c // 4)
    places: list[SeatPlace] = []
    for seat, edge in enumerate(edges):
        strip = whole[edge]
        count = edges.count(edge)
        if count == 2:
            strip = _half(strip, edge, edges.index(edge) != seat, gap)
        across = edge in ("bottom", "top")
        depth = strip.h if across else strip.w
        reach = (h if across else w) - depth
        places.append(SeatPlace(seat, edge, strip, reach))
    corners: list[Rect] = []
    if not free:
        corners = [
            Rect(0, zone.bottom, zone.x, h - zone.bottom),
            Rect(0, 0, zone.x, zone.y),
            Rect(zone.right, 0, w - zone.right, zone.y),
            Rect(zone.right, zone.bottom, w - zone.right, h - zone.bottom),
        ]
    return TabletopGeometry(w, h, c, board, zone, places, hub, corners)


def _half(strip: Rect, edge: str, second: bool, gap: int) -> Rect:
    """One of two seats' halves of an edge's strip: the first clockwise (bottom: the
    right half; left: the lower; top: the left; right: the upper), or the second."""
    if edge in ("bottom", "top"):
        a = (strip.w - gap) // 2
        low = Rect(strip.x, strip.y, a, strip.h)
        high = Rect(strip.right - a, strip.y, a, strip.h)
        first, other = (high, low) if edge == "bottom" else (low, high)
    else:
        a = (strip.h - gap) // 2
        low = Rect(strip.x, strip.y, strip.w, a)          # the upper half (smaller y)
        high = Rect(strip.x, strip.bottom - a, strip.w, a)
        first, other = (high, low) if edge == "left" else (low, high)
    return other if second else first


# ----- shared buttons and panel content ---------------------------------------------------------


def hub_buttons(hub: Rect, names: tuple[str, ...], unit: int) -> tuple[dict[str, Rect], Rect]:
    """The shared buttons at the top of the hub, in one row when each keeps a finger's
    width, else two to a row; returns them and the rest of the hub below them (for a
    log)."""
    pad = max(3, unit // 8)
    inner = hub.inflate(-2 * pad, -2 * pad)
    bh = max(FINGER, unit)
    cols = len(names) if (inner.w - (len(names) - 1) * pad) // max(1, len(names)) >= FINGER else 2
    cols = max(1, min(cols, len(names)))
    bw = (inner.w - (cols - 1) * pad) // cols
    buttons = {name: Rect(inner.x + (i % cols) * (bw + pad),
                          inner.y + (i // cols) * (bh + pad), bw, bh)
               for i, name in enumerate(names)}
    top = inner.y + -(-len(names) // cols) * (bh + pad)
    return buttons, Rect(inner.x, top, inner.w, inner.bottom - top)


def board_overlay(board: Rect, unit: int, rotation: int) -> Frame:
    """A box over the middle of the board turned to one seat, where what the hub would
    hold (the log) opens when every edge is taken: as long as the board's shorter side,
    at most 6.5 units deep."""
    length = min(board.w, board.h) - unit // 2
    depth = min(int(6.5 * unit), board.h - unit // 2, board.w - unit // 2)
    rect = Rect(0, 0, depth, length) if rotation in (90, 270) else Rect(0, 0, length, depth)
    rect.center = board.center
    return Frame(rect, rotation)


def split_corner(corner: Rect) -> tuple[Rect, Rect] | None:
    """A corner halved along its longer side for two buttons (the first half the outer
    one), or None where a half would be under a finger's width."""
    if max(corner.w, corner.h) // 2 - 1 < FINGER or min(corner.w, corner.h) < FINGER:
        return None
    if corner.w >= corner.h:
        return (Rect(corner.x, corner.y, corner.w // 2 - 1, corner.h),
                Rect(corner.x + corner.w // 2 + 1, corner.y, corner.w - corner.w // 2 - 1,
                     corner.h))
    return (Rect(corner.x, corner.y + corner.h // 2 + 1, corner.w, corner.h - corner.h // 2 - 1),
            Rect(corner.x, corner.y, corner.w, corner.h // 2 - 1))


def line_height(unit: int) -> int:
    """A line of text in a panel: readable at arm's length across a table."""
    return max(15, int(unit * 0.42))


@dataclass(frozen=True)
class ChooserGeometry:
    """A choice laid out in a panel's local coordinates: its words at the far side, its
    options in rows under them, the footer (confirm, cancel) last, then the strip if
    any."""

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
    bh = max(FINGER, cell)
    room = length - 2 * pad
    cols = max(1, min(max(1, options), (room + gap) // (max(FINGER, option_w) + gap)))
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


@dataclass(frozen=True)
class HandGeometry:
    """A held hand in a panel's local coordinates: the strip at the player's side, the
    cards in rows just beyond it (wrapping when the edge is short), the buttons
    farthest from the player, so a finger sliding out from the strip meets the cards
    first."""

    length: int
    strip_depth: int
    open_depth: int
    cards: list[Rect]
    buttons: list[Rect]

    @property
    def strip(self) -> Rect:
        return Rect(0, self.open_depth - self.strip_depth, self.length, self.strip_depth)


def hand_geometry(length: int, strip_depth: int, unit: int, cards: int,
                  buttons: int) -> HandGeometry:
    """Cards of at least a finger's size (up to 1.3 units), as many to a row as fit, and
    a row of `buttons` beyond them."""
    pad = max(3, unit // 8)
    gap = max(2, unit // 12)
    room = length - 2 * pad
    size = max(FINGER, min(round(1.3 * unit), (room - (cards - 1) * gap) // max(1, cards)))
    per_row = max(1, min(cards, (room + gap) // (size + gap)))
    rows = -(-cards // per_row) if cards else 0
    button_h = max(FINGER, unit) if buttons else 0
    open_depth = strip_depth + rows * (size + gap) + (button_h + gap if buttons else 0) + pad
    rects: list[Rect] = []
    y = open_depth - strip_depth - gap - size
    for row in range(rows):
        n = min(per_row, cards - row * per_row)
        x0 = (length - (n * size + (n - 1) * gap)) // 2
        rects += [Rect(x0 + i * (size + gap), y, size, size) for i in range(n)]
        y -= size + gap
    y += size - button_h
    bw = (room - (buttons - 1) * gap) // max(1, buttons)
    button_rects = [Rect(pad + i * (bw + gap), y, bw, button_h) for i in range(buttons)]
    return HandGeometry(length, strip_depth, open_depth, rects, button_rects)
