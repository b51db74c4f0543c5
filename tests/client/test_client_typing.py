"""Typing names: text comes from SDL's TEXTINPUT (what a dead key, AltGr, xdotool or an
IME composes), control keys from KEYDOWN, so every character is typed once; text input
is on only while a field has focus or a table reads typed keys ("?"); a name keeps any
letter the game's faces draw and travels as UTF-8 in saves, settings and the LAN."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from support.apps import open_setup

from game import savegame, settings
from game.app import App
from game.input import InputMapper, Intent
from game.kit.shortcuts import ShortcutsScene
from game.scene import Scene
from game.scenes.flow import start_new_game
from game.scenes.lobby import LAN, LobbyScene
from game.scenes.lobby_host import HostSetupScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.settings import NAME_LIMIT
from game.tigris.driver import Driver
from game.ui import text
from game.ui.text_field import name_field
from net import protocol

NAME = "Jöns Ștefan Ñúñez Ærø"
MakeApp = Callable[..., App]


def post_text(driver: Driver, typed: str) -> None:
    """What SDL sends for composed text (xdotool's "ö", a dead key's "é", an IME's word):
    a TEXTINPUT and no key press that carries it."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    driver.frames(1)


@pytest.fixture
def sdl_text_input(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """The calls the app makes to turn SDL's text input on and off, in order."""
    calls: list[object] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    monkeypatch.setattr(pygame.key, "set_text_input_rect",
                        lambda rect: calls.append(pygame.Rect(rect)))
    yield calls


def test_textinput_is_a_text_intent_and_a_key_press_stays_a_key() -> None:
    pygame.init()
    mapper = InputMapper((800, 480))
    (typed,) = mapper.feed(pygame.event.Event(pygame.TEXTINPUT, text="Jö"), 0)
    assert typed.kind == "text" and typed.text == "Jö" and typed.key == ""
    (key,) = mapper.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0,
                                            unicode="e"), 0)
    assert key.kind == "key" and key.key == "e"
    assert mapper.feed(pygame.event.Event(pygame.TEXTINPUT, text=""), 0) == []


def test_setup_name_takes_composed_text_and_backspace_from_the_real_event_path(
        open_app: MakeApp) -> None:
    app = open_app()
    driver, setup = open_setup(app)
    driver.tap(setup.name_rects[0].center)
    assert setup.focus == 0
    post_text(driver, "Jöns Ștefan Ñúñez Ærøx")
    driver.key("backspace")
    assert setup.names[0].value == NAME
    assert setup.seat_names()[0] == NAME


def test_a_key_press_without_textinput_types_nothing_and_with_it_types_once(
        open_app: MakeApp) -> None:
    app = open_app()
    driver, setup = open_setup(app)
    driver.tap(setup.name_rects[0].center)
    driver.key("e", "e")
    assert setup.names[0].value == "", "a KEYDOWN's unicode is not typed: SDL's text is"
    driver.type("Eve")
    assert setup.names[0].value == "Eve", "the key press and its TEXTINPUT type it once"


