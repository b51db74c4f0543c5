"""The set-up screen remembers the last set-up of each game and lets hot-seat players type
their names, which the table, the hand-over screen, the log, the save and the scoring
screen then use; names are checked, and an empty one means the game's own name."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
from support.apps import open_setup

from game import savegame, storage
from game import settings as settings_file
from game.scenes.handover import HandoverScene
from game.scenes.setup import SetupScene
from game.settings import NAME_LIMIT
from game.tigris.driver import Driver
from game.tigris.narrate import player
from game.tigris.scenes.scoring import ScoringScene
from game.tigris.scenes.table import TableScene


def type_name(driver: Driver, setup: SetupScene, seat: int, name: str) -> None:
    """Taps the seat's name field, rubs out what is there and types, key by key."""
    driver.tap(setup.name_rects[seat].center)
    for _ in range(NAME_LIMIT + 2):
        driver.key("backspace")
    driver.type(name)


def test_names_typed_at_setup_name_the_seats_on_table_handover_log_and_save(
        open_app, data_dir) -> None:
    app = open_app()
    driver, setup = open_setup(app)
    driver.press_button(setup, "kind:1")   # two people at this screen
    type_name(driver, setup, 0, "  Ada   Lovelace ")
    type_name(driver, setup, 1, "")
    assert setup.name_rects[1] and setup.names[1].placeholder == "Bull"
    driver.press_button(setup, "start")
    table = app.stack.find(TableScene)
    assert isinstance(table, TableScene)
    assert [s.name for s in table.session.seats] == ["Ada Lovelace", ""]
    assert player(0, table.dynasties) == "Ada Lovelace"
    assert player(1, table.dynasties) == "Bull", "an empty name is the dynasty's"
    assert app.game.seat_name(table, 0) == "Ada Lovelace"
    called = ["Ada Lovelace", "Bull"]
    first = table.session.state.to_move   # the game's seed, chosen at Start, says who
    top = app.stack.top
    assert isinstance(top, HandoverScene) and top.name == called[first]
    driver.press_button(top, "confirm")
    before = len(table.log)
    action = next(a for a in table.session.state.legal_actions() if a["type"] == "tile")
    driver.perform(table, action, random.Random(2))
    driver.frames(2)
    assert any(called[first] in line for line in table.log[before:]), table.log[before:]
    told = app.game.narrate([{"type": "tile_placed", "seat": 0, "color": "red", "at": "A1"}],
                            table)
    assert any("Ada Lovelace" in line for line in told), told
    app.saver.flush()
    (path,) = storage.saves_dir().glob("*.json")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["seats"][0]["name"] == "Ada Lovelace" and "name" not in saved["seats"][1]
    assert savegame.load(path).seats[0].name == "Ada Lovelace"
    scoring = ScoringScene(app, table.session)
    assert player(0, scoring.dynasties) == "Ada Lovelace"


def test_two_players_called_alike_are_asked_to_rename_one(open_app, data_dir) -> None:
    app = open_app()
    driver, setup = open_setup(app)
    driver.press_button(setup, "kind:1")
    type_name(driver, setup, 0, "bull")
    driver.press_button(setup, "start")
    assert app.stack.top is setup, "Bull is seat 2's dynasty: the names would be alike"
    assert "bull" in setup.name_message.casefold()
    type_name(driver, setup, 0, "Cy")
    assert setup.name_message == "", "typing clears the message"
    driver.key("return")
    assert isinstance(app.stack.find(TableScene), TableScene)


def test_a_name_is_cut_at_the_limit_and_a_damaged_one_in_a_save_is_no_name() -> None:
    assert savegame.clean_name("x" * 40) == "x" * NAME_LIMIT
    assert savegame.clean_name("bad\x00name") == ""
    assert savegame.clean_name(7) == ""
    raw = {"format": savegame.SAVE_FORMAT, "version": 1,
           "record": {"players": 2, "seed": 1, "options": {}, "actions": []},
           "seats": [{"kind": "human", "name": ["no"]}, {"kind": "human", "name": "Di"}]}
    assert [s.name for s in savegame.from_json(raw).seats] == ["", "Di"]


