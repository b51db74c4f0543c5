"""Property tests: random games to the end with every invariant checked.

Invariants: all 153 tiles accounted for (board, hands, bag and the ledger of
tiles out of the game), no two same-coloured leaders in a kingdom between
actions, every leader next to a face-up temple, no hand above six, every
legal action applies, replaying the record equals the play, and
from_dict(to_dict(s)) has the same digest and legal actions.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.tigris as engine

OPTIONS = st.fixed_dictionaries({
    "board": st.sampled_from(["classic", "alternative"]),
    "buildings": st.booleans(),
    "english_variant": st.booleans(),
    "wonder": st.booleans(),
    "open_scoring": st.booleans(),
})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), players=st.integers(2, 4), options=OPTIONS,
       chooser=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(seed: int, players: int,
                                           options: dict[str, object], chooser: int) -> None:
    rng = random.Random(chooser)
    state = engine.new_game(players, seed, options)
    record = engine.new_record(players, seed, options)
    ledger = engine.TileLedger()
    while not state.is_over:
        actions = state.legal_actions()
        assert actions, "a player to move always has an action"
        action = rng.choice(actions)
        state = state.apply(action)
        record["actions"].append(action)
        ledger.record(state.events)
        engine.check_invariants(state)
        ledger.check(state)
        if len(record["actions"]) % 40 == 0:
            again = engine.from_dict(json.loads(json.dumps(state.to_dict())))
            assert again.digest() == state.digest()
            assert again.legal_actions() == state.legal_actions()
    assert engine.replay(record).digest() == state.digest()
    assert sorted(s for place in state.ranking() for s in place) == list(range(players))


def test_legal_squares_agree_with_the_reasons_given_for_illegal_ones() -> None:
    """Two paths judge a square: the fast generator and the one that explains a refusal."""
    squares = [f"{c}{r}" for r in range(1, 12) for c in "ABCDEFGHIJKLMNOP"]
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.new_game(3, seed, {"buildings": True})
        plies = 0
        while not state.is_over:
            if state.pending is None and plies % 9 == 0:
                legal = state.legal_actions()
                for color in engine.COLORS:
                    wanted = {a["to"] for a in legal if a["type"] == "tile"
                              and a["color"] == color}
                    if wanted:
                        assert wanted == {sq for sq in squares
                                          if state.square_problem("tile", sq, color) is None}
                    moves = {a["to"] for a in legal if a["type"] == "leader"
                             and a["color"] == color and a["to"]}
                    assert moves == {sq for sq in squares
                                     if state.square_problem("leader", sq, color) is None}
                cats = {a["to"] for a in legal if a["type"] == "catastrophe"}
                if cats:
                    assert cats == {sq for sq in squares
                                    if state.square_problem("catastrophe", sq) is None}
            state = state.apply(rng.choice(state.legal_actions()))
            plies += 1
