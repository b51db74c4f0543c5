"""R9 treasures."""

from __future__ import annotations

import pytest

import engine.tigris as engine
from positions import build, events_of, play

# F10 and K11 joined by a chain of black tiles along row 11; G10 is for the trader.
CHAIN = {"F11": "k", "G11": "k", "H11": "k", "I11": "k", "J11": "k"}


def test_R9_1_a_trader_takes_all_treasures_but_one() -> None:
    state = play(build(CHAIN), "leader green G10")
    assert state.pending == {"kind": "treasure", "player": 0, "take": 1, "from": ["F10", "K11"]}
    assert state.to_move == 0
    state = play(state, "treasure K11")
    d = state.to_dict()
    assert d["players"][0]["treasures"] == 1
    assert d["board"]["K11"] == {"tile": "red"} and d["board"]["F10"]["treasure"] is True
    assert state.pending is None
    assert events_of(state, "treasure_taken") == [{"type": "treasure_taken", "seat": 0,
                                                   "at": "K11"}]


def test_R9_1_a_kingdom_without_a_trader_keeps_its_treasures() -> None:
    state = play(build(CHAIN), "leader black G10")
    assert state.pending is None


def test_R9_1_corner_treasures_are_taken_first() -> None:
    # A2 trader; B2 (corner) and F3 joined through C2, D2, E2 (river: blue), F2
    cells = {"C2": "k", "D2": "k", "E2": "b", "F2": "k"}
    state = play(build(cells), "leader green A2")
    assert state.pending["from"] == ["B2"]
    with pytest.raises(engine.IllegalAction):
        play(state, "treasure F3")


def test_R9_1_treasures_are_taken_one_at_a_time() -> None:
    cells = dict(CHAIN, I10="k", I9="b", I8="k")  # I7 joins the row-11 chain too
    state = play(build(cells), "leader green G10")
    assert state.pending == {"kind": "treasure", "player": 0, "take": 2,
                             "from": ["I7", "F10", "K11"]}
    state = play(state, "treasure I7")
    assert state.pending == {"kind": "treasure", "player": 0, "take": 1, "from": ["F10", "K11"]}
    state = play(state, "treasure F10")
    assert state.pending is None
    assert state.to_dict()["players"][0]["treasures"] == 2


def test_R9_2_treasures_count_as_wild_points_at_the_end() -> None:
    state = build(taken=[2, 0], cells={"F10": "r", "K11": "r"},
                  scores=[{"red": 3, "blue": 1, "green": 2, "black": 1}, {}])
    final = state.final_scores()[0]
    assert final["assigned"] == {"red": 0, "blue": 1, "green": 0, "black": 1}
    assert final["score"] == 2
