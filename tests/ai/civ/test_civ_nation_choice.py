"""What the arena reports of each nation in a game of six (issue 23's nation balance): beside
the win share, a nation's score against its games' mean score, a steadier sign."""

from __future__ import annotations

from ai.civ.arena import report


def test_the_arena_gives_each_nation_its_score_against_its_games_mean() -> None:
    games = [{"seats egypt": 1.0, "share egypt": 1.0, "score egypt": 1.5, "score2 egypt": 2.25,
              "ast egypt": 9.0, "turn": 40.0},
             {"seats egypt": 1.0, "share egypt": 0.0, "score egypt": 0.5, "score2 egypt": 0.25,
              "ast egypt": 7.0, "turn": 40.0}]
    line = next(line for line in report(games, 6) if line.startswith("  egypt"))
    # mean 1.0, sample spread 0.707, half width 1.96 * 0.707 / sqrt(2) = 0.98
    assert "2 games  50.0%" in line and "score 1.00 [0.02–1.98]" in line
    assert line.endswith("A.S.T. 8.0")
