"""Golden legal-action counts for fixed positions (like chess perft).

A change in move generation changes these numbers; if the change is meant,
regenerate them on purpose and say why in the commit. The digest prefix
pins the position itself, so a change of the generator shows up as such.
The set-up counts were checked by hand: 166 empty squares take a
catastrophe; the ten temples have 33 empty land neighbours, times four
leaders is 132.
"""

from __future__ import annotations

import collections
import random
from typing import Any

import pytest

import engine.tigris as engine

GOLDEN = [
    ((1, 2, 0, {}), {"catastrophe": 166, "leader": 132, "pass": 1, "swap": 11, "tile": 166},
     "706fbac1df314438"),
    ((7, 4, 0, {}), {"catastrophe": 166, "leader": 132, "pass": 1, "swap": 23, "tile": 291},
     "a148394598a90f97"),
    ((3, 3, 40, {}), {"leader": 106, "pass": 1, "swap": 35, "tile": 315}, "f829e4d50a9718a7"),
    ((5, 2, 120, {"buildings": True, "wonder": True}), {"commit": 1}, "e105762a2c67534a"),
    ((11, 4, 200, {"board": "alternative"}), {"commit": 2}, "f1e52db8bafd1e10"),
    ((2, 2, 80, {"english_variant": True}),
     {"leader": 152, "pass": 1, "swap": 35, "tile": 294}, "2e215d9080ef1fbe"),
]


def position_after(seed: int, players: int, plies: int, options: dict[str, Any]) -> engine.State:
    rng = random.Random(seed)
    state = engine.new_game(players, seed, options)
    for _ in range(plies):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("case,counts,digest", GOLDEN)
def test_golden_legal_action_counts(case: tuple[int, int, int, dict[str, Any]],
                                    counts: dict[str, int], digest: str) -> None:
    state = position_after(*case)
    assert state.digest()[:16] == digest
    found = collections.Counter(a["type"] for a in state.legal_actions())
    assert dict(sorted(found.items())) == counts
    assert len({engine.format_action(a) for a in state.legal_actions()}) == sum(counts.values())
