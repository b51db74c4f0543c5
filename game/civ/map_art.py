"""The Mediterranean board painted in code, at any scale (pixels per map unit).

`paint_map(scale)` gives the whole board as one opaque surface, its top-left the
north-west corner of the drawing's bounds (`BoardShape.to_pixel`); a viewport blits
the part it shows. Painting costs tens to hundreds of milliseconds, so the last few
scales are kept: a zoom settles on a scale and is painted once.

What is printed on each area comes from the engine's map (land, coast, open sea,
limit, city site, flood plain, volcano, name); only the shapes come from the drawing.
Labels are sized by the scale and placed by priority (limits before names, big
areas before small ones): a label that would leave its area or touch one already
placed is dropped, so none overlaps at any scale (`labels(scale)` lists them).
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import pygame

from engine.civ.cities import TOKENS_ON_A_SITE, site_requirement
from engine.civ.map_schema import Area
from game.art import palette as pal
from game.art._render import display_ready
from game.art.fonts import font
from game.civ.geometry import (
    BOARD,
    AreaShape,
    BoardShape,
    Point,
    Polygon,
    board_shape,
    configuration,
)

RGB = pal.RGB

BACKGROUND: RGB = pal.TABLE
"""Outside the board's edge (the Nile's strip leaves corners of the bounds): the table
the board lies on, so the board reads as one printed sheet."""
OFF_BOARD: RGB = (201, 193, 176)
"""Land and lagoons on the board but in no area: muted, plainly out of play."""
SEA: RGB = (164, 200, 214)
"""Coastal water (it belongs to the coastal areas beside it, A3.1)."""
SHALLOWS: RGB = (190, 219, 224)
OPEN_SEA: RGB = (92, 132, 176)
"""Open sea (A3.1): darker, a different thing from the coast's water."""
OPEN_SEA_EDGE: RGB = (130, 166, 200)
OUT_OF_PLAY_SEA: RGB = (146, 163, 176)
"""Open sea out of play for the game's number of players (A4.3): greyed like the land."""
OUT_OF_PLAY_INK: RGB = (128, 118, 100)
"""Names of areas out of play: still printed, so the coasts read as places, but faint."""
LAND_TONES: tuple[RGB, ...] = (pal.SAND_LIGHT, (236, 214, 166), pal.PARCHMENT, (229, 209, 160))
"""Neighbouring land areas get different tones (a greedy colouring), so borders read
even where their line is thin."""
FLOOD_PLAIN: RGB = (206, 214, 150)
FLOOD_HATCH: RGB = (84, 136, 170)
COAST: RGB = pal.CLAY_DARK
BORDER: RGB = (150, 118, 84)
EDGE: RGB = pal.CLAY_DARK
VOLCANO: RGB = pal.TERRACOTTA
VOLCANO_LAVA: RGB = pal.EMBER_LIGHT
NAME_INK: RGB = pal.INK
SEA_INK: RGB = (232, 240, 246)
BADGE: RGB = pal.IVORY

MIN_NAME_PX = 9
"""Below this a name is unreadable: names are dropped, limits stay."""
MIN_BADGE_PX = 11
CACHED_SCALES = 3


@dataclass(frozen=True)
class Label:
    """One printed label: what it shows and where (pixels of the painted board)."""

    area_id: int
    kind: str  # "limit", "name", "sea", "site" or "volcano"
    rect: pygame.Rect
    text: tuple[str, ...] = ()

    def moved(self, dx: int, dy: int) -> Label:
        return Label(self.area_id, self.kind, self.rect.move(dx, dy), self.text)


@dataclass(frozen=True)
class Sizes:
    """Every printed thing's size at one scale."""

    scale: float
    name_px: int
    sea_px: int
    badge: int
    site: int
    volcano: int
    border: int
    coast: int
    piece: int
    """A token's side (`pieces.token`); a stack and a city are about 1.5× as big."""

    @classmethod
    def at(cls, scale: float) -> Sizes:
        return cls(scale=scale,
                   name_px=min(20, round(scale * 0.27)),
                   sea_px=max(10, min(40, round(scale * 0.5))),
                   badge=max(MIN_BADGE_PX, min(30, round(scale * 0.34))),
                   site=max(4, min(18, round(scale * 0.2))),
                   volcano=max(6, min(24, round(scale * 0.3))),
                   border=max(1, round(scale / 70)),
                   coast=max(2, round(scale / 40)),
                   piece=max(8, round(scale * 0.28)))


