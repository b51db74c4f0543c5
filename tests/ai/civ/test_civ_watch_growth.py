"""A9.2 as a person places it: a computer short of stock places the whole of it in one
answer (`place`), where one answer per token would have put each. Watched at the table,
one token a decision read as "Egypt grew by 1 token in 1 area." five times over, each
animated and followed by a pause."""

from __future__ import annotations

from typing import Any

import pytest
from support.civ_decision_positions import load

import ai
import engine.civ as civ
from ai.civ.easy import Turn


def one_token_at_a_time(state: civ.State, seat: int) -> civ.State:
    """The seat's growth answered a token a decision, each where it gains most."""
    while state.pending is not None and state.pending["kind"] == "growth" \
            and state.to_move == seat:
        turn = Turn(state, state.view(seat))
        b = turn.board

        def gain(action: dict[str, Any], b: Any = b) -> float:
            area = action["area"]
            return float(b.worth(area, b.mine(area) + 1) - b.worth(area, b.mine(area)))

        state = state.apply(max(turn.of("grow"), key=gain))
    return state


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_A9_2_a_short_stock_is_placed_whole_in_one_answer(level: str) -> None:
    state = civ.from_dict(load()["growth"])
    assert state.pending is not None and state.pending["kind"] == "growth"
    seat = state.to_move
    assert seat is not None
    left = state.pending["left"]
    assert left >= 2
    action = ai.make_bot("civ", level, 1).choose(state.view(seat), 0.0)
    assert action["type"] == "place" and len(action["areas"]) == left
    assert state.check(action) is None
    placed = state.apply(action).position
    stepped = one_token_at_a_time(state, seat).position
    assert {a: here.get(seat) for a, here in placed.tokens.items()} == \
        {a: here.get(seat) for a, here in stepped.tokens.items()}
    assert placed.seats[seat].stock_tokens == 0
