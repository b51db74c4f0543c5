"""Drawing from the bag: swaps (R5.4), refills (R4.3 b) and an empty bag (R11.2).

Which tiles a player draws or discards is theirs alone (R2.3): each draw and
discard is told twice, as a public event with the count and as a private one
with the tiles, marked `private_to` the seat.
"""

from __future__ import annotations

from .state_data import COLORS, HAND_SIZE, Position


def draw(pos: Position, seat: int, count: int) -> None:
    """Draw up to `count`; R11.2: a short bag gives what it has."""
    taken = pos.bag[:count]
    del pos.bag[:count]
    for color in taken:
        pos.hands[seat][color] += 1
    if taken:
        pos.events.append({"type": "tiles_drawn", "seat": seat, "count": len(taken)})
        pos.events.append({"type": "hand_drawn", "seat": seat,
                           "tiles": [COLORS[c] for c in sorted(taken)], "private_to": seat})


def swap_tiles(pos: Position, seat: int, tiles: list[int]) -> None:
    """R5.4: discard out of the game face down, then draw as many."""
    for color in tiles:
        pos.hands[seat][color] -= 1
    pos.events.append({"type": "tiles_discarded", "seat": seat, "count": len(tiles)})
    pos.events.append({"type": "hand_discarded", "seat": seat,
                       "tiles": [COLORS[c] for c in sorted(tiles)], "private_to": seat})
    draw(pos, seat, len(tiles))


def refill_hands(pos: Position) -> None:
    """R4.3 b: the active player first, then the others in seat order."""
    for k in range(pos.players):
        seat = (pos.active + k) % pos.players
        missing = HAND_SIZE - sum(pos.hands[seat])
        if missing > 0:
            draw(pos, seat, missing)


def bag_fell_short(pos: Position) -> bool:
    """R11.2, judged after the refill: an empty bag left someone short this turn.

    A draw that could not be supplied leaves that hand below six, and the
    refill at the end of the same turn cannot mend it; an empty bag with
    every hand full means every draw so far was supplied.
    """
    return not pos.bag and any(sum(h) < HAND_SIZE for h in pos.hands)