def scale_key(scale: float) -> float:
    """Scales this close paint the same pixels: one cache entry for them."""
    if not scale > 0:
        raise ValueError(f"scale must be positive, got {scale!r}")
    return round(scale, 2)


_PAINTED: OrderedDict[tuple[bool, str, int | None, float], pygame.Surface] = OrderedDict()


def paint_map(scale: float, board: str = BOARD, players: int | None = None) -> pygame.Surface:
    """The whole board at `scale` pixels per map unit, painted at `scale_key(scale)` (map
    its pixels with that scale), as a game of `players` uses it (`paint_part`; None: every
    area and site): the same surface for the same key until it falls out of the cache
    (treat it as read-only)."""
    key = (display_ready(), board, players, scale_key(scale))
    surface = _PAINTED.get(key)
    if surface is None:
        surface = _paint(key[3], board, players)
        if display_ready():
            surface = surface.convert()
        _PAINTED[key] = surface
        while len(_PAINTED) > CACHED_SCALES:
            _PAINTED.popitem(last=False)
    else:
        _PAINTED.move_to_end(key)
    return surface


def clear_cache() -> None:
    """Forget painted boards (after a display mode change)."""
    _PAINTED.clear()
    _PLACED.clear()


def _paint(scale: float, board: str, players: int | None) -> pygame.Surface:
    surface = pygame.Surface(board_shape(board).pixel_size(scale))
    paint_part(surface, scale, (0, 0), board, players)
    return surface


def paint_part(surface: pygame.Surface, scale: float, at: tuple[int, int],
               board: str = BOARD, players: int | None = None) -> None:
    """Paints the part of the board at `scale` whose pixel `at` (of the whole painting,
    `paint_map`) is the surface's top-left: the same pixels as the whole painting there,
    at a cost that grows with the part's size, not the board's (a viewport paints the
    zoomed board in patches, issue 22's frame budget). Shapes and labels wholly outside
    the part are skipped. The labels are placed first if they are not yet
    (`place_labels` does it in slices). For a game of `players`, the areas out of play
    (A3.11, A4.3) are greyed like the land in no area, their names faint and nothing else
    printed on them, so a game of fewer players plainly uses part of the board; and a
    site the game ignores (an island's with two players, A4.4) is not printed."""
    scale = scale_key(scale)
    shape = board_shape(board)   # its limits and sites; the outlines are every board's
    playing = shape.board.in_play(configuration(players))
    sizes = Sizes.at(scale)
    surface.fill(BACKGROUND)
    px = _Pixels(shape, scale, at)
    # the widest line drawn round a shape is the shallows' band, coast * 4 wide
    sees = functools.partial(px.sees, surface.get_size(), sizes.coast * 2 + 2)
    parts = _parts()
    for part in parts.edge:
        if sees(part.box):
            _fill(surface, px, part.polygon, SEA, BACKGROUND)
    seas = [p for p in parts.seas if sees(p.box)]
    for part in seas:
        _fill(surface, px, part.polygon,
              OPEN_SEA if part.area.id in playing else OUT_OF_PLAY_SEA, SEA)
    for part in seas:
        for ring in part.polygon:
            pygame.draw.aalines(surface, OPEN_SEA_EDGE, True, px.ring(ring))
    seen_land = [p for p in parts.land if sees(p.box)]
    land = [p for p in seen_land if p.area.id in playing]
    off_board = [p for p in parts.off_board if sees(p.box)]
    off_board += [p for p in seen_land if p.area.id not in playing]
    # the shallows: a pale band along every coast, then the coastline itself, whose inner
    # half the land's fill covers
    for part in land + off_board:
        for ring in part.polygon:
            _thick_ring(surface, px.ring(ring), SHALLOWS, sizes.coast * 4)
    for part in land:
        for ring in part.polygon:
            _thick_ring(surface, px.ring(ring), COAST, sizes.coast * 2)
    for part in off_board:
        _fill(surface, px, part.polygon, OFF_BOARD, SEA)
        for ring in part.polygon:
            pygame.draw.aalines(surface, BORDER, True, px.ring(ring))
    tones = land_tones()
    for part in land:
        area = part.area
        colour = FLOOD_PLAIN if area.flood_plain else LAND_TONES[tones[area.id]]
        _fill(surface, px, part.polygon, colour, SEA)
    for s in shape.shapes.values():
        if s.area.flood_plain and s.area.id in playing and sees(s.box):
            _hatch(surface, px, s, sizes)
    for part in land:
        for ring in part.polygon:
            points = px.ring(ring)
            if sizes.border > 1:
                pygame.draw.lines(surface, BORDER, True, points, sizes.border)
            pygame.draw.aalines(surface, BORDER, True, points)
    for part in parts.edge:
        if sees(part.box):
            for ring in part.polygon:
                _thick_ring(surface, px.ring(ring), EDGE, max(2, sizes.coast))
    seen = surface.get_rect().move(at).inflate(4, 4)
    for label in labels(scale, board):
        faint = label.area_id not in playing
        shown = not (faint and label.kind not in ("name", "sea")) and not (
            label.kind == "site" and players is not None
            and site_requirement(shape.board, players, label.area_id) != TOKENS_ON_A_SITE)
        if shown and seen.colliderect(label.rect):
            _draw_label(surface, label.moved(-at[0], -at[1]),
                        shape.shapes[label.area_id].area, sizes, faint)


