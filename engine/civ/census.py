"""Phase 3, census (A10), and the census order it fixes for phases 4 and 5 (A7.8)."""

from __future__ import annotations

from .decisions import Events
from .position import Position, holds


def census_order(pos: Position) -> list[int]:
    """A7.8: non-Military holders by tokens on the board, most first, then Military holders;
    ties by A.S.T. order."""
    order = pos.active_seats()
    return sorted(order, key=lambda seat: (holds(pos, seat, "military"),
                                           -pos.tokens_on_board(seat), order.index(seat)))


def run_census(pos: Position, events: Events) -> bool:
    """A10.1: automatic; the order is kept in `phase_state["census"]` through phase 5."""
    pos.phase_state["census"] = census_order(pos)
    events.append({"type": "census", "order": pos.phase_state["census"],
                   "tokens": {str(s): pos.tokens_on_board(s) for s in pos.active_seats()}})
    return True
