"""Advanced Civilization's pieces drawn in code: tokens, stacks, cities, ships,
barbarians and pirates, and the two warnings the map shows.

Each nation is told apart by its colour (A4.1, read from `engine.civ.tables`) *and*
a symbol of its own, printed on every piece: red and dark green, yellow and light
green, blue and purple are the pairs colour-blind players lose, and the symbols keep
them apart. A piece's silhouette says what it is (a square token, a walled city
half as big again, a ship with a sail), whatever its colours.

Everything is drawn at 4× and scaled down (anti-aliased edges), cached per size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from engine.civ.tables import BARBARIAN, NATIONS
from game.art import palette as pal
from game.art._render import Pen, cached, check_size, new_surface, star_points
from game.art.fonts import font

RGB = pal.RGB
OVERSAMPLE = 4


@dataclass(frozen=True)
class Side:
    """How one side's pieces look: its colour, the ink printed on it and its symbol."""

    id: str
    colour: RGB
    ink: RGB
    symbol: str


SYMBOLS: dict[str, str] = {
    "africa": "sun",
    "italy": "cross",
    "illyria": "diamond",
    "thrace": "chevron",
    "crete": "labrys",
    "asia": "crescent",
    "assyria": "star",
    "babylon": "ziggurat",
    "egypt": "ankh",
    BARBARIAN: "axes",
}
"""A symbol per nation (and the barbarians'), each a silhouette no other resembles."""
BARBARIAN_COLOUR: RGB = (58, 52, 50)


def _hex(code: str) -> RGB:
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


def _ink(colour: RGB) -> RGB:
    """Dark ink on light colours, light on dark ones (relative luminance)."""
    r, g, b = (c / 255 for c in colour)
    return pal.INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 else pal.IVORY


def side(side_id: str) -> Side:
    """A nation's look (or the barbarians', `tables.BARBARIAN`)."""
    if side_id == BARBARIAN:
        return Side(BARBARIAN, BARBARIAN_COLOUR, pal.IVORY, SYMBOLS[BARBARIAN])
    for nation in NATIONS:
        if nation.id == side_id:
            colour = _hex(nation.hex)
            return Side(nation.id, colour, _ink(colour), SYMBOLS[nation.id])
    raise ValueError(f"unknown nation {side_id!r}; one of {[n.id for n in NATIONS]}")


def sides() -> list[Side]:
    """Every nation's look, in A.S.T. order, then the barbarians'."""
    return [side(n.id) for n in NATIONS] + [side(BARBARIAN)]


# --- symbols, in a unit box -----------------------------------------------------------------


def draw_symbol(pen: Pen, symbol: str, ink: RGB) -> None:
    """One side's symbol filling `pen`'s box (drawn inside about its middle 70%)."""
    if symbol == "sun":
        pen.circle(ink, 0.5, 0.5, 0.17)
        for k in range(8):
            a = math.radians(k * 45)
            pen.line(ink, (0.5 + 0.25 * math.cos(a), 0.5 + 0.25 * math.sin(a)),
                     (0.5 + 0.36 * math.cos(a), 0.5 + 0.36 * math.sin(a)), 0.07)
    elif symbol == "cross":
        pen.rect(ink, 0.42, 0.16, 0.58, 0.84)
        pen.rect(ink, 0.16, 0.42, 0.84, 0.58)
    elif symbol == "diamond":
        pen.poly(ink, [(0.5, 0.14), (0.8, 0.5), (0.5, 0.86), (0.2, 0.5)])
    elif symbol == "chevron":
        pen.stroke(ink, [(0.18, 0.62), (0.5, 0.3), (0.82, 0.62)], 0.13)
        pen.stroke(ink, [(0.28, 0.82), (0.5, 0.6), (0.72, 0.82)], 0.1)
    elif symbol == "labrys":
        pen.rect(ink, 0.46, 0.14, 0.54, 0.86)
        pen.poly(ink, [(0.5, 0.4), (0.16, 0.2), (0.16, 0.6)])
        pen.poly(ink, [(0.5, 0.4), (0.84, 0.2), (0.84, 0.6)])
    elif symbol == "crescent":
        pen.circle(ink, 0.46, 0.5, 0.33)
        pen.circle(_cut(pen), 0.6, 0.44, 0.27)
    elif symbol == "star":
        pen.poly(ink, star_points(0.5, 0.52, 0.38, 0.16, 5))
    elif symbol == "ziggurat":
        pen.rect(ink, 0.14, 0.66, 0.86, 0.84)
        pen.rect(ink, 0.26, 0.46, 0.74, 0.66)
        pen.rect(ink, 0.38, 0.26, 0.62, 0.46)
        pen.rect(ink, 0.46, 0.14, 0.54, 0.26)
    elif symbol == "ankh":
        pen.circle(ink, 0.5, 0.3, 0.15, width=0.08)
        pen.rect(ink, 0.22, 0.44, 0.78, 0.54)
        pen.rect(ink, 0.45, 0.44, 0.55, 0.88)
    elif symbol == "axes":
        pen.line(ink, (0.22, 0.22), (0.78, 0.82), 0.09)
        pen.line(ink, (0.78, 0.22), (0.22, 0.82), 0.09)
        pen.poly(ink, [(0.12, 0.3), (0.3, 0.12), (0.4, 0.3), (0.3, 0.4)])
        pen.poly(ink, [(0.88, 0.3), (0.7, 0.12), (0.6, 0.3), (0.7, 0.4)])
    else:
        raise ValueError(f"unknown symbol {symbol!r}")


