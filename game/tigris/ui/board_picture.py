"""A whole board with its pieces as one picture of a given size, for screens that show a
position without playing on it (the scoring screen's final board).

It is the table's own `BoardPainter` given a layout that is only a board, so the
picture is the table's board, pieces and kingdom outlines, smaller.
"""

from __future__ import annotations

from typing import Any

import pygame

import engine.tigris as engine
from game.tigris.art.board import board_grid_rect
from game.tigris.layout import TableLayout
from game.tigris.ui.board_painter import BoardPainter
from game.ui import skin


def board_picture(view: dict[str, Any], width: int, height: int) -> pygame.Surface:
    """The position `view` (a `state.view`) on its board, framed, fitting width×height."""
    grid = board_grid_rect(width, height)
    layout = TableLayout(width, height, grid.w // 16, board=grid, bar=pygame.Rect(0, 0, 0, 0),
                         side=pygame.Rect(0, 0, 0, 0), frame=pygame.Rect(0, 0, width, height))
    painter = BoardPainter(engine.board_layout(str(view["options"].get("board", "classic"))))
    painter.set_layout(layout, skin.table(width, height))
    return painter.layer(view, 0, frozenset(), outlines=True, strength=False)
