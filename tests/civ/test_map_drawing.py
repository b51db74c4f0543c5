"""The drawing file clients read beside the map: one entry per area, its points inside it."""

from __future__ import annotations

from drawing_geometry import in_area, load_drawing

from engine.civ.map_schema import load_map


def test_drawing_has_every_area_of_the_map_and_nothing_else() -> None:
    drawing = load_drawing()
    assert drawing["drawing_version"] == 1 and drawing["map"] == "mediterranean"
    assert sorted(a["id"] for a in drawing["areas"]) == [a.id for a in load_map().areas]


def test_drawing_points_lie_inside_their_area() -> None:
    drawing = load_drawing()
    for entry in drawing["areas"]:
        assert entry["polygons"], entry["id"]
        for key in ("label", "city", "tokens"):
            assert in_area(entry[key], entry["polygons"]), (entry["id"], key)
