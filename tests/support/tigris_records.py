"""Records and positions of Tigris & Euphrates games played at random, for tests (and
benchmarks) that open a table on a game well under way (its log full of turns,
conflicts and points, its board of several kingdoms)."""

from __future__ import annotations

import random
from typing import Any

import engine.tigris as engine


def played_record(plies: int, seed: int = 11, players: int = 3,
                  seat: int = 0) -> dict[str, Any]:
    """A random game of at least `plies` actions, stopped where `seat` starts a turn; each
    player places a tile or a leader when it can, so kingdoms meet and conflicts come."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    actions: list[dict[str, Any]] = []
    while True:
        position = state.to_dict()
        if (len(actions) >= plies and state.to_move == seat and position["pending"] is None
                and position["actions_left"] == 2):
            break
        choices = state.legal_actions()
        placing = [a for a in choices if a["type"] in ("tile", "leader")]
        action = rng.choice(placing or choices)
        actions.append(action)
        state = state.apply(action)
    return {"game": "tigris", "players": players, "seed": seed, "options": {},
            "actions": actions}


def midgame(seed: int = 7, plies: int = 70) -> dict[str, Any]:
    """A 3-player position after random tile and leader placements: about ten kingdoms."""
    rng = random.Random(seed)
    state = engine.new_game(3, seed)
    for _ in range(plies):
        actions = state.legal_actions()
        placing = [a for a in actions if a["type"] in ("tile", "leader")]
        state = state.apply(rng.choice(placing or actions))
    while state.pending is not None:
        state = state.apply(state.legal_actions()[0])
    return state.to_dict()
