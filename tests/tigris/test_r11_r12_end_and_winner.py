"""R11 end of the game, R12 the winner."""

from __future__ import annotations

import engine.tigris as engine
from positions import build, events_of, play

CHAIN = {"F11": "k", "G11": "k", "H11": "k", "I11": "k", "J11": "k"}


def test_R11_1_the_game_ends_at_turn_end_with_two_treasures_left() -> None:
    # Eight treasures already taken; the trader takes one more: two left
    cells = {sq: "r" for sq in ("K1", "B2", "P2", "F3", "N5", "I7", "B8", "O9")}
    cells.update(CHAIN)
    state = build(cells, taken=[4, 4], actions_left=2)
    state = play(state, "leader green G10", "treasure F10")
    assert not state.is_over, "only at the end of the turn"
    state = play(state, "pass")
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    over = events_of(state, "game_over")
    assert over and over[0]["ranking"] == state.ranking()


def test_R11_no_action_after_the_end() -> None:
    state = build(bag=[], hands=["rrbbgk", "rrbbgk"])
    state = play(state, "tile red A1", "pass")
    assert state.is_over
    try:
        play(state, "pass")
    except engine.IllegalAction as e:
        assert "over" in str(e)
    else:
        raise AssertionError("an action after the end was accepted")


def test_R12_1_R12_2_lowest_colour_then_the_next_and_shared_places() -> None:
    scores = [
        {"red": 5, "blue": 3, "green": 4, "black": 3},   # 3,3,4,5
        {"red": 3, "blue": 9, "green": 3, "black": 4},   # 3,3,4,9
        {"red": 4, "blue": 3, "green": 5, "black": 3},   # 3,3,4,5
        {"red": 1, "blue": 9, "green": 9, "black": 9},   # 1,...
    ]
    state = build(players=4, scores=scores, hands=["rrbbgk"] * 4)
    assert state.ranking() == [[1], [0, 2], [3]]


def test_R12_1_treasures_raise_the_lowest_colour() -> None:
    cells = {"F10": "r", "K11": "r", "I7": "r"}
    scores = [{"red": 2, "blue": 0, "green": 1, "black": 5}, {"red": 2, "blue": 2,
                                                               "green": 2, "black": 2}]
    state = build(cells, scores=scores, taken=[3, 0])
    final = state.final_scores()[0]
    assert final["assigned"] == {"red": 0, "blue": 2, "green": 1, "black": 0}
    assert final["sorted"] == [2, 2, 2, 5]
    assert state.ranking() == [[0], [1]]
