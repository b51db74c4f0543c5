"""Which soft tint each kingdom on the board wears.

The kingdoms are the engine's (`boardmap.kingdoms`, from `engine.board_regions`);
this module only gives each a hue. A kingdom keeps its hue while it keeps its
first leader: the hue is chosen from that leader (dynasty and colour), and a
kingdom whose hue another already wears takes the next free one, so no two
kingdoms share a tint while there are no more of them than tints. Beyond that, a
kingdom takes the tint whose wearers are farthest from it (by their bounding boxes,
cheap enough to redo on every repaint).
"""

from __future__ import annotations

from typing import Any

from game.tigris import art
from game.tigris.art import palette as te_pal
from game.tigris.boardmap import coords, kingdoms

Tint = tuple[int, int, int, int]


def _leader_rank(cell: dict[str, Any]) -> int:
    leader = cell["leader"]
    return (art.DYNASTIES.index(leader["dynasty"]) * len(art.COLORS)
            + art.COLORS.index(leader["color"]))


Box = tuple[int, int, int, int]


def _box(kingdom: frozenset[str]) -> Box:
    cols, rows = zip(*map(coords, kingdom), strict=True)
    return (min(cols), max(cols), min(rows), max(rows))


def _gap(a: Box, b: Box) -> int:
    """How many squares apart two kingdoms' bounding boxes are (diagonals count as one)."""
    return max(a[0] - b[1], b[0] - a[1], a[2] - b[3], b[2] - a[3], 0)


def kingdom_tints(board: dict[str, Any]) -> list[tuple[frozenset[str], Tint]]:
    """Every kingdom's squares with its tint, in the order of their first leaders."""
    ranked = sorted(
        (min(_leader_rank(board[s]) for s in kingdom if "leader" in board[s]), kingdom)
        for kingdom in map(frozenset, kingdoms(board))
    )
    tints = te_pal.KINGDOM_TINTS
    wearers: dict[int, list[Box]] = {}
    out: list[tuple[frozenset[str], Tint]] = []
    for rank, kingdom in ranked:
        order = [(rank + step) % len(tints) for step in range(len(tints))]
        free = [i for i in order if i not in wearers]
        box = _box(kingdom)
        index = free[0] if free else max(
            order, key=lambda i: min(_gap(box, other) for other in wearers[i]))
        wearers.setdefault(index, []).append(box)
        out.append((kingdom, tints[index]))
    return out
