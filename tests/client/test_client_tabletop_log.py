"""The tabletop's log reads as the desk's (issue 12, "Reading the board"): its filter tabs
and a tap on a line lighting the line's squares, through the log's picture turned to the
seat that must act; and the keys and gestures reachable from the pause menu where no
corner holds a "?" button."""

from __future__ import annotations

from functools import partial

import pygame
import pytest
from support.apps import make_app
from support.tigris_records import played_record

from game.app import App
from game.art import palette as pal
from game.i18n import set_language
from game.kit.shortcuts import ShortcutsScene, shortcut_rows
from game.savegame import SavedGame, SeatConfig
from game.scenes.flow import open_saved, start_new_game
from game.scenes.menu import PauseMenu
from game.tigris.narrate import LogLine
from game.tigris.scenes.bindings import TABLETOP_GESTURES, TABLETOP_KEYS
from game.tigris.scenes.tabletop import TabletopScene
from game.tigris.tabletop_driver import TabletopDriver
from game.tigris.tabletop_layout import TARGET

tabletop_app = partial(make_app, tabletop=True)

# (players, seat to move): the hub log turned to 0° and 180° (2 seats), also 90° (3), and
# the box over the board turned to every edge (4)
FACINGS = [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2), (4, 3)]


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def tabletop_at(players: int, seat: int,
                size: tuple[int, int] = (1280, 800)) -> tuple[TabletopDriver, TabletopScene]:
    """A tabletop of human seats on a game well under way, `seat` to start its turn, the
    log shown (its button pressed where it folds away), no first-use hints."""
    app = tabletop_app(size)
    app.settings.taught = [g.name for g in TABLETOP_GESTURES]
    saved = SavedGame(record=played_record(60, players=players, seat=seat),
                      seats=[SeatConfig("human") for _ in range(players)])
    table = open_saved(app, saved)
    assert isinstance(table, TabletopScene)
    driver = TabletopDriver(app)
    driver.frames(2)
    if table.tl.log is None:
        driver.tap_at(table.buttons.get("log").rect.center)
        driver.frames(1)
    assert table.log_frame() is not None
    return driver, table


def scored(line: str) -> bool:
    return isinstance(line, LogLine) and line.topic in ("conflict", "points")


def on_screen(table: TabletopScene, local: tuple[int, int]) -> tuple[int, int]:
    """Where a point of the upright log lies on the screen."""
    frame = table.log_frame()
    assert frame is not None
    return frame.point_to_screen(local)


@pytest.mark.parametrize(("players", "seat"), FACINGS)
def test_a_tap_on_a_tab_of_the_turned_log_filters_it(data_dir, players, seat):
    driver, table = tabletop_at(players, seat)
    frame = table.log_frame()
    assert frame is not None and frame.rotation == table.tl.seats[seat].rotation
    hits = table.drawing.log_hits
    assert list(hits.filters) == ["all", "scores"], "no single viewer: no \"Mine\""
    tab = hits.filters["scores"]
    assert tab.w >= TARGET and tab.h >= TARGET, "a finger's size"
    point = on_screen(table, (tab.centerx, tab.bottom - 3))   # under its word
    assert table.app.screen.get_at(point)[:3] == pal.PARCHMENT_DARK
    driver.tap_at(point)
    driver.frames(1)
    assert table.log_filter == "scores"
    shown = [line for _, line in table.drawing.log_hits.lines]
    assert shown and all(scored(line) for line in shown)
    assert table.app.screen.get_at(point)[:3] == pal.CLAY_DARK, "the tab chosen, where tapped"
    assert table.log_frame() is not None, "the log stays open to be read"


@pytest.mark.parametrize(("players", "seat"), [(2, 1), (3, 1), (4, 1), (4, 3)])
def test_a_tap_on_a_line_of_the_turned_log_lights_its_squares(data_dir, players, seat):
    driver, table = tabletop_at(players, seat)
    app: App = table.app
    area, line = next((a, ln) for a, ln in reversed(table.drawing.log_hits.lines)
                      if isinstance(ln, LogLine) and ln.squares)
    cell = table.layout.cell
    around = table.painter.square_rect(line.squares[0]).inflate(cell // 2, cell // 2)

    def pixels() -> bytes:
        return pygame.image.tobytes(app.screen.subsurface(around), "RGB")

    before = pixels()
    driver.tap_at(on_screen(table, area.center))
    driver.frames(1)
    assert table.pointed == set(line.squares) and table.pointed_line is line
    assert pixels() != before
    driver.frames(120)
    assert table.pointed == set()
    assert pixels() == before


@pytest.mark.parametrize(("players", "seat"), [(2, 1), (4, 1), (4, 2)])
def test_a_finger_pulled_down_the_turned_log_brings_back_older_rows(data_dir, players, seat):
    driver, table = tabletop_at(players, seat)
    newest = table.drawing.log_hits.lines[-1][1]
    row = table.drawing.row_height()
    start = table.drawing.log_hits.lines[0][0].center
    start_screen = on_screen(table, start)
    end_screen = on_screen(table, (start[0], start[1] + 3 * row + row // 2))
    fid = driver.down(start_screen)
    driver.move(fid, start_screen, end_screen, steps=6)
    driver.up(fid, end_screen)
    driver.frames(1)
    assert table.log_scroll == 3
    assert all(line is not newest for _, line in table.drawing.log_hits.lines)
    assert table.pointed_line is None and table.log_filter == "all", "a slide is not a tap"


def test_the_turned_log_is_painted_again_only_when_what_it_shows_changes(data_dir):
    driver, table = tabletop_at(4, 2)
    painted = table.drawing.log_cache
    driver.frames(3)
    assert table.drawing.log_cache is painted, "a frame with nothing new blits the picture"
    tab = table.drawing.log_hits.filters["scores"]
    driver.tap_at(on_screen(table, tab.center))
    assert table.drawing.log_cache is not painted


def test_a_finger_beside_the_logs_box_closes_it(data_dir):
    driver, table = tabletop_at(4, 0)
    driver.tap_at(table.tl.seats[2].strip.center)
    assert not table.log_open and table.log_frame() is None


def test_the_pause_menu_opens_the_keys_and_gestures_on_a_small_four_seat_tabletop(data_dir):
    app = tabletop_app((800, 480))
    table = start_new_game(app, ["human"] * 4, seed=3)
    driver = TabletopDriver(app)
    driver.frames(2)
    assert table.buttons.get("help") is None, "no corner is big enough for a \"?\" button"
    driver.tap_at(table.buttons.get("menu").rect.center)
    menu = app.stack.top
    assert isinstance(menu, PauseMenu)
    driver.tap_at(menu.buttons.get("shortcuts").rect.center)
    overlay = app.stack.top
    assert isinstance(overlay, ShortcutsScene)
    assert overlay.sections == shortcut_rows(TABLETOP_KEYS, TABLETOP_GESTURES)
    driver.tap_at(overlay.buttons.get("close").rect.center)
    assert app.stack.top is menu
