"""The game's symbols as white, anti-aliased masks, designed in a unit square.

Symbols carry meaning that colour alone must not (colour-blind players): each
civilization colour has its own silhouette (ziggurat, wheat, balance, city gate) and
each dynasty its own emblem (archer's bow, bull, pot, lion). Pieces tint and emboss
these masks; this module only knows shapes, never colours or materials.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.art._render import (
    Pen,
    Point,
    arc_points,
    bezier,
    cached,
    check_size,
    downsample,
    lens,
    new_surface,
    star_points,
    supersample_factor,
)

INK = (255, 255, 255, 255)
CUT = (255, 255, 255, 0)

COLOR_SYMBOLS: dict[str, str] = {
    "red": "temple",
    "blue": "farm",
    "green": "market",
    "black": "settlement",
}


def _mirror(points: list[Point]) -> list[Point]:
    return [(1.0 - x, y) for x, y in points]


def _rotate(points: list[Point], degrees: float, cx: float = 0.5, cy: float = 0.5) -> list[Point]:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c)
            for x, y in points]


def _temple(p: Pen) -> None:
    """A ziggurat: three stepped terraces, a shrine on top, a stair up the middle."""
    p.rect(INK, 0.08, 0.71, 0.92, 0.88)
    p.rect(INK, 0.19, 0.54, 0.81, 0.69)
    p.rect(INK, 0.30, 0.38, 0.70, 0.52)
    p.rect(INK, 0.39, 0.21, 0.61, 0.36)
    p.rect(INK, 0.35, 0.16, 0.65, 0.22)
    p.rect(CUT, 0.465, 0.27, 0.535, 0.36)
    p.poly(CUT, [(0.455, 0.38), (0.545, 0.38), (0.59, 0.88), (0.41, 0.88)])
    for i in range(6):
        y = 0.42 + i * 0.08
        half = 0.045 + (y - 0.38) * 0.09
        p.rect(INK, 0.5 - half, y, 0.5 + half, y + 0.03)


def _grain_ear(p: Pen, x: float, y: float, angle: float, grains: int, step: float,
               size: float) -> None:
    """An ear of wheat: pairs of grains along a stalk pointing in `angle` (0 = up)."""
    a = math.radians(angle)
    ux, uy = math.sin(a), -math.cos(a)
    vx, vy = -uy, ux
    for i in range(grains):
        cx, cy = x + ux * step * i, y + uy * step * i
        for side in (1, -1):
            p.poly(INK, lens(cx + vx * size * 0.30 * side, cy + vy * size * 0.30 * side,
                             size, size * 0.46, angle + 24 * side))
    tip = (x + ux * step * grains, y + uy * step * grains)
    p.poly(INK, lens(tip[0], tip[1], size * 1.1, size * 0.46, angle))
    p.line(INK, tip, (tip[0] + ux * size * 1.1, tip[1] + uy * size * 1.1), 0.012)


def _farm(p: Pen) -> None:
    """A sheaf of wheat: three stalks crossing at a band, splayed below, ears above."""
    band_y = 0.66
    for bottom, top, ang in (((0.27, 0.92), (0.25, 0.47), -24), ((0.5, 0.92), (0.5, 0.42), 0),
                             ((0.73, 0.92), (0.75, 0.47), 24)):
        mid = (0.5 + (top[0] - 0.5) * 0.05, band_y + 0.02)
        p.stroke(INK, bezier(bottom, mid, top, 14), 0.045, 0.035)
        _grain_ear(p, top[0], top[1] + 0.02, ang, 4, 0.07, 0.10)
    p.rect(INK, 0.39, band_y - 0.035, 0.61, band_y + 0.035, radius=0.02)


def _market(p: Pen) -> None:
    """A merchant's balance: the trader weighs goods."""
    p.rect(INK, 0.47, 0.22, 0.53, 0.83)
    p.poly(INK, [(0.28, 0.90), (0.72, 0.90), (0.63, 0.81), (0.37, 0.81)])
    p.circle(INK, 0.5, 0.185, 0.055)
    p.stroke(INK, [(0.12, 0.31), (0.5, 0.265), (0.88, 0.31)], 0.05)
    for cx in (0.185, 0.815):
        top = (cx - 0.06 if cx < 0.5 else cx + 0.06, 0.315)
        p.line(INK, top, (cx - 0.13, 0.60), 0.022)
        p.line(INK, top, (cx + 0.13, 0.60), 0.022)
        bowl = arc_points(cx, 0.585, 0.155, 0, 180, 16)
        p.poly(INK, bowl)
        p.rect(INK, cx - 0.165, 0.575, cx + 0.165, 0.605, radius=0.01)


