"""Which soft tint each kingdom on the board wears.

The kingdoms are the engine's (`boardmap.kingdoms`, from `engine.board_regions`);
this module only gives each a hue. A kingdom keeps its hue while it keeps its
first leader: the hue is chosen from that leader (dynasty and colour), and a
kingdom whose hue another already wears takes the next free one, so no two
kingdoms share a tint while there are no more of them than tints. Beyond that, a
kingdom takes the tint whose wearers are farthest from it.
"""

from __future__ import annotations

from typing import Any

from game import art
from game.art import palette as pal
from game.tigris.boardmap import coords, kingdoms

Tint = tuple[int, int, int, int]


def _leader_rank(cell: dict[str, Any]) -> int:
    leader = cell["leader"]
    return (art.DYNASTIES.index(leader["dynasty"]) * len(art.COLORS)
            + art.COLORS.index(leader["color"]))


def _gap(a: frozenset[str], b: frozenset[str]) -> int:
    """How many squares apart two kingdoms are at their closest (diagonals count as one)."""
    return min(max(abs(ca - cb), abs(ra - rb))
               for ca, ra in map(coords, a) for cb, rb in map(coords, b))


def kingdom_tints(board: dict[str, Any]) -> list[tuple[frozenset[str], Tint]]:
    """Every kingdom's squares with its tint, in the order of their first leaders."""
    ranked = sorted(
        (min(_leader_rank(board[s]) for s in kingdom if "leader" in board[s]), kingdom)
        for kingdom in map(frozenset, kingdoms(board))
    )
    tints = pal.KINGDOM_TINTS
    wearers: dict[int, list[frozenset[str]]] = {}
    out: list[tuple[frozenset[str], Tint]] = []
    for rank, kingdom in ranked:
        order = [(rank + step) % len(tints) for step in range(len(tints))]
        free = [i for i in order if i not in wearers]
        index = free[0] if free else max(
            order, key=lambda i: min(_gap(kingdom, other) for other in wearers[i]))
        wearers.setdefault(index, []).append(kingdom)
        out.append((kingdom, tints[index]))
    return out
