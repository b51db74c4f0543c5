"""The position's data and its board primitives.

`Position` holds everything the contract's position format holds, in
index form (squares 0..175, colours 0..3), and the few mutating primitives
every rule goes through, so that the region cache can never go stale. It
knows no rules beyond what a square can hold; the rules live in their own
modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import LAYOUTS, NEIGHBOURS, SIZE, Layout, flood_regions

COLORS: tuple[str, ...] = ("red", "blue", "green", "black")
COLOR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLORS)}
RED, BLUE, GREEN, BLACK = range(4)
DYNASTIES: tuple[str, ...] = ("archer", "bull", "pot", "lion")
HAND_SIZE = 6
CATASTROPHES_PER_PLAYER = 2
TILES_PER_COLOR: tuple[int, ...] = (57, 36, 30, 30)  # R1.2
TOTAL_TILES = sum(TILES_PER_COLOR)
MONUMENTS: tuple[tuple[int, int], ...] = (
    (RED, BLUE), (RED, GREEN), (RED, BLACK), (BLUE, GREEN), (BLUE, BLACK), (GREEN, BLACK),
)  # R1.4
NO_TILE = -1


@dataclass(frozen=True)
class Options:
    """The table options (R13–R16); frozen because a game never changes them."""

    board: str = "classic"
    buildings: bool = False
    english_variant: bool = False
    wonder: bool = False
    open_scoring: bool = False

    @property
    def layout(self) -> Layout:
        return LAYOUTS[self.board]

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "buildings": self.buildings,
            "english_variant": self.english_variant,
            "wonder": self.wonder,
            "open_scoring": self.open_scoring,
        }


class Regions:
    """R3.2: the regions of a board, labelled once and then only read."""

    __slots__ = ("label", "leaders", "members")

    def __init__(self, label: list[int], members: list[list[int]], leaders: list[list[int]]):
        self.label = label
        self.members = members
        self.leaders = leaders

    def kingdoms_next_to(self, square: int) -> set[int]:
        label, leaders = self.label, self.leaders
        out = set()
        for n in NEIGHBOURS[square]:
            r = label[n]
            if r >= 0 and leaders[r]:
                out.add(r)
        return out


class Position:
    """A game position; the rules modules mutate copies of it, never the caller's."""

    __slots__ = (
        "_regions",
        "actions_left",
        "active",
        "bag",
        "buildings",
        "catastrophe",
        "catastrophes_left",
        "down",
        "dynasties",
        "ended",
        "events",
        "hands",
        "leader_at",
        "leaders",
        "monuments",
        "options",
        "pending",
        "scores",
        "tile",
        "treasure",
        "treasures_taken",
        "unification",
        "wonder",
    )

    options: Options
    dynasties: tuple[str, ...]
    tile: list[int]                       # colour per square, NO_TILE where none
    down: set[int]                        # face-down tiles (R10.3)
    treasure: set[int]                    # tiles carrying a treasure
    catastrophe: set[int]
    leader_at: dict[int, tuple[int, int]]  # square -> (seat, colour)
    leaders: list[list[int | None]]       # seat -> colour -> square or None (in supply)
    hands: list[list[int]]                # seat -> count per colour
    scores: list[list[int]]               # seat -> VP per colour
    treasures_taken: list[int]
    catastrophes_left: list[int]
    monuments: list[tuple[tuple[int, int], int]]  # (colours, top-left square), build order
    buildings: list[int | None]           # colour -> square
    wonder: int | None
    bag: list[int]                        # next draw first
    active: int
    actions_left: int
    pending: dict[str, Any] | None
    unification: int | None
    ended: bool
    events: list[dict[str, Any]]
    _regions: Regions | None

    @property
    def players(self) -> int:
        return len(self.dynasties)

    def copy(self) -> Position:
        p = type(self).__new__(type(self))
        p.options = self.options
        p.dynasties = self.dynasties
        p.tile = self.tile.copy()
        p.down = self.down.copy()
        p.treasure = self.treasure.copy()
        p.catastrophe = self.catastrophe.copy()
        p.leader_at = self.leader_at.copy()
        p.leaders = [row.copy() for row in self.leaders]
        p.hands = [row.copy() for row in self.hands]
        p.scores = [row.copy() for row in self.scores]
        p.treasures_taken = self.treasures_taken.copy()
        p.catastrophes_left = self.catastrophes_left.copy()
        p.monuments = self.monuments.copy()
        p.buildings = self.buildings.copy()
        p.wonder = self.wonder
        p.bag = self.bag.copy()
        p.active = self.active
        p.actions_left = self.actions_left
        p.pending = dict(self.pending) if self.pending is not None else None
        p.unification = self.unification
        p.ended = self.ended
        p.events = []
        p._regions = self._regions
        return p

    # --- what a square holds -------------------------------------------------

    def is_empty(self, sq: int) -> bool:
        return self.tile[sq] == NO_TILE and sq not in self.leader_at and sq not in self.catastrophe

    def is_face_up(self, sq: int, color: int) -> bool:
        return self.tile[sq] == color and sq not in self.down

    def is_temple(self, sq: int) -> bool:
        """R3.4: a face-up red tile."""
        return self.tile[sq] == RED and sq not in self.down

    def temples_next_to(self, sq: int) -> int:
        return sum(1 for n in NEIGHBOURS[sq] if self.is_temple(n))

    # --- the board primitives: every board change goes through these ---------

    def put_tile(self, sq: int, color: int) -> None:
        self.tile[sq] = color
        self._regions = None

    def remove_tile(self, sq: int) -> None:
        self.tile[sq] = NO_TILE
        self.down.discard(sq)
        self._regions = None

    def turn_face_down(self, sq: int) -> None:
        self.down.add(sq)

    def put_leader(self, sq: int, seat: int, color: int) -> None:
        self.leader_at[sq] = (seat, color)
        self.leaders[seat][color] = sq
        self._regions = None

    def take_leader(self, seat: int, color: int) -> int:
        sq = self.leaders[seat][color]
        assert sq is not None
        del self.leader_at[sq]
        self.leaders[seat][color] = None
        self._regions = None
        return sq

    def put_catastrophe(self, sq: int) -> None:
        self.catastrophe.add(sq)

    # --- regions -----------------------------------------------------------

    def regions(self) -> Regions:
        if self._regions is None:
            self._regions = label_regions(self, skip=-1)
        return self._regions

    def kingdom_of(self, sq: int) -> int:
        return self.regions().label[sq]


