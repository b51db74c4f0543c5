"""The game's pieces as cached surfaces: tiles, leaders, treasures, catastrophes,
the unification tile, monuments, civilization buildings and the wonder.

Bodies are drawn at a multiple of the size and scaled down (anti-aliasing); symbols
are embossed afterwards at the final size so they stay crisp. Each function returns
a shared surface from a cache: blit it, never draw on it.

Sizes: every function takes the side of one board square in pixels, except
`monument_surface`, whose size is the side of the 2×2 block it covers. Overlays
(treasure, unification, building, wonder) have a transparent background and fill
their square; the scene decides how large to draw them over a tile.
"""

from __future__ import annotations

import math
import random

import pygame

from game.art import palette as pal
from game.art._render import (
    Pen,
    bevel_body,
    cached,
    check_size,
    clip_to_rounded_rect,
    downsample,
    drop_shadow,
    emboss,
    mottled,
    new_surface,
    speckle,
    star_points,
    supersample_factor,
    tint,
)
from game.tigris.art import palette as te_pal
from game.tigris.art.symbols import symbol_mask

COLORS: tuple[str, ...] = ("red", "blue", "green", "black")
DYNASTIES: tuple[str, ...] = ("archer", "bull", "pot", "lion")
LEADER_TITLES: dict[str, str] = {"black": "king", "red": "priest", "blue": "farmer",
                                 "green": "trader"}

# Shares of a square's side that say where a piece shows what it is; `game/tigris/art/faces.py`
# reads them too, so overlays can leave those parts clear.
TILE_SYMBOL_SIDE = 0.64        # a tile's symbol, centred on its slab
LEADER_RADIUS = 0.46           # a leader token's disc
LEADER_SHADOW_OFFSET = 0.025   # the token lies this far up and left of its shadow, halved
LEADER_BADGE_SIDE = 0.34       # the colour badge on the token's ring (from 36 px up)
LEADER_BADGE_REACH = 0.66      # the badge's centre, along the diagonal, in token radii
LEADER_BADGE_FROM = 36         # the smallest square (px) whose leaders carry the badge
OVERLAY_REACH = 0.47           # a corner treasure's rays, the unification diamond, the wonder
MONUMENT_MARGIN = 0.03         # a monument's base inside its 2×2 block (and its shadow's offset)
BUILDING_OUTLINE = ((0.16, 0.34), (0.38, 0.22), (0.84, 0.22), (0.84, 0.80), (0.62, 0.92),
                    (0.16, 0.92))  # a building's silhouette, corner by corner


def _check_color(color: str) -> str:
    if color not in te_pal.TILE_COLORS:
        raise ValueError(f"unknown colour {color!r}; expected one of {', '.join(COLORS)}")
    return color


def _check_dynasty(dynasty: str) -> str:
    if dynasty not in DYNASTIES:
        raise ValueError(f"unknown dynasty {dynasty!r}; expected one of {', '.join(DYNASTIES)}")
    return dynasty


def _seed(*parts: object) -> int:
    """A stable seed from readable parts (hash() of str is randomised per process)."""
    text = "/".join(str(p) for p in parts)
    return sum((i + 1) * ord(c) for i, c in enumerate(text)) % 1_000_003


