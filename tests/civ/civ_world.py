"""A small test map for the rules tests, and positions built on it through `from_dict`.

The map ("testland") has every feature the rules read — start areas of the
nine nations, land, coastal and open-sea areas, black and white city sites,
two flood plains, a volcano, islands — in 22 areas, so a test can say in a
few words where the pieces stand. The shipped map is tested on its own.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.civ import state as civ_state
from engine.civ.map_schema import CivMap, parse_map
from engine.civ.tables import PLAYER_COUNTS, STACKS

# id, name, kind, limit, site, flood plain, volcano, start, island, side
AREAS: list[tuple[Any, ...]] = [
    (1, "Mauretania", "coastal", 3, "black", None, None, "africa", None, "W"),
    (2, "Numidia", "land", 2, "none", None, None, "africa", None, "W"),
    (3, "Latium", "coastal", 3, "black", None, None, "italy", None, "W"),
    (4, "Samnium", "land", 2, "none", None, None, "italy", None, "W"),
    (5, "Dalmatia", "coastal", 2, "black", None, None, "illyria", None, "W"),
    (6, "Pannonia", "land", 3, "none", None, None, "illyria", None, "W"),
    (7, "Thracia", "land", 3, "black", None, None, "thrace", None, "W"),
    (8, "Macedonia", "land", 4, "none", None, None, None, None, "W"),
    (9, "Crete West", "coastal", 2, "black", None, None, "crete", "crete", "W"),
    (10, "Crete East", "coastal", 2, "none", None, None, "crete", "crete", "W"),
    (11, "Ionian Sea", "open_sea", 0, "none", None, None, None, None, "LINE"),
    (12, "Ionia", "coastal", 3, "black", None, None, "asia", None, "E"),
    (13, "Phrygia", "land", 2, "none", None, None, "asia", None, "E"),
    (14, "Assur", "land", 3, "black", None, None, "assyria", None, "E"),
    (15, "Nineveh", "land", 2, "none", None, None, "assyria", None, "E"),
    (16, "Sippar", "land", 3, "white", "euphrates", None, "babylon", None, "E"),
    (17, "Ur", "coastal", 2, "none", "euphrates", None, "babylon", None, "E"),
    (18, "Memphis", "coastal", 3, "white", "nile", None, "egypt", None, "E"),
    (19, "Thebes", "land", 3, "black", "nile", None, "egypt", None, "E"),
    (20, "Nubia", "land", 2, "none", None, None, "egypt", None, "E"),
    (21, "Syria", "coastal", 4, "none", None, None, None, None, "E"),
    (22, "Thera", "coastal", 1, "none", None, "thera", None, "thera", "W"),
]
# a, b, type
BOUNDARIES: list[tuple[int, int, str]] = [
    (1, 2, "land"), (1, 3, "water"), (1, 11, "water"), (2, 4, "land"), (3, 4, "land"),
    (3, 5, "water"), (3, 11, "water"), (4, 6, "land"), (5, 6, "land"), (5, 11, "water"),
    (6, 8, "land"), (7, 8, "land"), (8, 13, "land"), (9, 10, "both"), (9, 11, "water"),
    (10, 11, "water"), (11, 12, "water"), (11, 18, "water"), (11, 21, "water"),
    (11, 22, "water"), (12, 13, "land"), (13, 14, "land"), (14, 15, "land"),
    (14, 21, "land"), (15, 16, "land"), (16, 17, "land"), (17, 21, "both"),
    (18, 19, "land"), (18, 21, "both"), (19, 20, "land"), (19, 21, "land"),
]


def testland() -> CivMap:
    keys = ("id", "name", "kind", "limit", "city_site", "flood_plain", "volcano", "start",
            "island", "side")
    areas = [{**dict(zip(keys, row, strict=True)), "far_west": False, "coasts": 1}
             for row in AREAS]
    return parse_map({
        "map_version": 1, "name": "testland", "areas": areas,
        "boundaries": [{"a": a, "b": b, "type": t, "coast_a": None, "coast_b": None}
                       for a, b, t in BOUNDARIES],
        "flood_plains": [{"id": "euphrates", "name": "Euphrates"},
                         {"id": "nile", "name": "Nile"}],
        "volcanoes": [{"id": "thera", "name": "Thera"}],
    }, "testland")


BOARD = testland()
OPTIONS = {"turn_limit": None, "trade_rounds": 4, "map": "testland", "late_seats": []}


def seat(nation: str, **fields: Any) -> dict[str, Any]:
    """A seat's dict with defaults; stock and treasury are filled in by `position`."""
    return {"nation": nation, "status": "active", "stock": None, "treasury": 0, "cards": [],
            "cards_new": [], "hand": [], "ast": 1, "mining_used": False,
            "architecture_used": False, "grain_shown": 0, "entered": None, **fields}


