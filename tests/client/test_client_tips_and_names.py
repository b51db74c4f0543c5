"""Issue 21, bug 9: the pause menu's leave button only returns to the title, so it says so
in every language; the set-up's options and the replay's controls (glyphs only, on a
narrow screen) explain themselves on hover with a mouse and on a long press by touch."""

from __future__ import annotations

import pygame
import pytest
from support.apps import make_app, open_setup
from test_replay_viewer import open_replay, random_record

from game import i18n
from game.i18n import t
from game.scenes.flow import start_new_game
from game.scenes.menu import PauseMenu
from game.scenes.title import TitleScene
from game.tigris.driver import Driver


def _hover(driver: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    driver.frames(1)


@pytest.mark.parametrize("code", i18n.languages())
def test_the_menus_leave_button_says_it_returns_to_the_title(data_dir, code):
    app = make_app((1280, 800))
    try:
        i18n.set_language(code)
        table = start_new_game(app, ["human", "computer"], seed=5)
        driver = Driver(app)
        driver.frames(2)
        driver.press_button(table, "menu")
        menu = app.stack.top
        assert isinstance(menu, PauseMenu)
        label = menu.buttons.get("leave").label
        assert label == t("table.save_to_title")
        assert label != t("menu.quit")
        driver.press_button(menu, "leave")
        assert isinstance(app.stack.top, TitleScene)
    finally:
        i18n.set_language("en")
        app.close()


def test_setup_options_explain_themselves_on_hover_and_long_press(data_dir):
    app = make_app((800, 480))
    try:
        driver, setup = open_setup(app)
        board = setup.buttons.get("option:board")
        _hover(driver, board.rect.center)
        assert setup.tips.text == t("option.board.help")
        wonder = setup.buttons.get("option:wonder")
        before = setup.options["wonder"]
        driver.long_press(wonder.rect.center, touch=True)
        assert setup.tips.text == t("option.wonder.help")
        assert setup.options["wonder"] == before, "the long press showed words, not a toggle"
        driver.tap(wonder.rect.center, touch=True)
        assert setup.options["wonder"] != before, "a tap still toggles"
    finally:
        app.close()


def test_replay_controls_explain_their_glyphs(data_dir):
    app = make_app((800, 480))
    try:
        replay, driver = open_replay(app, random_record(31))
        button = replay.buttons.get("next_moment")
        assert button.label == "", "at 800x480 the control shows only its glyph"
        _hover(driver, button.rect.center)
        assert replay.tips.text == replay.game.moment_words()[1]
        step = replay.buttons.get("step_forward")
        driver.long_press(step.rect.center, touch=True)
        assert replay.tips.text == t("replay.step_forward") and replay.index == 0
    finally:
        app.close()
