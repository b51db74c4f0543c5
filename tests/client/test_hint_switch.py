"""The set-up's Hints switch (issue 25): on against the computer, off in pass-and-play
unless switched on, kept with the game's seats in its save (never in the record), so a
continued game keeps it; the table's Hint button is there only when it is on. Hosting
a LAN game offers no switch, and a LAN game no hints (the others would not know)."""

from __future__ import annotations

import json

from support.apps import make_app

from game.app import App
from game.lan_session import LanGame
from game.savegame import from_json, to_json
from game.scenes.flow import continue_game
from game.scenes.handover import HandoverScene
from game.scenes.lobby_host import HostSetupScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.session import GameSession
from game.tigris.driver import Driver
from game.tigris.scenes.table import TableScene


def setup_screen(app: App, driver: Driver) -> SetupScene:
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "new_game")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    driver.press_button(setup, "count:2")
    return setup


def started(app: App, driver: Driver, setup: SetupScene) -> TableScene:
    driver.press_button(setup, "start")
    driver.frames(2)
    if isinstance(app.stack.top, HandoverScene):
        driver.press_button(app.stack.top, "confirm")
        driver.frames(2)
    table = app.stack.find(TableScene)
    assert isinstance(table, TableScene)
    return table


def play_once(driver: Driver, table: TableScene) -> None:
    """An action, so the game is worth a save: End turn, pressed twice (R4.1's pass asks)."""
    driver.press_button(table, "end_turn")
    driver.frames(2)
    if not table.session.record["actions"]:
        driver.press_button(table, "end_turn")
        driver.frames(2)
    assert table.session.record["actions"]


def test_hints_are_on_against_the_computer_by_default(data_dir):
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        setup = setup_screen(app, driver)
        if setup.kinds[1] != "computer":
            driver.press_button(setup, "kind:1")
        assert setup.buttons.get("hints") is not None and setup.hints_on()
        table = started(app, driver, setup)
        assert table.session.hints_on and table.buttons.get("hint") is not None
    finally:
        app.close()


def test_pass_and_play_has_no_hint_button_unless_switched_on_and_continue_keeps_it(data_dir):
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        setup = setup_screen(app, driver)
        if setup.kinds[1] != "human":
            driver.press_button(setup, "kind:1")
        assert not setup.hints_on(), "off between people by default"
        table = started(app, driver, setup)
        assert not table.session.hints_on
        assert table.buttons.get("hint") is None, "no Hint button when the switch is off"
        table.hint.ask()
        assert [seat.hints for seat in table.session.seats] == [0, 0], "nothing asked"
        play_once(driver, table)
        path = table.session.path
        app.saver.flush()
        saved = json.loads(path.read_text())
        assert saved["hints_on"] is False and "hints_on" not in saved["record"]
        assert continue_game(app, path) is None
        driver.frames(2)
        again = app.stack.find(TableScene)
        assert isinstance(again, TableScene) and again is not table
        assert not again.session.hints_on and again.buttons.get("hint") is None
    finally:
        app.close()


def test_pass_and_play_switched_on_offers_hints_and_continue_keeps_them(data_dir):
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        setup = setup_screen(app, driver)
        if setup.kinds[1] != "human":
            driver.press_button(setup, "kind:1")
        driver.press_button(setup, "hints")
        assert setup.hints_on()
        table = started(app, driver, setup)
        assert table.session.hints_on and table.buttons.get("hint") is not None
        play_once(driver, table)
        path = table.session.path
        app.saver.flush()
        assert "hints_on" not in json.loads(path.read_text()), "on is the default a save reads"
        assert continue_game(app, path) is None
        driver.frames(2)
        again = app.stack.find(TableScene)
        assert isinstance(again, TableScene) and again.session.hints_on
        assert again.buttons.get("hint") is not None
    finally:
        app.close()


def test_the_switch_survives_a_save_read_and_an_older_save_offers_hints():
    session = GameSession.new(2, 4, {}, [], hints_on=False)
    data = to_json(session.saved())
    assert from_json(json.loads(json.dumps(data))).hints_on is False
    del data["hints_on"]
    assert from_json(data).hints_on is True


def test_hosting_a_lan_game_offers_no_switch_and_a_lan_game_no_hints(data_dir):
    app = make_app((1280, 800))
    try:
        host = HostSetupScene(app)
        app.push(host)
        Driver(app).frames(2)
        assert host.buttons.get("hints") is None
        assert LanGame.hints_on is False
    finally:
        app.close()
