"""Squares and the two board layouts (R1.1, R14).

Owns the geometry of the 16×11 board: square names, indices, neighbours, and
which squares are river, start with a temple and treasure, or hold a treasure
that is taken first. The layouts are copied from `shared/docs/board-*.txt`
into this module so that the engine never reads files at run time; a test
checks that the copies still match the originals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

COLUMNS = "ABCDEFGHIJKLMNOP"
WIDTH = 16
HEIGHT = 11
SIZE = WIDTH * HEIGHT

SQUARE_NAMES: tuple[str, ...] = tuple(
    f"{COLUMNS[i % WIDTH]}{i // WIDTH + 1}" for i in range(SIZE)
)
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}


def _neighbours(i: int) -> tuple[int, ...]:
    """R3.1: squares sharing a side, never diagonal."""
    col, row = i % WIDTH, i // WIDTH
    out = []
    if row > 0:
        out.append(i - WIDTH)
    if col > 0:
        out.append(i - 1)
    if col < WIDTH - 1:
        out.append(i + 1)
    if row < HEIGHT - 1:
        out.append(i + WIDTH)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(SIZE))


def flood_regions(occupied: list[bool], starts: Iterable[int]) -> tuple[list[int], list[list[int]]]:
    """R3.2: label connected occupied squares, numbering regions in the order `starts` reaches them.

    The one flood fill of the game: the engine's regions, `board_regions` for
    the client and the bots' reading all come from it, so none can disagree on
    what joins. Returns each square's region (-1 where empty) and each
    region's squares.
    """
    label = [-1] * SIZE
    members: list[list[int]] = []
    for start in starts:
        if label[start] >= 0 or not occupied[start]:
            continue
        rid = len(members)
        label[start] = rid
        group = [start]
        for sq in group:
            for n in NEIGHBOURS[sq]:
                if occupied[n] and label[n] < 0:
                    label[n] = rid
                    group.append(n)
        members.append(group)
    return label, members


def board_regions(board: Mapping[str, Mapping[str, object]]) -> list[list[str]]:
    """R3.2 on the `board` of a position or view: tiles (either side up) and leaders connect.

    Catastrophes fill a square without joining anything. Regions come in square order.
    """
    occupied = [False] * SIZE
    for name, cell in board.items():
        if "tile" in cell or "leader" in cell:
            occupied[SQUARE_INDEX[name]] = True
    _, members = flood_regions(occupied, range(SIZE))
    return [[SQUARE_NAMES[sq] for sq in group] for group in members]


def square_index(name: object) -> int | None:
    """The index of a square name like "E5", or None if it names no square."""
    if not isinstance(name, str):
        return None
    return SQUARE_INDEX.get(name.strip().upper())


CLASSIC_TEXT = """\
   ABCDEFGHIJKLMNOP
 1 ....~~~~~.T.~...
 2 .*..~.......~..*
 3 ...~~T......~~..
 4 ~~~~.........~~~
 5 .............T~~
 6 ..............~.
 7 ~~~~....T...~~~.
 8 .*.~~~~.....~...
 9 ......~~~~~~~.*.
10 .....T..........
11 ..........T.....
"""

ALTERNATIVE_TEXT = """\
   ABCDEFGHIJKLMNOP
 1 ..~~T....T.....~
 2 ..~~..........T~
 3 .*~~...........~
 4 ..~...T....T~~~~
 5 ..~.........~...
 6 ..~T........~..*
 7 ..~~........~~..
 8 *..~~~.T....T~..
 9 .....~~~.....~..
10 ....*.~~~~~~~~..
11 ......~..*....*.
"""


@dataclass(frozen=True)
class Layout:
    """One side of the board: what each square is at the start of a game."""

    name: str
    river: frozenset[int]
    treasures: tuple[int, ...]
    corner_treasures: frozenset[int]

    def to_dict(self) -> dict[str, list[str]]:
        return {
            "river": [SQUARE_NAMES[i] for i in sorted(self.river)],
            "treasures": [SQUARE_NAMES[i] for i in self.treasures],
            "corner_treasures": [SQUARE_NAMES[i] for i in sorted(self.corner_treasures)],
        }


def parse_layout(name: str, text: str) -> Layout:
    """Read a layout drawn as in `board-classic.txt` (comment lines start with #)."""
    rows = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    grid = [line[3:3 + WIDTH] for line in rows[1:1 + HEIGHT]]
    if len(grid) != HEIGHT or any(len(r) != WIDTH for r in grid):
        raise ValueError(f"layout {name!r} is not {WIDTH}×{HEIGHT}")
    river: set[int] = set()
    treasures: list[int] = []
    corners: set[int] = set()
    for row, line in enumerate(grid):
        for col, mark in enumerate(line):
            i = row * WIDTH + col
            if mark == "~":
                river.add(i)
            elif mark in "T*":
                treasures.append(i)
                if mark == "*":
                    corners.add(i)
            elif mark != ".":
                raise ValueError(f"layout {name!r}: unknown mark {mark!r} at {SQUARE_NAMES[i]}")
    return Layout(name, frozenset(river), tuple(treasures), frozenset(corners))


LAYOUTS: dict[str, Layout] = {
    "classic": parse_layout("classic", CLASSIC_TEXT),
    "alternative": parse_layout("alternative", ALTERNATIVE_TEXT),
}


def board_layout(name: str) -> dict[str, list[str]]:
    """The public description of a layout, for the client's drawing."""
    if name not in LAYOUTS:
        raise ValueError(f"unknown board {name!r}: use one of {sorted(LAYOUTS)}")
    return LAYOUTS[name].to_dict()
