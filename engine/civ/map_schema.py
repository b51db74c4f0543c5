"""Advanced Civilization's map as data: map-spec M1's JSON read strictly into frozen dataclasses.

The map file is the one place that says what the board is (A3): the engine
builds on these dataclasses and never re-reads the JSON. Reading is strict —
an unknown key, a missing field, a wrong type, a duplicate id or name or a
reference to a flood plain, volcano, nation or area that does not exist is a
`MapError` naming the record and the field — so a map author learns what to
fix. Whether a well-formed map is also a good one (kinds, boundaries, islands,
partitions, capacities) is judged by `engine.civ.map_check` (map-spec M5).

The only I/O is `load_map`, which reads a file shipped inside this package
through `importlib.resources`.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

MAP_VERSION = 1

AREA_KINDS = ("land", "coastal", "open_sea")
CITY_SITES = ("none", "black", "white")
BOUNDARY_TYPES = ("land", "water", "both")
SIDES = ("W", "E", "LINE")
COAST_TAGS = ("a", "b")
NATIONS = (
    "africa", "italy", "illyria", "thrace", "crete", "asia", "assyria", "babylon", "egypt",
)
"""A4.1: the nine nations in A.S.T. order."""

CONFIGURATIONS = ("full", "no_far_west", "west", "east")
"""A4.3: the four ways the map is in play."""

_MAP_KEYS = ("map_version", "name", "areas", "boundaries", "flood_plains", "volcanoes")
_AREA_KEYS = (
    "id", "name", "kind", "limit", "city_site", "flood_plain", "volcano", "start", "island",
    "side", "far_west", "coasts",
)
_BOUNDARY_KEYS = ("a", "b", "type", "coast_a", "coast_b")
_FEATURE_KEYS = ("id", "name")
_MAP_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class MapError(ValueError):
    """A map file that cannot be read: the message names the record, the field and what is wrong."""


@dataclass(frozen=True)
class NamedFeature:
    """A flood plain (A3.6) or a volcano (A3.7): areas refer to it by `id`."""

    id: str
    name: str


@dataclass(frozen=True)
class Area:
    """One area of the board (A3.1–A3.8, A3.10–A3.12) with its partition tags (A4.3)."""

    id: int
    name: str
    kind: str
    limit: int
    city_site: str
    flood_plain: str | None
    volcano: str | None
    start: str | None
    island: str | None
    side: str
    far_west: bool
    coasts: int

    @property
    def is_land(self) -> bool:
        """A3.1: land and coastal areas hold tokens and cities."""
        return self.kind != "open_sea"

    @property
    def is_water(self) -> bool:
        """A3.1: coastal and open-sea areas carry ships."""
        return self.kind != "land"

    def in_configuration(self, configuration: str) -> bool:
        """A4.3: whether this area is in play in `configuration` (one of CONFIGURATIONS)."""
        if configuration == "full":
            return True
        if configuration == "no_far_west":
            return not self.far_west
        if configuration == "west":
            return self.side in ("W", "LINE")
        if configuration == "east":
            return self.side in ("E", "LINE")
        raise ValueError(f"unknown configuration {configuration!r}; one of {CONFIGURATIONS}")


@dataclass(frozen=True)
class Boundary:
    """A typed boundary between areas `a < b` (A3.2), with the coast of a dual-coast end (A3.10)."""

    a: int
    b: int
    type: str
    coast_a: str | None
    coast_b: str | None

    @property
    def crosses_land(self) -> bool:
        """A3.2: land movement crosses land and both boundaries."""
        return self.type != "water"

    @property
    def crosses_water(self) -> bool:
        """A3.2: ships cross water and both boundaries."""
        return self.type != "land"

    def other(self, area_id: int) -> int:
        """The area across this boundary from `area_id`."""
        if area_id == self.a:
            return self.b
        if area_id == self.b:
            return self.a
        raise ValueError(f"area {area_id} is not an end of boundary {self.a}-{self.b}")

    def coast_at(self, area_id: int) -> str | None:
        """The coast (`a`/`b`) this boundary leaves `area_id` by; None unless it has two coasts."""
        if area_id == self.a:
            return self.coast_a
        if area_id == self.b:
            return self.coast_b
        raise ValueError(f"area {area_id} is not an end of boundary {self.a}-{self.b}")


@dataclass(frozen=True)
class CivMap:
    """A whole map: areas in area order (A3.12), boundaries, flood plains and volcanoes."""

    map_version: int
    name: str
    areas: tuple[Area, ...]
    boundaries: tuple[Boundary, ...]
    flood_plains: tuple[NamedFeature, ...]
    volcanoes: tuple[NamedFeature, ...]
    _by_id: dict[int, Area] = field(init=False, repr=False, compare=False)
    _touching: dict[int, tuple[Boundary, ...]] = field(init=False, repr=False, compare=False)
    _pairs: dict[tuple[int, int], Boundary] = field(init=False, repr=False, compare=False)
    _near: dict[tuple[int, str], tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _in_play: dict[str, frozenset[int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        touching: dict[int, list[Boundary]] = {area.id: [] for area in self.areas}
        for boundary in self.boundaries:
            touching[boundary.a].append(boundary)
            touching[boundary.b].append(boundary)
        near = {
            (area_id, over): tuple(sorted(
                b.other(area_id) for b in around
                if over == "any" or (b.crosses_land if over == "land" else b.crosses_water)
            ))
            for area_id, around in touching.items()
            for over in ("land", "water", "any")
        }
        object.__setattr__(self, "_by_id", {area.id: area for area in self.areas})
        object.__setattr__(self, "_touching", {k: tuple(v) for k, v in touching.items()})
        object.__setattr__(self, "_pairs", {(b.a, b.b): b for b in self.boundaries})
        object.__setattr__(self, "_near", near)
        object.__setattr__(self, "_in_play", {})

    def area(self, area_id: int) -> Area:
        """The area with this id; KeyError names it if there is none."""
        try:
            return self._by_id[area_id]
        except KeyError:
            raise KeyError(f"map {self.name!r} has no area {area_id}") from None

    def area_named(self, name: str) -> Area:
        """The area with this display name; KeyError names it if there is none."""
        for area in self.areas:
            if area.name == name:
                return area
        raise KeyError(f"map {self.name!r} has no area named {name!r}")

    def boundaries_of(self, area_id: int) -> tuple[Boundary, ...]:
        """Every boundary with `area_id` at one end."""
        self.area(area_id)
        return self._touching[area_id]

    def neighbours(self, area_id: int, over: str = "any") -> tuple[int, ...]:
        """A3.2: ids of the areas next to `area_id` over "land", "water" or "any" boundary."""
        if over not in ("land", "water", "any"):
            raise ValueError(f"over must be 'land', 'water' or 'any', not {over!r}")
        self.area(area_id)
        return self._near[(area_id, over)]

    def boundary(self, one: int, other: int) -> Boundary | None:
        """The boundary between two areas, either order; None where they do not touch."""
        return self._pairs.get((min(one, other), max(one, other)))

    def in_play(self, configuration: str) -> frozenset[int]:
        """A3.11, A4.3: ids of the areas in play in `configuration`."""
        if configuration not in self._in_play:
            self._in_play[configuration] = frozenset(
                a.id for a in self.areas if a.in_configuration(configuration))
        return self._in_play[configuration]

    def start_areas(self, nation: str) -> tuple[int, ...]:
        """A3.8: the start areas of `nation`, in area order."""
        if nation not in NATIONS:
            raise ValueError(f"unknown nation {nation!r}; one of {NATIONS}")
        return tuple(a.id for a in self.areas if a.start == nation)


def load_map(name: str = "mediterranean") -> CivMap:
    """The map `engine/civ/maps/<name>.json` shipped with the engine, read once and shared."""
    if not isinstance(name, str) or not _MAP_NAME.match(name):
        raise MapError(f"map name {name!r}: use lower-case letters, digits and '_' only")
    return _load_shipped(name)


@functools.cache
def _load_shipped(name: str) -> CivMap:
    resource = importlib.resources.files("engine.civ").joinpath("maps", f"{name}.json")
    if not resource.is_file():
        raise MapError(f"no map {name!r}: engine/civ/maps/{name}.json is not shipped")
    return read_map(resource.read_text(encoding="utf-8"), source=f"maps/{name}.json")


def read_map(text: str, source: str = "map") -> CivMap:
    """A map from its JSON text; `source` names it in error messages."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapError(f"{source}: not valid JSON ({exc})") from None
    return parse_map(data, source)


