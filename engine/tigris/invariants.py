"""Invariants every reachable position keeps, for self-play and property tests.

`TileLedger` follows the tiles that leave the game through the events, so
that "all 153 tiles accounted for" is a real check: board + hands + bag +
out of the game must equal the tiles of R1.2, colour by colour.
"""

from __future__ import annotations

from typing import Any

from .board import NEIGHBOURS, SQUARE_NAMES
from .regions_rules import same_colour_conflicts
from .state_data import COLOR_INDEX, COLORS, HAND_SIZE, TILES_PER_COLOR, Position


class TileLedger:
    """Counts the tiles out of the game, colour by colour, from the events."""

    def __init__(self) -> None:
        self.out = [0, 0, 0, 0]

    def record(self, events: list[dict[str, Any]]) -> None:
        for e in events:
            t = e["type"]
            if t == "catastrophe" and e["removed"] is not None:
                self.out[COLOR_INDEX[e["removed"]]] += 1
            elif t == "tiles_removed":
                self.out[COLOR_INDEX[e["color"]]] += len(e["squares"])
            elif t == "committed":
                self.out[COLOR_INDEX[e["color"]]] += e["count"]
            elif t == "hand_discarded":
                for c in e["tiles"]:
                    self.out[COLOR_INDEX[c]] += 1

    def check(self, pos: Position) -> None:
        for c in range(4):
            held = pos.tile.count(c) + sum(h[c] for h in pos.hands) + pos.bag.count(c)
            if held + self.out[c] != TILES_PER_COLOR[c]:
                raise AssertionError(
                    f"{COLORS[c]} tiles: {held} in play and {self.out[c]} out of the game, "
                    f"but the game has {TILES_PER_COLOR[c]} (R1.2)")


def check_invariants(pos: Position) -> None:
    """Raise AssertionError naming the first broken invariant."""
    for sq, (seat, color) in pos.leader_at.items():
        if not any(pos.is_temple(n) for n in NEIGHBOURS[sq]):
            raise AssertionError(f"{pos.dynasties[seat]}'s {COLORS[color]} leader on "
                                 f"{SQUARE_NAMES[sq]} has no temple (R3.4)")
    for seat, hand in enumerate(pos.hands):
        if sum(hand) > HAND_SIZE or min(hand) < 0:
            raise AssertionError(f"{pos.dynasties[seat]} holds {hand} (R2.3)")
    if pos.pending is None:
        regions = pos.regions()
        for region, leaders in enumerate(regions.leaders):
            if leaders and same_colour_conflicts(pos, region):
                raise AssertionError(
                    "two leaders of one colour share a kingdom between actions (R3.3): "
                    + ", ".join(SQUARE_NAMES[sq] for sq in leaders))
        if pos.unification is not None:
            raise AssertionError("the unification tile is still out between actions (R8.6)")
    for sq in pos.treasure:
        if pos.tile[sq] != 0:
            raise AssertionError(f"treasure on {SQUARE_NAMES[sq]} without its temple (R9.2)")
