"""R3: regions, kingdoms and the temple a leader needs.

Regions are labelled by `Position.regions()`; this module holds the rules
that read them.
"""

from __future__ import annotations

from .board import NEIGHBOURS, SQUARE_NAMES
from .state_data import COLORS, Position


def return_leaders_without_temple(pos: Position) -> None:
    """R3.4: a leader with no adjacent face-up temple goes back to its owner at once."""
    for sq in sorted(pos.leader_at):
        if not any(pos.is_temple(n) for n in NEIGHBOURS[sq]):
            seat, color = pos.leader_at[sq]
            pos.take_leader(seat, color)
            pos.events.append({
                "type": "leader_withdrawn", "seat": seat, "color": COLORS[color],
                "from": SQUARE_NAMES[sq], "reason": "no_temple",
            })


def same_colour_conflicts(pos: Position, region: int) -> list[int]:
    """R6.1: the colours with two leaders in one kingdom."""
    seen: dict[int, int] = {}
    for sq in pos.regions().leaders[region]:
        color = pos.leader_at[sq][1]
        seen[color] = seen.get(color, 0) + 1
    return sorted(c for c, n in seen.items() if n >= 2)
