"""Layout geometry from a small Pi touchscreen to 4K: nothing off-screen, fingers fit."""

from __future__ import annotations

import pytest
from pygame import Rect

from game import layout
from game.tigris.layout import table_layout

SIZES = [(800, 480), (1024, 600), (1280, 720), (1280, 800), (1920, 1080), (2560, 1440),
         (3840, 2160), (720, 1280)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_everything_on_screen(size, players):
    w, h = size
    table = table_layout(w, h, players)
    screen = Rect(0, 0, w, h)
    for rect in table.all_rects():
        assert screen.contains(rect), (size, rect)
    assert table.board.w == 16 * table.cell and table.board.h == 11 * table.cell


@pytest.mark.parametrize("size", SIZES)
def test_targets_do_not_overlap(size):
    table = table_layout(*size, 4)
    targets = table.hit_targets() + table.side_.panels + [table.side_.log]
    for i, a in enumerate(targets):
        assert not a.colliderect(table.board), (a, table.board)
        for b in targets[i + 1:]:
            assert not a.colliderect(b), (size, a, b)


def test_small_screen_hit_targets_are_finger_sized():
    table = table_layout(800, 480, 4)
    assert table.cell >= 40, "board squares are tapped too"
    for rect in table.hit_targets():
        assert rect.w >= 40 and rect.h >= 40, rect


def test_4k_scales_up():
    small = table_layout(800, 480, 4)
    big = table_layout(3840, 2160, 4)
    assert big.cell >= 4 * small.cell


def test_square_hit_testing_matches_drawing():
    table = table_layout(1280, 800, 2)
    for col, row in [(0, 0), (15, 10), (7, 5)]:
        rect = table.square_rect(col, row)
        assert table.square_at(rect.center) == (col, row)
    assert table.square_at((table.board.right + 1, table.board.y)) is None


@pytest.mark.parametrize("size", [(800, 480), (3840, 2160)])
def test_menu_columns_fit(size):
    w, h = size
    for count in (2, 6, 7):
        rects = layout.menu_column(w, h, count)
        for rect in rects:
            assert Rect(0, 0, w, h).contains(rect)
            assert rect.h >= 40


@pytest.mark.parametrize("size", [(800, 480), (3840, 2160)])
def test_screens_fit(size, tmp_path, monkeypatch):
    """Every screen's buttons are on screen and at least 40 px at both extremes."""
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    from game.app import App
    from game.scenes.flow import start_new_game
    from game.scenes.settings_screen import SettingsScene
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    from game.settings import Settings
    from game.tigris.scenes.rules import RulesScene

    app = App(size=size, fullscreen=False, settings=Settings(sound=False),
              animation_speed="off", persist_settings=False, sync_computers=True)
    try:
        screen = app.screen.get_rect()
        for make in (TitleScene, SetupScene, SettingsScene, RulesScene):
            scene = make(app)
            app.replace(scene)
            if isinstance(scene, SetupScene):
                scene.count = 4
                scene.options.update(buildings=True, wonder=True)
                scene.resize(*size)
            app.run_frames(1)
            for button in scene.buttons.buttons:
                assert screen.contains(button.rect), (make.__name__, button)
                assert button.rect.h >= 40, (make.__name__, button)
        table = start_new_game(app, ["human", "human", "human", "human"], seed=1)
        app.run_frames(2)
        for button in table.buttons.buttons:
            assert screen.contains(button.rect) and button.rect.h >= 40, button
    finally:
        app.close()
