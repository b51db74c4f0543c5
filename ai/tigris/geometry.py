"""Square names, indices and neighbours, rebuilt from the engine's public layouts.

The bots read positions as the contract's dicts; this module turns square
names into small integers once, so that the analysis can work on lists
instead of strings. Only the engine's public names are used (`SQUARE_NAMES`,
`NEIGHBOURS`, `board_layout`): the bots never import the engine's insides.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import engine.tigris as engine

COLORS: tuple[str, ...] = tuple(engine.COLORS)
COLOR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLORS)}
RED, BLUE, GREEN, BLACK = range(4)
TILES_PER_COLOR: tuple[int, ...] = tuple(engine.TILES_PER_COLOR)  # R1.2
HAND_SIZE = 6
SQUARE_NAMES: tuple[str, ...] = tuple(engine.SQUARE_NAMES)
SIZE = len(SQUARE_NAMES)
WIDTH = len({name[0] for name in SQUARE_NAMES})  # R1.1: columns A–P
HEIGHT = SIZE // WIDTH
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(engine.NEIGHBOURS)  # R3.1


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