def _settlement(p: Pen) -> None:
    """A walled city: two towers, battlements and an arched gate."""
    p.rect(INK, 0.16, 0.45, 0.84, 0.88)
    p.rect(INK, 0.07, 0.29, 0.33, 0.88)
    p.rect(INK, 0.67, 0.29, 0.93, 0.88)
    for x0 in (0.07, 0.67):
        for i in range(3):
            mx = x0 + i * 0.105
            p.rect(INK, mx, 0.19, mx + 0.052, 0.30)
    for mx in (0.37, 0.47, 0.57):
        p.rect(INK, mx, 0.37, mx + 0.06, 0.46)
    p.rect(CUT, 0.40, 0.64, 0.60, 0.88)
    p.circle(CUT, 0.5, 0.645, 0.10)
    p.rect(CUT, 0.175, 0.41, 0.225, 0.53, radius=0.02)
    p.rect(CUT, 0.775, 0.41, 0.825, 0.53, radius=0.02)
    p.rect(INK, 0.07, 0.55, 0.93, 0.58)
    p.rect(CUT, 0.40, 0.64, 0.60, 0.88)


def _archer(p: Pen) -> None:
    """A drawn bow with its arrow, tilted for movement."""
    tilt = -32.0
    upper = arc_points(0.30, 0.5, 0.40, 0, -64, 14)
    lower = arc_points(0.30, 0.5, 0.40, 0, 64, 14)
    for arc in (upper, lower):
        tipx, tipy = arc[-1]
        arc.append((tipx - 0.05, tipy + (0.02 if tipy < 0.5 else -0.02)))
        p.stroke(INK, _rotate(arc, tilt), 0.11, 0.04)
    top, bottom = upper[-2], lower[-2]
    nock = (0.16, 0.5)
    p.line(INK, _rotate([top], tilt)[0], _rotate([nock], tilt)[0], 0.025)
    p.line(INK, _rotate([bottom], tilt)[0], _rotate([nock], tilt)[0], 0.025)
    p.line(INK, _rotate([(0.10, 0.5)], tilt)[0], _rotate([(0.84, 0.5)], tilt)[0], 0.05)
    p.poly(INK, _rotate([(0.98, 0.5), (0.80, 0.415), (0.84, 0.5), (0.80, 0.585)], tilt))
    for dy, ang in ((-0.045, 60), (0.045, 120)):
        g = lens(0.16, 0.5 + dy, 0.16, 0.05, ang)
        p.poly(INK, _rotate(g, tilt))


def _bull(p: Pen) -> None:
    """A bull's head seen from the front: great curved horns, broad muzzle."""
    horn = bezier((0.40, 0.36), (0.10, 0.40), (0.12, 0.08), 18)
    p.stroke(INK, horn, 0.12, 0.025)
    p.stroke(INK, _mirror(horn), 0.12, 0.025)
    p.poly(INK, lens(0.21, 0.44, 0.20, 0.09, -112))
    p.poly(INK, lens(0.79, 0.44, 0.20, 0.09, 112))
    p.poly(INK, [(0.31, 0.30), (0.69, 0.30), (0.73, 0.42), (0.66, 0.70), (0.34, 0.70),
                 (0.27, 0.42)])
    p.ellipse(INK, 0.32, 0.60, 0.68, 0.90)
    p.circle(CUT, 0.425, 0.775, 0.038)
    p.circle(CUT, 0.575, 0.775, 0.038)
    p.poly(CUT, lens(0.385, 0.47, 0.10, 0.05, 75))
    p.poly(CUT, lens(0.615, 0.47, 0.10, 0.05, 105))


def _vessel_outline() -> list[Point]:
    profile = [(0.11, 0.16), (0.15, 0.16), (0.17, 0.10), (0.27, 0.095), (0.35, 0.19),
               (0.45, 0.28), (0.57, 0.30), (0.69, 0.26), (0.79, 0.17), (0.85, 0.11),
               (0.88, 0.14), (0.92, 0.14)]
    right = [(0.5 + r, y) for y, r in profile]
    left = [(0.5 - r, y) for y, r in reversed(profile)]
    return right + left


def _pot(p: Pen) -> None:
    """A storage jar with two handles and a painted zigzag band."""
    handle = bezier((0.42, 0.21), (0.16, 0.17), (0.25, 0.42), 14)
    p.stroke(INK, handle, 0.05)
    p.stroke(INK, _mirror(handle), 0.05)
    p.poly(INK, _vessel_outline())
    p.rect(CUT, 0.27, 0.395, 0.73, 0.42)
    p.rect(CUT, 0.24, 0.605, 0.76, 0.63)
    zig = [(0.28 + i * 0.055, 0.47 if i % 2 == 0 else 0.56) for i in range(9)]
    p.stroke(CUT, zig, 0.03)


