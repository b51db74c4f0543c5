"""Reading a position for display: square names, regions and kingdoms, leader support.

The engine decides what is legal; this module only reads a position dict
(`state.view(seat)`) to draw helpful overlays (kingdom outlines, the strength
a leader would bring to a revolt or a war) and to phrase why a square cannot
be used. Nothing here is consulted to decide a move.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import engine.tigris as engine

COLUMNS = "ABCDEFGHIJKLMNOP"
ROWS = 11

Square = str
Position = dict[str, Any]


def name(col: int, row: int) -> Square:
    return f"{COLUMNS[col]}{row + 1}"


_COORDS: dict[Square, tuple[int, int]] = {
    name(c, r): (c, r) for r in range(ROWS) for c in range(len(COLUMNS))
}


def coords(square: Square) -> tuple[int, int]:
    try:
        return _COORDS[square]
    except KeyError:
        raise ValueError(f"not a board square: {square!r}") from None


def all_squares() -> Iterator[Square]:
    for row in range(ROWS):
        for col in range(len(COLUMNS)):
            yield name(col, row)


_NEIGHBOURS: dict[Square, tuple[Square, ...]] = {
    engine.SQUARE_NAMES[i]: tuple(engine.SQUARE_NAMES[n] for n in ns)
    for i, ns in enumerate(engine.NEIGHBOURS)
}  # R3.1, as the engine counts them


def neighbours(square: Square) -> tuple[Square, ...]:
    return _NEIGHBOURS[square]


def kingdoms(board: dict[str, Any]) -> list[set[Square]]:
    """R3.3: the regions holding a leader, as the engine groups them (R3.2)."""
    return [set(r) for r in engine.board_regions(board) if any("leader" in board[s] for s in r)]


def face_up(cell: dict[str, Any] | None, color: str | None = None) -> bool:
    if not cell or "tile" not in cell or cell.get("face_down"):
        return False
    return color is None or cell["tile"] == color


def temples_next_to(board: dict[str, Any], square: Square) -> int:
    return sum(1 for n in neighbours(square) if face_up(board.get(n), "red"))


def leader_support(board: dict[str, Any],
                   pending: dict[str, Any] | None = None) -> dict[Square, tuple[int, int]]:
    """Per leader square: (adjacent temples = revolt strength, same-colour tiles in its kingdom).

    While a conflict waits for commitments (`pending`), its two leaders get the strength
    the engine counts for it instead: in a war only the tiles on each leader's side of
    the tile that joined the kingdoms count, not the whole joined kingdom."""
    out: dict[Square, tuple[int, int]] = {}
    for kingdom in kingdoms(board):
        for square in kingdom:
            cell = board[square]
            if "leader" not in cell:
                continue
            color = cell["leader"]["color"]
            tiles = sum(1 for s in kingdom if face_up(board[s], color))
            out[square] = (temples_next_to(board, square), tiles)
    if pending is not None and pending.get("kind") == "commit":
        for side in ("attacker", "defender"):
            square, strength = pending[f"{side}_leader"], pending[f"{side}_strength"]
            if square in out:
                temples, tiles = out[square]
                out[square] = ((strength, tiles) if pending["conflict"] == "internal"
                               else (temples, strength))
    return out


def monument_squares(at: Square) -> list[Square]:
    col, row = coords(at)
    return [name(col, row), name(col + 1, row), name(col, row + 1), name(col + 1, row + 1)]


def leaders_on_board(board: dict[str, Any], dynasty: str) -> dict[str, Square]:
    return {
        cell["leader"]["color"]: square
        for square, cell in board.items()
        if "leader" in cell and cell["leader"]["dynasty"] == dynasty
    }
