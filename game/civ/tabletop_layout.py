"""Where everything goes on Advanced Civilization's table lying flat: the kit's tabletop
(game.kit.tabletop) round the map, for 2–8 seats (A4).

The map is a board of 21×13 units (the drawing's 1.62:1), in the kit's viewport, so it
pans and zooms in place; its rectangle is the least room the map keeps. Seats sit as
the kit seats them (the long edges first, two to an edge from five seats). Where an
edge is free (2, 3 and 5 seats) the hub beside the map holds the shared buttons, the
A.S.T. track (A5) and the log; where every edge is taken the corners hold the buttons
(menu, log, A.S.T.) and the log and the track open in a box over the map. Either way
they turn to the seat that must act, and each seat's strip says its A.S.T. space, so
the track is always read from every edge.

A closed strip shows only what everyone may know (A1.5). Held by its owner it grows
toward the map: the trade cards face up beyond the strip, and, when the seat must
answer a decision whose answers come from its hand (`PRIVATE`), the prompt and the
answers beyond them. A decision that shows nothing hidden is asked on a card that lies
beyond the deciding seat's strip, turned to it and open to every eye.

Everything here is a function of sizes returning rectangles, so tests check every
seat count and screen without a window.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from game.kit import tabletop as kit
from game.kit.tabletop import (
    FINGER,
    ChooserGeometry,
    Frame,
    TabletopGeometry,
    TabletopSpec,
    chooser_geometry,
    hub_buttons,
)

# 21×13 units hold the map's 37.4×23.1 drawing; strips and side strips deep enough for
# a seat's public counts in two rows a finger can read across the table.
SPEC = TabletopSpec(units=(21, 13), strip_units=1.5, side_units=2.2, hub_min=300)
HUB_BUTTONS = ("menu", "help")
CORNER_BUTTONS = ("menu", "log", "ast", "help")
# a held panel reaches no further over the map than this share of it (as far as an offer
# built there, so that a short strip's private answers are not a page each), a decision's
# card (open while the map is played on) less far
REACH = 0.8
CARD_REACH = 0.38

Point = tuple[int, int]


@dataclass(frozen=True)
class HeldGeometry:
    """A held panel in its local (upright) coordinates: the private answers at the far
    side (if any), the hand's cards beyond the strip, the strip at the player's side."""

    length: int
    depth: int
    chooser: ChooserGeometry | None
    cards: list[Rect]
    strip: Rect


@dataclass
class CivTabletopLayout:
    width: int
    height: int
    geometry: TabletopGeometry
    buttons: dict[str, Rect] = field(default_factory=dict)
    track: Rect | None = None       # the A.S.T. in the hub
    log: Rect | None = None         # the log in the hub

    @property
    def unit(self) -> int:
        return self.geometry.unit

    @property
    def map(self) -> Rect:
        return self.geometry.board

    @property
    def seats(self) -> list[kit.SeatPlace]:
        return self.geometry.seats

    def seat_at(self, pos: Point) -> int | None:
        return self.geometry.seat_at(pos)

    def reach(self, seat: int, share: float = REACH) -> int:
        """How deep a seat's held panel (or, with CARD_REACH, its card) may grow over the
        map."""
        place = self.seats[seat]
        across = self.map.h if place.edge in ("bottom", "top") else self.map.w
        return place.strip_depth + int(across * share)

    def overlay(self, rotation: int) -> Frame:
        """The box over the middle of the map where the log or the A.S.T. opens when no
        edge is free, turned to one seat."""
        return kit.board_overlay(self.map, self.unit, rotation)

    def inset(self, px: int) -> int:
        """Where a card's or held panel's words start: clear of its corner ornaments."""
        return max(px, int(self.unit * 0.6))

    def hit_targets(self) -> list[Rect]:
        return [*self.buttons.values(), *(p.strip for p in self.seats)]

    # ----- what grows from a strip --------------------------------------------------------

    def option_width(self) -> int:
        """An answer's button: wide enough for its words at a glance."""
        return max(3 * FINGER, 5 * self.unit)

    def chooser(self, seat: int, options: int, footer: int, text_lines: int,
                strip_depth: int = 0) -> ChooserGeometry:
        place = self.seats[seat]
        return chooser_geometry(place.length, self.unit, options, footer, text_lines,
                                self.option_width(), strip_depth)

    def per_page(self, seat: int, options: int, text_lines: int, below: int = 0) -> int:
        """How many answers a seat's card (or held panel, `below` its hand) shows at once
        within its reach: all, or a page with a "more" beside "back"."""
        room = self.reach(seat, REACH if below else CARD_REACH) - self.seats[seat].strip_depth
        if self.chooser(seat, options, 1, text_lines, below).depth <= room:
            return options
        n = options
        while n > 1 and self.chooser(seat, n, 2, text_lines, below).depth > room:
            n -= 1
        return n

    def card_frame(self, seat: int, depth: int) -> Frame:
        """A public decision's card: just beyond the seat's strip, so the strip stays the
        seat's to hold."""
        place = self.seats[seat]
        return place.band(place.strip_depth, depth)

    def held(self, seat: int, cards: int, options: int, footer: int,
             text_lines: int, card_least: int = 0) -> HeldGeometry:
        """The held panel: `cards` of the hand in rows a finger wide, then (with
        `options` or a prompt) the private answers. `card_least`: the width the cards'
        names need (`game.civ.card_labels.least_width`), as far as the strip is long."""
        place = self.seats[seat]
        c = self.unit
        pad, gap = max(3, c // 8), max(2, c // 12)
        room = place.length - 2 * pad
        card_w = min(room, max(2 * FINGER, int(3.2 * c), card_least))
        card_h = max(FINGER, int(0.8 * c))
        per_row = max(1, min(max(1, cards), (room + gap) // (card_w + gap)))
        rows = -(-cards // per_row) if cards else 1
        hand_h = rows * (card_h + gap) + pad
        below = hand_h + place.strip_depth
        chooser = (self.chooser(seat, options, footer, text_lines, below)
                   if options or footer or text_lines else None)
        depth = chooser.depth if chooser is not None else below + pad
        rects: list[Rect] = []
        for row in range(rows if cards else 0):
            n = min(per_row, cards - row * per_row)
            x0 = (place.length - (n * card_w + (n - 1) * gap)) // 2
            y = depth - place.strip_depth - gap - card_h - row * (card_h + gap)
            rects += [Rect(x0 + i * (card_w + gap), y, card_w, card_h) for i in range(n)]
        strip = Rect(0, depth - place.strip_depth, place.length, place.strip_depth)
        return HeldGeometry(place.length, depth, chooser, rects, strip)


def civ_tabletop_layout(w: int, h: int, seats: int) -> CivTabletopLayout:
    geometry = kit.tabletop_geometry(w, h, seats, SPEC)
    layout = CivTabletopLayout(w, h, geometry)
    c = geometry.unit
    if geometry.hub is not None:
        layout.buttons, rest = hub_buttons(geometry.hub, HUB_BUTTONS, c)
        gap = max(4, c // 8)
        track_h = min(rest.h // 2, max(4 * FINGER, int(rest.h * 0.42)))
        layout.track = Rect(rest.x, rest.y, rest.w, track_h)
        layout.log = Rect(rest.x, rest.y + track_h + gap, rest.w, rest.h - track_h - gap)
    else:
        for name, corner in zip(CORNER_BUTTONS, geometry.corners, strict=True):
            layout.buttons[name] = corner.inflate(-2, -2)
    return layout

