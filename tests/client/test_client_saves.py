"""Autosave, Continue, corrupt saves, settings, undo by replay, and the entry point."""

from __future__ import annotations

import json

import pytest
from support.apps import make_app

from game import savegame, savelist, settings, storage
from game.savegame import SeatConfig
from game.session import GameSession
from game.tigris.driver import Driver


def test_atomic_write_leaves_no_temp_files(data_dir):
    path = data_dir / "x.json"
    storage.write_json_atomic(path, {"a": 1})
    storage.write_json_atomic(path, {"a": 2})
    assert json.loads(path.read_text()) == {"a": 2}
    assert [p.name for p in data_dir.iterdir()] == ["x.json"]


def test_save_and_continue_round_trip(data_dir):
    from game.scenes.flow import start_new_game
    from game.scenes.title import TitleScene
    from game.tigris.scenes.table import TableScene

    app = make_app()
    try:
        table = start_new_game(app, ["human", "computer"], seed=21)
        state = table.session.state
        for _ in range(3):
            actions = [a for a in state.legal_actions() if a["type"] == "tile"]
            table.act(actions[0])
            app.run_frames(5)
            state = table.session.state
        digest = table.session.state.digest()
        count = len(table.session.record["actions"])
        app.saver.flush()
        assert savelist.newest() == table.session.path
        app.replace(TitleScene(app))
        app.run_frames(1)
        Driver(app).press_button(app.stack.top, "continue")
        resumed = app.stack.top
        assert isinstance(resumed, TableScene)
        assert resumed.session.state.digest() == digest
        assert len(resumed.session.record["actions"]) == count
    finally:
        app.close()


@pytest.mark.parametrize("content", ["{not json", json.dumps([1, 2]),
                                     json.dumps({"format": "tigris-save", "record": {
                                         "players": 2, "seed": 1, "options": {},
                                         "actions": [{"type": "tile", "color": "red",
                                                      "to": "Z99"}]}})])
def test_corrupt_save_gets_a_message_not_a_crash(data_dir, content):
    from game.scenes.title import TitleScene

    (data_dir / "autosave.json").write_text(content)
    app = make_app()
    try:
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(1)
        Driver(app).press_button(title, "continue")
        assert app.stack.top is title
        assert title.message
        assert not (data_dir / "autosave.json").exists(), "the bad save is set aside"
        assert list(data_dir.glob("autosave.corrupt-*.json"))
        app.run_frames(2)
    finally:
        app.close()


def test_settings_survive_bad_values(data_dir):
    (data_dir / "settings.json").write_text(json.dumps(
        {"language": "xx", "animation_speed": "warp", "sound": "loud", "fullscreen": True,
         "thinking_time": 60, "unknown": 1}))
    s = settings.load()
    assert s.language == "en" and s.animation_speed == "normal" and s.sound is True
    assert s.fullscreen is True
    assert s.thinking_time == settings.DEFAULT_THINKING_TIME
    s.language = "fi"
    s.thinking_time = 0.5
    settings.save(s)
    assert settings.load().language == "fi"
    assert settings.load().thinking_time == 0.5


@pytest.mark.parametrize("bad, kept", [(7, ""), ("tab\there", ""), ("  Ana  ", "Ana"),
                                       ("x" * 50, "x" * settings.NAME_LIMIT)])
def test_player_name_is_a_short_printable_string(data_dir, bad, kept):
    (data_dir / "settings.json").write_text(json.dumps({"player_name": bad}))
    assert settings.load().player_name == kept


@pytest.mark.parametrize("bad", ["1.5", True, None, [1.5]])
def test_thinking_time_of_the_wrong_type_is_the_default(data_dir, bad):
    (data_dir / "settings.json").write_text(json.dumps({"thinking_time": bad}))
    assert settings.load().thinking_time == settings.DEFAULT_THINKING_TIME


def play_tile(session: GameSession) -> None:
    action = next(a for a in session.state.legal_actions() if a["type"] == "tile")
    session.apply(action)


