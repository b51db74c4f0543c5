"""A3.11, A4.3: a game of two to five players uses part of the board. The table shows that
part as large as it fits, greys the areas out of play (their limits, sites and volcanoes
unprinted, their names faint), and an area's card neither names them as neighbours nor
passes one off as playable."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from support.apps import closed_after, make_app

import engine.civ as civ
from engine.civ.cities import TOKENS_ON_A_SITE, site_requirement
from engine.civ.tables import PLAYER_COUNTS
from game.app import App
from game.art import palette as pal
from game.civ import map_art
from game.civ.geometry import board_shape
from game.civ.table import CivTable, area_info
from game.savegame import SavedGame, SeatConfig
from game.session import GameSession
from game.tigris.driver import Driver

PLAYERS = [2, 3, 4, 5, 6]   # every configuration (A4.2), and two players' islands (A4.4)
SCALE = board_shape().fit_scale(1920, 1080) * 2   # names printed, as when zoomed in


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def clear_points(scale: float) -> dict[int, tuple[int, int]]:
    """For each land area, the pixel where its tokens stand, if no label of the whole
    board's lies within 3 pixels of it (a label there would be what is seen)."""
    shape = board_shape()
    labels = [label.rect.inflate(6, 6) for label in map_art.labels(scale)]
    points = {}
    for area_id, s in shape.shapes.items():
        if not s.area.is_land or shape.area_at(*s.tokens) != area_id:
            continue
        x, y = shape.to_pixel(*s.tokens, scale)
        if pygame.Rect(round(x) - 1, round(y) - 1, 3, 3).collidelist(labels) < 0:
            points[area_id] = (round(x), round(y))
    return points


def in_play_colour(colour: tuple[int, ...], flood_plain: str | None) -> bool:
    """A land tone, or on a flood plain anything its hatching blends, but never grey."""
    if flood_plain:
        return colour != map_art.OFF_BOARD
    return colour in map_art.LAND_TONES


@pytest.mark.parametrize("players", PLAYERS)
def test_a4_3_land_out_of_play_is_greyed_and_land_in_play_keeps_its_tones(
        players: int) -> None:
    shape, scale = board_shape(), SCALE
    painted = map_art.paint_map(scale, players=players)
    playing = shape.board.in_play(PLAYER_COUNTS[players].configuration)
    points = clear_points(scale)
    assert len(points) > 100   # most areas were looked at
    for area_id, pixel in points.items():
        colour = tuple(painted.get_at(pixel))[:3]
        if area_id in playing:
            assert in_play_colour(colour, shape.board.area(area_id).flood_plain), \
                shape.board.area(area_id).name
        else:
            assert colour == map_art.OFF_BOARD, shape.board.area(area_id).name
    assert (players >= 6) == (len(playing) == len(shape.board.areas))


def ignored_site(label: map_art.Label, players: int) -> bool:
    """A4.4: a site mark the game ignores (an island's, with two players)."""
    return label.kind == "site" and site_requirement(
        board_shape().board, players, label.area_id) != TOKENS_ON_A_SITE


@pytest.mark.parametrize("players", PLAYERS)
def test_a4_3_nothing_but_a_faint_name_is_printed_on_an_area_out_of_play(
        players: int) -> None:
    shape, scale = board_shape(), SCALE
    painted = map_art.paint_map(scale, players=players)
    playing = shape.board.in_play(PLAYER_COUNTS[players].configuration)
    marks = {map_art.BADGE, pal.INK, pal.IVORY, map_art.VOLCANO, map_art.VOLCANO_LAVA}
    seen: set[tuple[str, bool]] = set()
    for label in map_art.labels(scale):
        colours = {tuple(painted.get_at((x, y)))[:3]
                   for x in range(label.rect.left, label.rect.right)
                   for y in range(label.rect.top, label.rect.bottom)}
        out = label.area_id not in playing
        seen.add((label.kind, out))
        if label.kind in ("limit", "site", "volcano"):
            printed = not out and not ignored_site(label, players)
            assert bool(colours & marks) is printed, (label, out)
        else:
            ink = map_art.SEA_INK if label.kind == "sea" else map_art.NAME_INK
            assert (ink in colours) is not out, (label, out)
            assert (map_art.OUT_OF_PLAY_INK in colours) is out, (label, out)
    looked = {"limit", "site", "name"}   # the test did look at both kinds of area
    assert looked <= {kind for kind, out in seen if not out}
    assert players >= 6 or looked <= {kind for kind, out in seen if out}


@pytest.mark.parametrize("players", [2, 3])
def test_a4_4_two_players_see_no_site_on_an_island(players: int) -> None:
    """The islands of the west (Sicily, Sardinia's neighbours in play, Crete, Corcyra...)
    keep their printed sites with three players and lose them with two, whose cities
    there need twelve tokens; their limits stay."""
    shape = board_shape()
    painted = map_art.paint_map(SCALE, players=players)
    playing = shape.board.in_play(PLAYER_COUNTS[players].configuration)
    marks = {pal.INK, pal.IVORY}
    island_sites = [label for label in map_art.labels(SCALE) if label.kind == "site"
                    and label.area_id in playing and shape.board.area(label.area_id).island]
    assert len(island_sites) >= 5
    for label in island_sites:
        colours = {tuple(painted.get_at((x, y)))[:3]
                   for x in range(label.rect.left, label.rect.right)
                   for y in range(label.rect.top, label.rect.bottom)}
        assert bool(colours & marks) is (players > 2), shape.board.area(label.area_id).name
    knossos = shape.board.area_named("Knossos")
    card = area_info(knossos.id, civ.new_game(players, 1).view(None))[1]
    assert ("ignored with two players (A4.4)" in card) is (players == 2)
    assert f"population limit {knossos.limit}" in card and "city site" in card


