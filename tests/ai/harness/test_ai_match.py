"""One game between bots, on Tiny: every seat plays its own level to the end."""

from __future__ import annotations

from types import ModuleType

import pytest

import ai.match
from ai.match import play_game


def test_a_match_plays_to_the_end_with_each_seat_seeing_its_own_view(tiny: ModuleType) -> None:
    result = play_game(tiny, ["greedy", "random", "greedy"], 7, 0.01)
    assert result.levels == ["greedy", "random", "greedy"] and result.seed == 7
    assert sorted(s for place in result.ranking for s in place) == [0, 1, 2]
    assert len(result.scores) == 3 and max(result.scores) > 0
    assert result.plies > 0
    assert result.timings["greedy"].count + result.timings["random"].count == result.plies


def test_a_match_is_a_function_of_its_seed(tiny: ModuleType) -> None:
    first = play_game(tiny, ["random", "random"], 3, 0.01)
    again = play_game(tiny, ["random", "random"], 3, 0.01)
    other = [play_game(tiny, ["random", "random"], seed, 0.01) for seed in range(4, 8)]
    assert (first.ranking, first.scores, first.plies) == (again.ranking, again.scores, again.plies)
    assert any((r.scores, r.plies) != (first.scores, first.plies) for r in other)


def test_shares_split_a_win_among_tied_winners(tiny: ModuleType) -> None:
    result = play_game(tiny, ["greedy", "random"], 1, 0.01)
    result.ranking = [[0, 1]]
    assert result.shares() == [0.5, 0.5]
    result.ranking = [[1], [0]]
    assert result.shares() == [0.0, 1.0]


def test_greedy_beats_random_over_forty_games(tiny: ModuleType) -> None:
    """The harness gives a game's own level the edge it has: no seat order or seed bias."""
    wins = 0.0
    for seed in range(20):
        for levels in (["greedy", "random"], ["random", "greedy"]):
            wins += play_game(tiny, levels, seed, 0.01).shares()[levels.index("greedy")]
    assert wins > 24


def test_a_game_that_does_not_end_is_reported(tiny: ModuleType,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.match, "MAX_PLIES", 3)
    with pytest.raises(RuntimeError, match="passed 3 actions"):
        play_game(tiny, ["random", "random"], 1, 0.01)
