"""The play command's flags hold for the run they are given to (issue 12, bugs 3 and 7)."""

from __future__ import annotations

from typing import Any

import pytest

from game import i18n, main, settings
from game.players import default_level


def run_table(monkeypatch: pytest.MonkeyPatch, *flags: str) -> dict[str, Any]:
    """Runs `ziggurat play` with flags for two frames; what the table and i18n showed."""
    seen: dict[str, Any] = {}

    def two_frames(app: Any) -> int:
        app.run_frames(2)
        seen["seats"] = [(s.kind, s.level) for s in app.stack.top.session.seats]
        seen["language"] = i18n.current_language()
        app.close()
        return 0

    monkeypatch.setattr("game.app.App.run", two_frames)
    assert main.run(["--windowed", "--size", "800x480", "--seed", "3", *flags]) == 0
    return seen


def test_seats_computer_plays_the_setup_screens_level(data_dir, monkeypatch):
    seen = run_table(monkeypatch, "--seats", "human,computer")
    assert seen["seats"][1] == ("computer", default_level("tigris"))


def test_seats_name_a_computers_level(data_dir, monkeypatch):
    seen = run_table(monkeypatch, "--seats", "human,computer:hard,computer:random")
    assert [level for _, level in seen["seats"][1:]] == ["hard", "random"]


def test_seats_with_an_unknown_level_says_which_levels_there_are(data_dir, capsys):
    assert main.run(["--seats", "human,computer:genius"]) == 2
    err = capsys.readouterr().err
    assert "'computer:genius'" in err and "hard" in err


def test_lang_flag_is_for_this_run_only(data_dir, monkeypatch):
    settings.save(settings.Settings(language="da"))
    seen = run_table(monkeypatch, "--seats", "human,computer", "--lang", "fi")
    assert seen["language"] == "fi"
    assert settings.load().language == "da"


def test_lang_flag_survives_a_change_of_another_setting(data_dir, monkeypatch):
    from game.app import App

    app = App(size=(800, 480), language="fi")
    try:
        app.settings.sound = False
        app.save_settings()
        assert i18n.current_language() == "fi" and settings.load().language == "en"
        app.choose_language("es")
        assert i18n.current_language() == "es" and settings.load().language == "es"
    finally:
        app.close()
        i18n.set_language("en")
