"""The bag and the treasures left on the board, side by side: the two counts that end the
game (R11.1, R11.2), so a player watching one should see the other."""

from __future__ import annotations

from typing import Any

import pygame

from game.tigris import art
from game.ui import text


def supplies(view: dict[str, Any]) -> list[tuple[str, int]]:
    """Each count with the icon it is drawn beside: tiles in the bag, treasures on the
    board (a treasure on a temple under a monument still counts, R10.3)."""
    bag = view.get("bag_size")
    if bag is None:
        bag = len(view.get("bag") or [])
    treasures = sum(1 for cell in view["board"].values() if cell.get("treasure"))
    return [("bag", int(bag)), ("treasure", treasures)]


def draw_supplies(surface: pygame.Surface, view: dict[str, Any], left: int, centery: int,
                  icon_size: int, px: int, colour: tuple[int, int, int]) -> int:
    """Draws each icon and its count from `left`; returns where the drawing ends."""
    x = left
    for icon_name, count in supplies(view):
        icon = art.icon_surface(icon_name, icon_size)
        surface.blit(icon, icon.get_rect(midleft=(x, centery)))
        x += icon.get_width() + 4
        label = text.render(str(count), "bold", px, colour)
        surface.blit(label, label.get_rect(midleft=(x, centery)))
        x += label.get_width() + px
    return x - px
