"""The `ziggurat selfplay` command."""

from __future__ import annotations

import pytest

import engine.civ as civ
from engine import Refusal
from ziggurat_cli.main import main


def test_selfplay_prints_speed_and_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "3", "--players", "3", "--mixed-options"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "decisions/s" in out
    assert "invariant failures: 0" in out
    assert "ended by:" in out and "final score" in out


def test_selfplay_civ_plays_checked_random_games_and_sums_them_up(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "civ", "--games", "2", "--players", "3", "--turns", "8"]) == 0
    out = capsys.readouterr().out
    assert "2 games of 3 players" in out and "games/s" in out and "decisions/s" in out
    assert "invariant failures: 0" in out
    assert "ended by: A.S.T. finish 0, turn limit 2" in out
    assert "A.S.T. space at the end: average" in out
    assert "proposals" in out and "trades made" in out
    assert "1 games with a late seat, 1 entered" in out  # A36.2: the second game's last seat


def test_A2_selfplay_civ_reports_a_broken_invariant_with_its_seed_and_record(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def lose_a_card(pos: object) -> None:
        raise civ.BadPosition(Refusal("position/breaks_rule", {}, "a card went missing"))

    monkeypatch.setattr(civ, "check_accounting", lose_a_card)
    assert main(["selfplay", "civ", "--games", "1", "--players", "2", "--turns", "2",
                 "--seed", "7"]) == 1
    out = capsys.readouterr().out
    assert "invariant failures: 1" in out
    assert "FAILED seed 7 after 1 decisions: a card went missing" in out
    assert 'record: {"game": "civ"' in out


def test_selfplay_refuses_what_tigris_cannot_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "tigris", "--players", "6"]) == 2
    assert main(["selfplay", "tigris", "--turns", "5"]) == 2
    assert main(["selfplay", "civ", "--turns", "0"]) == 2
    out = capsys.readouterr().out
    assert "2 to 4 players, not 6" in out and "--turns is for civ" in out