def test_setup_remembers_the_last_one_started_for_the_next_game(open_app, data_dir) -> None:
    app = open_app()
    app.persist_settings = True
    driver, setup = open_setup(app)
    driver.press_button(setup, "count:3")
    driver.press_button(setup, "kind:1")
    driver.press_button(setup, "level:2")
    driver.press_button(setup, "identity:0")
    driver.press_button(setup, "option:wonder")
    type_name(driver, setup, 0, "Ada")
    chosen = (setup.count, list(setup.kinds), list(setup.levels), list(setup.identities),
              dict(setup.options))
    driver.press_button(setup, "start")
    assert settings_file.load().setups["tigris"]["names"][0] == "Ada", "kept in settings.json"
    fresh = open_app()
    fresh.settings = settings_file.load()
    _driver, again = open_setup(fresh)
    assert (again.count, again.kinds, again.levels, again.identities, again.options) == chosen
    assert again.names[0].value == "Ada"
    assert again.buttons.get("option:wonder").icon is not None


def test_a_remembered_setup_keeps_only_what_still_fits(open_app) -> None:
    app = open_app()
    app.settings.setups["tigris"] = {
        "count": 9, "kinds": ["human", "robot", "computer"], "levels": ["hard", "godlike"],
        "identities": ["lion", "lion", "pot", "bull"], "options": {"board": "moon",
                                                                   "wonder": True},
        "names": ["Ada\x00", "Bo"]}
    _driver, setup = open_setup(app)
    fresh = SetupScene(open_app())
    assert setup.count == fresh.count
    assert setup.kinds[:3] == ["human", "computer", "computer"]
    assert setup.levels[:2] == ["hard", fresh.levels[1]]
    assert setup.identities == fresh.identities
    assert setup.options["board"] == fresh.options["board"] and setup.options["wonder"] is True
    assert [f.value for f in setup.names[:2]] == ["", "Bo"]


def test_settings_drop_setups_they_cannot_read() -> None:
    loaded = settings_file.from_json({"setups": {"tigris": {"count": 3}, "tiny": "broken"}})
    assert loaded.setups == {"tigris": {"count": 3}}
    assert settings_file.from_json({"setups": ["no"]}).setups == {}


def test_tinys_setup_is_remembered_apart_and_names_its_seats_without_identities(
        open_app, data_dir: Path, tiny: None) -> None:
    app = open_app(game="tiny")
    driver, setup = open_setup(app)
    driver.press_button(setup, "count:5")
    assert setup.names[0].placeholder == "Seat 1"
    driver.press_button(setup, "start")
    assert set(app.settings.setups) == {"tiny"}
    assert app.settings.setups["tiny"]["count"] == 5


def test_escape_leaves_the_name_field_before_it_leaves_the_screen(open_app) -> None:
    app = open_app()
    driver, setup = open_setup(app)
    driver.tap(setup.name_rects[0].center)
    assert setup.focus == 0
    driver.key("tab")
    assert setup.focus == 0, "Tab goes round the human seats' names (here only one)"
    driver.key("escape")
    assert setup.focus is None and app.stack.top is setup
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    driver.frames(1)
    assert app.stack.top is not setup


def test_the_saved_and_finished_game_lists_call_seats_by_their_typed_names(
        open_app, data_dir) -> None:
    from game import savesummary

    app = open_app()
    record = {"game": "tigris", "players": 2, "seed": 3, "options": {}, "actions": []}
    saved = savegame.SavedGame(record=record, seats=[savegame.SeatConfig("human", "random", "Ada"),
                                                     savegame.SeatConfig("computer", "hard")])
    assert savesummary.seat_names(app.game, saved) == ["Ada", "Bull (computer, Hard)"]
    summary = savesummary.Summary(moves=9, over=True, ranking=[[1], [0]], scores=[2, 5],
                                  progress={})
    words = savesummary.result_words(app.game, saved, summary)
    assert "Ada" in words and "Bull" in words and words.index("Bull") < words.index("Ada")
