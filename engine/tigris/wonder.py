"""R15 (option): the wonder, on a plus-shaped cross of five tiles of one colour."""

from __future__ import annotations

from .board import NEIGHBOURS, SQUARE_NAMES
from .buildings import send_buildings_back
from .regions_rules import return_leaders_without_temple
from .state_data import BLACK, Position


def cross(centre: int) -> tuple[int, ...]:
    return (centre, *NEIGHBOURS[centre])


def wonder_centres(pos: Position, placed: int) -> list[int]:
    """R15.2: centres of complete face-up crosses of the placed tile's colour holding it."""
    color = pos.tile[placed]
    if pos.wonder is not None or color < 0 or placed in pos.down:
        return []
    out = []
    for centre in (placed, *NEIGHBOURS[placed]):
        squares = cross(centre)
        if len(squares) == 5 and all(pos.is_face_up(sq, color) for sq in squares):
            out.append(centre)
    return sorted(out)


def build_wonder(pos: Position, seat: int, centre: int) -> None:
    """R15.2: the five tiles go face down (as for a monument, R10.3)."""
    squares = cross(centre)
    for sq in squares:
        pos.turn_face_down(sq)
    pos.wonder = centre
    pos.events.append({"type": "wonder_built", "seat": seat, "at": SQUARE_NAMES[centre]})
    send_buildings_back(pos, squares)
    return_leaders_without_temple(pos)


def wonder_point_due(pos: Position) -> bool:
    """R15.3: the active player's king stands in the wonder's kingdom."""
    if pos.wonder is None:
        return False
    king = pos.leaders[pos.active][BLACK]
    return king is not None and pos.kingdom_of(king) == pos.kingdom_of(pos.wonder)