class Listener(Scene):
    """A scene that keeps the intents it hears; `field` is its focused field, if any."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.heard: list[Intent] = []
        self.field: pygame.Rect | None = None

    def typing_area(self) -> pygame.Rect | None:
        return self.field

    def handle(self, intent: Intent) -> None:
        self.heard.append(intent)


def test_typed_text_reaches_no_scene_without_a_focused_field(
        open_app: MakeApp) -> None:
    app = open_app()
    listener = Listener(app)
    app.push(listener)
    driver = Driver(app)
    driver.type("q")
    assert [i.kind for i in listener.heard] == ["key"]
    listener.field = pygame.Rect(10, 10, 200, 40)
    driver.type("q")
    assert [(i.kind, i.key or i.text) for i in listener.heard[1:]] == [("key", "q"),
                                                                       ("text", "q")]
    app.replace(TitleScene(app))
    driver.frames(1)
    driver.type("n")   # the title's shortcut for New game, with the text it typed
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.focus is None
    post_text(driver, "x")
    driver.key("x", "x")
    assert [field.value for field in setup.names] == [""] * len(setup.names)
    assert app.stack.top is setup


def test_lobby_name_takes_any_letters_and_its_address_a_computers_name_or_number(
        open_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LAN, "discovery", False)
    app = open_app()
    lobby = LobbyScene(app)
    app.push(lobby)
    driver = Driver(app)
    driver.frames(1)
    assert lobby.focus == "address"
    post_text(driver, "Jö1.2:")
    assert lobby.field.value == "J1.2:", "a computer's name is ASCII: no ö in an address"
    driver.tap(lobby.name_rect.center)
    for _ in range(NAME_LIMIT + 1):
        driver.key("backspace")
    post_text(driver, NAME)
    assert lobby.name_field.value == NAME and lobby.field.value == "J1.2:"


def test_the_hosts_port_takes_digits_typed_and_nothing_else(
        open_app: MakeApp) -> None:
    app = open_app()
    host = HostSetupScene(app)
    app.push(host)
    driver = Driver(app)
    driver.frames(1)
    for _ in range(6):
        driver.key("backspace")
    driver.type("4a7ö3")
    assert host.port.value == "473"


def test_text_input_is_on_only_where_a_field_has_focus_or_a_table_reads_typed_keys(
        open_app: MakeApp, sdl_text_input: list[object]) -> None:
    app = open_app()
    driver, setup = open_setup(app)
    assert sdl_text_input == ["stop"], "no field has focus yet"
    driver.tap(setup.name_rects[0].center)
    assert sdl_text_input[1:] == [setup.name_rects[0], "start"], "SDL is told where first"
    driver.key("escape")
    assert sdl_text_input[-1] == "stop"
    driver.frames(2)
    assert sdl_text_input.count("stop") == 2, "set once per change, not every frame"
    table = start_new_game(app, ["human", "computer"], seed=4)
    driver.frames(2)
    assert app.stack.top is table and sdl_text_input[-1] == "start"


def test_a_turned_tabletop_tells_sdl_where_the_field_is_on_the_screen(
        open_app: MakeApp, sdl_text_input: list[object]) -> None:
    app = open_app(tabletop=True)
    app.menus_turned = True
    driver, setup = open_setup(app)
    setup.focus = 0
    driver.frames(1)
    field = setup.name_rects[0]
    assert app.turned and sdl_text_input[-2:] == [
        pygame.Rect(1280 - field.right, 800 - field.bottom, field.w, field.h), "start"]


def test_question_mark_typed_at_the_table_opens_the_shortcuts_and_types_nothing(
        open_app: MakeApp) -> None:
    app = open_app()
    table = start_new_game(app, ["human", "computer"], seed=4)
    driver = Driver(app)
    driver.frames(2)
    driver.key("/", "?")   # shift and / on this layout: SDL composes "?" with text input on
    post_text(driver, "?")
    overlay = app.stack.top
    assert isinstance(overlay, ShortcutsScene)
    driver.key("/", "?")
    post_text(driver, "?")
    assert app.stack.top is table


def test_a_name_keeps_letters_of_any_script_its_faces_draw_and_no_control_characters() -> None:
    field = name_field()
    assert field.type("O’Brien-Ελένη Светлана Ivanova")
    assert field.value == "O’Brien-Ελένη Светлана I", "cut at the limit, in characters"
    assert len(field.value) == NAME_LIMIT
    refused = name_field()
    assert not refused.type("中文שלוםไทย\x00\t\n\u200b😀")
    assert refused.value == "", "no face draws them, or they are no letters"
    spaced = name_field()
    spaced.type("\u0301Jose\u0301 [x]_'.")
    assert spaced.value == "José [x]_'.", "an accent typed apart joins its letter"
    assert spaced.key("backspace") and spaced.value == "José [x]_'"
    assert not spaced.key("left") and not spaced.key("e")


def test_a_title_the_title_face_cannot_draw_is_set_in_the_bold_face() -> None:
    pygame.init()
    assert text.face_for("Pass the device to Jöns Ștefan", "title") == "title"
    assert text.face_for("Ελένη", "title") == "bold"
    assert text.size("Ελένη", "title", 30) == text.size("Ελένη", "bold", 30)
    assert text.face_for("Ελένη", "text") == "text"


def test_a_name_travels_as_utf8_in_saves_settings_and_the_lan_protocol(
        data_dir: Path) -> None:
    record = {"game": "tigris", "players": 2, "seed": 3, "options": {}, "actions": []}
    saved = savegame.SavedGame(record=record, path=savegame.new_save_path(),
                               seats=[savegame.SeatConfig("human", "random", NAME),
                                      savegame.SeatConfig("computer", "hard")])
    savegame.save(saved)
    assert savegame.load(saved.path).seats[0].name == NAME
    kept = settings.Settings(player_name=NAME)
    settings.save(kept)
    assert settings.read()[0].player_name == NAME
    frame = protocol.encode("hello", seat=-1, seq=0, ply=0, digest="", games={"tigris": 1},
                            name=NAME, want=-1, token="")
    assert NAME.encode("utf-8") in frame
    assert protocol.decode(frame).body["name"] == NAME