def label_regions(pos: Position, skip: int) -> Regions:
    """R3.2: label the regions, treating square `skip` as empty (R8.4 sides)."""
    tile, leader_at = pos.tile, pos.leader_at
    occupied = [False] * SIZE
    starts = [sq for sq, color in enumerate(tile) if color != NO_TILE]
    starts.extend(leader_at)
    for sq in starts:
        occupied[sq] = True
    if skip >= 0:
        occupied[skip] = False
    label, members = flood_regions(occupied, starts)
    leaders = [[sq for sq in group if sq in leader_at] for group in members]
    return Regions(label, members, leaders)


def regions_without_leader(pos: Position, regions: Regions, sq: int) -> Regions:
    """The regions once the leader on `sq` is gone: only its own region is labelled anew."""
    old = regions.label[sq]
    label = regions.label.copy()
    members = regions.members.copy()
    leaders = regions.leaders.copy()
    rest = set(members[old])
    rest.discard(sq)
    label[sq] = -1
    for n in members[old]:
        if n != sq:
            label[n] = -1
    first = True
    for start in members[old]:
        if start == sq or label[start] >= 0:
            continue
        rid = old if first else len(members)
        label[start] = rid
        group = [start]
        for g in group:
            for n in NEIGHBOURS[g]:
                if n in rest and label[n] < 0:
                    label[n] = rid
                    group.append(n)
        group_leaders = [g for g in group if g in pos.leader_at]
        if first:
            members[old], leaders[old] = group, group_leaders
            first = False
        else:
            members.append(group)
            leaders.append(group_leaders)
    if first:
        members[old], leaders[old] = [], []
    return Regions(label, members, leaders)
