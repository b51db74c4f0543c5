"""The kingdoms' tints painted over the pieces: each kingdom one translucent area in its
own hue, with a firm outline of a deeper shade of that hue along its outer edge.

The tint lies over the pieces (under them it would show only in the thin seams between
tiles), so every piece's face (`game.tigris.art.faces`) is cut out of it: the tint fills the
seams, the tiles' rims and a leader's corners, and never covers a symbol, a leader's
face or badge, a treasure or a monument. It is painted into the board's cached layer
once per position; the strength badges go on top of it.

Each square of a kingdom is one stamp, the same for every square with the same tint,
outer sides and faces, so a stamp is drawn once and then only blitted: a repaint costs
one alpha blit per kingdom square.
"""

from __future__ import annotations

import pygame

from game.art import palette as pal
from game.tigris.art.faces import Face
from game.tigris.boardmap import coords
from game.tigris.ui.kingdom_areas import Sides, outer_sides, side_strips
from game.tigris.ui.kingdom_tints import Tint

CLEAR = (0, 0, 0, 0)
# How much darker than its fill a kingdom's outline is, so it reads on sand and water.
OUTLINE_SHADE = 0.3
# Stamps kept for one cell size; past this many (a long game of odd shapes) they are
# drawn afresh.
MOST_STAMPS = 512

StampKey = tuple[Tint, Sides, tuple[Face, ...]]


def outline_width(cell: int) -> int:
    return max(2, cell // 16)


def _stamp(cell: int, key: StampKey) -> pygame.Surface:
    tint, sides, faces = key
    stamp = pygame.Surface((cell, cell), pygame.SRCALPHA)
    stamp.fill(tint)
    for x, y, w, h, radius in faces:
        pygame.draw.rect(stamp, CLEAR, (x, y, w, h), border_radius=radius)
    edge = pal.darken(tint[:3], OUTLINE_SHADE)
    for strip in side_strips(sides, cell, outline_width(cell)):
        stamp.fill(edge, strip)
    if pygame.display.get_surface() is not None:
        stamp = stamp.convert_alpha()
    return stamp


class KingdomStamps:
    """The stamps drawn so far for one cell size, kept between repaints."""

    def __init__(self) -> None:
        self._cell = 0
        self._stamps: dict[StampKey, pygame.Surface] = {}

    def paint(self, layer: pygame.Surface, grid_origin: tuple[int, int], cell: int,
              fills: list[tuple[frozenset[str], Tint]],
              faces: dict[str, tuple[Face, ...]]) -> None:
        """Blits each kingdom of `fills` over `layer`, whose grid starts at `grid_origin`,
        clear of the pieces' `faces` (each square's, in that square's own pixels)."""
        if cell != self._cell or len(self._stamps) > MOST_STAMPS:
            self._cell = cell
            self._stamps = {}
        ox, oy = grid_origin
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for squares, tint in fills:
            for square, sides in outer_sides(squares).items():
                key = (tint, sides, faces.get(square, ()))
                stamp = self._stamps.get(key)
                if stamp is None:
                    stamp = self._stamps[key] = _stamp(cell, key)
                col, row = coords(square)
                blits.append((stamp, (ox + col * cell, oy + row * cell)))
        layer.blits(blits, doreturn=False)