@dataclass(frozen=True)
class _Part:
    """One polygon of the drawing with its bounding box (map units), so a painter of a
    part of the board skips what lies outside it."""

    polygon: Polygon
    box: tuple[float, float, float, float]
    area: Area


@dataclass(frozen=True)
class _Parts:
    edge: tuple[_Part, ...]
    seas: tuple[_Part, ...]
    land: tuple[_Part, ...]
    off_board: tuple[_Part, ...]


@functools.cache
def _parts() -> _Parts:
    """The drawing's polygons in painting order, each with its box."""
    shape = board_shape()
    nowhere = next(iter(shape.shapes.values())).area  # edge and scraps belong to no area

    def part(polygon: Polygon, area: Area) -> _Part:
        xs = [p[0] for p in polygon[0]]
        ys = [p[1] for p in polygon[0]]
        return _Part(polygon, (min(xs), min(ys), max(xs), max(ys)), area)

    def of(land: bool) -> tuple[_Part, ...]:
        return tuple(part(polygon, s.area) for s in shape.shapes.values()
                     if s.area.is_land == land for polygon in s.polygons)

    return _Parts(edge=tuple(part(p, nowhere) for p in shape.edge), seas=of(False),
                  land=of(True), off_board=tuple(part(p, nowhere) for p in shape.off_board))


class _Pixels:
    """Map units to pixels of the painted board, less the painted part's offset `at`."""

    def __init__(self, shape: BoardShape, scale: float, at: tuple[int, int] = (0, 0)) -> None:
        self.x0, self.y1, self.scale = shape.bounds[0], shape.bounds[3], scale
        self.dx, self.dy = at

    def point(self, p: Point) -> tuple[float, float]:
        return (p[0] - self.x0) * self.scale - self.dx, (self.y1 - p[1]) * self.scale - self.dy

    def ring(self, ring: Sequence[Point]) -> list[tuple[float, float]]:
        return [self.point(p) for p in ring]

    def sees(self, size: tuple[int, int], margin: float,
             box: tuple[float, float, float, float]) -> bool:
        """Whether a map box (with `margin` pixels round it) meets a surface of `size`."""
        left, top = self.point((box[0], box[3]))
        right, bottom = self.point((box[2], box[1]))
        return (right + margin >= 0 and bottom + margin >= 0
                and left - margin <= size[0] and top - margin <= size[1])


def _fill(surface: pygame.Surface, px: _Pixels, polygon: Polygon, colour: RGB,
          hole: RGB) -> None:
    pygame.draw.polygon(surface, colour, px.ring(polygon[0]))
    for ring in polygon[1:]:
        pygame.draw.polygon(surface, hole, px.ring(ring))


