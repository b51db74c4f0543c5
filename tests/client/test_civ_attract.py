"""The kiosk's attract mode demos either game: the games' demos take turns, and Advanced
Civilization's is its table played by computers to a short turn limit (A35.1)."""

from __future__ import annotations

from typing import Any

import pytest

import engine.civ as civ
from game import savelist
from game.app import App
from game.civ.attract import DEMO_PLAYERS, DEMO_TURNS, CivAttract
from game.civ.client import CLIENT as CIV
from game.i18n import t
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.settings import Settings
from game.tigris.driver import Driver
from game.tigris.scenes.attract import AttractScene

IDLE = 0.25   # seconds; frames are 1/60 s in the driver


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    # Quick demo players and a one-turn civ game: the tests watch the demos' flow.
    monkeypatch.setattr("game.tigris.scenes.attract.DEMO_LEVEL", "random")
    monkeypatch.setattr("game.civ.attract.DEMO_LEVEL", "random")
    monkeypatch.setattr("game.civ.attract.DEMO_TURNS", 1)
    monkeypatch.setattr("game.civ.attract.END_HOLD", 0.1)
    application = App(size=(1280, 800), fullscreen=False, settings=Settings(sound=False),
                      animation_speed="off", persist_settings=False, sync_computers=True,
                      attract_after=IDLE)
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def frames_for(seconds: float) -> int:
    return int(seconds * 60) + 2


def test_the_demos_take_turns_between_the_games(app: App) -> None:
    """Idle: the chosen game's demo (T&E); when its game ends, civ's; when that one ends,
    T&E's again."""
    app.replace(TitleScene(app))
    app.run_frames(frames_for(IDLE))
    first = app.stack.scenes[0]
    assert isinstance(first, AttractScene)
    first._finish()
    first.end_hold = 0.1
    app.run_frames(10)
    second = app.stack.scenes[0]
    assert isinstance(second, CivAttract), "civ's demo follows T&E's"
    for _ in range(3000):
        if not isinstance(app.stack.scenes[0], CivAttract):
            break
        app.run_frames(1)
    assert second.state.is_over, "civ's demo game is played to its turn limit"
    assert isinstance(app.stack.scenes[0], AttractScene), "then T&E's again"


def test_civ_s_demo_is_a_short_silent_game_of_computers_never_saved(app: App) -> None:
    app.choose_game(CIV)
    app.settings.sound = True
    app.replace(TitleScene(app))
    app.run_frames(frames_for(IDLE))
    demo = app.stack.top
    assert isinstance(demo, CivAttract), "the chosen game's demo comes first"
    assert app.audio.enabled is False
    assert demo.session.players == DEMO_PLAYERS and not demo.session.human_seats
    assert demo.session.options["turn_limit"] == 1 and DEMO_TURNS <= 8
    assert demo.kiosk_report().startswith("attract mode")
    movers = set()
    for _ in range(400):
        app.run_frames(1)
        movers.add(demo.flow.viewer)
        if demo.state.is_over:
            break
    assert demo.state.is_over and len(demo.session.record["actions"]) > 5
    assert civ.replay(demo.session.record).digest() == demo.state.digest()
    assert len(movers - {None}) >= 2, "the hand shown follows the seat to move"
    assert demo.banners, "the breathing banner is drawn over the map"
    assert {key[-1] for key in demo.banners} == {t("civ.attract.demo")}, \
        "it says which game the computers show (civ's words, not T&E's)"
    app.saver.flush()
    assert savelist.newest() is None, "a demo never writes a save of the players'"


def test_a_touch_on_civ_s_demo_opens_civ_s_set_up_over_the_title(app: App) -> None:
    app.replace(CivAttract(app, seed=4))
    app.run_frames(2)
    Driver(app).tap((400, 300), touch=True)
    assert [type(s) for s in app.stack.scenes] == [TitleScene, SetupScene]
    assert app.stack.top.client.id == civ.ID and app.game.id == civ.ID
    assert app.audio.enabled is app.settings.sound
