"""Bots return legal actions in positions reached by random play, with every option set."""

from __future__ import annotations

import random

import pytest

import ai
import engine.tigris as engine

OPTION_SETS = [
    {},
    {"board": "alternative", "buildings": True, "wonder": True},
    {"english_variant": True, "open_scoring": True},
]


def random_positions(players: int, seed: int, options: dict[str, object],
                     every: int) -> list[engine.State]:
    """Every `every`-th position of a random game, whatever decision it waits for."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed, options)
    out = []
    ply = 0
    while not state.is_over:
        if ply % every == 0:
            out.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
        ply += 1
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 4])
def test_bots_answer_legally_along_a_random_game(players: int, options: dict[str, object]) -> None:
    positions = random_positions(players, 11 + players, options, every=17)
    levels = ai.levels(engine.ID)
    bots = {level: ai.make_bot(engine.ID, level, 3, iterations=15) for level in levels}
    for i, state in enumerate(positions):
        level = levels[i % len(levels)]
        seat = state.to_move
        action = bots[level].choose(state.view(seat), 1.0)
        assert action in state.legal_actions(), (level, state.to_dict()["pending"], action)


def test_a_whole_game_is_played_legally_with_pending_decisions() -> None:
    """Easy against random: every action goes through `apply`, which checks it."""
    state = engine.new_game(2, 5)
    bots = [ai.make_bot(engine.ID, "easy", 1), ai.make_bot(engine.ID, "random", 2)]
    kinds = set()
    while not state.is_over:
        seat = state.to_move
        pending = state.to_dict()["pending"]
        if pending is not None:
            kinds.add(pending["kind"])
        state = state.apply(bots[seat].choose(state.view(seat), 1.0))
    assert state.ranking()
    assert "commit" in kinds or "treasure" in kinds