def _lion(p: Pen) -> None:
    """A lion's head: a flame-like mane around a calm face."""
    cx, cy = 0.5, 0.52
    p.circle(INK, cx, cy, 0.34)
    for i in range(14):
        a = math.radians(i * 360 / 14 - 90)
        r = 0.33
        p.poly(INK, lens(cx + math.cos(a) * r, cy + math.sin(a) * r, 0.24, 0.15,
                         math.degrees(a) + 90 + 14))
    p.circle(CUT, cx, cy + 0.03, 0.255, width=0.035)
    p.circle(INK, 0.34, 0.33, 0.06)
    p.circle(INK, 0.66, 0.33, 0.06)
    p.circle(CUT, 0.34, 0.33, 0.025)
    p.circle(CUT, 0.66, 0.33, 0.025)
    p.poly(CUT, lens(0.41, 0.50, 0.11, 0.045, 70))
    p.poly(CUT, lens(0.59, 0.50, 0.11, 0.045, 110))
    p.poly(CUT, [(0.44, 0.59), (0.56, 0.59), (0.5, 0.66)])
    p.line(CUT, (0.5, 0.65), (0.5, 0.69), 0.025)
    p.stroke(CUT, [(0.42, 0.72), (0.5, 0.69), (0.58, 0.72)], 0.025)


def _unification(p: Pen) -> None:
    """Two interlocking rings: two kingdoms joined."""
    w = 0.085
    p.circle(INK, 0.36, 0.5, 0.25, width=w)
    p.circle(CUT, 0.64, 0.5, 0.25 + w * 0.9, width=w * 2.6)
    p.circle(INK, 0.64, 0.5, 0.25, width=w)
    # bring the left ring back on top at the lower crossing, with a gap around it
    arc = arc_points(0.36, 0.5, 0.25 - w / 2, 30, 75, 10)
    p.stroke(CUT, arc, w * 2.2)
    p.stroke(INK, arc_points(0.36, 0.5, 0.25 - w / 2, 20, 85, 12), w)


def _star(p: Pen) -> None:
    """The eight-pointed star of Ishtar, the wonder's emblem."""
    p.poly(INK, star_points(0.5, 0.5, 0.47, 0.20, 8, -90))
    p.circle(CUT, 0.5, 0.5, 0.13)
    p.circle(INK, 0.5, 0.5, 0.085)


def _bag(p: Pen) -> None:
    """A cloth pouch tied at the neck: the tile bag."""
    body = bezier((0.37, 0.36), (0.02, 0.86), (0.5, 0.90), 14) + \
        bezier((0.5, 0.90), (0.98, 0.86), (0.63, 0.36), 14)
    p.poly(INK, body)
    p.poly(INK, [(0.40, 0.33), (0.30, 0.16), (0.42, 0.20), (0.5, 0.13), (0.58, 0.20),
                 (0.70, 0.16), (0.60, 0.33)])
    p.rect(INK, 0.35, 0.28, 0.65, 0.37, radius=0.03)
    p.rect(CUT, 0.35, 0.365, 0.65, 0.39)
    p.stroke(INK, bezier((0.62, 0.33), (0.76, 0.36), (0.74, 0.48), 8), 0.03)


def _monument(p: Pen) -> None:
    """A stepped tower seen from above: nested squares."""
    p.rect(INK, 0.08, 0.08, 0.92, 0.92, radius=0.03)
    p.rect(CUT, 0.17, 0.17, 0.83, 0.83)
    p.rect(INK, 0.22, 0.22, 0.78, 0.78, radius=0.02)
    p.rect(CUT, 0.31, 0.31, 0.69, 0.69)
    p.rect(INK, 0.36, 0.36, 0.64, 0.64, radius=0.02)


def _crack(p: Pen) -> None:
    """A jagged split: disaster struck here."""
    path = [(0.30, 0.06), (0.46, 0.30), (0.36, 0.42), (0.58, 0.60), (0.48, 0.70),
            (0.70, 0.94)]
    p.stroke(INK, path, 0.11, 0.05)
    p.stroke(INK, [(0.36, 0.42), (0.16, 0.52), (0.08, 0.50)], 0.05, 0.02)
    p.stroke(INK, [(0.58, 0.60), (0.80, 0.52), (0.92, 0.56)], 0.05, 0.02)


_DRAWERS: dict[str, Callable[[Pen], None]] = {
    "temple": _temple,
    "farm": _farm,
    "market": _market,
    "settlement": _settlement,
    "archer": _archer,
    "bull": _bull,
    "pot": _pot,
    "lion": _lion,
    "unification": _unification,
    "star": _star,
    "bag": _bag,
    "monument": _monument,
    "crack": _crack,
}

SYMBOL_NAMES: tuple[str, ...] = tuple(_DRAWERS)


@cached
def symbol_mask(name: str, size: int) -> pygame.Surface:
    """A size×size white mask of a symbol (alpha = coverage), for tinting.

    `name` is a symbol ("temple", "lion", ...) or a colour ("red" means "temple").
    """
    check_size(size, 2)
    name = COLOR_SYMBOLS.get(name, name)
    try:
        drawer = _DRAWERS[name]
    except KeyError:
        raise ValueError(f"unknown symbol {name!r}; known: {', '.join(SYMBOL_NAMES)}") from None
    f = supersample_factor(size) + (1 if size <= 24 else 0)
    big = new_surface(size * f, size * f, CUT)
    drawer(Pen(big))
    return downsample(big, size, size)
