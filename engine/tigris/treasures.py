"""R9: treasures, taken by traders from kingdoms holding two or more."""

from __future__ import annotations

from typing import Any

from .board import SQUARE_NAMES
from .state_data import GREEN, Position


def next_treasure_claim(pos: Position) -> dict[str, Any] | None:
    """R9.1: the next treasure decision, as a pending dict, or None when none is due.

    Kingdoms qualify when they hold two or more treasures and a trader; their
    traders' owners take in seat order from the active player; corner
    treasures go first.
    """
    regions = pos.regions()
    for k in range(pos.players):
        seat = (pos.active + k) % pos.players
        trader = pos.leaders[seat][GREEN]
        if trader is None:
            continue
        kingdom = regions.label[trader]
        held = sorted(sq for sq in pos.treasure if regions.label[sq] == kingdom)
        if len(held) < 2:
            continue
        corners = [sq for sq in held if sq in pos.options.layout.corner_treasures]
        allowed = corners or held
        return {"kind": "treasure", "player": seat, "take": len(held) - 1,
                "from": [SQUARE_NAMES[sq] for sq in allowed]}
    return None


def take_treasure(pos: Position, seat: int, sq: int) -> None:
    pos.treasure.discard(sq)
    pos.treasures_taken[seat] += 1
    pos.events.append({"type": "treasure_taken", "seat": seat, "at": SQUARE_NAMES[sq]})
