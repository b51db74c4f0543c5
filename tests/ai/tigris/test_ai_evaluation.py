"""The pieces under the bots: sampling hidden tiles, odds, and the evaluation's arithmetic."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine.tigris as engine
from ai.tigris.analysis import Analysis
from ai.tigris.determinize import chance_at_least, sample_hidden, sample_state, unseen_pool
from ai.tigris.evaluation import Context, evaluate, water_fill
from ai.tigris.geometry import BLACK, RED, SQUARE_INDEX
from positions import placed_at_random

TILES = {"red": 57, "blue": 36, "green": 30, "black": 30}


def played(seed: int, plies: int) -> engine.State:
    return placed_at_random(seed, plies)


def test_water_fill_raises_the_lowest_colours_first() -> None:
    """R12.1: three treasures on 0, 2, 5, 9 make 2.5, 2.5, 5, 9."""
    assert water_fill([9, 0, 5, 2], 3) == pytest.approx([2.5, 2.5, 5, 9])
    assert water_fill([1, 1, 1, 1], 8) == pytest.approx([3, 3, 3, 3])
    assert water_fill([4, 0, 0, 0], 0) == [0, 0, 0, 4]


def test_chance_at_least() -> None:
    assert chance_at_least(0, RED, 6, [10, 0, 0, 0]) == 1.0
    assert chance_at_least(1, RED, 6, [10, 0, 0, 0]) == 1.0
    assert chance_at_least(1, RED, 6, [0, 10, 10, 10]) == 0.0
    # one red among two tiles, one drawn: even odds
    assert chance_at_least(1, RED, 1, [1, 1, 0, 0]) == pytest.approx(0.5)
    assert chance_at_least(7, RED, 6, [57, 0, 0, 0]) == 0.0


def test_unseen_pool_is_what_the_viewer_cannot_locate() -> None:
    state = played(2, 40)
    view = state.view(state.to_move)
    pool = unseen_pool(view)
    on_board = Counter(c["tile"] for c in view["board"].values() if "tile" in c)
    mine = Counter(view["players"][view["viewer"]]["hand"])
    for i, color in enumerate(engine.COLORS):
        assert pool[i] == TILES[color] - on_board[color] - mine[color]


def test_samples_fit_the_view() -> None:
    state = played(3, 50)
    seat = state.to_move
    view = state.view(seat)
    rng = random.Random(1)
    hands, bag = sample_hidden(view, rng)
    assert hands[seat] is None
    assert len(bag) == view["bag_size"]
    for i, p in enumerate(view["players"]):
        if i != seat:
            assert len(hands[i]) == p["hand_size"]
    sampled = sample_state(view, rng)
    assert sampled.view(seat) == view
    assert sampled.legal_actions() == state.legal_actions()


def test_two_player_values_are_zero_sum() -> None:
    state = played(4, 60)
    view = state.view(state.to_move)
    values = evaluate(state.to_dict(), Context.from_view(view))
    assert values[0] == pytest.approx(-values[1])


def test_a_leader_on_the_board_is_worth_more_than_one_in_the_supply() -> None:
    state = engine.new_game(2, 5)
    seat = state.to_move
    ctx = Context.from_view(state.view(seat))
    before = evaluate(state.to_dict(), ctx)[seat]
    square = state.legal_squares("leader", "black")[0]
    after = evaluate(state.apply({"type": "leader", "color": "black", "to": square}).to_dict(),
                     ctx)[seat]
    assert after > before


def test_analysis_finds_the_kingdom_and_its_scorer() -> None:
    state = engine.new_game(2, 5)
    seat = state.to_move
    square = state.legal_squares("leader", "black")[0]
    after = state.apply({"type": "leader", "color": "black", "to": square})
    board = Analysis(after.to_dict())
    region = board.label[SQUARE_INDEX[square]]
    assert board.regions[region].leaders == [SQUARE_INDEX[square]]
    assert board.scorer(region, RED) == seat  # R5.2: the king scores colours with no leader
    assert board.scorer(region, BLACK) == seat
