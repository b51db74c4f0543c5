"""R5.2: placing a civilization tile, and what it scores."""

from __future__ import annotations

from ..errors import Refusal
from .board import SQUARE_NAMES
from .scoring import give_vp
from .state_data import BLACK, BLUE, COLORS, Position


def tile_placement_problem(pos: Position, color: int, sq: int) -> Refusal | None:
    """Why a tile of `color` may not go on `sq` (R5.2), or None if it may."""
    name = SQUARE_NAMES[sq]
    params = {"square": name, "color": COLORS[color]}
    if not pos.is_empty(sq):
        return Refusal("tile/square_taken", params, f"{name} is not empty (R5.2)")
    river = sq in pos.options.layout.river
    if color == BLUE and not river:
        return Refusal("tile/not_on_river", params,
                       f"{name} is land: blue tiles go on river squares only (R5.2)")
    if color != BLUE and river:
        return Refusal("tile/on_river", params,
                       f"{name} is a river square: only blue tiles go there (R5.2)")
    if len(pos.regions().kingdoms_next_to(sq)) >= 3:
        return Refusal("tile/joins_three_kingdoms", params,
                       f"a tile on {name} would join three kingdoms (R5.2)")
    return None


def place_tile(pos: Position, seat: int, color: int, sq: int) -> bool:
    """Put the tile down and score it; True when it joined two kingdoms (R8)."""
    joined = len(pos.regions().kingdoms_next_to(sq)) == 2
    pos.hands[seat][color] -= 1
    pos.put_tile(sq, color)
    pos.events.append({"type": "tile_placed", "seat": seat, "color": COLORS[color],
                       "at": SQUARE_NAMES[sq]})
    if joined:
        pos.unification = sq
        pos.events.append({"type": "unification", "seat": seat, "at": SQUARE_NAMES[sq]})
    else:
        score_tile(pos, color, sq)
    return joined


def tile_scorer(pos: Position, color: int, sq: int) -> int | None:
    """R5.2: the same-coloured leader's owner, else the king's, else nobody."""
    regions = pos.regions()
    leaders = regions.leaders[regions.label[sq]]
    for wanted in (color, BLACK):
        for lsq in leaders:
            seat, lcolor = pos.leader_at[lsq]
            if lcolor == wanted:
                return seat
    return None


def tile_value(pos: Position, color: int, sq: int) -> int:
    """R13.4: 2 VP when the kingdom holds the building of the tile's colour."""
    building = pos.buildings[color]
    if building is not None and pos.kingdom_of(building) == pos.kingdom_of(sq):
        return 2
    return 1


def score_tile(pos: Position, color: int, sq: int) -> None:
    scorer = tile_scorer(pos, color, sq)
    if scorer is not None:
        give_vp(pos, scorer, color, tile_value(pos, color, sq), "tile")