def _slab(size: int, base: pal.RGB, seed: int, radius_frac: float = 0.13) -> pygame.Surface:
    """A square clay slab with bevel, grain and a soft shadow, at final size.

    The slab leaves a small margin so neighbouring tiles on the board read as separate
    pieces with a dark seam between them.
    """
    f = supersample_factor(size)
    big_size = size * f
    big = new_surface(big_size, big_size)
    margin = max(1, round(big_size * 0.035))
    offset = max(1, round(big_size * 0.035))
    body = pygame.Rect(margin, margin, big_size - 2 * margin - offset,
                       big_size - 2 * margin - offset)
    radius = round(body.w * radius_frac)
    big.blit(drop_shadow(big.get_size(), body.move(offset, offset), radius, f * 2, 130), (0, 0))
    depth = max(f, round(body.w * 0.06))
    face = bevel_body(big, body, radius, base, depth)
    grain = mottled(body.w, body.h, base, 0.10, max(2, body.w // 5), seed, alpha=150)
    big.blit(clip_to_rounded_rect(grain, radius), body.topleft,
             special_flags=0)
    # re-assert the bevel edges over the grain, softly
    edge = new_surface(big_size, big_size)
    bevel_body(edge, body, radius, base, depth)
    pygame.draw.rect(edge, (0, 0, 0, 0), face, border_radius=max(0, radius - depth))
    edge.set_alpha(150)
    big.blit(edge, (0, 0))
    speckle(big, body, body.w * body.h // (90 * f * f) + 4,
            [pal.lighten(base, 0.35), pal.darken(base, 0.35)], seed, radius=0.55 * f,
            alpha=110)
    return downsample(big, size, size)


def _symbol_box(size: int, frac: float) -> tuple[int, int, int]:
    """Side and position of a centred symbol inside a slab (which is drawn off-centre
    by its shadow offset)."""
    side = max(2, round(size * frac))
    shift = max(0, round(size * 0.0175))
    pos = (size - side) // 2 - shift
    return side, pos, pos


@cached
def tile_surface(color: str, size: int, face_down: bool = False) -> pygame.Surface:
    """A civilization tile (R1.2): red temple, blue farm, green market, black settlement.

    Face down (under a monument or the wonder, R10.3) it shows a plain clay back with
    cuneiform marks, the same for every colour, as on the table.
    """
    _check_color(color)
    check_size(size)
    if face_down:
        return _clay_back(size)
    base = te_pal.TILE_COLORS[color]
    surface = _slab(size, base, _seed("tile", color))
    side, x, y = _symbol_box(size, TILE_SYMBOL_SIDE)
    mask = symbol_mask(color, side)
    shadow_off = max(1, round(size / 36))
    emboss(surface, mask, (x, y), te_pal.TILE_SYMBOL, te_pal.TILE_SYMBOL_SHADOW, shadow_off)
    return surface


def _wedge(pen: Pen, x: float, y: float, length: float, angle: float) -> None:
    """One cuneiform wedge: a triangular head with a tapering tail."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    head = 0.045
    pen.poly(te_pal.CLAY_BACK_MARK, [(x - vx * head, y - vy * head), (x + vx * head, y + vy * head),
                                  (x + ux * head * 1.6, y + uy * head * 1.6)])
    pen.stroke(te_pal.CLAY_BACK_MARK, [(x, y), (x + ux * length, y + uy * length)], 0.022, 0.008)


def _clay_back(size: int) -> pygame.Surface:
    surface = _slab(size, te_pal.CLAY_BACK, _seed("back"))
    if size < 16:
        return surface
    f = supersample_factor(size)
    marks = new_surface(size * f, size * f)
    pen = Pen(marks)
    rng = random.Random(7)
    for row in range(3):
        y = 0.26 + row * 0.22
        x = 0.2
        while x < 0.72:
            angle = rng.choice((0.0, 0.0, 90.0, 45.0))
            _wedge(pen, x, y if angle != 90 else y - 0.07, 0.12, angle)
            x += rng.uniform(0.12, 0.18)
        pen.line(te_pal.CLAY_BACK_MARK, (0.16, y + 0.1), (0.78, y + 0.1), 0.008)
    small = downsample(marks, size, size)
    small.set_alpha(170)
    surface.blit(small, (0, 0))
    return surface


@cached
def leader_surface(dynasty: str, color: str, size: int) -> pygame.Surface:
    """A leader token (R1.3): the dynasty's emblem on ivory, ringed in the leader's
    colour (black king, red priest, blue farmer, green trader).

    From 36 px up a small badge with the colour's own symbol sits on the ring, so the
    leader's role never depends on seeing the ring's hue.
    """
    _check_dynasty(dynasty)
    _check_color(color)
    check_size(size)
    f = supersample_factor(size)
    big_size = size * f
    big = new_surface(big_size, big_size)
    c = big_size / 2
    radius = big_size * LEADER_RADIUS
    offset = big_size * LEADER_SHADOW_OFFSET
    cx, cy = c - offset / 2, c - offset / 2
    shadow = new_surface(big_size, big_size)
    pygame.draw.circle(shadow, (0, 0, 0, 130), (cx + offset, cy + offset), radius)
    big.blit(downsample(downsample(shadow, max(2, size // 2), max(2, size // 2)), big_size,
                        big_size), (0, 0))
    ring = te_pal.TILE_COLORS[color]
    depth = radius * 0.07
    pygame.draw.circle(big, pal.darken(ring, 0.45), (cx, cy), radius)
    pygame.draw.circle(big, pal.lighten(ring, 0.35), (cx - depth * 0.4, cy - depth * 0.4),
                       radius - depth * 0.6)
    pygame.draw.circle(big, ring, (cx, cy), radius - depth)
    pygame.draw.circle(big, pal.GOLD_DARK, (cx, cy), radius * 0.80)
    pygame.draw.circle(big, pal.GOLD_LIGHT, (cx - f * 0.5, cy - f * 0.5), radius * 0.785)
    pygame.draw.circle(big, pal.GOLD, (cx, cy), radius * 0.77)
    inner_r = radius * 0.73
    disc = mottled(round(inner_r * 2), round(inner_r * 2), pal.IVORY, 0.06,
                   max(2, round(inner_r / 3)), _seed("leader", dynasty))
    disc_mask = new_surface(disc.get_width(), disc.get_height())
    pygame.draw.circle(disc_mask, (255, 255, 255, 255), (inner_r, inner_r), inner_r)
    disc.blit(disc_mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(disc, (cx - inner_r, cy - inner_r))
    pygame.draw.circle(big, (*pal.darken(pal.IVORY, 0.25), 255), (cx, cy), inner_r,
                       max(1, round(f * 0.6)))
    surface = downsample(big, size, size)
    side = max(2, round(inner_r * 2 * 0.86 / f))
    pos = (round(cx / f - side / 2), round(cy / f - side / 2))
    emboss(surface, symbol_mask(dynasty, side), pos, pal.INK,
           (*pal.GOLD_LIGHT, 160), max(0, round(size / 60)))
    if size >= LEADER_BADGE_FROM:
        badge = max(8, round(size * LEADER_BADGE_SIDE))
        bx = round(cx / f + radius / f * LEADER_BADGE_REACH - badge / 2)
        by = round(cy / f + radius / f * LEADER_BADGE_REACH - badge / 2)
        surface.blit(_badge(color, badge), (bx, by))
    return surface


@cached
def _badge(color: str, size: int) -> pygame.Surface:
    """A small gold-rimmed disc with a colour's symbol, for leaders and buildings."""
    f = supersample_factor(size) + 1
    big = new_surface(size * f, size * f)
    c = size * f / 2
    pygame.draw.circle(big, (0, 0, 0, 90), (c + f * 0.6, c + f * 0.6), c - f * 0.5)
    pygame.draw.circle(big, pal.GOLD_DARK, (c, c), c - f * 0.8)
    pygame.draw.circle(big, pal.GOLD_LIGHT, (c - f * 0.3, c - f * 0.3), c - f * 1.4)
    pygame.draw.circle(big, te_pal.TILE_COLORS[color], (c, c), c - f * 1.9)
    surface = downsample(big, size, size)
    side = max(2, round(size * 0.70))
    surface.blit(tint(symbol_mask(color, side), te_pal.TILE_SYMBOL),
                 ((size - side) // 2, (size - side) // 2))
    return surface


def _gem(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A brilliant-cut gem seen from above: an octagon of lit and shaded facets."""
    outer = [(cx + r * math.cos(math.radians(22.5 + 45 * i)),
              cy + r * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]
    table = [(cx + r * 0.5 * math.cos(math.radians(22.5 + 45 * i)),
              cy + r * 0.5 * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]
    pen.poly(pal.GOLD_DARK, [(x + r * 0.06, y + r * 0.06) for x, y in outer])
    pen.poly(pal.GOLD, outer)
    for i in range(8):
        a = 22.5 + 45 * i + 22.5
        light = math.cos(math.radians(a + 135))
        shade = pal.lighten(pal.GOLD, 0.45 * light) if light > 0 else \
            pal.darken(pal.GOLD, -0.35 * light)
        pen.poly(shade, [outer[i], outer[(i + 1) % 8], table[(i + 1) % 8], table[i]])
    pen.poly(pal.GOLD_LIGHT, table)
    pen.poly(pal.lighten(pal.GOLD_LIGHT, 0.5), [table[5], table[6], (cx, cy)])
    pen.circle((255, 255, 240), cx - r * 0.22, cy - r * 0.22, r * 0.07)


@cached
def treasure_surface(size: int, corner: bool = False) -> pygame.Surface:
    """A treasure (R1.5) as a golden gem on a transparent square.

    A corner treasure (taken first, R9.1) sits on a lapis medallion with gold rays, so
    the difference shows by shape as well as colour.
    """
    check_size(size)
    f = supersample_factor(size) + 1
    big = new_surface(size * f, size * f)
    pen = Pen(big)
    if corner:
        pen.poly((0, 0, 0, 90), star_points(0.53, 0.53, 0.47, 0.33, 12, -90))
        pen.poly(pal.GOLD_DARK, star_points(0.5, 0.5, OVERLAY_REACH, 0.33, 12, -90))
        pen.poly(pal.GOLD_LIGHT, star_points(0.49, 0.49, 0.43, 0.32, 12, -90))
        pen.circle(pal.LAPIS_DARK, 0.5, 0.5, 0.34)
        pen.circle(pal.LAPIS, 0.49, 0.49, 0.31)
        _gem(pen, 0.5, 0.5, 0.24)
    else:
        pen.circle((0, 0, 0, 80), 0.54, 0.55, 0.36)
        _gem(pen, 0.5, 0.5, 0.38)
    return downsample(big, size, size)


@cached
def catastrophe_surface(size: int) -> pygame.Surface:
    """A catastrophe tile (R5.3): scorched ash with a glowing crack across it."""
    check_size(size)
    surface = _slab(size, pal.ASH, _seed("catastrophe"), radius_frac=0.09)
    n = 16
    scorch = pygame.Surface((n, n), pygame.SRCALPHA)
    for j in range(n):
        for i in range(n):
            d = math.hypot((i + 0.5) / n - 0.47, (j + 0.5) / n - 0.47) / 0.5
            scorch.set_at((i, j), (14, 8, 6, round(170 * max(0.0, 1 - d) ** 1.3)))
    side, x, y = _symbol_box(size, 0.78)
    inner = max(2, round(size * 0.86))
    surface.blit(pygame.transform.smoothscale(scorch, (inner, inner)),
                 (x + (side - inner) // 2, y + (side - inner) // 2))
    mask = symbol_mask("crack", side)
    glow_side = max(2, side // 4)
    glow = pygame.transform.smoothscale(
        pygame.transform.smoothscale(mask, (glow_side, glow_side)), (side, side))
    char = tint(glow, (20, 12, 8, 200))
    surface.blit(char, (x + max(1, size // 48), y + max(1, size // 48)))
    surface.blit(tint(glow, (*pal.EMBER, 170)), (x, y))
    surface.blit(tint(mask, pal.EMBER), (x, y))
    if size >= 20:
        thin = max(2, round(side * 0.96))
        surface.blit(tint(symbol_mask("crack", thin), (*pal.EMBER_LIGHT, 150)),
                     (x + (side - thin) // 2, y + (side - thin) // 2))
    return surface


@cached
def unification_surface(size: int) -> pygame.Surface:
    """The unification tile (R8): an ivory diamond with two linked rings in lapis."""
    check_size(size)
    f = supersample_factor(size) + 1
    s = size * f
    big = new_surface(s, s)
    pen = Pen(big)

    def diamond(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]

    pen.poly((0, 0, 0, 110), diamond(0.53, 0.53, 0.46))
    pen.poly(pal.GOLD_DARK, diamond(0.5, 0.5, OVERLAY_REACH))
    pen.poly(pal.GOLD_LIGHT, diamond(0.49, 0.49, 0.44))
    pen.poly(pal.GOLD, diamond(0.5, 0.5, 0.41))
    pen.poly(pal.IVORY, diamond(0.5, 0.5, 0.37))
    surface = downsample(big, size, size)
    side = max(2, round(size * 0.48))
    pos = ((size - side) // 2, (size - side) // 2)
    emboss(surface, symbol_mask("unification", side), pos, pal.LAPIS, (*pal.GOLD, 120),
           max(0, round(size / 70)))
    return surface


@cached
def monument_surface(colors: tuple[str, str], size: int) -> pygame.Surface:
    """A monument (R10) seen from above, covering a 2×2 block of `size` px.

    A stepped tower: the base terrace in colors[0] with that colour's symbols, the
    upper terraces in colors[1] with its symbol on the summit.
    """
    if len(colors) != 2 or colors[0] == colors[1]:
        raise ValueError(f"a monument has two different colours, got {colors!r}")
    low, high = (_check_color(c) for c in colors)
    check_size(size, 8)
    f = supersample_factor(size)
    s = size * f
    big = new_surface(s, s)
    offset = round(s * MONUMENT_MARGIN)
    margin = round(s * MONUMENT_MARGIN)
    base = pygame.Rect(margin, margin, s - round(s * 2 * MONUMENT_MARGIN) - offset,
                       s - round(s * 2 * MONUMENT_MARGIN) - offset)
    big.blit(drop_shadow((s, s), base.move(offset, offset), round(s * 0.03), f * 3, 150),
             (0, 0))
    lo, hi = te_pal.TILE_COLORS[low], te_pal.TILE_COLORS[high]
    tiers = [(0.0, lo, 0.05), (0.085, pal.lighten(lo, 0.1), 0.035), (0.2, hi, 0.04),
             (0.29, pal.lighten(hi, 0.12), 0.035)]
    faces: list[pygame.Rect] = []
    for i, (inset, color, depth) in enumerate(tiers):
        r = base.inflate(-round(2 * inset * s), -round(2 * inset * s))
        if i > 0:
            cast = round(s * 0.022)
            big.blit(drop_shadow((s, s), r.move(cast, cast), round(s * 0.02), f * 2, 120),
                     (0, 0))
        faces.append(bevel_body(big, r, round(s * 0.02), color, max(f, round(s * depth / 2))))
    faces = [faces[0], faces[2], faces[3]]
    grain = mottled(base.w, base.h, (236, 236, 236), 0.08, max(2, base.w // 12),
                    _seed("monument", low, high))
    big.blit(grain, base.topleft, special_flags=pygame.BLEND_RGB_MULT)
    surface = downsample(big, size, size)
    band = (faces[1].top / f - base.top / f) * 0.94 - base.h / f * 0.045
    side_lo = max(2, round(min(band * 0.92, size * 0.18)))
    shadow = (*pal.darken(lo, 0.6), 170)
    cxp = round(base.centerx / f - side_lo / 2)
    top_y = round(base.top / f + (faces[1].top / f - base.top / f - side_lo) / 2 - size * 0.012)
    bottom_y = round(base.bottom / f - (base.bottom / f - faces[1].bottom / f) / 2
                     - side_lo / 2 - size * 0.02)
    for y in (top_y, bottom_y):
        emboss(surface, symbol_mask(low, side_lo), (cxp, y), te_pal.TILE_SYMBOL, shadow,
               max(1, size // 80))
    summit = faces[2]
    side_hi = max(2, round(summit.w / f * 0.78))
    emboss(surface, symbol_mask(high, side_hi),
           (round(summit.centerx / f - side_hi / 2), round(summit.centery / f - side_hi / 2)),
           te_pal.TILE_SYMBOL, (*pal.darken(hi, 0.6), 170), max(1, size // 80))
    return surface


@cached
def building_surface(color: str, size: int) -> pygame.Surface:
    """A civilization building (R13) of one colour: a small gold-trimmed tower seen at
    an angle, with the colour's symbol over its door."""
    _check_color(color)
    check_size(size)
    return _building(te_pal.TILE_COLORS[color], color, size)


def _building(base: pal.RGB, symbol: str | None, size: int) -> pygame.Surface:
    f = supersample_factor(size) + 1
    s = size * f
    big = new_surface(s, s)
    pen = Pen(big)
    front = [(0.16, 0.34), (0.62, 0.34), (0.62, 0.92), (0.16, 0.92)]
    side = [(0.62, 0.34), (0.84, 0.22), (0.84, 0.80), (0.62, 0.92)]
    roof = [(0.16, 0.34), (0.38, 0.22), (0.84, 0.22), (0.62, 0.34)]
    pen.poly((0, 0, 0, 100), [(x + 0.05, y + 0.04) for x, y in front + side[1:3]])
    pen.poly(base, front)
    pen.poly(pal.darken(base, 0.35), side)
    pen.poly(pal.lighten(base, 0.45), roof)
    for i in range(3):
        x0 = 0.22 + i * 0.14
        pen.poly(pal.darken(base, 0.2), [(x0, 0.30), (x0 + 0.1, 0.30), (x0 + 0.16, 0.265),
                                         (x0 + 0.06, 0.265)])
    for i in range(2):
        y0 = 0.30 + i * 0.26
        pen.line(pal.GOLD, (0.16, y0 + 0.1), (0.62, y0 + 0.1), 0.03)
        pen.line(pal.GOLD_DARK, (0.62, y0 + 0.1), (0.84, y0 - 0.02), 0.03)
    pen.rect(pal.darken(base, 0.55), 0.33, 0.70, 0.45, 0.92, radius=0.05)
    silhouette = [pen.pt(x, y) for x, y in BUILDING_OUTLINE]
    edges = [pen.pt(x, y) for x, y in ((0.16, 0.34), (0.62, 0.34), (0.84, 0.22))]
    spine = [pen.pt(0.62, 0.34), pen.pt(0.62, 0.92)]
    thick = max(2, round(f * max(1.5, size / 24)))
    thin = max(1, round(f * max(0.8, size / 48)))
    pygame.draw.lines(big, pal.INK, True, silhouette, thick)
    pygame.draw.lines(big, pal.GOLD, True, silhouette, thin)
    pygame.draw.lines(big, pal.GOLD, False, edges, thin)
    pygame.draw.lines(big, pal.GOLD_DARK, False, spine, thin)
    surface = downsample(big, size, size)
    if symbol is not None and size >= 14:
        side_px = max(2, round(size * 0.26))
        surface.blit(tint(symbol_mask(symbol, side_px), pal.GOLD_LIGHT),
                     (round(size * 0.39 - side_px / 2), round(size * 0.54 - side_px / 2)))
    return surface


@cached
def wonder_surface(size: int) -> pygame.Surface:
    """The wonder (R15): Ishtar's eight-pointed gold star on a lapis medallion."""
    check_size(size)
    f = supersample_factor(size) + 1
    s = size * f
    big = new_surface(s, s)
    pen = Pen(big)
    pen.circle((0, 0, 0, 110), 0.53, 0.53, 0.46)
    pen.circle(pal.GOLD_DARK, 0.5, 0.5, OVERLAY_REACH)
    pen.circle(pal.GOLD_LIGHT, 0.495, 0.495, 0.445)
    pen.circle(pal.GOLD, 0.5, 0.5, 0.43)
    pen.circle(pal.LAPIS_DARK, 0.5, 0.5, 0.39)
    pen.circle(pal.LAPIS, 0.49, 0.49, 0.37)
    for i in range(24):
        a = math.radians(i * 15)
        pen.circle(pal.GOLD, 0.5 + 0.41 * math.cos(a), 0.5 + 0.41 * math.sin(a), 0.012)
    surface = downsample(big, size, size)
    side = max(2, round(size * 0.66))
    pos = ((size - side) // 2, (size - side) // 2)
    emboss(surface, symbol_mask("star", side), pos, pal.GOLD_LIGHT, (10, 14, 40, 170),
           max(1, round(size / 40)), (*pal.GOLD_DARK, 255))
    return surface


def _medallion(symbol: str, size: int) -> pygame.Surface:
    """An ivory disc with a dark emblem: readable on dark and light panels alike."""
    f = supersample_factor(size) + 1
    s = size * f
    big = new_surface(s, s)
    pen = Pen(big)
    pen.circle(pal.GOLD_DARK, 0.5, 0.5, 0.49)
    pen.circle(pal.IVORY, 0.5, 0.5, 0.445)
    surface = downsample(big, size, size)
    side = max(2, round(size * 0.72))
    surface.blit(tint(symbol_mask(symbol, side), pal.INK),
                 ((size - side) // 2, (size - side) // 2))
    return surface


def _outlined(symbol: str, size: int, color: pal.RGB) -> pygame.Surface:
    """A symbol in colour with a dark outline, for icons on any background."""
    surface = new_surface(size, size)
    side = max(2, size - 2)
    mask = symbol_mask(symbol, side)
    dark = tint(mask, (*pal.INK, 230))
    for dx, dy in ((0, 1), (1, 0), (2, 1), (1, 2), (2, 2)):
        surface.blit(dark, (dx, dy))
    surface.blit(tint(mask, color), (1, 1))
    return surface


ICON_NAMES: tuple[str, ...] = (
    *DYNASTIES, *COLORS, "temple", "farm", "market", "settlement",
    "treasure", "corner_treasure", "catastrophe", "unification", "monument", "building",
    "wonder", "bag",
)
_KIND_COLORS = {"temple": "red", "farm": "blue", "market": "green", "settlement": "black"}


@cached
def icon_surface(name: str, size: int) -> pygame.Surface:
    """A small icon for logs, panels and buttons.

    Dynasties are ivory medallions; colours (or their kinds: "temple", "farm",
    "market", "settlement") are small tiles; the rest are the pieces themselves or
    outlined emblems ("monument", "bag"). See ICON_NAMES.
    """
    check_size(size)
    if name in DYNASTIES:
        return _medallion(name, size)
    color = _KIND_COLORS.get(name, name)
    if color in te_pal.TILE_COLORS:
        return tile_surface(color, size)
    simple = {
        "treasure": lambda: treasure_surface(size),
        "corner_treasure": lambda: treasure_surface(size, True),
        "catastrophe": lambda: catastrophe_surface(size),
        "unification": lambda: unification_surface(size),
        "wonder": lambda: wonder_surface(size),
        "building": lambda: _building(pal.SAND, None, size),
        "monument": lambda: _outlined("monument", size, pal.GOLD),
        "bag": lambda: _outlined("bag", size, pal.CLAY_LIGHT),
    }
    if name not in simple:
        raise ValueError(f"unknown icon {name!r}; known: {', '.join(ICON_NAMES)}")
    return simple[name]()
