"""`ziggurat arena`: short real runs of Tigris & Euphrates' levels."""

from __future__ import annotations

import argparse

import pytest

from ziggurat_cli import arena


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
