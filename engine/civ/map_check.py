"""Whether a well-formed map is a good one: every check of map-spec M5 (V1–V13) as a function.

Each `check_vN` returns the findings of that check — empty when the map
passes. A finding is an error unless it is marked a warning: warnings are
the balance targets of M2–M3 that a map should aim for, errors are what the
rules need (A3–A4) or the bounds of M2. The tests run every check on the
shipped map, and `assets/tools/civ_map/build.py` prints them after a build.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .map_schema import CONFIGURATIONS, NATIONS, Area, CivMap, MapError, parse_map


@dataclass(frozen=True)
class Finding:
    """A problem found by check `check` ("V3"): a warning misses a target, an error breaks it."""

    check: str
    text: str
    warning: bool = False

    def __str__(self) -> str:
        return f"{self.check}{' (warning)' if self.warning else ''}: {self.text}"


WESTERN = ("africa", "italy", "illyria", "thrace", "crete")
EASTERN = ("asia", "assyria", "babylon", "egypt")
START_COUNTS = {
    "africa": (2, 3),
    "italy": (2, 3),
    "illyria": (2, 3),
    "thrace": (1, 1),
    "crete": (2, 3),
    "asia": (2, 3),
    "assyria": (2, 3),
    "babylon": (2, 3),
    "egypt": (3, 4),
}
"""M3 (A4.1): how many start areas each nation has."""
NEEDS_COASTAL_START = ("africa", "italy", "illyria", "asia", "egypt")


def _error(check: str, text: str) -> Finding:
    return Finding(check, text)


def _warning(check: str, text: str) -> Finding:
    return Finding(check, text, warning=True)


def _label(area: Area) -> str:
    return f"{area.name} ({area.id})"


def components(nodes: Iterable[int], edges: Iterable[tuple[int, int]]) -> list[list[int]]:
    """Connected components, largest first, each sorted (ties: smallest member first)."""
    links: dict[int, set[int]] = {node: set() for node in nodes}
    for a, b in edges:
        if a in links and b in links:
            links[a].add(b)
            links[b].add(a)
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in sorted(links):
        if start in seen:
            continue
        seen.add(start)
        group, todo = [], [start]
        while todo:
            node = todo.pop()
            group.append(node)
            for nxt in links[node] - seen:
                seen.add(nxt)
                todo.append(nxt)
        groups.append(sorted(group))
    return sorted(groups, key=lambda g: (-len(g), g[0]))


def _land_edges(board: CivMap) -> list[tuple[int, int]]:
    return [(b.a, b.b) for b in board.boundaries if b.crosses_land]


def _land_ids(board: CivMap) -> list[int]:
    return [a.id for a in board.areas if a.is_land]


def check_v1_schema(data: Any) -> list[Finding]:
    """V1: every field of M1 present with a legal value, ids and names unique, references known."""
    try:
        parse_map(data)
    except MapError as exc:
        return [_error("V1", str(exc))]
    return []


def check_v2_kinds(board: CivMap) -> list[Finding]:
    """V2 (A3.1, A3.4): open sea has limit 0 and no site, plain, volcano, start or island."""
    found = []
    for area in board.areas:
        if area.kind == "open_sea":
            extras = [
                name
                for name, value in (
                    ("a city site", area.city_site != "none"),
                    ("a flood plain", area.flood_plain),
                    ("a volcano", area.volcano),
                    ("a start", area.start),
                    ("an island", area.island),
                    ("two coasts", area.coasts != 1),
                )
                if value
            ]
            if area.limit != 0:
                found.append(_error("V2", f"open sea {_label(area)} has limit {area.limit}, not 0"))
            if extras:
                found.append(_error("V2", f"open sea {_label(area)} has {', '.join(extras)}"))
        elif not 1 <= area.limit <= 5:
            found.append(
                _error("V2", f"{area.kind} area {_label(area)} has limit {area.limit}, not 1–5")
            )
    return found


def check_v3_boundaries(board: CivMap) -> list[Finding]:
    """V3 (A3.2): boundary types fit their areas; coasts touch water; open seas touch water."""
    found = []
    seen: set[tuple[int, int]] = set()
    for b in board.boundaries:
        if b.a == b.b or (b.a, b.b) in seen:
            found.append(_error("V3", f"boundary {b.a}-{b.b} is a self-loop or a duplicate"))
        seen.add((b.a, b.b))
        a, c = board.area(b.a), board.area(b.b)
        fits = {
            "land": a.is_land and c.is_land,
            "water": a.is_water and c.is_water,
            "both": a.kind == "coastal" and c.kind == "coastal",
        }[b.type]
        if not fits:
            found.append(
                _error(
                    "V3", f"{b.type} boundary between {a.kind} {_label(a)} and {c.kind} {_label(c)}"
                )
            )
    for area in board.areas:
        water = [b for b in board.boundaries_of(area.id) if b.crosses_water]
        if area.kind == "coastal" and not water:
            found.append(_error("V3", f"coastal {_label(area)} has no water or both boundary"))
        if area.kind == "open_sea" and len(water) < 2:
            found.append(
                _error("V3", f"open sea {_label(area)} touches {len(water)} water areas, not ≥ 2")
            )
    return found


def check_v4_coasts(board: CivMap) -> list[Finding]:
    """V4 (A3.10): a dual-coast area tags every water/both boundary and uses both coasts."""
    found = []
    for area in board.areas:
        if area.coasts == 2 and area.kind != "coastal":
            found.append(_error("V4", f"{area.kind} {_label(area)} cannot have two coasts"))
        used: set[str] = set()
        for b in board.boundaries_of(area.id):
            tag = b.coast_at(area.id)
            if area.coasts == 2 and b.crosses_water:
                if tag is None:
                    found.append(
                        _error("V4", f"{_label(area)}: boundary {b.a}-{b.b} names no coast")
                    )
                else:
                    used.add(tag)
            elif tag is not None:
                found.append(
                    _error(
                        "V4",
                        f"{_label(area)}: boundary {b.a}-{b.b} names coast {tag!r} but needs none",
                    )
                )
        if area.coasts == 2 and not {"a", "b"} <= used:
            found.append(
                _error("V4", f"{_label(area)} has two coasts but uses only {sorted(used)}")
            )
    return found


def check_v5_sites(board: CivMap) -> list[Finding]:
    """V5 (A3.5): white sites only on flood plains; every flood plain has a city site."""
    found = []
    for area in board.areas:
        if area.city_site == "white" and area.flood_plain is None:
            found.append(_error("V5", f"{_label(area)} has a white site off the flood plains"))
    for plain in board.flood_plains:
        if not any(a.flood_plain == plain.id and a.city_site != "none" for a in board.areas):
            found.append(_error("V5", f"flood plain {plain.name} has no city site"))
    return found


def check_v6_groups(board: CivMap) -> list[Finding]:
    """V6 (A3.6, A3.7): plains of 2–7 connected areas; volcanoes of 1, 2 and 2 connected areas."""
    found = []
    edges = _land_edges(board)
    for plain in board.flood_plains:
        members = [a.id for a in board.areas if a.flood_plain == plain.id]
        if not 2 <= len(members) <= 7:
            found.append(
                _error("V6", f"flood plain {plain.name} has {len(members)} areas, not 2–7")
            )
        elif len(components(members, edges)) != 1:
            found.append(_error("V6", f"flood plain {plain.name} is not connected over land"))
    sizes = []
    for volcano in board.volcanoes:
        members = [a.id for a in board.areas if a.volcano == volcano.id]
        sizes.append(len(members))
        if not 1 <= len(members) <= 2:
            found.append(
                _error("V6", f"volcano {volcano.name} covers {len(members)} areas, not 1–2")
            )
        elif len(components(members, edges)) != 1:
            found.append(_error("V6", f"volcano {volcano.name} covers areas that do not touch"))
        if any(not board.area(i).is_land for i in members):
            found.append(_error("V6", f"volcano {volcano.name} covers open sea"))
    if sorted(sizes) != [1, 2, 2]:
        found.append(_error("V6", f"volcanoes cover {sorted(sizes)} areas; need three: 1, 2 and 2"))
    return found


def island_groups(board: CivMap) -> list[list[int]]:
    """A3.3: components of the land/both graph other than the largest (the mainland)."""
    return components(_land_ids(board), _land_edges(board))[1:]


def check_v7_islands(board: CivMap) -> list[Finding]:
    """V7 (A3.3): each island group has its own `island` id; the mainland has none."""
    found = []
    groups = components(_land_ids(board), _land_edges(board))
    for i in groups[0]:
        if board.area(i).island is not None:
            found.append(
                _error("V7", f"{_label(board.area(i))} is on the mainland but marked an island")
            )
    used: dict[str, int] = {}
    for number, group in enumerate(groups[1:]):
        ids = {board.area(i).island for i in group}
        if len(ids) != 1 or None in ids:
            names = ", ".join(_label(board.area(i)) for i in group)
            found.append(
                _error(
                    "V7",
                    f"island group of {names} needs one island id, has {sorted(map(str, ids))}",
                )
            )
            continue
        island = next(iter(ids))
        assert island is not None
        if island in used:
            found.append(_error("V7", f"island id {island!r} names two separate island groups"))
        used[island] = number
    return found


def check_v8_island_access(board: CivMap) -> list[Finding]:
    """V8 (A3.3, A12.4): each island group reaches the mainland by water without open sea."""
    found = []
    groups = components(_land_ids(board), _land_edges(board))
    mainland = set(groups[0])
    coastal_water = [
        (b.a, b.b)
        for b in board.boundaries
        if b.crosses_water and board.area(b.a).is_land and board.area(b.b).is_land
    ]
    reach = components(_land_ids(board), coastal_water + _land_edges(board))
    for group in groups[1:]:
        component = next(c for c in reach if group[0] in c)
        if not mainland & set(component):
            found.append(
                _error(
                    "V8",
                    f"island {board.area(group[0]).island} cannot reach the mainland "
                    "without open sea",
                )
            )
    return found


def _config_graph(board: CivMap, configuration: str) -> tuple[set[int], list[tuple[int, int]]]:
    areas = set(board.in_play(configuration))
    edges = [(b.a, b.b) for b in board.boundaries if b.a in areas and b.b in areas]
    return areas, edges


def check_v9_connectivity(board: CivMap) -> list[Finding]:
    """V9 (A3.11, A4.3): each configuration is one connected board, also without its open seas."""
    found = []
    for configuration in CONFIGURATIONS:
        areas, edges = _config_graph(board, configuration)
        if len(components(areas, edges)) != 1:
            found.append(_error("V9", f"configuration {configuration} is not connected"))
        land = {i for i in areas if board.area(i).is_land}
        parts = components(land, edges)
        if len(parts) != 1:
            cut = ", ".join(_label(board.area(i)) for part in parts[1:] for i in part)
            found.append(
                _error(
                    "V9", f"configuration {configuration} without open seas is cut off at: {cut}"
                )
            )
    return found


def check_v10_partitions(board: CivMap) -> list[Finding]:
    """V10 (A4.3): LINE only on open seas touching both sides; far west only in the west."""
    found = []
    for area in board.areas:
        if area.side == "LINE":
            if area.kind != "open_sea":
                found.append(_error("V10", f"{_label(area)} is {area.kind} but on the LINE"))
            sides = {board.area(i).side for i in board.neighbours(area.id)}
            if not {"W", "E"} <= sides:
                found.append(_error("V10", f"LINE sea {_label(area)} does not touch both W and E"))
        if area.far_west and area.side != "W":
            found.append(_error("V10", f"{_label(area)} is far west but on side {area.side}"))
    for configuration in CONFIGURATIONS:
        in_play = board.in_play(configuration)
        for area in board.areas:
            if area.kind == "open_sea" and area.id in in_play:
                touching = [i for i in board.neighbours(area.id) if i in in_play]
                if len(touching) < 2:
                    found.append(
                        _error(
                            "V10",
                            f"open sea {_label(area)} touches {len(touching)} areas "
                            f"in {configuration}",
                        )
                    )
    return found


def check_v11_start_areas(board: CivMap) -> list[Finding]:
    """V11 (A3.8, A4.1–A4.3, M3): start areas per nation, in play where the nation may be chosen."""
    found = []
    starts = {nation: [board.area(i) for i in board.start_areas(nation)] for nation in NATIONS}
    edges = _land_edges(board)
    for nation, areas in starts.items():
        low, high = START_COUNTS[nation]
        if not low <= len(areas) <= high:
            found.append(_error("V11", f"{nation} has {len(areas)} start areas, not {low}–{high}"))
        if not areas:
            continue
        for area in areas:
            if not area.is_land:
                found.append(_error("V11", f"{nation}'s start {_label(area)} is open sea"))
            if not 2 <= area.limit <= 4:
                found.append(
                    _error(
                        "V11", f"{nation}'s start {_label(area)} has limit {area.limit}, not 2–4"
                    )
                )
            side = "W" if nation in WESTERN else "E"
            if area.side != side or area.far_west:
                found.append(
                    _error(
                        "V11",
                        f"{nation}'s start {_label(area)} must be on side {side}, not far west",
                    )
                )
        if nation in NEEDS_COASTAL_START and not any(a.kind == "coastal" for a in areas):
            found.append(_error("V11", f"{nation} needs a coastal start area"))
        if len(components([a.id for a in areas], edges)) != 1:
            found.append(_error("V11", f"{nation}'s start areas are not connected over land"))
        others = {a.id for n, group in starts.items() if n != nation for a in group}
        for area in areas:
            clash = sorted(set(board.neighbours(area.id)) & others)
            for near in clash:
                if area.id < near:
                    found.append(
                        _error(
                            "V11",
                            f"start areas {_label(area)} and {_label(board.area(near))} "
                            "of two nations touch",
                        )
                    )
    crete = starts["crete"]
    if crete and not all(a.kind == "coastal" for a in crete):
        found.append(_error("V11", "every start area of crete must be coastal"))
    if crete:
        group = {a.island for a in crete}
        whole = {a.id for a in board.areas if a.island in group}
        if len(group) != 1 or None in group or whole != {a.id for a in crete}:
            found.append(
                _error("V11", "crete's start areas must be exactly one whole island group")
            )
    babylon = starts["babylon"]
    if babylon and not any(a.flood_plain == "mesopotamia" for a in babylon):
        found.append(_error("V11", "babylon needs a start area on the mesopotamia flood plain"))
    egypt = starts["egypt"]
    if egypt and sum(a.flood_plain == "nile" for a in egypt) < 2:
        found.append(_error("V11", "egypt needs two start areas on the nile flood plain"))
    for configuration, nations in (("east", EASTERN), ("west", WESTERN), ("no_far_west", NATIONS)):
        in_play = board.in_play(configuration)
        for nation in NATIONS:
            inside = [a.id in in_play for a in starts[nation]]
            if nation in nations and not all(inside):
                found.append(
                    _error("V11", f"{nation}'s start areas are not all in play in {configuration}")
                )
            if nation not in nations and any(inside):
                found.append(
                    _error("V11", f"{nation}'s start areas are in play in {configuration}")
                )
    return found


def check_v12_dual_coasts(board: CivMap) -> list[Finding]:
    """V12 (A12.6): keeping ships to one coast of a dual-coast area splits no water component."""
    found = []
    for configuration in CONFIGURATIONS:
        in_play = board.in_play(configuration)
        nodes = [a.id for a in board.areas if a.kind == "coastal" and a.id in in_play]
        water = [b for b in board.boundaries if b.crosses_water and b.a in nodes and b.b in nodes]
        whole = components(nodes, [(b.a, b.b) for b in water])

        def node(area_id: int, coast: str | None) -> int:
            return area_id * 3 + {None: 0, "a": 1, "b": 2}[coast]

        split_nodes = []
        for i in nodes:
            split_nodes += (
                [node(i, "a"), node(i, "b")] if board.area(i).coasts == 2 else [node(i, None)]
            )
        split = components(
            split_nodes, [(node(b.a, b.coast_a), node(b.b, b.coast_b)) for b in water]
        )
        where = {n: k for k, part in enumerate(split) for n in part}
        for part in whole:
            pieces = {where[n] for n in split_nodes if n // 3 in part}
            if len(pieces) > 1:
                found.append(
                    _error(
                        "V12",
                        f"in {configuration} the coast rule splits the waters of "
                        f"{_label(board.area(part[0]))}",
                    )
                )
    return found


def capacity(board: CivMap, configuration: str = "full") -> int:
    """Sum of population limits of the land areas in play (M2)."""
    in_play = board.in_play(configuration)
    return sum(a.limit for a in board.areas if a.id in in_play)


def home_areas(board: CivMap, nation: str) -> list[int]:
    """M3: land areas within 2 land steps of a nation's start areas, less other nations' starts."""
    edges = _land_edges(board)
    frontier = set(board.start_areas(nation))
    reached = set(frontier)
    for _ in range(2):
        frontier = {b for a, c in edges for x, b in ((a, c), (c, a)) if x in frontier} - reached
        reached |= frontier
    return sorted(i for i in reached if board.area(i).start in (None, nation))


@dataclass(frozen=True)
class Room:
    """A nation's room (docs/civ-map.md): the land areas nearer its start areas than any other
    nation's, an area shared equally by the nations tied for it."""

    capacity: Fraction
    sites: Fraction
    areas: Fraction


