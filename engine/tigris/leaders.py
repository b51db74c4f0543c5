"""R5.1: positioning a leader (place, move, withdraw)."""

from __future__ import annotations

from ..errors import Refusal
from .board import NEIGHBOURS, SQUARE_NAMES
from .state_data import COLORS, Position, Regions, regions_without_leader


def leader_placement_problem(pos: Position, sq: int,
                             regions: Regions | None = None) -> Refusal | None:
    """Why a leader may not be placed on `sq` of this board (R5.1), or None if it may.

    `regions` lets a move be judged on the board after its withdrawal.
    """
    name = SQUARE_NAMES[sq]
    params = {"square": name}
    if not pos.is_empty(sq):
        return Refusal("leader/square_taken", params, f"{name} is not empty (R5.1)")
    if sq in pos.options.layout.river:
        return Refusal("leader/on_river", params,
                       f"{name} is a river square: leaders go on land only (R5.1)")
    if not any(pos.is_temple(n) for n in NEIGHBOURS[sq]):
        return Refusal("leader/no_temple", params,
                       f"{name} is not next to a face-up temple (R5.1)")
    regs = regions if regions is not None else pos.regions()
    if len(regs.kingdoms_next_to(sq)) >= 2:
        return Refusal("leader/joins_two_kingdoms", params,
                       f"a leader on {name} would join two kingdoms (R5.1)")
    return None


def regions_without(pos: Position, sq: int) -> Regions:
    """The board's regions with the leader on `sq` taken away (a move's first half)."""
    return regions_without_leader(pos, pos.regions(), sq)


def withdraw_leader(pos: Position, seat: int, color: int, reason: str = "action") -> int:
    sq = pos.take_leader(seat, color)
    pos.events.append({
        "type": "leader_withdrawn", "seat": seat, "color": COLORS[color],
        "from": SQUARE_NAMES[sq], "reason": reason,
    })
    return sq


def position_leader(pos: Position, seat: int, color: int, sq: int) -> None:
    """Place from the supply, or move (a withdrawal followed by a placement)."""
    origin = pos.leaders[seat][color]
    if origin is not None:
        pos.take_leader(seat, color)
    pos.put_leader(sq, seat, color)
    pos.events.append({
        "type": "leader_placed", "seat": seat, "color": COLORS[color], "at": SQUARE_NAMES[sq],
        "from": SQUARE_NAMES[origin] if origin is not None else None,
    })


def revolt_defender(pos: Position, sq: int) -> int | None:
    """R7.1: the square of the same-coloured leader already in the new kingdom, if any."""
    color = pos.leader_at[sq][1]
    regions = pos.regions()
    for other in regions.leaders[regions.label[sq]]:
        if other != sq and pos.leader_at[other][1] == color:
            return other
    return None
