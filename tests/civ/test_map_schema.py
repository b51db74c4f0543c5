"""Reading a map file (map-spec M1): the tiny map parses; every malformed file is a MapError."""

from __future__ import annotations

import copy
import dataclasses
import json
import pathlib
from typing import Any

import pytest

from engine.civ.map_schema import CivMap, MapError, load_map, parse_map, read_map

TINY = pathlib.Path(__file__).with_name("tiny_map.json")


def _tiny_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TINY.read_text())
    return data


def test_m1_tiny_map_reads_into_areas_boundaries_and_features() -> None:
    m = read_map(TINY.read_text(), source="tiny_map.json")
    assert m.name == "tiny"
    assert [a.id for a in m.areas] == [1, 2, 3, 4, 5]
    delta = m.area(2)
    assert (delta.kind, delta.limit) == ("coastal", 3)
    assert (delta.city_site, delta.flood_plain) == ("white", "river")
    assert delta.is_land and delta.is_water
    assert m.area(1).is_land and not m.area(1).is_water
    assert not m.area(4).is_land and m.area(4).is_water
    assert m.area(5).volcano == "fire" and m.area(5).island == "fire_isle"
    assert m.area_named("Isthmus").coasts == 2
    assert m.flood_plains[0].name == "The River" and m.volcanoes[0].id == "fire"
    assert m.start_areas("africa") == (1, 2)


def test_a3_2_neighbours_follow_boundary_types() -> None:
    m = read_map(TINY.read_text())
    assert m.neighbours(2) == (1, 3, 5)
    assert m.neighbours(2, over="land") == (1, 3)
    assert m.neighbours(2, over="water") == (3, 5)
    both = m.boundary(3, 2)
    assert both is not None and m.boundary(1, 3) is None
    assert both.crosses_land and both.crosses_water
    assert both.other(2) == 3 and both.coast_at(3) == "a" and both.coast_at(2) is None


def test_a4_3_configurations_select_areas_by_side_and_far_west() -> None:
    m = read_map(TINY.read_text())
    assert m.in_play("full") == {1, 2, 3, 4, 5}
    assert m.in_play("no_far_west") == {1, 2, 3, 4}
    assert m.in_play("west") == {1, 2, 4, 5}
    assert m.in_play("east") == {3, 4}
    with pytest.raises(ValueError, match="unknown configuration"):
        m.in_play("north")


def test_map_is_frozen() -> None:
    m = read_map(TINY.read_text())
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.area(1).limit = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.name = "other"  # type: ignore[misc]


def test_unknown_area_is_a_clear_key_error() -> None:
    m = read_map(TINY.read_text())
    with pytest.raises(KeyError, match="no area 99"):
        m.area(99)
    with pytest.raises(KeyError, match="no area 99"):
        m.neighbours(99)
    with pytest.raises(KeyError, match="no area named 'Atlantis'"):
        m.area_named("Atlantis")


def test_load_map_reads_the_shipped_mediterranean() -> None:
    m = load_map()
    assert isinstance(m, CivMap)
    assert m.name == "mediterranean"
    assert load_map("mediterranean") is m


@pytest.mark.parametrize("name,message", [
    ("atlantis", "no map 'atlantis'"),
    ("../secrets", "lower-case letters"),
    ("", "lower-case letters"),
])
def test_load_map_refuses_unknown_or_unsafe_names(name: str, message: str) -> None:
    with pytest.raises(MapError, match=message):
        load_map(name)


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _drop(path: tuple[Any, ...]) -> Any:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


def _append(key: str, record: dict[str, Any]) -> Any:
    return lambda data: data[key].append(record)