def _steps(sources: Iterable[int], links: dict[int, set[int]]) -> dict[int, int]:
    """Fewest boundaries crossed from any of `sources` to each area `links` reaches."""
    reached = {i: 0 for i in sources if i in links}
    frontier = list(reached)
    while frontier:
        following = []
        for area_id in frontier:
            for near in sorted(links[area_id] - reached.keys()):
                reached[near] = reached[area_id] + 1
                following.append(near)
        frontier = following
    return reached


def room(
    board: CivMap, configuration: str = "full", chosen: Iterable[str] | None = None
) -> dict[str, Room]:
    """Each in-play nation's room among the land areas in play in `configuration`; with
    `chosen`, among those nations only (the nations of a game with fewer than nine players,
    A4.2, grow into the land of the nations left out).

    An area belongs to the nations at the fewest land steps (land and both boundaries) from their
    start areas; an area no nation reaches over land (an island) to those at the fewest steps
    over any boundary between land areas (coastal waters, never open sea). Ties split the area,
    its limit and its city site equally. M3's home capacity asks how much lies near each start;
    room asks how much each nation can take before it meets another, the space a nation grows
    into when the others grow too.
    """
    in_play = board.in_play(configuration)
    land = {a.id for a in board.areas if a.is_land and a.id in in_play}
    by_land: dict[int, set[int]] = {i: set() for i in land}
    by_any: dict[int, set[int]] = {i: set() for i in land}
    for b in board.boundaries:
        if b.a in land and b.b in land:
            for links in (by_land, by_any) if b.crosses_land else (by_any,):
                links[b.a].add(b.b)
                links[b.b].add(b.a)
    wanted = set(NATIONS if chosen is None else chosen)
    nations = [n for n in NATIONS if n in wanted and any(i in land for i in board.start_areas(n))]
    near_land = {n: _steps(board.start_areas(n), by_land) for n in nations}
    near_any = {n: _steps(board.start_areas(n), by_any) for n in nations}
    shares = {n: [Fraction(0), Fraction(0), Fraction(0)] for n in nations}
    for area_id in sorted(land):
        steps = {n: near_land[n][area_id] for n in nations if area_id in near_land[n]}
        if not steps:
            steps = {n: near_any[n][area_id] for n in nations if area_id in near_any[n]}
        if not steps:
            continue
        nearest = [n for n in nations if steps.get(n) == min(steps.values())]
        area = board.area(area_id)
        for nation in nearest:
            share = shares[nation]
            share[0] += Fraction(area.limit, len(nearest))
            share[1] += Fraction(area.city_site != "none", len(nearest))
            share[2] += Fraction(1, len(nearest))
    return {n: Room(*shares[n]) for n in nations}


