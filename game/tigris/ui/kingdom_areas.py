"""A kingdom's tinted area on the board's grid: the squares it covers and its outer edge.

A kingdom is drawn as one area, not as a row of framed squares: every square of it is
tinted edge to edge (so two neighbours share one tint with nothing between them) and
outlined only on its sides that meet a square outside the kingdom. Two kingdoms that
touch only at a corner stay two areas, each outlined inside its own squares.

Pure geometry over square names and a cell size; `kingdom_layer` paints it.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.tigris.boardmap import coords

Corner = tuple[int, int]
"""A corner of the grid's squares, (column, row) counted from the grid's top left."""
Edge = tuple[Corner, Corner]
"""One side of a square, from its top or left corner to its bottom or right one."""
Sides = tuple[bool, bool, bool, bool]
"""Which of a square's top, bottom, left and right sides lie on its area's outer edge."""
Box = tuple[int, int, int, int]
"""x, y, width and height in pixels."""


def square_edges(square: str) -> tuple[Edge, Edge, Edge, Edge]:
    """A square's top, bottom, left and right sides."""
    col, row = coords(square)
    return (((col, row), (col + 1, row)), ((col, row + 1), (col + 1, row + 1)),
            ((col, row), (col, row + 1)), ((col + 1, row), (col + 1, row + 1)))


def outer_edges(squares: Iterable[str]) -> frozenset[Edge]:
    """The sides between a square of the area and one outside it (or the board's edge):
    a side two squares of the area share is inside the area and is left out."""
    once: set[Edge] = set()
    for square in squares:
        once.symmetric_difference_update(square_edges(square))
    return frozenset(once)


def outer_sides(squares: Iterable[str]) -> dict[str, Sides]:
    """Every square of the area with the sides of it that the outline runs along."""
    area = list(squares)
    outer = outer_edges(area)
    sides: dict[str, Sides] = {}
    for square in area:
        top, bottom, left, right = (edge in outer for edge in square_edges(square))
        sides[square] = (top, bottom, left, right)
    return sides


def side_strips(sides: Sides, cell: int, width: int) -> list[Box]:
    """The outline inside one square, in the square's own pixels: a strip `width` wide
    along each outer side, so an outline never reaches into a neighbouring area."""
    top, bottom, left, right = sides
    far = cell - width
    strips = [(0, 0, cell, width), (0, far, cell, width), (0, 0, width, cell),
              (far, 0, width, cell)]
    return [strip for strip, on in zip(strips, (top, bottom, left, right), strict=True) if on]
