"""Small hand-built civ views: just the parts of seat 0's `view(seat)` that the table's
words read (the seats, its tokens, its ships), for tests of a sentence or a warning."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

HIERAPYTNA, CYDONIA = 69, 67  # two of Crete's black city sites, limit 2 (A14.2)


def seat0_view(tokens: dict[int, int], players: int,
               ships: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """Seat 0 of `players` holding `tokens` (area: count) on city-less areas."""
    return {"viewer": 0, "seats": [{"cards": []} for _ in range(players)],
            "areas": [{"id": a, "tokens": {"0": n}, "city": None} for a, n in tokens.items()],
            "ships": list(ships)}
