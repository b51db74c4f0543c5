"""The drawing file's geometry for tests, stdlib only: its projection and point-in-area tests.

`assets/civ/mediterranean-drawing.json` gives each area's outline as polygons (rings of [x, y],
the first ring the outline, the rest holes) in the projection its `projection` entry names:
x = longitude × cos 38°, y = latitude (docs/civ-map.md).
"""

from __future__ import annotations

import json
import math
import pathlib
import re
from typing import Any

DRAWING = pathlib.Path(__file__).resolve().parents[2] / "assets/civ/mediterranean-drawing.json"

Ring = list[list[float]]
Polygons = list[list[Ring]]


def load_drawing() -> dict[str, Any]:
    drawing: dict[str, Any] = json.loads(DRAWING.read_text())
    return drawing


def projector(drawing: dict[str, Any]) -> tuple[float, float]:
    """x and y per degree of longitude and latitude, read from the drawing's own projection."""
    x_text, y_text = drawing["projection"]["x"], drawing["projection"]["y"]
    match = re.search(r"\(([0-9.]+)\)", x_text)
    assert match and "longitude" in x_text and y_text == "latitude", drawing["projection"]
    return float(match.group(1)), 1.0


def inside(point: list[float], ring: Ring) -> bool:
    """Even-odd rule: whether `point` lies inside the closed `ring`."""
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def in_area(point: list[float], polygons: Polygons) -> bool:
    return any(
        inside(point, rings[0]) and not any(inside(point, hole) for hole in rings[1:])
        for rings in polygons
    )


def _segment_distance(point: list[float], a: list[float], b: list[float]) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def outline_distance(point: list[float], polygons: Polygons) -> float:
    """Distance from `point` to the nearest edge of any ring of the area, in map units."""
    return min(
        _segment_distance(point, a, b)
        for rings in polygons
        for ring in rings
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
    )
