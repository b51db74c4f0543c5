"""How the board marks a conflict: the tiles each side counts, its two leaders, and
the pieces the result sends away.

The commit dialog, its legend and the result moment use the same colours, so a
player reads "orange: the attacker's, pale blue: the defender's" once. The squares
come from the engine (`state.conflict_support()`, the result's events); nothing
here decides which tiles count.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pygame

from game.art import palette as pal
from game.tigris.ui.board_painter import BoardPainter

SIDE_EDGE: dict[str, pal.RGB] = {"attacker": pal.EMBER, "defender": (120, 214, 255)}
LEAVING_EDGE: pal.RGB = (214, 36, 28)
LEAVING_FILL: pal.RGBA = (214, 36, 28, 60)


def draw_sides(surface: pygame.Surface, painter: BoardPainter,
               sides: Mapping[str, Iterable[str]], leaders: Mapping[str, str], cell: int) -> None:
    """Each side's supporting tiles ringed in its colour (a square both sides count, a
    temple between two priests, gets both rings, one inside the other), and each
    leader circled in its side's colour."""
    width = max(3, cell // 10)
    for i, side in enumerate(("attacker", "defender")):
        for square in sides.get(side, ()):
            rect = painter.square_rect(square).inflate(-2 * i * width, -2 * i * width)
            pygame.draw.rect(surface, SIDE_EDGE[side], rect, width,
                             border_radius=max(2, cell // 10))
    for side, square in leaders.items():
        rect = painter.square_rect(square).inflate(width, width)
        pygame.draw.ellipse(surface, pal.INK, rect.inflate(2, 2), width + 2)
        pygame.draw.ellipse(surface, SIDE_EDGE[side], rect, width)


def draw_leaving(surface: pygame.Surface, painter: BoardPainter, squares: Iterable[str],
                 cell: int) -> None:
    """The squares a conflict's result empties: a red tint and ring."""
    painter.highlight(surface, list(squares), LEAVING_FILL, LEAVING_EDGE, max(2, cell // 12))
