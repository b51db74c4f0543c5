"""R13 (option): civilization buildings, one per colour, on lines of three or more."""

from __future__ import annotations

from collections.abc import Iterable

from .board import SQUARE_NAMES, WIDTH
from .state_data import COLORS, Position


def _run(pos: Position, sq: int, color: int, step: int) -> list[int]:
    """The maximal straight run of face-up `color` tiles through sq, in one direction pair."""
    def ok(s: int, prev: int) -> bool:
        if not 0 <= s < len(pos.tile):
            return False
        if step == 1 and s // WIDTH != prev // WIDTH:
            return False
        return pos.is_face_up(s, color)

    run = [sq]
    s = sq
    while ok(s - step, s):
        s -= step
        run.insert(0, s)
    s = sq
    while ok(s + step, s):
        s += step
        run.append(s)
    return run


def longest_line(pos: Position, sq: int, color: int) -> int:
    """R13.2: the longest straight line of face-up tiles of `color` through sq, 0 if none."""
    if not pos.is_face_up(sq, color):
        return 0
    return max(len(_run(pos, sq, color, 1)), len(_run(pos, sq, color, WIDTH)))


def building_squares(pos: Position, placed: int) -> list[int]:
    """R13.2: where the placed tile's colour's building may go now, if anywhere."""
    color = pos.tile[placed]
    if color < 0 or not pos.is_face_up(placed, color):
        return []
    current = pos.buildings[color]
    beaten = longest_line(pos, current, color) if current is not None else 0
    squares: set[int] = set()
    for step in (1, WIDTH):
        run = _run(pos, placed, color, step)
        if len(run) >= 3 and len(run) > beaten:
            squares.update(run)
    squares.discard(current if current is not None else -1)
    return sorted(squares)


def place_building(pos: Position, seat: int, color: int, sq: int) -> None:
    origin = pos.buildings[color]
    pos.buildings[color] = sq
    pos.events.append({
        "type": "building_placed", "seat": seat, "color": COLORS[color], "at": SQUARE_NAMES[sq],
        "from": SQUARE_NAMES[origin] if origin is not None else None,
    })


def send_buildings_back(pos: Position, squares: Iterable[int]) -> None:
    """R13.3, R15.2: a monument or the wonder built over a building sends it off the board."""
    covered = set(squares)
    for color, at in enumerate(pos.buildings):
        if at is not None and at in covered:
            pos.buildings[color] = None
            pos.events.append({"type": "building_returned", "color": COLORS[color],
                               "from": SQUARE_NAMES[at]})