BROKEN = [
    ("map_version", _set(("map_version",), 2), "map_version 2 is not supported"),
    ("missing areas", _drop(("areas",)), "missing areas"),
    ("unknown top key", _set(("colour",), "blue"), "unknown field colour"),
    ("areas not a list", _set(("areas",), {}), "areas must be a list"),
    ("empty areas", _set(("areas",), []), "areas is empty"),
    ("area not an object", _set(("areas", 0), 7), r"areas\[0\]: expected an object"),
    ("area missing limit", _drop(("areas", 1, "limit")), r"areas\[1\]: missing limit"),
    ("area unknown field", _set(("areas", 1, "colour"), "x"), "unknown field colour"),
    ("id zero", _set(("areas", 0, "id"), 0), "id 0 must be 1 or more"),
    ("id a string", _set(("areas", 0, "id"), "1"), "id must be an integer"),
    ("limit a bool", _set(("areas", 0, "limit"), True), "limit must be an integer"),
    ("limit 6", _set(("areas", 0, "limit"), 6), "limit 6 must be 0"),
    ("kind", _set(("areas", 0, "kind"), "mountain"), "kind 'mountain' must be one of"),
    ("site", _set(("areas", 0, "city_site"), "gold"), "city_site 'gold' must be one of"),
    ("side", _set(("areas", 0, "side"), "N"), "side 'N' must be one of"),
    ("coasts 3", _set(("areas", 2, "coasts"), 3), "coasts 3 must be 1, or 2"),
    ("far_west not bool", _set(("areas", 0, "far_west"), 0), "far_west must be true or false"),
    ("empty name", _set(("areas", 0, "name"), " "), "name must be a non-empty string"),
    ("island not text", _set(("areas", 4, "island"), 3), "island must be a non-empty string"),
    ("unknown plain", _set(("areas", 1, "flood_plain"), "nile"), "flood_plain 'nile' is not known"),
    ("unknown volcano", _set(("areas", 4, "volcano"), "etna"), "volcano 'etna' is not known"),
    ("unknown nation", _set(("areas", 0, "start"), "rome"), "start 'rome' is not known"),
    ("duplicate id", _set(("areas", 1, "id"), 1), "id 1 appears twice"),
    ("duplicate name", _set(("areas", 1, "name"), "Upland"), "name 'Upland' appears twice"),
    ("out of order", _set(("areas", 0, "id"), 9), "ascending id"),
    ("boundary to nowhere", _set(("boundaries", 0, "b"), 42), "area 42 does not exist"),
    ("self-loop", _set(("boundaries", 0, "b"), 1), r"a \(1\) must be less than b \(1\)"),
    ("reversed pair", _set(("boundaries", 0, "a"), 3), r"a \(3\) must be less than b \(2\)"),
    ("boundary type", _set(("boundaries", 0, "type"), "road"), "type 'road' must be one of"),
    ("coast tag", _set(("boundaries", 1, "coast_b"), "c"), "coast_b 'c' is not known"),
    ("duplicate pair", _append("boundaries", {"a": 1, "b": 2, "type": "land",
                                              "coast_a": None, "coast_b": None}),
     r"area pair \(1, 2\) appears twice"),
    ("feature missing name", _drop(("volcanoes", 0, "name")), r"volcanoes\[0\]: missing name"),
    ("duplicate plain", _append("flood_plains", {"id": "river", "name": "Again"}),
     "id 'river' appears twice"),
]


@pytest.mark.parametrize("change,message", [(c, m) for _, c, m in BROKEN],
                         ids=[name for name, _, _ in BROKEN])
def test_m5_v1_each_malformed_map_is_a_map_error_naming_it(change: Any, message: str) -> None:
    data = _tiny_data()
    change(data)
    before = copy.deepcopy(data)
    with pytest.raises(MapError, match=message):
        parse_map(data, source="tiny_map.json")
    assert data == before


def test_m5_v1_not_json_is_a_map_error() -> None:
    with pytest.raises(MapError, match="tiny: not valid JSON"):
        read_map("{areas: ", source="tiny")


def test_m5_v1_top_level_must_be_an_object() -> None:
    with pytest.raises(MapError, match="expected an object"):
        parse_map([1, 2, 3])
