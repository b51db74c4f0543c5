"""Square names, indices and neighbours, rebuilt from the engine's public layouts.

The bots read positions as the contract's dicts; this module turns square
names into small integers once, so that the analysis can work on lists
instead of strings. Only `engine.board_layout` is used: the bots never
import the engine's insides.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import engine

COLUMNS = "ABCDEFGHIJKLMNOP"
WIDTH = 16
HEIGHT = 11
SIZE = WIDTH * HEIGHT
COLORS: tuple[str, ...] = tuple(engine.COLORS)
COLOR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLORS)}
RED, BLUE, GREEN, BLACK = range(4)
TILES_PER_COLOR: tuple[int, ...] = (57, 36, 30, 30)  # R1.2
HAND_SIZE = 6

SQUARE_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[i % WIDTH]}{i // WIDTH + 1}" for i in range(SIZE))
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}


def _neighbours(i: int) -> tuple[int, ...]:
    """R3.1: squares sharing a side."""
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


@dataclass(frozen=True)
class Layout:
    """One board side as index sets: where blue tiles go and where treasures start."""

    name: str
    river: frozenset[int]
    treasures: tuple[int, ...]
    corner_treasures: frozenset[int]

    @property
    def starting_bag(self) -> int:
        """R2.2: tiles in the bag before the hands are dealt."""
        return sum(TILES_PER_COLOR) - len(self.treasures)


@cache
def layout(name: str) -> Layout:
    d = engine.board_layout(name)
    return Layout(
        name=name,
        river=frozenset(SQUARE_INDEX[s] for s in d["river"]),
        treasures=tuple(SQUARE_INDEX[s] for s in d["treasures"]),
        corner_treasures=frozenset(SQUARE_INDEX[s] for s in d["corner_treasures"]),
    )
