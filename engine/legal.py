"""Every legal action of the player to move, in a stable order.

Main actions come as tiles (by colour, then square), leaders (placements and
moves by colour, then withdrawals), catastrophes, swaps (every sub-multiset
of the hand), and pass. Decisions come in the order of the pending dict.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from .board import NEIGHBOURS, SIZE, SQUARE_NAMES
from .catastrophe import catastrophe_problem
from .conflicts import allowed_commitments
from .leaders import regions_without
from .state_data import BLUE, COLORS, NO_TILE, RED, Position, Regions

Act = dict[str, Any]


def legal_actions(pos: Position) -> list[Act]:
    if pos.ended:
        return []
    if pos.pending is None:
        return main_actions(pos)
    return decisions(pos)


def main_actions(pos: Position) -> list[Act]:
    seat = pos.active
    out: list[Act] = []
    out.extend(tile_actions(pos, seat))
    out.extend(leader_actions(pos, seat))
    if pos.catastrophes_left[seat] > 0:
        out.extend({"type": "catastrophe", "to": SQUARE_NAMES[sq]}
                   for sq in catastrophe_squares(pos))
    out.extend(swap_actions(pos.hands[seat]))
    out.append({"type": "pass"})
    return out


def tile_squares(pos: Position) -> tuple[list[int], list[int]]:
    """R5.2: empty (river, land) squares a tile may go on, joining fewer than three kingdoms."""
    regions = pos.regions()
    river = pos.options.layout.river
    on_river: list[int] = []
    on_land: list[int] = []
    for sq in range(SIZE):
        if not pos.is_empty(sq) or len(regions.kingdoms_next_to(sq)) >= 3:
            continue
        (on_river if sq in river else on_land).append(sq)
    return on_river, on_land


def tile_actions(pos: Position, seat: int) -> list[Act]:
    hand = pos.hands[seat]
    if not any(hand):
        return []
    on_river, on_land = tile_squares(pos)
    out: list[Act] = []
    for color in range(4):
        if hand[color]:
            name = COLORS[color]
            squares = on_river if color == BLUE else on_land
            out.extend({"type": "tile", "color": name, "to": SQUARE_NAMES[sq]} for sq in squares)
    return out


def leader_squares(pos: Position, regions: Regions, skip: int = -1) -> list[int]:
    """R5.1: empty land squares next to a face-up temple that join at most one kingdom."""
    river = pos.options.layout.river
    tile, leader_at, catastrophe = pos.tile, pos.leader_at, pos.catastrophe
    candidates: set[int] = set()
    for sq in range(SIZE):
        if tile[sq] == RED and sq not in pos.down:
            for n in NEIGHBOURS[sq]:
                if (tile[n] == NO_TILE and (n not in leader_at or n == skip)
                        and n not in catastrophe and n not in river):
                    candidates.add(n)
    candidates.discard(skip)
    return sorted(sq for sq in candidates if len(regions.kingdoms_next_to(sq)) <= 1)


def leader_actions(pos: Position, seat: int) -> list[Act]:
    out: list[Act] = []
    supply_squares: list[int] | None = None
    for color, at in enumerate(pos.leaders[seat]):
        name = COLORS[color]
        if at is None:
            if supply_squares is None:
                supply_squares = leader_squares(pos, pos.regions())
            squares = supply_squares
        else:
            squares = leader_squares(pos, regions_without(pos, at), skip=at)
        out.extend({"type": "leader", "color": name, "to": SQUARE_NAMES[sq]} for sq in squares)
    out.extend({"type": "leader", "color": COLORS[color], "to": None}
               for color, at in enumerate(pos.leaders[seat]) if at is not None)
    return out


def catastrophe_squares(pos: Position) -> list[int]:
    return [sq for sq in range(SIZE) if catastrophe_problem(pos, sq) is None]


def swap_actions(hand: list[int]) -> list[Act]:
    """R5.4: every non-empty sub-multiset of the hand."""
    out: list[Act] = []
    for counts in product(*(range(n + 1) for n in hand)):
        if any(counts):
            tiles = [COLORS[c] for c in range(4) for _ in range(counts[c])]
            out.append({"type": "swap", "tiles": tiles})
    return out


def decisions(pos: Position) -> list[Act]:
    p = pos.pending
    assert p is not None
    kind = p["kind"]
    if kind == "commit":
        return [{"type": "commit", "count": k} for k in allowed_commitments(pos)]
    if kind == "war_order":
        return [{"type": "war_order", "color": c} for c in p["colors"]]
    if kind == "monument":
        out: list[Act] = [{"type": "monument", "at": sq, "colors": list(colors)}
                          for sq in p["squares"] for colors in p["colors"]]
        return [*out, {"type": "monument", "at": None}]
    if kind in ("wonder", "building"):
        return [*({"type": kind, "at": sq} for sq in p["squares"]), {"type": kind, "at": None}]
    if kind == "treasure":
        return [{"type": "treasure", "at": sq} for sq in p["from"]]
    if kind == "wonder_point":
        return [{"type": "wonder_point", "color": c} for c in COLORS]
    raise AssertionError(f"unknown pending kind {kind!r}")
