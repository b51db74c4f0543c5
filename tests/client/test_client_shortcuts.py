"""The keys and gestures of the tables: the "?" overlay lists the same bindings the input
runs on, in every language; the tabletop teaches its gestures once, the first time each
is useful, and remembers that in the settings."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path

import pygame
import pytest
from support.apps import make_app

from game import settings as settings_file
from game.i18n import t
from game.kit.bindings import command_for
from game.kit.shortcuts import ShortcutsScene, keys_label, shortcut_rows
from game.scenes.flow import start_new_game
from game.scenes.menu import PauseMenu
from game.tigris.driver import Driver
from game.tigris.scenes.bindings import DESK_GESTURES, DESK_KEYS, TABLETOP_GESTURES, TABLETOP_KEYS
from game.tigris.scenes.rules import RulesScene
from game.tigris.scenes.table import TableScene
from game.tigris.settings import tigris_settings
from game.tigris.tabletop_driver import TabletopDriver

LOCALES = Path(__file__).resolve().parents[2] / "game" / "tigris" / "locales"
LANGUAGES = ("en", "fi", "es", "ro", "da")
tabletop_app = partial(make_app, tabletop=True)


def desk_table(size: tuple[int, int] = (1280, 800)) -> tuple[Driver, TableScene]:
    app = make_app(size)
    table = start_new_game(app, ["human", "computer"], seed=4)
    driver = Driver(app)
    driver.frames(2)
    return driver, table


@pytest.mark.parametrize(("key", "char"), [("f1", ""), ("/", "?")])
def test_f1_and_question_mark_open_the_overlay_of_the_desks_own_bindings(key: str,
                                                                          char: str) -> None:
    driver, table = desk_table()
    driver.key(key, char)
    overlay = table.app.stack.top
    assert isinstance(overlay, ShortcutsScene)
    assert overlay.sections == shortcut_rows(table.input.keys, table.input.gestures)
    listed = {what for _title, rows in overlay.sections for _how, what in rows}
    for binding in DESK_KEYS:
        assert overlay.sections[0][1][DESK_KEYS.index(binding)][0] == keys_label(binding)
    assert len(listed) == len(DESK_KEYS) + len(DESK_GESTURES)
    driver.key(key, char)
    assert table.app.stack.top is table, "the same key closes it"


def test_question_mark_button_opens_the_overlay_and_close_returns_to_the_table() -> None:
    driver, table = desk_table((800, 480))
    driver.press_button(table, "help")
    overlay = table.app.stack.top
    assert isinstance(overlay, ShortcutsScene)
    driver.press_button(overlay, "close")
    assert table.app.stack.top is table


def test_the_pause_menu_opens_the_overlay_of_the_desks_bindings() -> None:
    driver, table = desk_table((800, 480))
    driver.press_button(table, "menu")
    menu = table.app.stack.top
    assert isinstance(menu, PauseMenu)
    driver.press_button(menu, "shortcuts")
    overlay = table.app.stack.top
    assert isinstance(overlay, ShortcutsScene)
    assert overlay.sections == shortcut_rows(DESK_KEYS, DESK_GESTURES)


def test_every_desk_binding_runs_its_command_and_h_still_opens_the_rules() -> None:
    assert set(table_commands()) == {b.command for b in DESK_KEYS}
    driver, table = desk_table()
    driver.key("h")
    assert isinstance(table.app.stack.top, RulesScene)
    driver.key("escape")
    outlines = tigris_settings(table.app.settings).kingdom_outlines
    driver.key("o")
    assert tigris_settings(table.app.settings).kingdom_outlines is not outlines
    driver.key("1")
    assert table.selection is not None and table.selection.slot == 0
    driver.key("escape")
    assert table.selection is None
    driver.key("escape")
    assert isinstance(table.app.stack.top, PauseMenu)


def table_commands() -> list[str]:
    _driver, table = desk_table()
    return list(table.input._key_commands())


def test_a_key_is_matched_by_its_name_or_the_character_it_types() -> None:
    assert command_for(DESK_KEYS, "/", "?") == ("shortcuts", "?")
    assert command_for(DESK_KEYS, "f1") == ("shortcuts", "f1")
    assert command_for(DESK_KEYS, "[1]", "1") == ("select_tile", "1")
    assert command_for(DESK_KEYS, "x", "x") is None
    assert command_for(TABLETOP_KEYS, "1", "1") is None, "the tabletop has no hand keys"


def test_the_keypads_digits_pick_tiles_as_the_row_of_digits_does() -> None:
    driver, table = desk_table()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP_2, mod=0,
                                         unicode="2", scancode=0))
    driver.frames(1)
    assert table.selection is not None and table.selection.slot == 1


def test_every_binding_and_gesture_has_its_words_in_five_languages() -> None:
    wanted = {f"keys.{b.command}" for b in (*DESK_KEYS, *TABLETOP_KEYS)}
    for gesture in (*DESK_GESTURES, *TABLETOP_GESTURES):
        wanted.add(f"gesture.{gesture.name}")
        wanted |= {f"how.{way}" for way in (*gesture.mouse, *gesture.touch)}
    for language in LANGUAGES:
        catalogue = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
        missing = sorted(k for k in wanted if not catalogue.get(k))
        assert not missing, (language, missing)


def test_the_overlay_scrolls_by_wheel_bar_and_finger_on_a_small_screen() -> None:
    driver, table = desk_table((800, 480))
    driver.key("f1")
    overlay = table.app.stack.top
    assert isinstance(overlay, ShortcutsScene)
    scroll = overlay.scroll
    assert scroll.max_offset > 0, "at 800×480 the list is taller than the dialog"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scroll.view.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    driver.frames(1)
    assert scroll.offset == scroll.line * 3
    thumb = scroll.thumb.center
    driver.drag(thumb, (thumb[0], scroll.bar.bottom + 50))
    assert scroll.offset == scroll.max_offset
    middle = scroll.view.center
    driver.drag(middle, (middle[0], middle[1] + 60), touch=True)
    assert scroll.offset == scroll.max_offset - 60
    driver.tap((scroll.bar.centerx, scroll.bar.y + 2))
    assert scroll.offset < scroll.max_offset - 60, "a tap on the bar above the thumb pages up"


def test_tabletop_teaches_hold_slide_and_drag_out_once_each(data_dir: Path) -> None:
    app = tabletop_app((1280, 800))
    app.persist_settings = True
    table = start_new_game(app, ["human", "human"], seed=3)
    driver = TabletopDriver(app)
    driver.frames(2)
    seat = table.session.state.to_move
    assert app.settings.taught == ["hold_strip"]
    assert table.toast == t("gesture.hold_strip") and table.toast_seat == seat
    fid = driver.hold(table, seat)
    driver.frames(1)
    assert app.settings.taught == ["hold_strip", "slide_to_pick"]
    driver.up(fid, driver.strip_point(table, seat))
    driver.choose(table, seat, "tile:0", random.Random(1))
    assert app.settings.taught == ["hold_strip", "slide_to_pick", "drag_out"]
    assert settings_file.load().taught == app.settings.taught, "kept in settings.json"
    toast = table.toast
    fid = driver.hold(table, 1 - seat)
    driver.frames(1)
    assert table.toast == toast, "a gesture is taught once, not to every seat"
    driver.up(fid, driver.strip_point(table, 1 - seat))


def test_a_tabletop_that_has_taught_says_nothing(data_dir: Path) -> None:
    app = tabletop_app((1280, 800))
    app.settings.taught = [g.name for g in TABLETOP_GESTURES]
    table = start_new_game(app, ["human", "human"], seed=3)
    driver = TabletopDriver(app)
    driver.frames(2)
    fid = driver.hold(table, table.session.state.to_move)
    driver.frames(1)
    assert not table.toast
    driver.up(fid, driver.strip_point(table, table.session.state.to_move))


def test_settings_keep_only_gesture_names_they_can_read() -> None:
    loaded = settings_file.from_json({"taught": ["hold_strip", 3, "not a name", "drag_out"]})
    assert loaded.taught == ["hold_strip", "drag_out"]
    assert settings_file.from_json({"taught": "hold_strip"}).taught == []


@pytest.mark.parametrize("players", [2, 3])
def test_tabletop_question_mark_opens_the_tabletops_own_list(players: int) -> None:
    app = tabletop_app((1280, 800))
    table = start_new_game(app, ["human"] * players, seed=3)
    driver = TabletopDriver(app)
    driver.frames(2)
    help_button = table.buttons.get("help")
    assert help_button is not None
    driver.tap_at(help_button.rect.center)
    overlay = app.stack.top
    assert isinstance(overlay, ShortcutsScene)
    assert overlay.sections == shortcut_rows(TABLETOP_KEYS, TABLETOP_GESTURES)
