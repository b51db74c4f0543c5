"""The Mediterranean board's outlines, in map units, and the questions asked of them.

The drawing file (`assets/civ/mediterranean-drawing.json`, made by
`assets/tools/civ_map/build.py`) holds only shapes: each area's polygons, the
board's edge and the off-board scraps. What an area *is* (land, coast or open
sea, its limit, its site, its name) is the engine's map (`engine.civ.map_schema`),
read from there and never copied. Map units are the drawing's projection
(x = longitude × cos 38°, y = latitude, north up); the painter turns them into
pixels at a scale (pixels per unit).

Hit-testing answers "which area is under this point" in a few microseconds:
a grid over the board lists, per cell, the areas whose bounding box meets it,
and only those are tested point-in-polygon (even-odd over every ring, so
lagoons and lakes cut out of an area are not in it).
"""

from __future__ import annotations

import functools
import heapq
import json
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine.civ as civ
from engine.civ.map_schema import Area, CivMap, load_map
from engine.civ.tables import PLAYER_COUNTS
from game.art.fonts import assets_dir

Point = tuple[float, float]
Ring = tuple[Point, ...]
Polygon = tuple[Ring, ...]  # the outer ring, then its holes
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

DRAWING_VERSION = 1
BOARD = str(civ.OPTIONS["map"])
"""The board a new game is played on; an older saved game names its own (`board_shape`)."""
GRID_CELL = 0.5
"""Side of a hit-test grid cell, in map units (about 55 km): a cell meets 1-4 areas."""
LABEL_PRECISION = 0.01
"""How close (map units, about 1 km) the pole of inaccessibility is searched for."""
FRAME_MARGIN = 0.6
"""Map units of sea shown round the areas in play when a game uses part of the board."""


def configuration(players: int | None) -> str:
    """A4.2: the part of the board a game of `players` is played on; None (a picture of the
    board rather than of a game) or an impossible count: the whole board."""
    count = PLAYER_COUNTS.get(players) if players is not None else None
    return count.configuration if count is not None else "full"


@dataclass(frozen=True)
class AreaShape:
    """One area's outline and the points the painter and the table place things at."""

    area: Area
    polygons: tuple[Polygon, ...]
    box: Box
    city: Point
    """Where its city site is printed and a city stands (the drawing's choice)."""
    tokens: Point
    """Where its tokens stand (the drawing's choice)."""
    size: float
    """Its surface in square map units (all parts, holes taken off)."""
    label: Point
    """A point well inside it for its name and limit: the drawing's label point (the
    builder's pole of inaccessibility) when it lies inside the outline as drawn (the
    outline is simplified), else the pole of inaccessibility of its largest part."""

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        return any(in_polygon(polygon, x, y) for polygon in self.polygons)

    @functools.cached_property
    def clearance(self) -> float:
        """How far the label point is from the area's edge (map units): room for a label."""
        x, y = self.label
        return min(_ring_distance(ring, x, y) for polygon in self.polygons for ring in polygon)