def parse_map(data: Any, source: str = "map") -> CivMap:
    """A map from already-decoded JSON data (map-spec M1), checked field by field."""
    top = _record(data, _MAP_KEYS, source)
    version = _integer(top, "map_version", source)
    if version != MAP_VERSION:
        raise MapError(
            f"{source}: map_version {version} is not supported; this engine reads {MAP_VERSION}"
        )
    name = _text(top, "name", source)
    flood_plains = _features(top, "flood_plains", source)
    volcanoes = _features(top, "volcanoes", source)
    areas = tuple(
        _area(raw, f"{source}: areas[{i}]", flood_plains, volcanoes)
        for i, raw in enumerate(_list(top, "areas", source))
    )
    _unique((a.id for a in areas), f"{source}: areas", "id")
    _unique((a.name for a in areas), f"{source}: areas", "name")
    if not areas:
        raise MapError(f"{source}: areas is empty; a map needs areas")
    if list(areas) != sorted(areas, key=lambda a: a.id):
        raise MapError(f"{source}: areas must be listed in ascending id (area order, A3.12)")
    ids = {a.id for a in areas}
    boundaries = tuple(
        _boundary(raw, f"{source}: boundaries[{i}]", ids)
        for i, raw in enumerate(_list(top, "boundaries", source))
    )
    _unique(((b.a, b.b) for b in boundaries), f"{source}: boundaries", "area pair")
    return CivMap(version, name, areas, boundaries, flood_plains, volcanoes)


