"""The registry finds a game's levels in `ai/<game id>/` by name; random plays any game."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import ai
import engine
from ai.random_bot import RandomBot


def test_levels_are_random_then_the_games_own(tiny: ModuleType) -> None:
    assert ai.levels(tiny.ID) == ("random", "greedy")
    assert ai.default_level(tiny.ID) == "greedy"
    assert ai.levels("tigris") == ("random", "easy", "medium", "hard")
    assert ai.default_level("tigris") == "medium"


def test_every_registered_game_has_computer_players() -> None:
    for game_id in engine.games():
        assert ai.levels(game_id)[0] == "random"
        assert ai.default_level(game_id) in ai.levels(game_id)


def test_make_bot_builds_the_games_level_and_the_shared_random(tiny: ModuleType) -> None:
    assert ai.make_bot(tiny.ID, "greedy", 1).level == "greedy"
    bot = ai.make_bot(tiny.ID, "random", 1)
    assert isinstance(bot, RandomBot)


def test_the_random_level_plays_any_game_through_its_legal_actions(tiny: ModuleType) -> None:
    state = tiny.new_game(4, 2)
    bots = [ai.make_bot(tiny.ID, "random", seat) for seat in range(4)]
    seen = set()
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        assert ai.legal_actions(tiny.ID, view) == state.legal_actions()
        action = bots[seat].choose(view, 0.0)
        seen.add(action["type"])
        state = state.apply(action)
    assert seen == {"play", "draw", "snap", "pass"}


def test_a_seeded_random_bot_repeats_itself(tiny: ModuleType) -> None:
    state = tiny.new_game(2, 9)
    view = state.view(state.to_move)
    picks = [ai.make_bot(tiny.ID, "random", 5).choose(view, 0.0) for _ in range(2)]
    expected = random.Random(5).choice(state.legal_actions())
    assert picks == [expected, expected]


@pytest.mark.parametrize("game_id", ["chess", "worker", "match", "Tigris!", 7])
def test_a_game_without_computer_players_is_refused(game_id: object) -> None:
    with pytest.raises(ValueError, match="no computer players for game"):
        ai.levels(game_id)  # type: ignore[arg-type]


def test_an_unknown_level_names_the_games_levels(tiny: ModuleType) -> None:
    with pytest.raises(ValueError, match="'hard' for tiny: use one of random, greedy"):
        ai.make_bot(tiny.ID, "hard", 1)
    with pytest.raises(ValueError, match="use one of random, easy, medium, hard"):
        ai.make_bot("tigris", "greedy", 1)
