"""The suite's command: `ziggurat` (also `tigris`), with the game after the sub-command."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from ziggurat_cli.main import game_word_as_option, main

REPO = Path(__file__).resolve().parents[2]


def test_both_command_names_open_the_same_program() -> None:
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["ziggurat"] == scripts["tigris"] == "ziggurat_cli.main:main"


def test_the_game_is_the_word_after_the_sub_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "tigris", "--games", "1", "--players", "2"]) == 0
    assert "invariant failures: 0" in capsys.readouterr().out


def test_the_game_word_is_the_same_as_the_option() -> None:
    assert game_word_as_option(["selfplay", "civ", "--games", "2"]) == [
        "selfplay", "--game", "civ", "--games", "2"]
    assert game_word_as_option(["play", "--", "--tabletop"]) == ["play", "--", "--tabletop"]
    assert game_word_as_option(["join", "10.0.0.2:5555"]) == ["join", "10.0.0.2:5555"]


def test_a_game_a_sub_command_cannot_run_is_refused_by_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["selfplay", "chess"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'chess'" in err and "tigris" in err


def test_the_program_names_itself_ziggurat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: ziggurat")


def test_play_hands_a_named_game_to_the_client_and_none_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import game.main

    seen: list[list[str]] = []
    monkeypatch.setattr(game.main, "run", lambda argv: seen.append(argv) or 0)
    assert main(["play", "tigris", "--", "--tabletop"]) == 0
    assert main(["play", "--", "--tabletop"]) == 0
    assert seen == [["--game", "tigris", "--tabletop"], ["--tabletop"]]


def test_the_client_takes_the_game_for_this_run() -> None:
    import game.main

    assert game.main.parse_args(["--game", "tigris"]).game == "tigris"
    with pytest.raises(SystemExit):
        game.main.parse_args(["--game", "chess"])