def check_v13_capacities(board: CivMap) -> list[Finding]:
    """V13 (M2, M3): counts within bounds (errors) and targets (warnings)."""
    found: list[Finding] = []
    land = [a for a in board.areas if a.is_land]
    coastal = [a for a in land if a.kind == "coastal"]
    seas = [a for a in board.areas if a.kind == "open_sea"]
    sites = [a for a in land if a.city_site != "none"]
    white = [a for a in land if a.city_site == "white"]
    plains = {p.id: [a for a in land if a.flood_plain == p.id] for p in board.flood_plains}
    islands = island_groups(board)
    duals = [a for a in land if a.coasts == 2]
    share = len(coastal) / len(land) * 100 if land else 0.0

    def measure(
        what: str, value: float, bounds: tuple[float, float], target: tuple[float, float]
    ) -> None:
        if not bounds[0] <= value <= bounds[1]:
            found.append(_error("V13", f"{what} is {value:g}, outside {bounds[0]:g}–{bounds[1]:g}"))
        elif not target[0] <= value <= target[1]:
            found.append(
                _warning("V13", f"{what} is {value:g}, target {target[0]:g}–{target[1]:g}")
            )

    measure("land and coastal areas", len(land), (90, 150), (115, 130))
    measure("coastal share %", round(share, 1), (40, 75), (50, 65))
    measure("open seas", len(seas), (5, 16), (8, 12))
    measure("capacity", capacity(board), (200, 300), (240, 270))
    measure("city sites", len(sites), (45, 75), (55, 65))
    measure("white sites", len(white), (4, 12), (6, 10))
    measure("flood plains", len(plains), (3, 8), (4, 6))
    measure("flood-plain areas", sum(map(len, plains.values())), (0, 1000), (15, 20))
    measure("island groups", len(islands), (6, 20), (10, 16))
    measure("dual-coast areas", len(duals), (0, 4), (0, 3))
    fives = sum(a.limit == 5 for a in land)
    if fives > 5:
        found.append(_error("V13", f"{fives} areas have limit 5; at most 5"))
    for plain, size in (("nile", (5, 7)), ("mesopotamia", (4, 7))):
        if plain not in plains:
            found.append(_error("V13", f"the {plain} flood plain is required"))
        else:
            measure(f"{plain} flood-plain areas", len(plains[plain]), (2, 7), size)
    for limit, target in ((1, 30), (2, 35), (3, 25)):
        percent = sum(a.limit == limit for a in land) / len(land) * 100 if land else 0.0
        if abs(percent - target) > 8:
            found.append(
                _warning(
                    "V13", f"limit {limit} on {percent:.0f}% of land areas, target ≈ {target}%"
                )
            )
    for sea in seas:
        touching = sum(board.area(i).kind == "coastal" for i in board.neighbours(sea.id))
        if touching < 3:
            found.append(
                _warning(
                    "V13", f"open sea {_label(sea)} touches {touching} coastal areas, target ≥ 3"
                )
            )
    crete = {a.island for a in land if a.start == "crete"}
    for island in crete - {None}:
        members = sum(a.island == island for a in land)
        if not 2 <= members <= 3:
            found.append(_warning("V13", f"Crete's island group has {members} areas, target 2–3"))
    far_west = [a for a in land if a.far_west]
    measure("far-west capacity", sum(a.limit for a in far_west), (0, 1000), (30, 50))
    if sum(a.city_site != "none" for a in far_west) < 6:
        found.append(_warning("V13", "the far west has fewer than 6 city sites"))
    measure("no-far-west capacity", capacity(board, "no_far_west"), (0, 1000), (195, 230))
    measure("west capacity", capacity(board, "west"), (0, 1000), (115, 145))
    measure("east capacity", capacity(board, "east"), (0, 1000), (100, 125))
    homes = {n: home_areas(board, n) for n in NATIONS if board.start_areas(n)}
    home_capacity = {n: sum(board.area(i).limit for i in ids) for n, ids in homes.items()}
    mean = sum(home_capacity.values()) / len(home_capacity) if home_capacity else 0.0
    for nation, value in home_capacity.items():
        if not 14 <= value <= 24 or abs(value - mean) > 0.3 * mean:
            found.append(
                _warning(
                    "V13",
                    f"{nation}'s home capacity is {value}, "
                    f"target 14–24 and within 30% of {mean:.1f}",
                )
            )
        home_sites = sum(board.area(i).city_site != "none" for i in homes[nation])
        if home_sites < 3:
            found.append(
                _warning("V13", f"{nation} has {home_sites} city sites near home, target ≥ 3")
            )
    return found