def test_undo_takes_back_own_actions_of_the_turn(data_dir):
    session = GameSession.new(2, 5, {}, [SeatConfig("human"), SeatConfig("human")])
    seat = session.state.to_move
    start = session.state.digest()
    assert not session.can_undo(seat)
    play_tile(session)
    while session.state.to_dict()["pending"]:
        session.apply(session.state.legal_actions()[0])
    if session.state.to_move == seat:
        assert session.can_undo(seat)
        assert session.undo(seat)
        assert session.state.digest() == start
        assert session.record["actions"] == []


def test_no_undo_after_a_swap_or_for_another_seat(data_dir):
    session = GameSession.new(2, 6, {}, [SeatConfig("human"), SeatConfig("human")])
    seat = session.state.to_move
    swap = next(a for a in session.state.legal_actions() if a["type"] == "swap")
    session.apply(swap)
    assert not session.can_undo(seat), "a swap shows new tiles"
    session.apply({"type": "pass"})
    other = session.state.to_move
    assert other != seat
    assert not session.can_undo(seat) and not session.can_undo(other)


def test_undo_button_at_the_table(data_dir):
    from game.scenes.flow import start_new_game

    app = make_app((1280, 800))
    try:
        table = start_new_game(app, ["human", "computer"], seed=9)
        driver = Driver(app)
        app.run_frames(2)
        while table.session.state.to_move != 0:
            app.run_frames(1)
        before = table.session.state.digest()
        action = next(a for a in table.session.state.legal_actions()
                      if a["type"] == "leader")
        table.act(action)
        app.run_frames(2)
        # The move's save on disk first: else the undo's save (of no action) may replace it
        # while still pending, and a game of no action is never written (savegame.worth_writing).
        app.saver.flush()
        assert savegame.load(table.session.path).record["actions"] == [action]
        if table.dialog is not None:
            driver.press_button(table.dialog, "undo")
        else:
            driver.press_button(table, "undo")
        assert table.session.state.digest() == before
        app.saver.flush()
        on_disk = savegame.load(table.session.path)
        assert on_disk.record["actions"] == table.session.record[
            "actions"]
    finally:
        app.close()


def test_run_without_display_explains_itself(monkeypatch, capsys):
    from game import main

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(main.sys, "platform", "linux")
    assert main.run(["--windowed"]) != 0
    err = capsys.readouterr().err
    assert "DISPLAY" in err and "Traceback" not in err


def test_bad_arguments_are_reported(capsys):
    from game import main

    assert main.run(["--size", "huge"]) == 2
    assert main.run(["--seats", "human,robot"]) == 2
    assert "--seats" in capsys.readouterr().err
    assert main.run(["--thinking-time", "soon"]) == 2
    assert main.run(["--thinking-time", "60"]) == 2
    assert capsys.readouterr().err.count("--thinking-time") == 2


def test_run_plays_frames_with_seats(data_dir, monkeypatch):
    """The entry point opens a table straight from --seats and quits cleanly."""
    from game import main

    seen = []
    monkeypatch.setattr("game.app.App.run", lambda self: (
        seen.append(self.thinking_time), self.run_frames(2), self.close(), 0)[3])
    assert main.run(["--windowed", "--size", "800x480", "--seats", "human,computer",
                     "--seed", "3", "--lang", "fi", "--thinking-time", "0.5"]) == 0
    assert seen == [0.5]


def test_replay_flag_opens_a_record_or_explains(data_dir, monkeypatch, tmp_path):
    from game import main
    from game.scenes.replay import ReplayScene
    from game.scenes.title import TitleScene

    seen: list[object] = []

    def fake_run(self):
        self.run_frames(2)
        seen.append(self.stack.top)
        self.close()
        return 0

    monkeypatch.setattr("game.app.App.run", fake_run)
    record = {"version": 1, "players": 2, "seed": 4, "options": {},
              "actions": [{"type": "pass"}, {"type": "pass"}]}
    good = tmp_path / "record.json"
    good.write_text(json.dumps(record))
    assert main.run(["--windowed", "--size", "800x480", "--replay", str(good)]) == 0
    assert isinstance(seen[-1], ReplayScene)
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert main.run(["--windowed", "--size", "800x480", "--replay", str(bad)]) == 0
    assert isinstance(seen[-1], TitleScene) and seen[-1].message
