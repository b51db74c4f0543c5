"""Where each piece shows what it is: a tile's symbol, a leader's face and colour badge,
a treasure, a monument's terraces.

An overlay that lies over the pieces (the kingdom tints) leaves these parts clear, so it
never hides what a piece is. Each face is a rounded box in pixels from the top left of
the piece's own surface (as `pieces` draws it at that size); a disc is a box whose
corner radius is half its side. The shares come from `pieces`, which draws with them.
"""

from __future__ import annotations

from functools import cache

from game.tigris.art.pieces import (
    BUILDING_OUTLINE,
    LEADER_BADGE_FROM,
    LEADER_BADGE_REACH,
    LEADER_BADGE_SIDE,
    LEADER_RADIUS,
    LEADER_SHADOW_OFFSET,
    MONUMENT_MARGIN,
    OVERLAY_REACH,
    TILE_SYMBOL_SIDE,
    _symbol_box,
)

Face = tuple[int, int, int, int, int]
"""x, y, width, height and corner radius, in pixels."""

# The tile's own colour shows around its symbol, this share of the square on each side.
TILE_MARGIN = 0.05


def _disc(cx: float, cy: float, r: float) -> Face:
    side = round(2 * r)
    return (round(cx - r), round(cy - r), side, side, side // 2)


@cache
def tile_face(size: int) -> Face:
    """A tile's symbol with a rim of the tile's colour (face-down tiles: their marks)."""
    side, x, y = _symbol_box(size, TILE_SYMBOL_SIDE)
    m = round(size * TILE_MARGIN)
    return (x - m, y - m, side + 2 * m, side + 2 * m, round(size * 0.1))


@cache
def leader_faces(size: int) -> tuple[Face, ...]:
    """A leader's whole token (its emblem and the ring of its colour) and, where drawn,
    the badge with its colour's symbol."""
    centre = size * (0.5 - LEADER_SHADOW_OFFSET / 2)
    radius = size * LEADER_RADIUS
    token = _disc(centre, centre, radius)
    if size < LEADER_BADGE_FROM:
        return (token,)
    badge = max(8, round(size * LEADER_BADGE_SIDE))
    corner = round(centre + radius * LEADER_BADGE_REACH - badge / 2)
    return (token, (corner, corner, badge, badge, badge // 2))


@cache
def overlay_face(size: int) -> Face:
    """A treasure, the unification tile or the wonder over its square."""
    return _disc(size / 2, size / 2, size * OVERLAY_REACH)


@cache
def building_face(size: int) -> Face:
    """A civilization building's silhouette."""
    xs = [x for x, _ in BUILDING_OUTLINE]
    ys = [y for _, y in BUILDING_OUTLINE]
    left, top = round(min(xs) * size), round(min(ys) * size)
    return (left, top, round(max(xs) * size) - left, round(max(ys) * size) - top,
            round(size * 0.04))


@cache
def monument_face(size: int) -> Face:
    """A monument's base, `size` being the side of the 2×2 block it covers."""
    inset = round(size * MONUMENT_MARGIN)
    side = size - round(size * 2 * MONUMENT_MARGIN) - inset
    return (inset, inset, side, side, round(size * 0.02))