@dataclass(frozen=True)
class BoardShape:
    """The whole board: bounds, edge, off-board scraps and every area's shape."""

    board: CivMap
    bounds: Box
    edge: tuple[Polygon, ...]
    off_board: tuple[Polygon, ...]
    shapes: dict[int, AreaShape]
    _grid: dict[tuple[int, int], tuple[int, ...]] = field(repr=False, compare=False)

    @property
    def width(self) -> float:
        return self.bounds[2] - self.bounds[0]

    @property
    def height(self) -> float:
        return self.bounds[3] - self.bounds[1]

    def area_at(self, x: float, y: float) -> int | None:
        """The id of the area at map point (x, y); None off the board, on coastal water
        (it belongs to no polygon: the drawing outlines the land of coastal areas) and on
        off-board scraps."""
        for area_id in self._grid.get(_cell(self.bounds, x, y), ()):
            if self.shapes[area_id].contains(x, y):
                return area_id
        return None

    def label_point(self, area_id: int) -> Point:
        return self.shapes[area_id].label

    def box(self, area_id: int) -> Box:
        return self.shapes[area_id].box

    def to_map(self, px: float, py: float, scale: float) -> Point:
        """A pixel of the board painted at `scale` (its top-left the bounds' north-west)
        as a map point."""
        return self.bounds[0] + px / scale, self.bounds[3] - py / scale

    def to_pixel(self, x: float, y: float, scale: float) -> Point:
        return (x - self.bounds[0]) * scale, (self.bounds[3] - y) * scale

    def pixel_size(self, scale: float) -> tuple[int, int]:
        return max(1, math.ceil(self.width * scale)), max(1, math.ceil(self.height * scale))

    def fit_scale(self, width: int, height: int) -> float:
        """The scale at which the whole board fits a width × height view."""
        return min(width / self.width, height / self.height)

    def frame(self, areas: Collection[int], margin: float = FRAME_MARGIN) -> Box:
        """The part of the board that shows `areas` (their boxes, `margin` map units of sea
        round them), within the bounds; the bounds themselves when it is every area."""
        if set(areas) >= set(self.shapes):
            return self.bounds
        boxes = [self.shapes[a].box for a in areas]
        return (max(self.bounds[0], min(b[0] for b in boxes) - margin),
                max(self.bounds[1], min(b[1] for b in boxes) - margin),
                min(self.bounds[2], max(b[2] for b in boxes) + margin),
                min(self.bounds[3], max(b[3] for b in boxes) + margin))


def drawing_path() -> Path:
    return assets_dir() / "civ" / "mediterranean-drawing.json"


@functools.cache
def board_shape(board_name: str = BOARD) -> BoardShape:
    """The Mediterranean's shapes, read once per board; areas keyed by the engine's ids. The
    boards of one drawing differ in limits and sites, never in outlines (a game saved under
    rules 4 keeps the first edition, `engine.civ.record`)."""
    drawing = json.loads(drawing_path().read_text(encoding="utf-8"))
    if drawing.get("drawing_version") != DRAWING_VERSION:
        raise ValueError(f"{drawing_path()}: drawing_version {drawing.get('drawing_version')!r},"
                         f" this client reads {DRAWING_VERSION}")
    board = load_map(board_name)
    entries = {entry["id"]: entry for entry in drawing["areas"]}
    missing = sorted({a.id for a in board.areas} ^ set(entries))
    if missing:
        raise ValueError(f"{drawing_path()} and the engine's map disagree on areas {missing}")
    shapes = {area.id: _area_shape(area, entries[area.id]) for area in board.areas}
    x0, y0, x1, y1 = (float(v) for v in drawing["bounds"])
    bounds = (x0, y0, x1, y1)
    grid: dict[tuple[int, int], list[int]] = {}
    for area_id, shape in shapes.items():
        c0, r0 = _cell(bounds, shape.box[0], shape.box[3])
        c1, r1 = _cell(bounds, shape.box[2], shape.box[1])
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                grid.setdefault((c, r), []).append(area_id)
    return BoardShape(
        board=board, bounds=bounds, edge=_polygons(drawing["board_edge"]),
        off_board=tuple(p for rings in drawing["off_board"] for p in _polygons(rings)),
        shapes=shapes, _grid={k: tuple(v) for k, v in grid.items()})


def _area_shape(area: Area, entry: dict[str, Any]) -> AreaShape:
    polygons = tuple(_polygon(rings) for rings in entry["polygons"])
    xs = [p[0] for polygon in polygons for p in polygon[0]]
    ys = [p[1] for polygon in polygons for p in polygon[0]]
    drawn = _point(entry["label"])
    if not any(in_polygon(polygon, *drawn) for polygon in polygons):
        drawn = pole_of_inaccessibility(max(polygons, key=polygon_size))
    return AreaShape(area=area, polygons=polygons, box=(min(xs), min(ys), max(xs), max(ys)),
                     city=_point(entry["city"]), tokens=_point(entry["tokens"]),
                     size=sum(polygon_size(p) for p in polygons), label=drawn)