def _cut(pen: Pen) -> tuple[int, int, int, int]:
    """The colour under the crescent's bite: whatever the face is at the box's corner."""
    x, y = pen.pt(0.5, 0.06)
    return tuple(pen.surface.get_at((round(x), round(y))))  # type: ignore[return-value]


# --- pieces ---------------------------------------------------------------------------------


def _edge(colour: RGB) -> RGB:
    return pal.darken(colour, 0.55)


def _finish(big: pygame.Surface, width: int, height: int) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (width, height))


MIN_TOKEN = 6
"""The least size a token is drawn at (its symbol needs the pixels)."""


@cached
def token(side_id: str, size: int) -> pygame.Surface:
    """A2.1: one token, a square `size` px wide with its side's symbol."""
    check_size(size, MIN_TOKEN)
    look = side(side_id)
    n = size * OVERSAMPLE
    big = new_surface(n, n)
    _token_face(big, pygame.Rect(0, 0, n, n), look)
    return _finish(big, size, size)


def _token_face(surface: pygame.Surface, rect: pygame.Rect, look: Side) -> None:
    radius = rect.w // 6
    pygame.draw.rect(surface, _edge(look.colour), rect, border_radius=radius)
    inner = rect.inflate(-rect.w // 8, -rect.w // 8).move(0, -rect.w // 24)
    pygame.draw.rect(surface, look.colour, inner, border_radius=radius)
    pygame.draw.rect(surface, pal.lighten(look.colour, 0.25), inner, max(1, rect.w // 28),
                     border_radius=radius)
    draw_symbol(Pen(surface, inner.inflate(-rect.w // 10, -rect.w // 10)), look.symbol, look.ink)


@cached
def token_stack(side_id: str, count: int, size: int) -> pygame.Surface:
    """Tokens of one side in an area: up to three drawn stacked, the count on a badge
    when there is more than one (so "7" reads at any zoom). The surface is about 1.5×
    `size`; the caller centres it on the area's token point."""
    check_size(size, 6)
    if count < 1:
        raise ValueError(f"a stack holds at least one token, got {count}")
    look = side(side_id)
    n = size * OVERSAMPLE
    step = n // 8
    shown = min(count, 3)
    width = n + step * (shown - 1) + n // 3
    height = n + step * (shown - 1) + n // 4
    big = new_surface(width, height)
    for k in range(shown):
        _token_face(big, pygame.Rect(step * k, step * (shown - 1 - k) + n // 4, n, n), look)
    if count > 1:
        _count_badge(big, str(count), (width - n // 3, n // 3), n * 0.3, look)
    return _finish(big, max(1, width // OVERSAMPLE), max(1, height // OVERSAMPLE))


def _count_badge(surface: pygame.Surface, text: str, centre: tuple[float, float],
                 radius: float, look: Side) -> None:
    pygame.draw.circle(surface, pal.INK, centre, radius)
    pygame.draw.circle(surface, pal.IVORY, centre, radius * 0.84)
    face = font("bold", max(6, round(radius * (1.5 if len(text) < 2 else 1.15))))
    digits = face.render(text, True, pal.INK)
    surface.blit(digits, digits.get_rect(center=(round(centre[0]), round(centre[1]))))


@cached
def city(side_id: str, size: int) -> pygame.Surface:
    """A2.1: a city, walled and half as big again as a token of the same `size`: the
    surface is round(1.5 × size) square. A barbarian city is a pirate city (A2.5)."""
    check_size(size, 6)
    look = side(side_id)
    side_px = round(size * 1.5)
    n = side_px * OVERSAMPLE
    big = new_surface(n, n)
    pen = Pen(big)
    outline = [(0.06, 0.96), (0.06, 0.16), (0.2, 0.16), (0.2, 0.04), (0.36, 0.04), (0.36, 0.16),
               (0.42, 0.16), (0.42, 0.04), (0.58, 0.04), (0.58, 0.16), (0.64, 0.16),
               (0.64, 0.04), (0.8, 0.04), (0.8, 0.16), (0.94, 0.16), (0.94, 0.96)]
    pen.poly(_edge(look.colour), outline)
    inset = [(x + (0.05 if x < 0.5 else -0.05), y + (0.05 if y < 0.5 else -0.06))
             for x, y in outline]
    pen.poly(look.colour, inset)
    pen.rect(_edge(look.colour), 0.11, 0.27, 0.89, 0.31)
    draw_symbol(Pen(big, pygame.Rect(round(n * 0.2), round(n * 0.34), round(n * 0.6),
                                     round(n * 0.58))), look.symbol, look.ink)
    return _finish(big, side_px, side_px)


def pirate_city(size: int) -> pygame.Surface:
    """A2.5: a pirate city is a city of the barbarian side."""
    return city(BARBARIAN, size)


def barbarian_tokens(count: int, size: int) -> pygame.Surface:
    """A2.5: barbarian tokens (the barbarian side, black), a stack like any side's."""
    return token_stack(BARBARIAN, count, size)


@cached
def ship(side_id: str, size: int) -> pygame.Surface:
    """A2.1: a ship: a dark hull under a sail of its side's colour with the symbol; the
    surface is `size` square."""
    check_size(size, 6)
    look = side(side_id)
    n = size * OVERSAMPLE
    big = new_surface(n, n)
    pen = Pen(big)
    pen.poly(_edge(look.colour), [(0.04, 0.66), (0.96, 0.66), (0.8, 0.92), (0.2, 0.92)])
    pen.poly(pal.CLAY_DARK, [(0.1, 0.7), (0.9, 0.7), (0.76, 0.88), (0.24, 0.88)])
    pen.rect(pal.CLAY_DARK, 0.47, 0.04, 0.53, 0.68)
    pen.rect(_edge(look.colour), 0.16, 0.08, 0.84, 0.62, radius=0.04)
    pen.rect(look.colour, 0.2, 0.12, 0.8, 0.58, radius=0.03)
    draw_symbol(Pen(big, pygame.Rect(round(n * 0.27), round(n * 0.13), round(n * 0.46),
                                     round(n * 0.44))), look.symbol, look.ink)
    return _finish(big, size, size)


# --- warnings -------------------------------------------------------------------------------

OVER_LIMIT: RGB = (196, 40, 32)
SHORT_OF_SUPPORT: RGB = (236, 168, 32)


@cached
def over_limit_marker(size: int) -> pygame.Surface:
    """A3.4, A15.1: an area holding more tokens than its population limit: a red disc with an
    arrow up (too many), `size` square."""
    check_size(size, 6)
    n = size * OVERSAMPLE
    big = new_surface(n, n)
    pen = Pen(big)
    pen.circle(pal.IVORY, 0.5, 0.5, 0.5)
    pen.circle(OVER_LIMIT, 0.5, 0.5, 0.43)
    pen.poly(pal.IVORY, [(0.5, 0.17), (0.77, 0.48), (0.6, 0.48), (0.6, 0.8), (0.4, 0.8),
                         (0.4, 0.48), (0.23, 0.48)])
    return _finish(big, size, size)


@cached
def short_of_support_marker(size: int) -> pygame.Surface:
    """A7.5: a city its owner's tokens on the board do not support: an amber warning triangle
    with a "!", `size` square (a different shape and colour from the over-limit disc)."""
    check_size(size, 6)
    n = size * OVERSAMPLE
    big = new_surface(n, n)
    pen = Pen(big)
    pen.poly(pal.INK, [(0.5, 0.02), (0.99, 0.94), (0.01, 0.94)])
    pen.poly(SHORT_OF_SUPPORT, [(0.5, 0.14), (0.88, 0.87), (0.12, 0.87)])
    pen.rect(pal.INK, 0.45, 0.34, 0.55, 0.65, radius=0.03)
    pen.circle(pal.INK, 0.5, 0.75, 0.06)
    return _finish(big, size, size)