def position(seats: list[dict[str, Any]], tokens: dict[int, dict[Any, int]] | None = None,
             cities: dict[int, Any] | None = None, phase: str = "tax", turn: int = 1,
             pending: dict[str, Any] | None = None, phase_state: dict[str, Any] | None = None,
             ships: list[dict[str, Any]] | None = None, **top: Any) -> dict[str, Any]:
    """A position dict: tokens per area ({area: {seat: n}}), cities ({area: owner or
    (owner, new)}); each seat's stock holds its pieces not on the board or in treasury, and
    the stacks hold every trade card not in a hand, in canonical order."""
    tokens = tokens or {}
    cities = cities or {}
    players = len(seats)
    areas = []
    for area in sorted(set(tokens) | set(cities)):
        city = cities.get(area)
        owner, new = city if isinstance(city, tuple) else (city, False)
        areas.append({"id": area,
                      "tokens": {str(o): n for o, n in tokens.get(area, {}).items()},
                      "city": None if city is None else {"owner": owner, "new": new}})
    for i, s in enumerate(seats):
        if s["stock"] is None:
            on_board = sum(here.get(i, 0) for here in tokens.values())
            aboard = sum(sh["aboard"] for sh in ships or [] if sh["owner"] == i)
            built = sum(1 for c in cities.values()
                        if (c[0] if isinstance(c, tuple) else c) == i)
            s["stock"] = {"tokens": PLAYER_COUNTS[players].tokens - on_board - aboard
                          - s["treasury"], "cities": 9 - built}
    in_hands = Counter(c for s in seats for c in s["hand"])
    stacks = []
    for stack in STACKS:
        cards = list(stack.cards)
        for card in list(cards):
            if in_hands[card]:
                in_hands[card] -= 1
                cards.remove(card)
        stacks.append(cards)
    d = {"version": 3, "game": "civ", "options": dict(OPTIONS), "rng": "00000000000000ff",
         "turn": turn, "phase": phase, "ended": False, "seats": seats, "areas": areas,
         "ships": ships or [], "stacks": stacks, "returns": [[] for _ in STACKS],
         "returns_shown": [[] for _ in STACKS], "under": [[] for _ in STACKS],
         "traders": {}, "phase_state": phase_state or {}, "pending": pending}
    d.update(top)
    return d


def building_by_the_volcano(depth: int) -> dict[str, Any]:
    """Phase 7 (A14.1): Africa and Illyria hold two cities, Italy one and six tokens on
    Latium's site (3), enough tokens elsewhere for every city's support (A7.5), and
    Volcanic Eruption/Earthquake `depth` cards down stack 2, which all of them draw from
    once Italy builds (A16.1)."""
    d = position([seat("africa"), seat("italy"), seat("illyria")],
                 tokens={3: {1: 6}, 8: {1: 4}, 9: {0: 2}, 10: {0: 2}, 7: {2: 3}, 22: {2: 1}},
                 cities={1: 0, 2: 0, 4: 1, 5: 2, 6: 2}, phase="cities")
    d["stacks"][1].remove("volcano_earthquake")
    d["stacks"][1].insert(depth, "volcano_earthquake")
    return d


def state(d: dict[str, Any]) -> civ_state.State:
    return civ_state.from_dict(d, BOARD)


def new_game(players: int, seed: int = 1) -> civ_state.State:
    return civ_state.new_game(players, seed, OPTIONS, BOARD)


def play(s: civ_state.State, *texts: str) -> civ_state.State:
    from engine.civ.actions import parse_action
    for text in texts:
        s = s.apply(parse_action(text))
    return s


def events_of(s: civ_state.State, kind: str) -> list[dict[str, Any]]:
    return [e for e in s.events if e["type"] == kind]


def this_phase(s: civ_state.State, kind: str | None = None) -> list[dict[str, Any]]:
    """The last action's events up to the start of the next phase (of one type, if given):
    what the phase under test did, whatever the phases after it do."""
    result = []
    for e in s.events:
        if e["type"] == "phase":
            break
        if kind is None or e["type"] == kind:
            result.append(e)
    return result