def _features(top: Mapping[str, Any], key: str, source: str) -> tuple[NamedFeature, ...]:
    features = []
    for i, raw in enumerate(_list(top, key, source)):
        where = f"{source}: {key}[{i}]"
        record = _record(raw, _FEATURE_KEYS, where)
        features.append(NamedFeature(_text(record, "id", where), _text(record, "name", where)))
    _unique((f.id for f in features), f"{source}: {key}", "id")
    _unique((f.name for f in features), f"{source}: {key}", "name")
    return tuple(features)


def _area(
    raw: Any,
    where: str,
    flood_plains: tuple[NamedFeature, ...],
    volcanoes: tuple[NamedFeature, ...],
) -> Area:
    record = _record(raw, _AREA_KEYS, where)
    area_id = _integer(record, "id", where)
    if area_id < 1:
        raise MapError(f"{where}: id {area_id} must be 1 or more")
    where = f"{where} (id {area_id})"
    limit = _integer(record, "limit", where)
    if not 0 <= limit <= 5:
        raise MapError(f"{where}: limit {limit} must be 0 (open sea) or 1–5 (A3.4)")
    coasts = _integer(record, "coasts", where)
    if coasts not in (1, 2):
        raise MapError(f"{where}: coasts {coasts} must be 1, or 2 for a dual coast (A3.10)")
    far_west = record["far_west"]
    if not isinstance(far_west, bool):
        raise MapError(f"{where}: far_west must be true or false, not {far_west!r}")
    return Area(
        id=area_id,
        name=_text(record, "name", where),
        kind=_choice(record, "kind", AREA_KINDS, where),
        limit=limit,
        city_site=_choice(record, "city_site", CITY_SITES, where),
        flood_plain=_reference(record, "flood_plain", tuple(f.id for f in flood_plains), where),
        volcano=_reference(record, "volcano", tuple(v.id for v in volcanoes), where),
        start=_reference(record, "start", NATIONS, where),
        island=_optional_text(record, "island", where),
        side=_choice(record, "side", SIDES, where),
        far_west=far_west,
        coasts=coasts,
    )


def _boundary(raw: Any, where: str, ids: set[int]) -> Boundary:
    record = _record(raw, _BOUNDARY_KEYS, where)
    a = _integer(record, "a", where)
    b = _integer(record, "b", where)
    for end in (a, b):
        if end not in ids:
            raise MapError(f"{where}: area {end} does not exist")
    if a >= b:
        raise MapError(
            f"{where}: a ({a}) must be less than b ({b}); one record per pair, no self-loop"
        )
    return Boundary(
        a=a,
        b=b,
        type=_choice(record, "type", BOUNDARY_TYPES, where),
        coast_a=_reference(record, "coast_a", COAST_TAGS, where),
        coast_b=_reference(record, "coast_b", COAST_TAGS, where),
    )


def _record(raw: Any, keys: tuple[str, ...], where: str) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise MapError(
            f"{where}: expected an object with {', '.join(keys)}, got {type(raw).__name__}"
        )
    missing = [k for k in keys if k not in raw]
    if missing:
        raise MapError(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(str(k) for k in raw if k not in keys)
    if unknown:
        raise MapError(f"{where}: unknown field {', '.join(unknown)}; allowed: {', '.join(keys)}")
    return raw


def _list(record: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = record[key]
    if not isinstance(value, list):
        raise MapError(f"{where}: {key} must be a list, not {type(value).__name__}")
    return value


def _integer(record: Mapping[str, Any], key: str, where: str) -> int:
    value = record[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MapError(f"{where}: {key} must be an integer, not {value!r}")
    return value


def _text(record: Mapping[str, Any], key: str, where: str) -> str:
    value = record[key]
    if not isinstance(value, str) or not value.strip():
        raise MapError(f"{where}: {key} must be a non-empty string, not {value!r}")
    return value


def _optional_text(record: Mapping[str, Any], key: str, where: str) -> str | None:
    return None if record[key] is None else _text(record, key, where)


def _choice(record: Mapping[str, Any], key: str, allowed: tuple[str, ...], where: str) -> str:
    value = record[key]
    if value not in allowed or not isinstance(value, str):
        raise MapError(f"{where}: {key} {value!r} must be one of {', '.join(allowed)}")
    return value


def _reference(
    record: Mapping[str, Any], key: str, allowed: tuple[str, ...], where: str
) -> str | None:
    value = record[key]
    if value is None:
        return None
    if not isinstance(value, str) or value not in allowed:
        known = ", ".join(allowed) if allowed else "none are declared"
        raise MapError(f"{where}: {key} {value!r} is not known (null or one of: {known})")
    return value


def _unique(values: Any, where: str, what: str) -> None:
    seen: set[Any] = set()
    for value in values:
        if value in seen:
            raise MapError(f"{where}: {what} {value!r} appears twice; each must be unique")
        seen.add(value)
