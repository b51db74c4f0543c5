"""The client's own LAN host says when it set an unreadable autosave aside (issue 24, item
4): the seat table shows the reader's reason and the file's new name above its log."""

from __future__ import annotations

import time

import pytest
from timing import scaled

from game.app import App
from game.scenes.lobby import LAN, LobbyScene
from game.scenes.lobby_host import HostSetupScene
from game.scenes.lobby_seats import SeatTableScene
from game.scenes.title import TitleScene
from game.settings import Settings
from game.tigris.driver import Driver
from net import storage


@pytest.fixture(autouse=True)
def lan(tmp_path, monkeypatch):
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path))
    monkeypatch.setattr(LAN, "bind", "127.0.0.1")
    monkeypatch.setattr(LAN, "discovery", False)
    return tmp_path


@pytest.fixture
def app():
    application = App(size=(1280, 800), fullscreen=False, settings=Settings(sound=False),
                      animation_speed="off", persist_settings=False)
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def test_the_seat_table_shows_the_set_aside_autosave(app, lan):
    autosave = lan / "lan" / "host-autosave.json"
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text("[1, 2")
    driver = Driver(app)
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "lan")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    driver.press_button(lobby, "host")
    setup = app.stack.top
    assert isinstance(setup, HostSetupScene)
    for _ in range(5):
        driver.key("backspace")
    driver.type("0")
    driver.press_button(setup, "start")
    seats = app.stack.top
    assert isinstance(seats, SeatTableScene), setup.message
    deadline = time.monotonic() + scaled(10.0)
    while not seats.warning:
        assert time.monotonic() < deadline, "no word of the set-aside autosave"
        driver.frames(1)
    [kept] = [p for p in autosave.parent.iterdir() if ".corrupt-" in p.name]
    assert "it is not JSON" in seats.warning and kept.name in seats.warning
    driver.frames(2)   # drawn above the log
