"""Seeded Advanced Civilization games between computer levels, for the levels' tests: one
level's answers are counted by decision kind and each is checked by the engine on the
true state, so a test sees both that a level meets every kind and that it answers legally."""

from __future__ import annotations

from collections import Counter
from typing import Any

import ai
import engine.civ as civ


def play_checked(players: int, seed: int, turns: int, levels: list[str], checked: str,
                 check: bool = True) -> tuple[list[dict[str, Any]], Counter[str], civ.State]:
    """The game's actions, the kinds `checked` was asked, and the final state."""
    bots = [ai.make_bot("civ", level, seed * 10 + s) for s, level in enumerate(levels)]
    s = civ.new_game(players, seed, {"turn_limit": turns})
    actions: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    while not s.is_over:
        me = s.to_move
        assert me is not None
        action = bots[me].choose(s.view(me), 0.0)
        if levels[me] == checked:
            kinds[s.pending["kind"]] += 1
            if check:
                assert s.check(action) is None, (s.pending, action)
        actions.append(action)
        s = s.apply(action)
    return actions, kinds, s
