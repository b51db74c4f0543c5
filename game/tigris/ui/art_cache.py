"""Sprites for animations and labels, by name, at the table's square size.

The art package caches its pieces itself; this module maps the choreographer's
generic names ("tile", "leader", ...) to them and draws the two sprites that
are text rather than pieces: the VP token and the banner word.
"""

from __future__ import annotations

import functools
from typing import Any

import pygame

from game.art import palette as pal
from game.tigris import art
from game.tigris.art import palette as te_pal
from game.ui import text


def sprite(kind: str, cell: int, *args: Any) -> pygame.Surface:
    if kind == "tile":
        return art.tile_surface(args[0], cell)
    if kind == "leader":
        return art.leader_surface(args[0], args[1], cell)
    if kind == "catastrophe":
        return art.catastrophe_surface(cell)
    if kind == "unification":
        return art.unification_surface(cell)
    if kind == "monument":
        return art.monument_surface(tuple(args[0]), 2 * cell)
    if kind == "building":
        return art.building_surface(args[0], cell)
    if kind == "wonder":
        return art.wonder_surface(cell)
    if kind == "treasure":
        return art.treasure_surface(cell)
    raise ValueError(f"no sprite called {kind!r}")


@functools.lru_cache(maxsize=64)
def vp_token(color: str, amount: int, cell: int) -> pygame.Surface:
    """A coin in the colour scored with "+n" on it."""
    size = max(16, int(cell * 0.6))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(surf, pal.GOLD_DARK, (r, r), r)
    pygame.draw.circle(surf, te_pal.TILE_COLORS[color], (r, r), r - max(2, size // 12))
    label = text.render(f"+{amount}", "bold", max(9, int(size * 0.45)), pal.IVORY)
    surf.blit(label, label.get_rect(center=(r, r)))
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


@functools.lru_cache(maxsize=64)
def point_chip(color: str, size: int) -> pygame.Surface:
    """A victory point of a colour in the log: a round chip with "+", told from the square
    tiles by its shape."""
    chip = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(chip, pal.GOLD_LIGHT, (r, r), r)
    pygame.draw.circle(chip, te_pal.TILE_COLORS[color], (r, r), max(1, r - max(2, size // 8)))
    img = text.render("+", "bold", max(8, int(size * 0.8)), pal.IVORY)
    chip.blit(img, img.get_rect(center=(r, r)))
    if pygame.display.get_surface() is not None:
        chip = chip.convert_alpha()
    return chip


@functools.lru_cache(maxsize=16)
def banner(words: str, cell: int) -> pygame.Surface:
    px = max(20, int(cell * 1.1))
    face = text.font("title", px).render(words, True, pal.GOLD_LIGHT)
    shadow = text.font("title", px).render(words, True, pal.INK)
    pad = max(4, px // 6)
    surf = pygame.Surface((face.get_width() + 4 * pad, face.get_height() + 2 * pad),
                          pygame.SRCALPHA)
    pygame.draw.rect(surf, (*pal.TERRACOTTA_DARK, 220), surf.get_rect(), border_radius=pad * 2)
    pygame.draw.rect(surf, pal.GOLD, surf.get_rect(), max(2, pad // 2), border_radius=pad * 2)
    surf.blit(shadow, (2 * pad + 3, pad + 3))
    surf.blit(face, (2 * pad, pad))
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


def prewarm(cell: int) -> None:
    """Draws every piece the table may need at this size now, so no frame in the middle
    of a game has to wait for the art package to draw one (a few ms each)."""
    colors = ("red", "blue", "green", "black")
    for size in (cell, cell - 2):
        for color in colors:
            art.tile_surface(color, size)
            for dynasty in ("archer", "bull", "pot", "lion"):
                art.leader_surface(dynasty, color, size)
        art.catastrophe_surface(size)
    for color in colors:
        art.tile_surface(color, cell, True)
        art.building_surface(color, cell)
        for amount in (1, 2, 3):
            vp_token(color, amount, cell)
    for corner in (False, True):
        art.treasure_surface(cell, corner)
    art.unification_surface(cell)
    art.wonder_surface(cell)
    for i, first in enumerate(colors):
        for second in colors[i + 1:]:
            art.monument_surface((first, second), 2 * cell)


def clear() -> None:
    vp_token.cache_clear()
    point_chip.cache_clear()
    banner.cache_clear()
