"""Which soft tint each kingdom on the board wears.

The kingdoms are the engine's (`boardmap.kingdoms`, from `engine.board_regions`);
this module only gives each a hue. A kingdom keeps its hue while it keeps its
first leader: the hue is chosen from that leader (dynasty and colour), and a
kingdom whose hue another already wears takes the next free one, so kingdoms side
by side never share a tint while there are no more of them than tints.
"""

from __future__ import annotations

from typing import Any

from game import art
from game.art import palette as pal
from game.tigris.boardmap import kingdoms

Tint = tuple[int, int, int, int]


def _leader_rank(cell: dict[str, Any]) -> int:
    leader = cell["leader"]
    return (art.DYNASTIES.index(leader["dynasty"]) * len(art.COLORS)
            + art.COLORS.index(leader["color"]))


def kingdom_tints(board: dict[str, Any]) -> list[tuple[frozenset[str], Tint]]:
    """Every kingdom's squares with its tint, in the order of their first leaders."""
    ranked = sorted(
        (min(_leader_rank(board[s]) for s in kingdom if "leader" in board[s]), kingdom)
        for kingdom in map(frozenset, kingdoms(board))
    )
    tints = pal.KINGDOM_TINTS
    used: set[int] = set()
    out: list[tuple[frozenset[str], Tint]] = []
    for rank, kingdom in ranked:
        index = rank % len(tints)
        for step in range(len(tints)):
            if (rank + step) % len(tints) not in used:
                index = (rank + step) % len(tints)
                break
        used.add(index)
        out.append((kingdom, tints[index]))
    return out
