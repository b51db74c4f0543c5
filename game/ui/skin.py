"""Backgrounds of the interface, taken from the art package and cached by size.

The art package draws buttons, panels, dialogs and the table; this module
adds what the scenes need on top of it: a per-size cache of finished button
faces (the art returns a fresh copy per call), a highlight for the active
player's panel, and the translucent shade behind modal dialogs.
"""

from __future__ import annotations

import functools

import pygame

from game import art
from game.art import palette as pal

BADGE = pal.EMBER
BADGE_TEXT = pal.IVORY


def button_label_color(state: str, style: str = "normal") -> tuple[int, int, int]:
    return pal.BUTTON_LABEL.get(state, pal.IVORY)


@functools.lru_cache(maxsize=256)
def button(w: int, h: int, state: str, style: str = "normal") -> pygame.Surface:
    face = art.button_surface((max(8, w), max(8, h)), None, state)
    if style == "gold" and state != "disabled":
        pygame.draw.rect(face, pal.GOLD_LIGHT, face.get_rect(), width=max(2, h // 14),
                         border_radius=max(4, h // 5))
    return face


@functools.lru_cache(maxsize=64)
def panel(w: int, h: int, active: bool = False) -> pygame.Surface:
    surf = art.panel_background((max(8, w), max(8, h))).copy()
    if active:
        pygame.draw.rect(surf, pal.GOLD, surf.get_rect(), width=max(3, min(w, h) // 20),
                         border_radius=max(4, min(w, h) // 10))
    return surf


def panel_inner(w: int, h: int) -> pygame.Rect:
    return art.panel_content_rect((max(8, w), max(8, h)))


def panel_corner_reach(w: int, h: int) -> int:
    return art.panel_corner_reach((max(8, w), max(8, h)))


def dialog(w: int, h: int) -> pygame.Surface:
    return art.dialog_background((max(40, w), max(40, h)))


def dialog_inner(w: int, h: int) -> pygame.Rect:
    return art.dialog_content_rect((max(40, w), max(40, h)))


def table(w: int, h: int) -> pygame.Surface:
    return art.table_background((max(8, w), max(8, h)))


@functools.lru_cache(maxsize=8)
def shade(w: int, h: int, alpha: int = 150) -> pygame.Surface:
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    surf.fill((20, 12, 8, alpha))
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


def clear() -> None:
    """Forget surfaces made for an old display format (after the window mode changed)."""
    button.cache_clear()
    panel.cache_clear()
    shade.cache_clear()
    art.clear_caches()
