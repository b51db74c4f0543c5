"""Tiny's board: a checkered field of 12×8 squares that Tiny's table shows in a
`game.kit.viewport.Viewport`, so that the shell's tests pan, zoom and pinch a board
through the same intents a game's table gets. Tiny plays nothing on it."""

from __future__ import annotations

import math

import pygame

from game.art import palette as pal
from game.kit.viewport import BoardPoint, Viewport

COLUMNS, ROWS = 12, 8
MAX_ZOOM = 4.0


class TinyBoard:
    """The board's art (`game.kit.viewport.BoardArt`) and the viewport it is seen in."""

    board_size = (float(COLUMNS), float(ROWS))

    def __init__(self) -> None:
        self.view = Viewport(self.board_size, pygame.Rect(0, 0, COLUMNS, ROWS))
        self.paints = 0

    def place(self, rect: pygame.Rect) -> None:
        """The board's place on the table: zoomable up to MAX_ZOOM × "fits"."""
        self.view.set_rect(rect)
        self.view.max_scale = self.view.fit_scale * MAX_ZOOM

    def paint_board(self, surface: pygame.Surface, scale: float, origin: BoardPoint) -> None:
        self.paints += 1
        surface.fill(pal.INK)
        w, h = surface.get_size()
        first_col, first_row = max(0, math.floor(origin[0])), max(0, math.floor(origin[1]))
        last_col = min(COLUMNS, math.ceil(origin[0] + w / scale))
        last_row = min(ROWS, math.ceil(origin[1] + h / scale))
        for row in range(first_row, last_row):
            for col in range(first_col, last_col):
                x0, y0 = round((col - origin[0]) * scale), round((row - origin[1]) * scale)
                x1, y1 = round((col + 1 - origin[0]) * scale), round((row + 1 - origin[1]) * scale)
                colour = pal.PARCHMENT if (col + row) % 2 else pal.GOLD
                surface.fill(colour, pygame.Rect(x0, y0, x1 - x0, y1 - y0))
