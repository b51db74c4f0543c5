"""The game log a regular can use (issue 12, "Reading the board"): a picture per line,
a header per turn, undone actions forgotten, filters, and a tap on a line showing
where it happened."""

from __future__ import annotations

import random

import pygame
import pytest
from support.apps import make_app
from support.tigris_records import played_record

import engine.tigris as engine
from game.app import App
from game.i18n import set_language
from game.savegame import SavedGame, SeatConfig
from game.scenes.flow import open_saved
from game.tigris import narrate
from game.tigris.driver import Driver
from game.tigris.log_view import log_rows
from game.tigris.narrate import LogLine
from game.tigris.scenes.table import TableScene

DYNASTIES = ["archer", "bull", "pot"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_r5_2_a_placed_tile_is_told_with_its_colour_its_square_and_its_player():
    line, = narrate.describe([{"type": "tile_placed", "seat": 1, "color": "blue", "at": "C4"}],
                             DYNASTIES, ply=7)
    assert line == "Bull placed a farm on C4"
    assert (line.icon, line.seat, line.seats, line.topic, line.squares, line.ply) == (
        "tile:blue", 1, frozenset({1}), "move", ("C4",), 7)


def test_r7_3_a_won_revolt_shows_the_winners_leader_and_concerns_both_players():
    events = [
        {"type": "leader_placed", "seat": 0, "color": "red", "at": "E5", "from": None},
        {"type": "conflict", "kind": "revolt", "color": "red", "attacker": 0, "defender": 2,
         "attacker_strength": 2, "defender_strength": 1},
        {"type": "conflict_won", "kind": "revolt", "color": "red", "winner": 0, "loser": 2,
         "winner_total": 3, "loser_total": 1},
        {"type": "leader_withdrawn", "seat": 2, "color": "red", "from": "F5", "reason": "revolt"},
        {"type": "vp", "seat": 0, "color": "red", "amount": 1, "reason": "revolt"},
    ]
    placed, conflict, won, vp = narrate.describe(events, DYNASTIES)
    assert placed.icon == "leader:archer:red" and placed.topic == "move"
    assert conflict.icon == "conflict" and conflict.topic == "conflict"
    assert conflict.seats == won.seats == frozenset({0, 2})
    assert won.icon == "leader:archer:red"
    assert vp.icon == "vp:red" and vp.topic == "points"
    assert set(conflict.squares) == {"E5", "F5"}   # where the action happened


def test_r4_3_each_turn_gets_a_header_with_its_number_and_player():
    log: list[str] = []
    log += narrate.describe([{"type": "turn_started", "seat": 0}], DYNASTIES)
    log += narrate.describe([{"type": "tile_placed", "seat": 0, "color": "red", "at": "A1"},
                             {"type": "turn_ended", "seat": 0},
                             {"type": "turn_started", "seat": 1}], DYNASTIES)
    log += narrate.describe([{"type": "tile_placed", "seat": 1, "color": "green", "at": "B1"}],
                            DYNASTIES)
    rows = log_rows(log, narrate.names(DYNASTIES))
    assert [(r.words, r.header) for r in rows] == [
        ("Turn 1 · Archer", True), ("Archer placed a temple on A1", False),
        ("Turn 2 · Bull", True), ("Bull placed a market on B1", False)]
    assert [r.icon for r in rows if not r.header] == ["tile:red", "tile:green"]


def test_a_log_opened_mid_game_heads_its_first_turn_by_its_first_player():
    log: list[str] = [*narrate.describe(
        [{"type": "tile_placed", "seat": 2, "color": "red", "at": "A1"}], DYNASTIES)]
    assert log_rows(log, narrate.names(DYNASTIES))[0].words == "Turn 1 · Pot"


def test_the_filters_keep_conflicts_and_points_or_the_viewers_lines_under_their_turns():
    log: list[str] = []
    log += narrate.describe([{"type": "turn_started", "seat": 0}], DYNASTIES)
    log += narrate.describe([{"type": "tile_placed", "seat": 0, "color": "red", "at": "A1"},
                             {"type": "vp", "seat": 0, "color": "red", "amount": 1}], DYNASTIES)
    log += narrate.describe([{"type": "turn_started", "seat": 1}], DYNASTIES)
    log += narrate.describe([{"type": "tile_placed", "seat": 1, "color": "red", "at": "A2"}],
                            DYNASTIES)
    names = narrate.names(DYNASTIES)
    assert [r.words for r in log_rows(log, names, "scores")] == [
        "Turn 1 · Archer", "Archer scored 1 red point"]
    assert [r.words for r in log_rows(log, names, "mine", viewer=1)] == [
        "Turn 2 · Bull", "Bull placed a temple on A2"]


@pytest.fixture
def table(data_dir):
    app = make_app((1280, 800))
    saved = SavedGame(record=played_record(60),
                      seats=[SeatConfig("human"), SeatConfig("computer"), SeatConfig("computer")])
    scene = open_saved(app, saved)
    assert isinstance(scene, TableScene)
    Driver(app).frames(3)
    yield scene
    app.close()


def test_the_tabs_of_the_log_choose_its_filter_by_a_tap(table):
    app: App = table.app
    driver = Driver(app)
    assert table.log_filter == "all"
    driver.tap(table.drawing.log_hits.filters["scores"].center)
    driver.frames(2)
    assert table.log_filter == "scores"
    shown = [line for _, line in table.drawing.log_hits.lines]
    assert shown and all(isinstance(line, LogLine) and line.topic in ("conflict", "points")
                         for line in shown)
    driver.tap(table.drawing.log_hits.filters["mine"].center)
    driver.frames(2)
    shown = [line for _, line in table.drawing.log_hits.lines]
    assert shown and all(isinstance(line, LogLine) and 0 in line.seats for line in shown)


def test_a_tap_on_a_log_line_highlights_its_squares_for_a_moment(table):
    app: App = table.app
    driver = Driver(app)
    area, line = next((a, ln) for a, ln in reversed(table.drawing.log_hits.lines)
                      if isinstance(ln, LogLine) and ln.squares)
    around = table.painter.square_rect(line.squares[0]).inflate(table.layout.cell // 2,
                                                                table.layout.cell // 2)

    def pixels() -> bytes:
        return pygame.image.tobytes(app.screen.subsurface(around), "RGB")

    before = pixels()
    row_before = pygame.image.tobytes(app.screen.subsurface(area), "RGB")
    driver.tap(area.center)
    driver.frames(2)
    assert table.pointed == set(line.squares)
    assert pixels() != before
    assert pygame.image.tobytes(app.screen.subsurface(area), "RGB") != row_before
    driver.frames(120)
    assert table.pointed == set()
    assert pixels() == before


def test_r4_1_an_undone_action_leaves_the_log_with_no_trace(table):
    app: App = table.app
    driver = Driver(app)
    before = list(table.log)
    state = table.session.state
    action = next(a for a in state.legal_actions() if a["type"] == "tile")
    driver.perform(table, action, random.Random(1))
    driver.settle(table)
    assert len(table.log) > len(before)
    assert table.buttons.get("undo") is not None and table.buttons.get("undo").enabled
    driver.press_button(table, "undo")
    driver.frames(2)
    assert table.log == before


def test_the_log_draws_each_lines_picture_in_its_icon_column():
    from game.kit.log import LogRow
    from game.kit.log_painter import draw_log
    from game.tigris.ui.log_painter import log_icons

    pygame.init()
    surface = pygame.Surface((300, 200))
    rows = [LogRow("with a picture", False, icon="tile:green", line="a"),
            LogRow("without", False, line="b")]
    hits = draw_log(surface, surface.get_rect(), rows, ("all", "scores"), "all", 0, 14,
                    log_icons(DYNASTIES))
    (pictured, _), (plain, _) = hits.lines
    green = sum(1 for x in range(pictured.x, pictured.x + 14)
                for y in range(pictured.y, pictured.bottom) if surface.get_at((x, y)).g >
                surface.get_at((x, y)).r + 30)
    bare = sum(1 for x in range(plain.x, plain.x + 14)
               for y in range(plain.y, plain.bottom) if surface.get_at((x, y)).g >
               surface.get_at((x, y)).r + 30)
    assert green > 20 and bare == 0


def test_the_logs_last_rows_are_the_tail_of_all_its_rows_whatever_the_filter():
    """The table reads only the rows it can show; they must be the same as the whole log's."""
    rng = random.Random(5)
    state = engine.new_game(3, 5)
    log: list[str] = ["A computer player took a seat"]
    for ply in range(1, 400):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        log += narrate.describe(state.events, DYNASTIES, ply)
    names = narrate.names(DYNASTIES)
    for chosen, viewer in (("all", None), ("scores", None), ("mine", 1)):
        whole = log_rows(log, names, chosen, viewer)
        assert len(whole) > 30
        for last in (1, 7, 30):
            assert log_rows(log, names, chosen, viewer, last=last) == whole[-last:]
