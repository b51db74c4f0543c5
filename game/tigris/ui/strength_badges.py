"""Which strength badges the board shows on its leaders, and where.

Out of a conflict every leader shows two: the temples beside it (its strength
in a revolt, R7.2) at its top-left corner and its colour's tiles in its
kingdom (its strength in a war, R8.3) at its bottom-right. While a conflict
waits for commitments, its two leaders show only the count that conflict
counts (the engine's, from `pending`), above their square, outside the ring
the conflict marks draw round them; every other leader's badges step back
(faded), so the two numbers that matter are read at a glance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.tigris.boardmap import leader_support

CORNER_TOP_LEFT = "top_left"
CORNER_BOTTOM_RIGHT = "bottom_right"
ABOVE = "above"


@dataclass(frozen=True)
class Badge:
    square: str
    count: int
    color: str    # the tile colour it counts: "red" for temples
    place: str    # CORNER_TOP_LEFT, CORNER_BOTTOM_RIGHT or ABOVE (outside the ring)
    faded: bool


def strength_badges(board: dict[str, Any], pending: dict[str, Any] | None) -> list[Badge]:
    fought: dict[str, bool] = {}   # square -> counts temples (a revolt)
    if pending is not None and pending.get("kind") == "commit":
        internal = pending["conflict"] == "internal"
        fought = {pending["attacker_leader"]: internal, pending["defender_leader"]: internal}
    badges: list[Badge] = []
    for square, (temples, tiles) in leader_support(board, pending).items():
        color = board[square]["leader"]["color"]
        if square in fought:
            counted = (temples, "red") if fought[square] else (tiles, color)
            badges.append(Badge(square, counted[0], counted[1], ABOVE, False))
            continue
        faded = bool(fought)
        badges.append(Badge(square, temples, "red", CORNER_TOP_LEFT, faded))
        badges.append(Badge(square, tiles, color, CORNER_BOTTOM_RIGHT, faded))
    return badges
