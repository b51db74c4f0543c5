"""R5.3: playing a catastrophe tile."""

from __future__ import annotations

from ..errors import Refusal
from .board import SQUARE_NAMES
from .regions_rules import return_leaders_without_temple
from .state_data import COLORS, NO_TILE, Position


def catastrophe_problem(pos: Position, sq: int) -> Refusal | None:
    """Why a catastrophe may not go on `sq` (R5.3), or None if it may."""
    name = SQUARE_NAMES[sq]
    params = {"square": name}
    if sq in pos.leader_at:
        return Refusal("catastrophe/on_leader", params,
                       f"{name} holds a leader: catastrophes never hit leaders (R5.3)")
    if sq in pos.catastrophe:
        return Refusal("catastrophe/on_catastrophe", params,
                       f"{name} already holds a catastrophe (R5.3)")
    if pos.tile[sq] != NO_TILE:
        if sq in pos.treasure:
            return Refusal("catastrophe/on_treasure", params,
                           f"the tile on {name} carries a treasure (R5.3, R9.2)")
        if sq in pos.down:
            return Refusal("catastrophe/on_face_down", params, f"the tile on {name} is face "
                           "down under a monument or the wonder (R5.3)")
        if sq in pos.buildings:
            return Refusal("catastrophe/on_building", params,
                           f"the tile on {name} carries a building (R5.3, R13.3)")
        if sq == pos.unification:
            return Refusal("catastrophe/on_unification", params,
                           f"the tile on {name} carries the unification tile (R5.3)")
    return None


def play_catastrophe(pos: Position, seat: int, sq: int) -> None:
    removed = pos.tile[sq]
    if removed != NO_TILE:
        pos.remove_tile(sq)
    pos.put_catastrophe(sq)
    pos.catastrophes_left[seat] -= 1
    pos.events.append({
        "type": "catastrophe", "seat": seat, "at": SQUARE_NAMES[sq],
        "removed": COLORS[removed] if removed != NO_TILE else None,
    })
    return_leaders_without_temple(pos)
