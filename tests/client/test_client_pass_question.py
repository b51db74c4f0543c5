"""Issue 21, bug 6: "End turn" with actions left passed them silently (R4.1 lets a turn end
early). The button now says what it gives up, "Pass (2 actions left)", and the first press
asks (the button turns into "Press again to pass"); the setting "Ask before passing
actions" turns the question off. Played through taps, keys and the tabletop's panels."""

from __future__ import annotations

import random

from support.apps import make_app

from game.i18n import t, tn
from game.scenes.flow import start_new_game
from game.tigris.driver import Driver
from game.tigris.scenes.table import TableScene
from game.tigris.tabletop_driver import TabletopDriver


def _open(size: tuple[int, int] = (1280, 800)) -> tuple[Driver, TableScene]:
    app = make_app(size)
    driver = Driver(app)
    table = start_new_game(app, ["human", "computer"], seed=5)
    driver.frames(2)
    assert isinstance(table, TableScene) and table.legal is not None
    return driver, table


def test_r4_1_end_turn_with_actions_left_is_labelled_pass_and_asks_once(data_dir):
    driver, table = _open()
    try:
        before = list(table.session.record["actions"])   # the computer's first turn
        button = table.buttons.get("end_turn")
        assert button.label == tn("table.pass_left", 2) == "Pass (2 actions left)"
        driver.press_button(table, "end_turn")
        driver.frames(2)
        assert table.session.record["actions"] == before, "the first press only asks"
        assert table.buttons.get("end_turn").label == t("table.pass_again")
        assert table.toast == tn("table.pass_ask", 2)
        driver.press_button(table, "end_turn")
        driver.frames(2)
        assert table.session.record["actions"][len(before)] == {"type": "pass"}
    finally:
        driver.app.close()


def test_r4_1_an_action_after_the_question_asks_again_for_the_one_left(data_dir):
    driver, table = _open()
    try:
        before = list(table.session.record["actions"])
        driver.press_button(table, "end_turn")
        color = table.hand()[0]
        action = next(a for a in table.session.state.legal_actions()
                      if a["type"] == "tile" and a["color"] == color)
        driver.tap(table.layout.hand_slots[0].center)
        driver.tap(driver.square_point(table, action["to"]))
        driver.frames(2)
        assert table.session.record["actions"] == [*before, action]
        assert table.buttons.get("end_turn").label == "Pass (1 action left)"
        driver.key("e", "e")   # the key presses the same button: it asks first
        driver.frames(1)
        assert len(table.session.record["actions"]) == len(before) + 1
        assert table.buttons.get("end_turn").label == t("table.pass_again")
    finally:
        driver.app.close()


def test_r4_1_the_setting_off_passes_at_the_first_press(data_dir):
    driver, table = _open((800, 480))
    try:
        driver.app.settings.ask_before_pass = False
        before = len(table.session.record["actions"])
        driver.press_button(table, "end_turn")
        driver.frames(2)
        assert table.session.record["actions"][before] == {"type": "pass"}
    finally:
        driver.app.close()


def test_r4_1_the_tabletop_panel_asks_too(data_dir):
    app = make_app((1920, 1080), tabletop=True)
    try:
        driver = TabletopDriver(app)
        table = start_new_game(app, ["human", "computer"], seed=5)
        driver.frames(2)
        rng = random.Random(1)
        before = list(table.session.record["actions"])
        driver.choose(table, 0, "end_turn", rng)
        driver.frames(2)
        assert table.session.record["actions"] == before and table.pass_asked
        driver.choose(table, 0, "end_turn", rng)
        driver.frames(2)
        assert table.session.record["actions"][len(before)] == {"type": "pass"}
    finally:
        app.close()


def test_the_question_is_a_row_of_the_settings_screen(data_dir):
    from game.scenes.settings_screen import SettingsScene

    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        screen = SettingsScene(app)
        app.push(screen)
        driver.frames(1)
        driver.press_button(screen, "ask_before_pass")
        assert app.settings.ask_before_pass is False
    finally:
        app.close()