def _thick_ring(surface: pygame.Surface, points: list[tuple[float, float]], colour: RGB,
                width: int) -> None:
    """A closed line `width` wide with round joints (pygame's thick lines leave notches
    at sharp corners)."""
    if width <= 1:
        pygame.draw.aalines(surface, colour, True, points)
        return
    pygame.draw.lines(surface, colour, True, points, width)
    radius = width / 2
    if radius >= 1.5:
        for p in points:
            pygame.draw.circle(surface, colour, p, radius)


def _hatch(surface: pygame.Surface, px: _Pixels, s: AreaShape, sizes: Sizes) -> None:
    """A3.6: flood plains are hatched with water, as on the board, clipped to the area."""
    x0, y0 = px.point((s.box[0], s.box[3]))
    x1, y1 = px.point((s.box[2], s.box[1]))
    whole = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1 - x0) + 2,
                        math.ceil(y1 - y0) + 2)
    rect = whole.clip(surface.get_rect())
    if not rect.w or not rect.h:
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    for polygon in s.polygons:
        pygame.draw.polygon(mask, (255, 255, 255, 255),
                            [(x - rect.x, y - rect.y) for x, y in px.ring(polygon[0])])
    step = max(4, round(sizes.scale * 0.16))
    width = max(1, round(sizes.scale / 40))
    # the hatching's phase is the whole area's, so a part painted alone matches it
    first = -rect.h + (whole.x - rect.x + whole.y - rect.y) % step
    for k in range(first, rect.w + step, step):
        pygame.draw.line(layer, (*FLOOD_HATCH, 120), (k, rect.h), (k + rect.h, 0), width)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(layer, rect.topleft)


@functools.cache
def land_tones() -> dict[int, int]:
    """A tone per land area, different from its land neighbours' where four suffice."""
    shape = board_shape()
    tones: dict[int, int] = {}
    for s in sorted(shape.shapes.values(), key=lambda s: -len(shape.board.neighbours(s.area.id))):
        if not s.area.is_land:
            continue
        taken = {tones.get(n) for n in shape.board.neighbours(s.area.id)}
        tones[s.area.id] = next((t for t in range(len(LAND_TONES)) if t not in taken),
                                s.area.id % len(LAND_TONES))
    return tones


# --- labels --------------------------------------------------------------------------------


_PLACED: OrderedDict[tuple[str, float], tuple[Label, ...]] = OrderedDict()
PLACED_SCALES = 8


def place_labels(scale: float, board: str = BOARD) -> Iterator[None]:
    """Places the labels printed at `scale` (`labels`), pausing after each area, so that a
    viewport spreads the work over frames (tens of milliseconds in all)."""
    key = scale_key(scale)
    if (board, key) not in _PLACED:
        yield from _placing(key, board)