def _point(raw: Sequence[float]) -> Point:
    return float(raw[0]), float(raw[1])


def _polygon(rings: Sequence[Sequence[Sequence[float]]]) -> Polygon:
    return tuple(tuple((float(x), float(y)) for x, y in ring) for ring in rings)


def _polygons(rings: Sequence[Sequence[Sequence[float]]]) -> tuple[Polygon, ...]:
    """The drawing's edge and scraps list rings flat: an outer ring, then the rings inside
    it (holes), then the next outer ring; a ring inside the previous outer one is a hole."""
    out: list[list[Ring]] = []
    for raw in rings:
        ring = tuple((float(x), float(y)) for x, y in raw)
        if out and in_ring(out[-1][0], *ring[0]):
            out[-1].append(ring)
        else:
            out.append([ring])
    return tuple(tuple(p) for p in out)


def _cell(bounds: Box, x: float, y: float) -> tuple[int, int]:
    return math.floor((x - bounds[0]) / GRID_CELL), math.floor((bounds[3] - y) / GRID_CELL)


def in_ring(ring: Ring, x: float, y: float) -> bool:
    """Even-odd ray casting: whether (x, y) is inside one closed ring."""
    inside = False
    x1, y1 = ring[-1]
    for x2, y2 in ring:
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
        x1, y1 = x2, y2
    return inside


def in_polygon(polygon: Polygon, x: float, y: float) -> bool:
    """Inside the outer ring and outside every hole."""
    return in_ring(polygon[0], x, y) and not any(in_ring(hole, x, y) for hole in polygon[1:])


def ring_size(ring: Ring) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1],
                                                                     strict=True))) / 2


def polygon_size(polygon: Polygon) -> float:
    return ring_size(polygon[0]) - sum(ring_size(hole) for hole in polygon[1:])


def _segment_distance(x: float, y: float, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx or dy:
        t = max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)))
        return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)
    return math.hypot(x - a[0], y - a[1])


def _ring_distance(ring: Ring, x: float, y: float) -> float:
    return min(_segment_distance(x, y, ring[i - 1], ring[i]) for i in range(len(ring)))


def _signed_distance(polygon: Polygon, x: float, y: float) -> float:
    d = min(_ring_distance(ring, x, y) for ring in polygon)
    return d if in_polygon(polygon, x, y) else -d


def pole_of_inaccessibility(polygon: Polygon, precision: float = LABEL_PRECISION) -> Point:
    """The interior point farthest from the outline (the "polylabel" search: cells of a
    quadtree, best bound first), where a label has the most room."""
    xs = [p[0] for p in polygon[0]]
    ys = [p[1] for p in polygon[0]]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    side = min(x1 - x0, y1 - y0)
    if side <= 0:
        return x0, y0
    half = side / 2
    queue: list[tuple[float, float, float, float, float]] = []

    def push(cx: float, cy: float, h: float) -> None:
        d = _signed_distance(polygon, cx, cy)
        heapq.heappush(queue, (-(d + h * math.sqrt(2)), d, cx, cy, h))

    cx = x0
    while cx < x1:
        cy = y0
        while cy < y1:
            push(cx + half, cy + half, half)
            cy += side
        cx += side
    # the centroid of the outer ring is a good first guess
    area = 0.0
    gx = gy = 0.0
    ring = polygon[0]
    for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
        f = ax * by - bx * ay
        gx += (ax + bx) * f
        gy += (ay + by) * f
        area += f * 3
    best = (_signed_distance(polygon, gx / area, gy / area), gx / area, gy / area) if area else (
        _signed_distance(polygon, x0, y0), x0, y0)
    while queue:
        _, d, cx, cy, h = heapq.heappop(queue)
        if d > best[0]:
            best = (d, cx, cy)
        if d + h * math.sqrt(2) - best[0] <= precision:
            continue
        h /= 2
        for sx in (-h, h):
            for sy in (-h, h):
                push(cx + sx, cy + sy, h)
    return best[1], best[2]