MAP_CHECKS: tuple[tuple[str, Callable[[CivMap], list[Finding]]], ...] = (
    ("V2", check_v2_kinds),
    ("V3", check_v3_boundaries),
    ("V4", check_v4_coasts),
    ("V5", check_v5_sites),
    ("V6", check_v6_groups),
    ("V7", check_v7_islands),
    ("V8", check_v8_island_access),
    ("V9", check_v9_connectivity),
    ("V10", check_v10_partitions),
    ("V11", check_v11_start_areas),
    ("V12", check_v12_dual_coasts),
    ("V13", check_v13_capacities),
)
"""V2–V13 run on a map already read (reading it is V1, `check_v1_schema`)."""


def check_all(board: CivMap) -> list[Finding]:
    """Every finding of V2–V13, errors and warnings, in check order."""
    return [finding for _, check in MAP_CHECKS for finding in check(board)]


def summary(board: CivMap) -> str:
    """The map's figures of M2 in a few lines, for a map author."""
    land = [a for a in board.areas if a.is_land]
    coastal = sum(a.kind == "coastal" for a in land)
    seas = sum(a.kind == "open_sea" for a in board.areas)
    limits = [sum(a.limit == k for a in land) for k in range(1, 6)]
    sites = sum(a.city_site != "none" for a in land)
    white = sum(a.city_site == "white" for a in land)
    plain_areas = sum(a.flood_plain is not None for a in land)
    duals = sum(a.coasts == 2 for a in land)
    homes = {n: sum(board.area(i).limit for i in home_areas(board, n)) for n in NATIONS}
    rooms = room(board)
    partial = ", ".join(f"{c} {capacity(board, c)}" for c in CONFIGURATIONS[1:])
    return "\n".join([
        f"{board.name}: {len(land)} land areas ({coastal} coastal), {seas} open seas, "
        f"{len(board.boundaries)} boundaries",
        f"capacity {capacity(board)} ({partial}); areas of limit 1–5: {limits}",
        f"city sites {sites} (white {white}); flood plains {len(board.flood_plains)} "
        f"({plain_areas} areas); volcanoes {len(board.volcanoes)}; "
        f"island groups {len(island_groups(board))}; dual coasts {duals}",
        "home capacity: " + ", ".join(f"{n} {v}" for n, v in homes.items()),
        "room (capacity/sites): "
        + ", ".join(f"{n} {float(r.capacity):g}/{float(r.sites):g}" for n, r in rooms.items()),
    ])
