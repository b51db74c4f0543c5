"""The kingdoms' tints painted over the pieces: each kingdom one translucent area in its
own hue, with a firm outline of a deeper shade of that hue along its outer edge.

The tint lies over the pieces (under them it would show only in the thin seams between
tiles), so every piece's face (`game.art.faces`) is cut out of it: the tint fills the
seams, the tiles' rims and a leader's corners, and never covers a symbol, a leader's
face or badge, a treasure or a monument. It is painted into the board's cached layer
once per position; the strength badges go on top of it.
"""

from __future__ import annotations

import pygame

from game.art import palette as pal
from game.art.faces import Face
from game.tigris.boardmap import COLUMNS, ROWS
from game.tigris.ui.kingdom_areas import area_boxes, outline_boxes
from game.tigris.ui.kingdom_tints import Tint

CLEAR = (0, 0, 0, 0)
# How much darker than its fill a kingdom's outline is, so it reads on sand and water.
OUTLINE_SHADE = 0.3


def outline_width(cell: int) -> int:
    return max(2, cell // 16)


class KingdomSheet:
    """One transparent sheet the size of the grid, kept between repaints of one size,
    on which each position's kingdoms are drawn before they are blitted into the board."""

    def __init__(self) -> None:
        self._sheet: pygame.Surface | None = None

    def _blank(self, cell: int) -> pygame.Surface:
        size = (len(COLUMNS) * cell, ROWS * cell)
        sheet = self._sheet
        if sheet is None or sheet.get_size() != size:
            sheet = pygame.Surface(size, pygame.SRCALPHA)
            if pygame.display.get_surface() is not None:
                sheet = sheet.convert_alpha()
            self._sheet = sheet
        else:
            sheet.fill(CLEAR)
        return sheet

    def paint(self, layer: pygame.Surface, grid_origin: tuple[int, int], cell: int,
              fills: list[tuple[frozenset[str], Tint]], faces: list[Face]) -> None:
        """Blits each kingdom of `fills` over `layer`, whose grid starts at `grid_origin`,
        clear of the pieces' `faces` (in the grid's pixels)."""
        if not fills:
            return
        sheet = self._blank(cell)
        boxes = []
        for squares, tint in fills:
            for box in area_boxes(squares, cell):
                sheet.fill(tint, box)
                boxes.append(box)
        for x, y, w, h, radius in faces:
            pygame.draw.rect(sheet, CLEAR, (x, y, w, h), border_radius=radius)
        width = outline_width(cell)
        for squares, tint in fills:
            edge = pal.darken(tint[:3], OUTLINE_SHADE)
            for box in outline_boxes(squares, cell, width):
                sheet.fill(edge, box)
        ox, oy = grid_origin
        layer.blits([(sheet, (ox + x, oy + y), (x, y, w, h)) for x, y, w, h in boxes],
                    doreturn=False)
