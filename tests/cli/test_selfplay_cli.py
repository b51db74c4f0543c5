"""The `ziggurat selfplay` command."""

from __future__ import annotations

import pytest

from ziggurat_cli.main import main


def test_selfplay_prints_speed_and_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "3", "--players", "3", "--mixed-options"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "decisions/s" in out
    assert "invariant failures: 0" in out
    assert "ended by:" in out and "final score" in out
