"""R5.2 placing a tile, and what it scores."""

from __future__ import annotations

import pytest

import engine.tigris as engine
from positions import build, events_of, play, score


def test_R5_2_blue_tiles_only_on_river_others_only_on_land() -> None:
    state = build()
    with pytest.raises(engine.IllegalAction, match="river"):
        play(state, "tile red E1")
    with pytest.raises(engine.IllegalAction, match="land"):
        play(state, "tile blue A1")
    play(state, "tile blue E1")
    play(state, "tile red A1")


def test_R5_2_occupied_squares_take_no_tile() -> None:
    with pytest.raises(engine.IllegalAction, match="not empty"):
        play(build(), "tile red I7")


def test_R5_2_a_tile_outside_kingdoms_scores_nothing() -> None:
    after = play(build(), "tile black A1")
    assert not events_of(after, "vp")


def test_R5_2_the_same_coloured_leader_scores() -> None:
    state = build({"H7": "1g", "I6": "0k"})
    after = play(state, "tile green J7")
    assert events_of(after, "vp") == [
        {"type": "vp", "seat": 1, "color": "green", "amount": 1, "reason": "tile"}]
    assert score(after, 1)["green"] == 1


def test_R5_2_without_that_leader_the_king_scores() -> None:
    state = build({"H7": "1k"})
    after = play(state, "tile green H6")
    assert score(after, 1) == {"red": 0, "blue": 0, "green": 1, "black": 0}


def test_R5_2_without_leader_of_colour_or_king_nobody_scores() -> None:
    state = build({"H7": "1r"})
    after = play(state, "tile green H6")
    assert not events_of(after, "vp")


def test_R5_2_a_tile_may_not_join_three_kingdoms() -> None:
    # Kingdoms around J6: I6 (0k, temple I7), K6 (1k, temple K7), J5 (1r, temple J4)
    state = build({"I6": "0k", "K7": "r", "K6": "1k", "J4": "r", "J5": "1r"})
    with pytest.raises(engine.IllegalAction, match="three kingdoms"):
        play(state, "tile black J6")
    assert "J6" not in state.legal_squares("tile", "black")


def test_R5_2_joining_two_kingdoms_scores_nothing_and_returns_the_unification_tile() -> None:
    state = build({"H7": "0k", "K7": "r", "L7": "1g"})
    after = play(state, "tile red J7")
    assert not events_of(after, "vp")
    assert [e["type"] for e in after.events] == ["tile_placed", "unification",
                                                "unification_returned"]
    assert after.unification is None and after.pending is None
