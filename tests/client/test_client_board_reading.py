"""Reading the board (issue 12, "Reading the board"): every kingdom in a tint of its
own, leader strengths shown unless the player turned them off, overlay buttons that
say what they show."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from support.apps import make_app
from support.tigris_records import midgame

import engine.tigris as engine
from game.app import App
from game.scenes.flow import start_from_position
from game.settings import Settings, from_json
from game.tigris.driver import Driver
from game.tigris.scenes.table import TableScene
from game.tigris.settings import tigris_settings


def open_table(app: App, position: dict[str, Any]) -> TableScene:
    table = start_from_position(app, position, ["human", "computer", "computer"])
    assert isinstance(table, TableScene)
    Driver(app).frames(3)
    return table


@pytest.fixture
def app(data_dir):
    app = make_app((1280, 800))
    yield app
    app.close()


def kingdoms_of(board: dict[str, Any]) -> set[frozenset[str]]:
    """R3.3 as the engine says it: its regions that hold a leader."""
    return {frozenset(r) for r in engine.board_regions(board)
            if any("leader" in board[s] for s in r)}


def test_r3_3_every_kingdom_of_the_engine_gets_a_fill_of_its_own_tint(app):
    position = midgame()
    table = open_table(app, position)
    expected = kingdoms_of(table.view["board"])
    assert len(expected) >= 4
    fills = table.painter.fills
    assert {squares for squares, _ in fills} == expected
    tints = [tint for _, tint in fills]
    assert len(set(tints)) == len(tints)


def test_r3_3_a_kingdom_squares_edge_shows_its_tint_and_a_lone_tile_does_not(app):
    position = midgame()
    table = open_table(app, position)
    board = table.view["board"]
    tint_of = {s: tint for squares, tint in table.painter.fills for s in squares}
    in_kingdom = next(s for s in sorted(tint_of) if "tile" in board[s])
    regions = [r for r in engine.board_regions(board) if len(r) == 1 and "tile" in board[r[0]]]
    assert regions, "the position has a tile on its own"
    lone = regions[0][0]

    def edge(square: str) -> tuple[int, int, int]:
        """On the tinted rim of the square's piece, clear of the outline along a kingdom's edge."""
        r = table.painter.square_rect(square)
        return tuple(app.screen.get_at((r.centerx, r.top + 4)))[:3]  # type: ignore[return-value]

    kingdom_edge, lone_edge = edge(in_kingdom), edge(lone)
    tigris_settings(app.settings).kingdom_outlines = False
    table.drawing.dirty = True
    Driver(app).frames(3)
    assert edge(in_kingdom) != kingdom_edge
    assert edge(lone) == lone_edge


def test_the_kingdoms_button_turns_the_fills_off_and_on(app):
    table = open_table(app, midgame())
    driver = Driver(app)
    driver.press_button(table, "outlines")
    driver.frames(3)
    assert table.painter.fills == []
    driver.press_button(table, "outlines")
    driver.frames(3)
    assert table.painter.fills


def test_leader_strength_badges_are_on_by_default_and_a_saved_choice_is_kept():
    assert tigris_settings(Settings()).leader_strength is True
    assert tigris_settings(from_json({"leader_strength": False})).leader_strength is False
    assert tigris_settings(from_json({})).leader_strength is True


def hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    Driver(app).frames(2)


def test_the_overlay_buttons_say_what_they_show_when_the_mouse_rests_on_them(app):
    table = open_table(app, midgame())
    button = table.buttons.get("strength")
    assert button is not None and button.label == ""   # only its glyph at this size
    before = app.screen.copy()
    hover(app, button.rect.center)
    assert table.tips.text == "Conflict strength: by each leader, the temples beside it " \
        "(revolt, top left) and the tiles of its colour in its kingdom (war, bottom right)"
    below = pygame.Rect(button.rect.x, button.rect.bottom + 6, button.rect.w, 10)
    assert app.screen.subsurface(below).copy().get_at((2, 2)) != before.subsurface(below).get_at(
        (2, 2))
    hover(app, table.painter.square_rect("H6").center)
    assert table.tips.text is None


def test_a_long_press_on_an_overlay_button_explains_it_without_toggling_it(app):
    table = open_table(app, midgame())
    button = table.buttons.get("outlines")
    assert button is not None
    Driver(app, touch=True).long_press(button.rect.center)
    assert table.tips.text == ("Kingdoms: each kingdom one area in a tint of its own, edged in a "
                               "deeper shade of it")
    assert tigris_settings(app.settings).kingdom_outlines is True
    Driver(app).frames(int(3.5 * 60))
    assert table.tips.text is None
    Driver(app, touch=True).tap(button.rect.center)
    assert tigris_settings(app.settings).kingdom_outlines is False


def test_the_tabletops_overlay_buttons_explain_themselves_on_a_long_press(data_dir):
    app = make_app((1280, 800), tabletop=True)
    try:
        table = start_from_position(app, midgame(), ["human", "human", "human"])
        driver = Driver(app, touch=True)
        driver.frames(3)
        button = table.buttons.get("strength")
        assert button is not None
        driver.long_press(button.rect.center)
        assert table.tips.text is not None and table.tips.text.startswith("Conflict strength")
        assert tigris_settings(app.settings).leader_strength is True
    finally:
        app.close()


def test_r3_3_with_more_kingdoms_than_tints_a_tint_is_shared_only_far_apart():
    from game.tigris.art import palette as pal
    from game.tigris.ui.kingdom_tints import kingdom_tints

    position = midgame(14, 110)
    fills = kingdom_tints(position["board"])
    assert len(fills) > len(pal.KINGDOM_TINTS)
    assert {squares for squares, _ in fills} == kingdoms_of(position["board"])
    assert set(pal.KINGDOM_TINTS) == {tint for _, tint in fills}
    for tint in pal.KINGDOM_TINTS:
        wearing = [squares for squares, t in fills if t == tint]
        for a in wearing:
            for b in wearing:
                if a != b:
                    gap = min(max(abs(ord(x[0]) - ord(y[0])), abs(int(x[1:]) - int(y[1:])))
                              for x in a for y in b)
                    assert gap >= 3, (tint, sorted(a), sorted(b))
