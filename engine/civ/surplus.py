"""Phase 8, removal of surplus population, then city support (A15).

`phase_state`: `removed` (the automatic removal is done), `next` (index into
the A.S.T. order of the player checking support).
"""

from __future__ import annotations

from .conflict import remove_tokens
from .decisions import Events
from .position import BARBARIAN, Position, holds
from .support import ask_support


def surplus_limit(pos: Position, area: int, side: int) -> int:
    """A15.1: the limit, +1 where the only side is a player holding Agriculture."""
    bonus = side != BARBARIAN and holds(pos, side, "agriculture")
    return pos.board.area(area).limit + (1 if bonus else 0)


def remove_surplus(pos: Position, events: Events) -> None:
    """A15.1: no tokens stay with a city; a lone side keeps at most its limit."""
    for area in sorted(pos.tokens):
        here = dict(pos.tokens[area])
        if area in pos.cities:
            for side, n in sorted(here.items()):
                remove_tokens(pos, side, area, n, "surplus", events)
        elif len(here) == 1:
            side, n = next(iter(here.items()))
            excess = n - surplus_limit(pos, area, side)
            if excess > 0:
                remove_tokens(pos, side, area, excess, "surplus", events)


def run_surplus(pos: Position, events: Events) -> bool:
    """A15: the removal, then each player in A.S.T. order supports his cities."""
    ps = pos.phase_state
    if not ps.get("removed"):
        remove_surplus(pos, events)
        ps["removed"] = True
    return run_support_checks(pos, "support")


def run_support_checks(pos: Position, reason: str) -> bool:
    """A7.5 for every active player in A.S.T. order; True once all are supported."""
    ps = pos.phase_state
    ps.setdefault("next", 0)
    order = pos.active_seats()
    while ps["next"] < len(order):
        if ask_support(pos, order[ps["next"]], reason):
            return False
        ps["next"] += 1
    return True
