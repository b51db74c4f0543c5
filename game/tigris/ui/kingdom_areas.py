"""A kingdom's tinted area on the board's grid: the pixels it covers and its outer edge.

A kingdom is drawn as one area, not as a row of framed squares: the union of its
squares (so two neighbours share one tint with nothing between them) outlined only
where a square of the kingdom meets a square outside it. Two kingdoms that touch
only at a corner stay two areas, each outlined inside its own squares.

Pure geometry over square names and a cell size, in pixels from the grid's top left;
`kingdom_layer` paints it.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.tigris.boardmap import coords

Corner = tuple[int, int]
"""A corner of the grid's squares, (column, row) counted from the grid's top left."""
Edge = tuple[Corner, Corner]
"""One side of a square, from its top or left corner to its bottom or right one."""
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


def area_boxes(squares: Iterable[str], cell: int) -> list[Box]:
    """The area's pixels as few boxes: each row's runs of neighbouring squares."""
    by_row: dict[int, list[int]] = {}
    for square in squares:
        col, row = coords(square)
        by_row.setdefault(row, []).append(col)
    boxes: list[Box] = []
    for row, cols in sorted(by_row.items()):
        cols.sort()
        start = 0
        for i, col in enumerate(cols):
            if i + 1 == len(cols) or cols[i + 1] != col + 1:
                boxes.append((cols[start] * cell, row * cell, (col - cols[start] + 1) * cell,
                              cell))
                start = i + 1
    return boxes


def outline_boxes(squares: Iterable[str], cell: int, width: int) -> list[Box]:
    """The outline: a strip `width` pixels wide along each outer edge, inside the area,
    so two areas that touch never draw over each other's outline."""
    area = set(squares)
    cells = {coords(square) for square in area}
    boxes: list[Box] = []
    for (x0, y0), (_, y1) in sorted(outer_edges(area)):
        if y0 == y1:   # along a row: the area lies below it or above it
            y = y0 * cell if (x0, y0) in cells else y0 * cell - width
            boxes.append((x0 * cell, y, cell, width))
        else:          # along a column: the area lies right of it or left of it
            x = x0 * cell if (x0, y0) in cells else x0 * cell - width
            boxes.append((x, y0 * cell, width, cell))
    return boxes
