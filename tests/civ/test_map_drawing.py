"""The drawing file clients read beside the map: one entry per area, its points inside it."""

from __future__ import annotations

import json
import pathlib
from typing import Any

from engine.civ.map_schema import load_map

DRAWING = pathlib.Path(__file__).resolve().parents[2] / "assets/civ/mediterranean-drawing.json"


def _inside(point: list[float], ring: list[list[float]]) -> bool:
    """Even-odd rule: whether `point` lies inside the closed `ring`."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _in_area(point: list[float], polygons: list[list[list[list[float]]]]) -> bool:
    return any(
        _inside(point, rings[0]) and not any(_inside(point, hole) for hole in rings[1:])
        for rings in polygons
    )


def test_drawing_has_every_area_of_the_map_and_nothing_else() -> None:
    drawing: dict[str, Any] = json.loads(DRAWING.read_text())
    assert drawing["drawing_version"] == 1 and drawing["map"] == "mediterranean"
    assert sorted(a["id"] for a in drawing["areas"]) == [a.id for a in load_map().areas]


def test_drawing_points_lie_inside_their_area() -> None:
    drawing: dict[str, Any] = json.loads(DRAWING.read_text())
    for entry in drawing["areas"]:
        assert entry["polygons"], entry["id"]
        for key in ("label", "city", "tokens"):
            assert _in_area(entry[key], entry["polygons"]), (entry["id"], key)
