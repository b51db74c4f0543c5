"""The other screens: replay viewer, settings, rules, resizing, keys, touch gestures."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.flow import start_new_game
from game.scenes.replay import ReplayPicker, ReplayScene
from game.scenes.settings_screen import SettingsScene
from game.scenes.title import TitleScene
from game.settings import THINKING_TIMES, Settings
from game.tigris.driver import Driver
from game.tigris.scenes.conflict_moment import ConflictMomentScene
from game.tigris.scenes.rules import RulesScene
from game.tigris.scenes.table import TableScene
from game.tigris.settings import tigris_settings


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    application = App(size=(1024, 600), fullscreen=False, settings=Settings(sound=False),
                      animation_speed="off", persist_settings=False, sync_computers=True)
    yield application
    application.close()
    i18n.set_language("en")


def finish_computer_game(app: App) -> TableScene:
    table = start_new_game(app, ["computer", "computer"], seed=14)
    for _ in range(3000):
        if table.finished:
            break
        if isinstance(app.stack.top, ConflictMomentScene):
            Driver(app).tap(app.stack.top.rect.center)
        app.run_frames(1)
    assert table.finished
    return table


def test_replay_viewer_steps_and_plays(app):
    finish_computer_game(app)
    driver = Driver(app)
    app.replace(TitleScene(app))
    app.run_frames(1)
    driver.press_button(app.stack.top, "replay")
    picker = app.stack.top
    assert isinstance(picker, ReplayPicker) and picker.paths
    driver.press_button(picker, "game:0")
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    total = len(replay.actions)
    driver.press_button(replay, "step_forward")
    driver.press_button(replay, "step_forward")
    assert replay.index == 2
    driver.press_button(replay, "step_back")
    assert replay.index == 1
    assert replay.table.session.state.digest() == replay.table.session.state.digest()
    driver.press_button(replay, "to_end")
    assert replay.index == total and replay.table.session.state.is_over
    driver.press_button(replay, "to_start")
    app.speed_override = "normal"
    driver.press_button(replay, "play")
    driver.frames(240)
    assert replay.index > 1, "playing advances on its own, with animations"
    driver.key("escape")
    assert isinstance(app.stack.top, ReplayPicker)


def test_settings_change_language_and_speed(app):
    driver = Driver(app)
    app.replace(TitleScene(app))
    app.push(SettingsScene(app))
    app.run_frames(1)
    settings = app.stack.top
    english = i18n.t("menu.new_game")
    driver.press_button(settings, "language")
    assert app.settings.language == "fi"
    assert i18n.t("menu.new_game") != english
    before = app.settings.animation_speed
    driver.press_button(settings, "animation_speed")
    assert app.settings.animation_speed != before
    driver.press_button(settings, "back")
    assert isinstance(app.stack.top, TitleScene)
    title = app.stack.top
    app.run_frames(1)
    assert title.buttons.get("new_game").label == i18n.t("menu.new_game")


def test_thinking_time_steps_and_reaches_the_computer_players(app):
    app.replace(TitleScene(app))
    app.push(SettingsScene(app))
    app.run_frames(1)
    settings = app.stack.top
    seen = []
    for _ in THINKING_TIMES:
        Driver(app).press_button(settings, "thinking_time")
        seen.append(app.settings.thinking_time)
        assert settings.buttons.get("thinking_time").label == f"{seen[-1]:g} s"
        assert app.thinking_time == seen[-1]
    assert sorted(seen) == sorted(THINKING_TIMES)
    app.thinking_override = 0.3
    assert app.thinking_time == 0.3, "--thinking-time wins over the setting for its run"


def test_settings_rows_do_not_overlap_on_the_smallest_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    small = App(size=(800, 480), fullscreen=False, settings=Settings(sound=False),
                animation_speed="off", persist_settings=False, sync_computers=True)
    try:
        scene = SettingsScene(small)
        small.replace(scene)
        small.run_frames(1)
        rects = [b.rect for b in scene.buttons.buttons] + [r for _, r in scene.rows]
        for i, a in enumerate(rects):
            assert not any(a.colliderect(b) for b in rects[i + 1:]), a
    finally:
        small.close()


def test_rules_overlay_scrolls_and_closes(app):
    app.replace(TitleScene(app))
    app.push(RulesScene(app))
    app.run_frames(1)
    rules = app.stack.top
    driver = Driver(app)
    driver.drag((500, 400), (500, 150))
    assert rules.scroll.offset > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    app.run_frames(1)
    driver.press_button(rules, "close")
    assert isinstance(app.stack.top, TitleScene)


def test_resize_relayouts_the_table(app):
    table = start_new_game(app, ["human", "computer"], seed=2)
    app.run_frames(2)
    small = table.layout.cell
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)
    app.run_frames(2)
    assert table.layout.cell > small
    assert table.layout.width == 1600


def test_keys_touch_and_long_press_at_the_table(app):
    table = start_new_game(app, ["human", "computer"], seed=2)
    driver = Driver(app)
    for _ in range(200):
        if table.legal is not None:
            break
        app.run_frames(1)
    assert table.legal is not None
    driver.key("1")
    assert table.selection is not None and table.selection.slot == 0
    square = sorted(table.legal_squares())[0]
    before = len(table.session.record["actions"])
    x, y = driver.square_point(table, square)
    w, h = app.size
    finger = {"x": x / w, "y": y / h, "dx": 0.0, "dy": 0.0, "finger_id": 5, "touch_id": 1}
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, pressure=1.0, **finger))
    driver.frames(45)
    assert table.hover == square, "holding a finger on a square previews it"
    assert table.preview.get(table.session.state, table.version, table.action_for(square),
                             table.dynasties)
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, pressure=0.0, **finger))
    driver.frames(2)
    assert len(table.session.record["actions"]) == before, "a long press previews only"
    driver.key("escape")
    assert table.selection is None
    outlines = tigris_settings(app.settings).kingdom_outlines
    driver.key("o")
    assert tigris_settings(app.settings).kingdom_outlines != outlines
    hand = table.hand()
    driver.tap(table.layout.hand_slots[0].center, touch=True)
    color = hand[0]
    target = sorted(table.legal.tiles[color])[0]
    driver.tap(driver.square_point(table, target), touch=True)
    assert table.session.record["actions"][-1] == {"type": "tile", "color": color, "to": target}


def test_illegal_square_explains_why(app):
    table = start_new_game(app, ["human", "computer"], seed=2)
    driver = Driver(app)
    for _ in range(200):
        if table.legal is not None:
            break
        app.run_frames(1)
    hand = table.hand()
    slot = next((i for i, c in enumerate(hand) if c != "blue"), 0)
    driver.tap(table.layout.hand_slots[slot].center)
    river = sorted(table.painter.river - set(table.view["board"]))[0]
    before = len(table.session.record["actions"])
    driver.tap(driver.square_point(table, river))
    if hand[slot] != "blue":
        assert len(table.session.record["actions"]) == before
        assert table.toast == i18n.t("refusal.tile.on_river", square=river)


def test_fullscreen_toggle_keeps_the_game(app):
    table = start_new_game(app, ["human", "computer"], seed=2)
    app.run_frames(1)
    app.set_fullscreen(True)
    app.run_frames(2)
    app.set_fullscreen(False)
    app.run_frames(2)
    assert app.stack.top is table and table.layout.width == app.size[0]
