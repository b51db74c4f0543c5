"""Every legal action of the player to move, in a stable order.

Main actions come as tiles (by colour, then square), leaders (placements and
moves by colour, then withdrawals), catastrophes, swaps (every sub-multiset
of the hand), and pass. Decisions come in the order of the pending dict.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from .board import NEIGHBOURS, SIZE, SQUARE_NAMES
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


def kingdom_counts(regions: Regions) -> dict[int, int]:
    """How many kingdoms each square touches, for the squares that touch any."""
    touching: dict[int, set[int]] = {}
    for region, leaders in enumerate(regions.leaders):
        if leaders:
            for sq in regions.members[region]:
                for n in NEIGHBOURS[sq]:
                    touching.setdefault(n, set()).add(region)
    return {sq: len(kingdoms) for sq, kingdoms in touching.items()}


def empty_squares(pos: Position) -> list[int]:
    tile, leader_at, catastrophe = pos.tile, pos.leader_at, pos.catastrophe
    return [sq for sq in range(SIZE)
            if tile[sq] == NO_TILE and sq not in leader_at and sq not in catastrophe]


def tile_squares(pos: Position) -> tuple[list[int], list[int]]:
    """R5.2: empty (river, land) squares a tile may go on, joining fewer than three kingdoms."""
    counts = kingdom_counts(pos.regions())
    river = pos.options.layout.river
    on_river: list[int] = []
    on_land: list[int] = []
    for sq in empty_squares(pos):
        if counts.get(sq, 0) < 3:
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


def leader_candidates(pos: Position) -> list[int]:
    """R5.1: empty land squares next to a face-up temple (before counting kingdoms)."""
    river = pos.options.layout.river
    tile, leader_at, catastrophe, down = pos.tile, pos.leader_at, pos.catastrophe, pos.down
    candidates: set[int] = set()
    for sq in range(SIZE):
        if tile[sq] == RED and sq not in down:
            for n in NEIGHBOURS[sq]:
                if (tile[n] == NO_TILE and n not in leader_at and n not in catastrophe
                        and n not in river):
                    candidates.add(n)
    return sorted(candidates)


def leader_squares(pos: Position, regions: Regions, skip: int = -1,
                   candidates: list[int] | None = None) -> list[int]:
    """R5.1: the candidates that join at most one kingdom on the given regions.

    A moved leader's own square is never a candidate: a move goes elsewhere.
    """
    if candidates is None:
        candidates = leader_candidates(pos)
    label, leaders = regions.label, regions.leaders
    out = []
    for sq in candidates:
        seen = -1
        ok = True
        for n in NEIGHBOURS[sq]:
            r = label[n]
            if r >= 0 and leaders[r] and r != seen:
                if seen >= 0:
                    ok = False
                    break
                seen = r
        if ok:
            out.append(sq)
    return out


def leader_actions(pos: Position, seat: int) -> list[Act]:
    out: list[Act] = []
    candidates = leader_candidates(pos)
    supply_squares: list[int] | None = None
    for color, at in enumerate(pos.leaders[seat]):
        name = COLORS[color]
        if at is None:
            if supply_squares is None:
                supply_squares = leader_squares(pos, pos.regions(), candidates=candidates)
            squares = supply_squares
        else:
            squares = leader_squares(pos, regions_without(pos, at), skip=at,
                                     candidates=candidates)
        out.extend({"type": "leader", "color": name, "to": SQUARE_NAMES[sq]} for sq in squares)
    out.extend({"type": "leader", "color": COLORS[color], "to": None}
               for color, at in enumerate(pos.leaders[seat]) if at is not None)
    return out


def catastrophe_squares(pos: Position) -> list[int]:
    """R5.3, as `catastrophe_problem` judges it, without building its messages."""
    tile, leader_at, catastrophe = pos.tile, pos.leader_at, pos.catastrophe
    blocked = pos.treasure | pos.down | {b for b in pos.buildings if b is not None}
    if pos.unification is not None:
        blocked.add(pos.unification)
    return [sq for sq in range(SIZE)
            if sq not in leader_at and sq not in catastrophe
            and (tile[sq] == NO_TILE or sq not in blocked)]


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
