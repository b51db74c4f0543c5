"""Every change on the board has an event (issue 19): a log or a replay shows it.

The conformance suite checks it over random games from the start; random
players seldom build cities, so here the calamities of phase 11 are checked
from random positions on the shipped map, and the rare cases by example.
"""

from __future__ import annotations

from typing import Any

import pytest
from civ_world import play, position, seat, state, this_phase
from support.board_events import CIV
from test_a18_calamity_stress import calamity_position

from engine.civ.state import State


def rebuilt(before: dict[str, Any], after: State) -> bool:
    board = CIV.board(before)
    for event in after.events:
        CIV.apply(board, event)
    return board == CIV.board(after.to_dict())


def test_A27_3_the_token_an_epidemic_leaves_for_a_destroyed_city_has_an_event() -> None:
    d = position([seat("africa", hand=["epidemic"]), seat("italy")],
                 tokens={2: {0: 20}, 4: {1: 2}}, cities={1: 0, 3: 0}, phase="calamities")
    s = state(d)
    while s.pending is not None and s.pending["kind"] == "loss":
        destroy = [a for a in s.legal_actions() if a.get("unit") == "destroy"]
        s = s.apply(destroy[0] if destroy else s.legal_actions()[0])
        if destroy:
            break
    placed = this_phase(s, "tokens_placed")
    assert placed == [{"type": "tokens_placed", "area": 1, "owner": 0, "count": 1,
                       "reason": "epidemic"}]


def test_A23_6_tokens_nobody_can_take_over_leave_the_board_with_an_event() -> None:
    # Italy (the beneficiary: stock 45 points to Africa's 40) has every token in his
    # treasury, none to replace Africa's
    d = position([seat("africa", hand=["civil_war"], treasury=20),
                  seat("italy", treasury=55)],
                 tokens={2: {0: 30}}, cities={1: 0, 3: 0}, phase="calamities")
    s = play(state(d), "select city 1", "select city 3", "keep 1")
    removed = [e for e in this_phase(s, "tokens_removed") if e["reason"] == "civil_war"]
    assert sum(e["count"] for e in removed) == 5 and {e["area"] for e in removed} == {2}
    assert not this_phase(s, "tokens_changed_hands")


@pytest.mark.parametrize("seed", range(0, 40, 3))
def test_events_rebuild_the_board_through_phase_11_and_the_turns_after(seed: int) -> None:
    players = 2 + seed % 7
    start, rng = calamity_position(players, seed)
    s = start
    for _ in range(3000):
        if s.is_over:
            return
        after = s.apply(rng.choice(s.legal_actions()))
        assert rebuilt(s.to_dict(), after), after.events
        s = after
    raise AssertionError("no end")
