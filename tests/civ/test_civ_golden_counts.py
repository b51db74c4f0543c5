"""Golden legal-action counts: the first decision of each kind in seeded random games on the
shipped map, with its turn and how many legal actions it lists. A change here is a change of
the rules, the map or the generator, and must be explained in its commit. Every seat stays at
each turn start (A36.1), drawing nothing from the test's generator, so the walk through the
phases is the one these counts were taken on before A36 was built."""

from __future__ import annotations

import random

import pytest

import engine.civ as civ

GOLDEN = {
    2: {"nation": (0, 7), "turn_start": (1, 2), "ships": (1, 2), "movement": (1, 4)},
    4: {"nation": (0, 9), "turn_start": (1, 2), "ships": (1, 2), "movement": (1, 9),
        "ship_upkeep": (4, 2)},
    6: {"nation": (0, 19), "turn_start": (1, 2), "ships": (1, 2), "movement": (1, 4)},
    8: {"nation": (0, 19), "turn_start": (1, 2), "ships": (1, 2), "movement": (1, 4),
        "ship_upkeep": (3, 2)},
}


@pytest.mark.parametrize("players", sorted(GOLDEN))
def test_golden_first_decisions_and_their_legal_action_counts(players: int) -> None:
    rng = random.Random(players)
    state = civ.new_game(players, players, {"turn_limit": 5})
    seen: dict[str, tuple[int, int]] = {}
    while not state.is_over:
        assert state.pending is not None
        actions = state.legal_actions()
        seen.setdefault(state.pending["kind"], (state.to_dict()["turn"], len(actions)))
        stay = state.pending["kind"] == "turn_start"
        state = state.apply({"type": "stay"} if stay else rng.choice(actions))
    assert seen == GOLDEN[players]
