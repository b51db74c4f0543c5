"""The kiosk's how-to loop (issue 25): between demo games, the guided first game's steps
played by computers with their captions shown, then the next demo."""

from __future__ import annotations

import pytest

from game.app import App
from game.i18n import t
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


def test_a_finished_demo_gives_way_to_the_how_to_loop(app: App) -> None:
    demo = AttractScene(app, seed=7)
    app.replace(demo)
    app.run_frames(1)
    demo._finish()
    demo.end_hold = 0.1
    app.run_frames(10)
    assert isinstance(app.stack.top, HowToScene)


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
    assert isinstance(app.stack.scenes[0], AttractScene)   # the next demo game
    assert not isinstance(app.stack.scenes[0], HowToScene)


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
