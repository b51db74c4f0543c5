"""Saved files that once crashed the program (issue 13): each one read through the shared
reader, which names the file and the problem and sets the file aside.

The two contents are the issue's: a JSON integer of 5,000 digits (a ValueError from
Python's digit limit) and an array nested 100,000 deep (a RecursionError).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

import datafiles
from game import main, savegame, settings, storage
from game.app import App
from game.savegame import SavedGame, SeatConfig
from game.scenes.replay import ReplayPicker
from game.scenes.title import TitleScene
from game.settings import Settings
from net.storage import AUTOSAVE_FORMAT
from ziggurat_cli.main import main as ziggurat

HUGE_NUMBER = '{"players": ' + "7" * 5000 + "}"
DEEP_NESTING = "[" * 100_000 + "]" * 100_000
BAD_CONTENTS = {"huge number": HUGE_NUMBER, "deep nesting": DEEP_NESTING}


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(datafiles.ENV_DATA_DIR, str(tmp_path))
    return tmp_path


@pytest.fixture
def screens(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """`play` runs a few frames instead of its loop; the list gets the scene it ended on."""
    seen: list[object] = []

    def run_briefly(self: App) -> int:
        self.run_frames(2)
        seen.append(self.stack.top)
        self.close()
        return 0

    monkeypatch.setattr("game.app.App.run", run_briefly)
    yield seen


def set_aside_beside(path: Path) -> list[Path]:
    return [p for p in path.parent.iterdir() if datafiles.is_set_aside(p)
            and p.name.startswith(path.stem)]


@pytest.mark.parametrize("content", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_play_starts_with_default_settings_and_a_notice(data_dir: Path, content: str,
                                                        screens: list[object]) -> None:
    path = data_dir / "settings.json"
    path.write_text(content)
    assert main.run(["--windowed", "--size", "800x480"]) == 0
    title = screens[-1]
    assert isinstance(title, TitleScene) and "settings.json" not in title.message
    assert title.message.startswith("The settings could not be read")
    assert not path.exists() and len(set_aside_beside(path)) == 1
    assert settings.read() == (Settings(), None), "the next start is clean"


@pytest.mark.parametrize("content", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_play_resume_with_a_bad_autosave_opens_the_title_with_the_reason(
        data_dir: Path, content: str, screens: list[object]) -> None:
    path = savegame.autosave_path()
    path.write_text(content)
    assert main.run(["--windowed", "--size", "800x480", "--resume"]) == 0
    title = screens[-1]
    assert isinstance(title, TitleScene)
    assert title.message.startswith("The saved game could not be read")
    assert not path.exists() and len(set_aside_beside(path)) == 1
    assert main.run(["--windowed", "--size", "800x480", "--resume"]) == 0
    assert isinstance(screens[-1], TitleScene) and not screens[-1].message


@pytest.mark.parametrize("content", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_play_replay_of_a_bad_file_opens_the_title_with_the_reason(
        data_dir: Path, tmp_path: Path, content: str, screens: list[object]) -> None:
    path = tmp_path / "finished.json"
    path.write_text(content)
    assert main.run(["--windowed", "--size", "800x480", "--replay", str(path)]) == 0
    title = screens[-1]
    assert isinstance(title, TitleScene) and "finished.json" in title.message
    assert not path.exists() and len(set_aside_beside(path)) == 1


@pytest.mark.parametrize("content", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_host_resume_with_a_bad_autosave_says_why_and_exits(
        tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "host-autosave.json"
    path.write_text(content)
    assert ziggurat(["host", "tigris", "--port", "0", "--no-discovery",
                     "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ziggurat host: host-autosave.json: the LAN autosave is unusable")
    assert "Traceback" not in err
    assert not path.exists() and len(set_aside_beside(path)) == 1
    assert f"set aside as {set_aside_beside(path)[0]}" in err, "issue 24: says its new name"


def test_host_resume_refuses_an_autosave_of_the_wrong_shape(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "host-autosave.json"
    path.write_text(json.dumps({"format": AUTOSAVE_FORMAT, "record": {}, "seats": [],
                                "host_seat": None, "name": "x", "port": [1]}))
    assert ziggurat(["host", "tigris", "--port", "0", "--no-discovery",
                     "--resume", str(path)]) == 2
    assert "must be a game record" in capsys.readouterr().err


def test_the_replay_list_names_a_bad_game_as_set_aside_and_then_forgets_it(
        data_dir: Path) -> None:
    good = savegame.archive(SavedGame({"players": 2, "seed": 4, "options": {}, "actions": []},
                                      [SeatConfig(), SeatConfig()]))
    bad = storage.games_dir() / "game-20990101-120000-1.json"
    bad.write_text(HUGE_NUMBER)
    app = App(size=(800, 480), fullscreen=False, settings=Settings(sound=False),
              animation_speed="off", persist_settings=False, sync_computers=True)
    try:
        picker = ReplayPicker(app)
        assert picker.paths == [bad, good]
        assert picker._label(bad) == "2099-01-01 12:00: unreadable, set aside"
        assert ReplayPicker(app).paths == [good]
    finally:
        app.close()
    assert not bad.exists() and len(set_aside_beside(bad)) == 1


def test_a_file_larger_than_its_kind_allows_is_set_aside_unread(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "x" * datafiles.SETTINGS.max_bytes}))
    with pytest.raises(datafiles.UnreadableFile, match="larger than a settings file"):
        datafiles.read_json(path, datafiles.SETTINGS, dict)
    assert not path.exists() and len(set_aside_beside(path)) == 1


def test_an_unreadable_file_is_named_but_left_where_it_is(tmp_path: Path) -> None:
    """A folder where a file should be is no bad content: nothing is moved."""
    path = tmp_path / "settings.json"
    path.mkdir()
    with pytest.raises(datafiles.UnreadableFile, match="cannot be read") as refused:
        datafiles.read_json(path, datafiles.SETTINGS, dict)
    assert refused.value.set_aside_to is None and path.is_dir()


def test_two_files_set_aside_in_one_second_both_stay(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    kept = []
    for content in ("[", "{"):
        path.write_text(content)
        with pytest.raises(datafiles.UnreadableFile) as refused:
            datafiles.read_json(path, datafiles.SAVE, dict)
        kept.append(refused.value.set_aside_to)
    assert all(p is not None and p.exists() for p in kept) and kept[0] != kept[1]


def test_a_finished_game_that_does_not_replay_is_set_aside_when_opened(
        data_dir: Path, tmp_path: Path, screens: list[object]) -> None:
    record = {"players": 2, "seed": 4, "options": {},
              "actions": [{"type": "tile", "color": "red", "to": "Z99"}]}
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(record))
    assert main.run(["--windowed", "--size", "800x480", "--replay", str(path)]) == 0
    title = screens[-1]
    assert isinstance(title, TitleScene) and "action 1" in title.message
    assert not path.exists() and len(set_aside_beside(path)) == 1
