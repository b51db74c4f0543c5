"""The kiosk's how-to loop (issue 25): between demo games, the guided first game's steps
played by computers with their captions shown, then the next demo."""

from __future__ import annotations

import pytest

from game import games
from game.app import App
from game.i18n import t
from game.scenes.flow import start_attract
from game.scenes.setup import SetupScene
from game.settings import Settings
from game.tigris import guide_script as script
from game.tigris.driver import Driver
from game.tigris.guide import WATCH_SECONDS, HowToScene
from game.tigris.scenes.attract import AttractScene
from game.tigris.scenes.conflict_moment import ConflictMomentScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("game.tigris.scenes.attract.DEMO_LEVEL", "random")
    application = App(size=(800, 480), fullscreen=False, settings=Settings(sound=False),
                      animation_speed="off", persist_settings=False, sync_computers=True,
                      attract_after=0.25)
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def test_t_e_s_later_turns_in_the_kiosk_rotation_begin_with_the_how_to_loop(app: App) -> None:
    """The first demo of a run is a game; when T&E's turn comes again (after the other
    games' demos), the how-to loop comes first."""
    first = start_attract(app)
    assert type(first) is AttractScene
    app.demos_shown = len(games.game_ids())   # T&E's turn again, after every other game's
    assert isinstance(start_attract(app), HowToScene)


def test_the_how_to_loop_plays_the_script_with_its_captions_then_the_next_demo(
        app: App) -> None:
    loop = HowToScene(app)
    app.replace(loop)
    captions: list[str] = []
    for _ in range(30000):
        top = app.stack.scenes[0]
        if top is not loop:
            break
        words = loop.lesson.caption().words
        if not captions or captions[-1] != words:
            captions.append(words)
        app.run_frames(1, 1.0 / 60.0)
    else:
        raise AssertionError(f"the loop did not end (ply {loop.lesson.ply})")
    assert loop.session.record["actions"] == [e.action for e in script.SCRIPT]
    for step in script.STEPS[:-1]:
        assert t(f"guide.step.{step}") in captions, step
    assert captions[-1].startswith(t("guide.step.weakest").split("{")[0])
    assert type(app.stack.scenes[0]) is AttractScene   # T&E's demo game follows


def test_each_caption_stays_before_play_goes_on(app: App) -> None:
    loop = HowToScene(app)
    app.replace(loop)
    app.run_frames(int(WATCH_SECONDS * 60) - 10, 1.0 / 60.0)
    assert loop.session.record["actions"] == []   # the welcome is still being read
    app.run_frames(int(WATCH_SECONDS * 60) + 30, 1.0 / 60.0)
    assert loop.session.record["actions"][:1] == [script.SCRIPT[0].action]


def test_a_touch_on_the_loop_wakes_the_kiosk(app: App) -> None:
    loop = HowToScene(app)
    app.replace(loop)
    driver = Driver(app)
    driver.frames(2)
    driver.tap((400, 240))
    assert isinstance(app.stack.top, SetupScene)
    assert not any(isinstance(s, (HowToScene, ConflictMomentScene)) for s in app.stack.scenes)
