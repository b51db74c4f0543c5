"""The pictures of T&E's game log, which the kit's log painter (`game.kit.log_painter`)
draws beside each row: the tile's colour and symbol, the leader, a coin of the colour
scored, a monument, a treasure, a catastrophe; each turn's header the dynasty's medal.
"""

from __future__ import annotations

import pygame

from game.kit.log import LogRow
from game.kit.log_painter import Icons
from game.tigris import art
from game.tigris.art import palette as te_pal
from game.tigris.ui import art_cache


def log_icons(dynasties: list[str]) -> Icons:
    """The pictures of T&E's log rows, for the kit's log painter."""
    return lambda row, size: _icon(row, size, dynasties)


def _icon(row: LogRow, size: int, dynasties: list[str]) -> pygame.Surface | None:
    if row.header:
        return art.icon_surface(dynasties[row.seat], size) if row.seat is not None else None
    kind, _, rest = row.icon.partition(":")
    if kind == "tile":
        return art.tile_surface(rest, size)
    if kind == "leader":
        dynasty, _, color = rest.partition(":")
        return art.leader_surface(dynasty, color, size)
    if kind == "building":
        return art.building_surface(rest, size)
    if kind == "vp":
        return art_cache.point_chip(rest, size)
    if kind == "conflict":
        return art.icon_surface("unification", size)
    if kind in ("monument", "treasure", "catastrophe", "wonder", "bag"):
        return art.icon_surface(kind, size)
    return None


def prewarm(px: int, dynasties: list[str]) -> None:
    """Draws every picture a row of the log at size `px` may take, so the frame that
    paints the log after a move never draws one for the first time (a few ms each)."""
    size = max(8, px)
    colors = tuple(te_pal.TILE_COLORS)
    names = ([f"tile:{c}" for c in colors] + [f"vp:{c}" for c in colors]
             + [f"building:{c}" for c in colors]
             + [f"leader:{d}:{c}" for d in dynasties for c in colors]
             + ["conflict", "monument", "treasure", "catastrophe", "wonder", "bag"])
    for name in names:
        _icon(LogRow("", False, name), size, dynasties)
    for seat in range(len(dynasties)):
        _icon(LogRow("", True, seat=seat), size, dynasties)