def test_a4_3_open_sea_out_of_play_is_greyed() -> None:
    shape, scale = board_shape(), SCALE
    full = map_art.paint_map(scale)
    east = map_art.paint_map(scale, players=4)
    assert full is not east
    seas = [s for s in shape.shapes.values() if s.area.kind == "open_sea"]
    labels = [label.rect.inflate(6, 6) for label in map_art.labels(scale)]
    greyed = kept = 0
    for s in seas:
        x, y = (round(v) for v in shape.to_pixel(*s.tokens, scale))
        if shape.area_at(*s.tokens) != s.area.id or \
                pygame.Rect(x - 1, y - 1, 3, 3).collidelist(labels) >= 0:
            continue
        if s.area.id in shape.board.in_play("east"):
            kept += 1
            assert tuple(east.get_at((x, y)))[:3] == map_art.OPEN_SEA
        else:
            greyed += 1
            assert tuple(east.get_at((x, y)))[:3] == map_art.OUT_OF_PLAY_SEA
            assert tuple(full.get_at((x, y)))[:3] == map_art.OPEN_SEA
    assert greyed and kept


def test_a3_11_an_areas_card_names_only_neighbours_in_play() -> None:
    board = board_shape().board
    carthago, hippo = board.area_named("Carthago").id, board.area_named("Hippo Regius").id
    assert hippo in board.neighbours(carthago)
    five = civ.new_game(5, 1).view(None)
    six = civ.new_game(6, 1).view(None)
    assert "Hippo Regius" not in area_info(carthago, five)[2]
    assert "Byzacium" in area_info(carthago, five)[2]
    assert "Hippo Regius" in area_info(carthago, six)[2]
    assert area_info(hippo, five) == ["Hippo Regius", "Out of play in a game of 5 players (A4.3)"]
    assert "population limit" in area_info(hippo, six)[1]


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def table_of(app: App, players: int) -> CivTable:
    """A new game's table for `players` people, past the hand-over to seat 1."""
    table = CivTable(app, GameSession(SavedGame(
        record={"game": civ.ID, "players": players, "seed": 5, "options": {}, "actions": []},
        seats=[SeatConfig("human")] * players)))
    app.replace(table)
    app.run_frames(2)
    Driver(app).press_button(app.stack.top, "confirm")
    app.run_frames(3)
    assert app.stack.top is table
    return table


def test_a4_3_a_three_player_table_greys_the_east_on_screen(app: App) -> None:
    table = table_of(app, 3)
    assert table.board.players == 3
    playing = board_shape().board.in_play(PLAYER_COUNTS[3].configuration)
    scale = map_art.scale_key(table.board.view.scale)
    labels = [label.rect.inflate(6, 6) for label in map_art.labels(scale)]
    looked = {True: 0, False: 0}
    for area_id, s in board_shape().shapes.items():
        x, y = board_shape().to_pixel(*s.tokens, scale)
        if not s.area.is_land or s.area.start or board_shape().area_at(*s.tokens) != area_id \
                or pygame.Rect(round(x) - 2, round(y) - 2, 5, 5).collidelist(labels) >= 0:
            continue
        at = table.board.screen(s.tokens)
        near = [(at[0] + dx, at[1] + dy) for dx in (-3, 0, 3) for dy in (-3, 0, 3)]
        if not all(table.areas["map"].collidepoint(p) and table.board.area_at(p) == area_id
                   for p in near):
            continue   # off the shown part of the board, or by its edge
        colour = tuple(app.screen.get_at(at))[:3]
        # in play: its tone, or the ring lighting a start area nearby (A6.3)
        assert (colour == map_art.OFF_BOARD) is (area_id not in playing), s.area.name
        looked[area_id in playing] += 1
    assert looked[True] > 20 and looked[False] > 20


@pytest.mark.parametrize(("players", "larger"), [(2, 1.1), (4, 1.1), (5, 1.0), (6, 1.0)])
def test_a4_3_the_part_in_play_fills_the_map_and_every_area_of_it_is_shown(
        app: App, players: int, larger: float) -> None:
    """Two and four players see their half of the board larger; five lose only the far
    west's strip (its open seas stay in play), six or more the whole board."""
    table = table_of(app, players)
    playing = board_shape().board.in_play(PLAYER_COUNTS[players].configuration)
    whole = board_shape().fit_scale(table.areas["map"].w, table.areas["map"].h)
    assert table.board.view.scale >= whole * larger * 0.999
    for area_id in playing:
        at = table.board.screen(board_shape().label_point(area_id))
        assert table.areas["map"].collidepoint(at), board_shape().board.area(area_id).name
        assert table.board.area_at(at) == area_id
