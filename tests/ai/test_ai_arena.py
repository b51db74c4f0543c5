"""`ziggurat arena`: the schedule, the statistics, and a short real run."""

from __future__ import annotations

import argparse
from collections import Counter

import pytest

from ai.stats import wilson
from ai.tournament import schedule
from ziggurat_cli import arena


def test_two_player_schedule_plays_each_deal_from_both_seats() -> None:
    fixtures = schedule(["hard", "medium", "easy"], 2, 4, seed=10)
    assert len(fixtures) == 3 * 4
    pair = [f for f in fixtures if set(f.levels) == {"hard", "medium"}]
    assert [f.levels for f in pair] == [("hard", "medium"), ("medium", "hard")] * 2
    assert [f.seed for f in pair] == [10, 10, 11, 11]


def test_four_player_schedule_rotates_the_seats() -> None:
    fixtures = schedule(["hard", "medium", "easy", "random"], 4, 8, seed=0)
    first_seats = Counter(f.levels[0] for f in fixtures)
    assert first_seats == {"hard": 2, "medium": 2, "easy": 2, "random": 2}
    assert all(sorted(f.levels) == sorted(["hard", "medium", "easy", "random"])
               for f in fixtures)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.404, abs=1e-3) and hi == pytest.approx(0.596, abs=1e-3)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and lo == pytest.approx(0.839, abs=1e-3)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    arena.configure(parser)
    return parser.parse_args(argv)


def test_a_short_two_player_arena(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.run(parse(["--bots", "easy,random", "--games", "2", "--jobs", "1",
                            "--budget", "0.05"]))
    out = capsys.readouterr()
    assert code == 0
    assert "easy vs random" in out.out
    assert "95% CI" in out.out
    assert "decision time" in out.out
    assert "2/2 games" in out.err


def test_a_short_four_player_arena_in_processes(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.run(parse(["--bots", "random,easy", "--players", "4", "--games", "2",
                            "--jobs", "2", "--budget", "0.05"]))
    out = capsys.readouterr().out
    assert code == 0
    assert "win share" in out and "easy" in out and "random" in out


def test_unknown_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.run(parse(["--bots", "easy,grandmaster"])) == 2