def _placing(key: float, board: str) -> Iterator[None]:
    shape = board_shape(board)
    sizes = Sizes.at(key)
    px = _Pixels(shape, key)
    placed: list[Label] = []
    rects: list[pygame.Rect] = []

    rooms: list[pygame.Rect] = []

    sheet = pygame.Rect((0, 0), shape.pixel_size(key))

    def free(rect: pygame.Rect, crowded: bool = False) -> bool:
        """On the board, clear of every label, and of the pieces' room unless the board is
        `crowded`."""
        grown = rect.inflate(2, 2)
        return (sheet.contains(rect) and grown.collidelist(rects) < 0
                and (crowded or grown.collidelist(rooms) < 0))

    def keep(label: Label) -> None:
        placed.append(label)
        rects.append(label.rect)

    for polygon in shape.off_board:  # no label covers land out of play
        corners = [px.point(p) for p in polygon[0]]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        rects.append(pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                                 math.ceil(max(xs) - min(xs)), math.ceil(max(ys) - min(ys))))
    land = sorted((s for s in shape.shapes.values() if s.area.is_land), key=lambda s: -s.size)
    # printed marks first, where the drawing puts them: they are facts, never dropped
    sites = {s.area.id: _round(px.point(s.city)) for s in land if s.area.city_site != "none"}
    for area_id, (x, y) in sites.items():
        # two sites a few pixels apart on a small view shrink rather than overlap
        gap = min((max(abs(x - ox), abs(y - oy)) for other, (ox, oy) in sites.items()
                   if other != area_id), default=sizes.site + 1)
        width = max(3, min(sizes.site, gap - 1))
        rect = pygame.Rect(0, 0, width, width)
        rect.center = (x, y)
        keep(Label(area_id, "site", rect))
        if len(placed) % 16 == 0:
            yield
    # room for the pieces where the drawing stands them, so no label hides under them
    for s in land:
        for point, width in ((s.tokens, round(sizes.piece * 1.4)),
                             (s.city, round(sizes.piece * 1.5))):
            room = pygame.Rect(0, 0, width, width)
            room.center = _round(px.point(point))
            rooms.append(room)
    yield
    for s in land:
        centre = _round(px.point(s.label))
        badge = pygame.Rect(0, 0, sizes.badge, sizes.badge)
        spots = [badge.move(centre[0] - badge.w // 2 + dx * badge.w, centre[1] - badge.h // 2
                            + dy * badge.h) for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1),
                                                            (0, -1))]
        # a limit goes under the pieces rather than nowhere (on a small view)
        spot = next((r for crowded in (False, True) for r in spots
                     if free(r, crowded) and _inside(shape, s, px, r)), None)
        if spot is None:
            continue
        keep(Label(s.area.id, "limit", spot))
        if s.area.volcano:
            icon = pygame.Rect(0, 0, sizes.volcano, sizes.volcano)
            for side in ("left", "right"):
                if side == "left":
                    icon.midright = (spot.left - 1, spot.centery)
                else:
                    icon.midleft = (spot.right + 1, spot.centery)
                if free(icon):
                    keep(Label(s.area.id, "volcano", icon.copy()))
                    break
        yield
    if sizes.name_px >= MIN_NAME_PX:
        limits = {label.area_id: label.rect for label in placed if label.kind == "limit"}
        for s in land:
            _place_name(shape, s, px, sizes, limits.get(s.area.id), free, keep)
            yield
    for s in sorted((s for s in shape.shapes.values() if not s.area.is_land),
                    key=lambda s: -s.size):
        centre = _round(px.point(s.label))
        for text in _line_choices(s.area.name):
            rect = _text_rect("title", sizes.sea_px, text)
            spots = [rect.move(centre[0] - rect.w // 2 + dx * rect.w // 4,
                               centre[1] - rect.h // 2 + dy * rect.h)
                     for dy in (0, -1, 1, -2, 2) for dx in (0, -1, 1, -2, 2)]
            spot = next((r for r in spots if free(r) and _inside(shape, s, px, r)), None)
            if spot is not None:
                keep(Label(s.area.id, "sea", spot, text))
                break
        yield
    _PLACED[board, key] = tuple(placed)
    while len(_PLACED) > PLACED_SCALES:
        _PLACED.popitem(last=False)


def labels(scale: float, board: str = BOARD) -> tuple[Label, ...]:
    """Every label printed at `scale`, none overlapping another: the limits and sites are
    those of `board` (the game's, as its options name it)."""
    key = scale_key(scale)
    if (board, key) not in _PLACED:
        for _ in place_labels(key, board):
            pass
    _PLACED.move_to_end((board, key))
    return _PLACED[board, key]



def _place_name(shape: BoardShape, s: AreaShape, px: _Pixels, sizes: Sizes,
                badge: pygame.Rect | None, free: Callable[[pygame.Rect], bool],
                keep: Callable[[Label], None]) -> None:
    anchor = badge if badge is not None else pygame.Rect(_round(px.point(s.label)), (0, 0))
    for text in _line_choices(s.area.name):
        rect = _text_rect("title", sizes.name_px, text)
        # beside its limit first, then farther up, down or aside (clear of the pieces)
        middle, w, h = anchor.centery - rect.h // 2, rect.w, rect.h
        spots = [pygame.Rect(anchor.centerx - w // 2, anchor.top - 2 - h, w, h),
                 pygame.Rect(anchor.centerx - w // 2, anchor.bottom + 2, w, h),
                 pygame.Rect(anchor.right + 2, middle, w, h),
                 pygame.Rect(anchor.left - 2 - w, middle, w, h)]
        spots += [spot.move(dx * w // 3, dy * h) for dy in (-1, 1, -2, 2)
                  for dx in (0, -1, 1) for spot in spots[:2]]
        for spot in spots:
            if free(spot) and _inside(shape, s, px, spot, loose=True):
                keep(Label(s.area.id, "name", spot, text))
                return


def _line_choices(name: str) -> list[tuple[str, ...]]:
    """A name on one line, or on two cut at the space that evens them best."""
    words = name.split()
    choices: list[tuple[str, ...]] = [(name,)]
    if len(words) > 1:
        cut = min(range(1, len(words)),
                  key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
        choices.append((" ".join(words[:cut]), " ".join(words[cut:])))
    return choices


def _text_rect(role: str, size: int, lines: tuple[str, ...]) -> pygame.Rect:
    face = font(role, size)
    widths = [face.size(line)[0] for line in lines]
    line_height = _line_height(face)
    return pygame.Rect(0, 0, max(widths), line_height * len(lines))


def _line_height(face: pygame.font.Font) -> int:
    """Cinzel's capitals need less than its line size: lines packed to the letters."""
    return max(1, round(face.get_ascent() * 0.92))


def _round(p: tuple[float, float]) -> tuple[int, int]:
    return round(p[0]), round(p[1])


def _inside(shape: BoardShape, s: AreaShape, px: _Pixels, rect: pygame.Rect,
            loose: bool = False) -> bool:
    """Whether a label's rectangle lies in its area: its corners, edge middles and centre;
    `loose` (a name) only its middle line and the middles of its top and bottom, so a
    name's corners may cross a border or a coast (the collision test keeps it clear of
    every other label)."""
    xs = (rect.left, rect.centerx, rect.right - 1)
    ys = (rect.top, rect.centery, rect.bottom - 1)
    inset = rect.w // 7
    points = ([(rect.left + inset, rect.centery), (rect.centerx, rect.centery),
               (rect.right - 1 - inset, rect.centery), (rect.centerx, ys[0]),
               (rect.centerx, ys[2])]
              if loose else [(x, y) for x in xs for y in ys])
    return all(s.contains(*shape.to_map(x, y, px.scale)) for x, y in points)


def _draw_label(surface: pygame.Surface, label: Label, area: Area, sizes: Sizes,
                faint: bool = False) -> None:
    rect = label.rect
    if label.kind == "site":
        # A3.5: black and white city sites
        fill = pal.INK if area.city_site == "black" else pal.IVORY
        pygame.draw.rect(surface, fill, rect)
        pygame.draw.rect(surface, pal.INK, rect, max(1, rect.w // 6))
    elif label.kind == "volcano":
        _volcano(surface, rect)
    elif label.kind == "limit":
        r = rect.w / 2
        pygame.draw.circle(surface, pal.INK, rect.center, r)
        pygame.draw.circle(surface, BADGE, rect.center, r - max(1.0, r / 6))
        face = font("bold", max(7, round(rect.h * 0.78)))
        digit = face.render(str(area.limit), True, pal.INK)
        surface.blit(digit, digit.get_rect(center=(rect.centerx, rect.centery)))
    else:
        sea = label.kind == "sea"
        face = font("title", sizes.sea_px if sea else sizes.name_px)
        height = _line_height(face)
        for i, line in enumerate(label.text):
            shown = line
            ink = OUT_OF_PLAY_INK if faint else SEA_INK if sea else NAME_INK
            text = face.render(shown, True, ink)
            where = text.get_rect(centerx=rect.centerx,
                                  centery=rect.top + height * i + height // 2 + 1)
            if not sea:
                halo = face.render(shown, True, pal.IVORY)
                halo.set_alpha(150)
                for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    surface.blit(halo, where.move(dx, dy))
            surface.blit(text, where)


def _volcano(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A3.7: a cone with a glowing mouth."""
    w, h = rect.w, rect.h
    cone = [(rect.left, rect.bottom), (rect.left + w * 0.38, rect.top + h * 0.25),
            (rect.left + w * 0.62, rect.top + h * 0.25), (rect.right, rect.bottom)]
    pygame.draw.polygon(surface, VOLCANO, cone)
    pygame.draw.polygon(surface, pal.TERRACOTTA_DARK, cone, max(1, w // 10))
    pygame.draw.circle(surface, VOLCANO_LAVA, (rect.centerx, rect.top + h * 0.22), w * 0.14)

