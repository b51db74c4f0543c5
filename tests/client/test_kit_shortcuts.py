"""The kit's key bindings and "?" overlay (game.kit.bindings, game.kit.shortcuts) at a
second game's table: Tiny's own keys run its commands, and "?" or F1 open the overlay
listing exactly those keys and its log's gestures, in Tiny's words."""

from __future__ import annotations

import pytest
from support.apps import make_app
from support.tinyclient import KEYS, TinyTable

from game.i18n import t
from game.kit.bindings import LOG_GESTURES, Binding, Gesture, command_for, run_key
from game.kit.shortcuts import ShortcutsScene, shortcut_rows
from game.scenes.flow import start_new_game
from game.scenes.menu import PauseMenu
from game.tigris.driver import Driver


def test_a_key_runs_its_bound_command_by_name_or_by_the_character_typed() -> None:
    ran: list[str] = []
    keys = (Binding("pick", ("1", "2")), Binding("help", ("f1", "?")))
    commands = {"pick": ran.append, "help": ran.append}
    assert run_key(keys, commands, "2") and run_key(keys, commands, "/", "?")
    assert not run_key(keys, commands, "x", "x")
    assert ran == ["2", "?"]
    assert command_for(keys, "[1]", "1") == ("pick", "1")


def test_the_rows_name_each_games_words_under_its_own_prefix() -> None:
    rows = dict(shortcut_rows((Binding("menu", ("escape",)),),
                              (Gesture("scroll_log", ("wheel",), ()),), words="tiny."))
    assert rows[t("shortcuts.keys")] == [(t("key.escape"), t("tiny.keys.menu"))]
    assert rows[t("shortcuts.mouse")] == [(t("tiny.how.wheel"), t("tiny.gesture.scroll_log"))]
    assert t("shortcuts.touch") not in rows, "a section with no rows is left out"


@pytest.mark.parametrize(("key", "char"), [("f1", ""), ("/", "?")])
def test_f1_and_question_mark_at_tinys_table_open_the_overlay_of_its_own_bindings(
        data_dir, tiny, key: str, char: str) -> None:
    app = make_app(game="tiny")
    try:
        table = start_new_game(app, ["human", "human"], seed=2)
        assert isinstance(table, TinyTable)
        driver = Driver(app)
        driver.frames(1)
        driver.key(key, char)
        overlay = app.stack.top
        assert isinstance(overlay, ShortcutsScene)
        assert overlay.sections == shortcut_rows(KEYS, LOG_GESTURES, "tiny.")
        listed = [what for _, rows in overlay.sections for _, what in rows]
        assert t("tiny.keys.menu") in listed and t("tiny.gesture.point_from_log") in listed
        driver.key("escape")
        assert app.stack.top is table
        driver.key("escape")
        assert isinstance(app.stack.top, PauseMenu), "Escape is bound to Tiny's menu"
    finally:
        app.close()
