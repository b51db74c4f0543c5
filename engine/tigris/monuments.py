"""R10: monuments — built on a 2×2 of one colour, scored at the end of a turn."""

from __future__ import annotations

from .board import SQUARE_NAMES, WIDTH
from .buildings import send_buildings_back
from .regions_rules import return_leaders_without_temple
from .scoring import give_vp
from .state_data import COLORS, MONUMENTS, Position


def block(top_left: int) -> tuple[int, int, int, int]:
    return (top_left, top_left + 1, top_left + WIDTH, top_left + WIDTH + 1)


def monument_squares(pos: Position, placed: int) -> list[int]:
    """R10.1: top-left squares of the face-up one-coloured 2×2s holding the placed tile."""
    color = pos.tile[placed]
    if color < 0 or placed in pos.down:
        return []
    col, row = placed % WIDTH, placed // WIDTH
    out = []
    for dr in (1, 0):
        for dc in (1, 0):
            c, r = col - dc, row - dr
            if 0 <= c < WIDTH - 1 and 0 <= r < 10:
                tl = r * WIDTH + c
                if all(pos.is_face_up(sq, color) for sq in block(tl)):
                    out.append(tl)
    return sorted(out)


def unbuilt_monuments(pos: Position, color: int) -> list[tuple[int, int]]:
    """R10.1: the monuments not yet built that have `color` as one of their colours."""
    built = {colors for colors, _ in pos.monuments}
    return [m for m in MONUMENTS if color in m and m not in built]


def build_monument(pos: Position, seat: int, top_left: int, colors: tuple[int, int]) -> None:
    """R10.1, R10.3: four tiles face down under the monument; temples lost send leaders back."""
    squares = block(top_left)
    for sq in squares:
        pos.turn_face_down(sq)
    pos.monuments.append((colors, top_left))
    pos.events.append({"type": "monument_built", "seat": seat, "at": SQUARE_NAMES[top_left],
                       "colors": [COLORS[c] for c in colors]})
    send_buildings_back(pos, squares)
    return_leaders_without_temple(pos)


def monument_vp(pos: Position) -> None:
    """R10.4: each of the active player's leaders scores the monuments of its kingdom
    that share its colour."""
    seat = pos.active
    regions = pos.regions()
    for color, sq in enumerate(pos.leaders[seat]):
        if sq is None:
            continue
        kingdom = regions.label[sq]
        for colors, top_left in pos.monuments:
            if color in colors and regions.label[top_left] == kingdom:
                give_vp(pos, seat, color, 1, "monument")
