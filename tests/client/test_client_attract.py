"""The kiosk's attract mode: computer players demo the game when nobody touches it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game
from game import savelist
from game.app import App
from game.scene import Scene
from game.scenes.flow import start_new_game
from game.scenes.menu import PauseMenu
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.settings import Settings
from game.tigris.driver import Driver
from game.tigris.scenes.attract import DEMO_PLAYERS, MOMENT_SECONDS, PULSE_STEPS, AttractScene
from game.tigris.scenes.conflict_moment import ConflictMomentScene

IDLE = 0.25   # seconds; frames are 1/60 s in the driver


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    # Quick demo players: the tests watch the demo's flow, not the medium level's play.
    monkeypatch.setattr("game.tigris.scenes.attract.DEMO_LEVEL", "random")
    application = App(size=(800, 480), fullscreen=False, settings=Settings(sound=False),
                      animation_speed="off", persist_settings=False, sync_computers=True,
                      attract_after=IDLE)
    yield application
    application.close()


def frames_for(seconds: float) -> int:
    return int(seconds * 60) + 2


def test_idle_title_gives_way_to_a_demo_that_is_played_and_never_saved(app):
    app.replace(TitleScene(app))
    app.run_frames(frames_for(IDLE / 2))
    assert isinstance(app.stack.top, TitleScene), "not before the idle time"
    app.run_frames(frames_for(IDLE / 2))
    demo = app.stack.scenes[0]   # (a conflict's result may already show over it)
    assert isinstance(demo, AttractScene)
    assert demo.session.players == DEMO_PLAYERS
    assert not any(seat.is_human for seat in demo.session.seats)
    movers = set()
    played = 0
    for _ in range(1000):   # 120 frames of play; a conflict's result pauses it a while
        app.run_frames(3)
        movers.add(demo.viewer)
        played += not isinstance(app.stack.top, ConflictMomentScene)
        if played == 40:
            break
    assert len(demo.session.record["actions"]) > 10, "the computer players are playing"
    assert len(movers) >= 2, "the hand shown follows the player to move"
    app.saver.flush()
    assert savelist.newest() is None, "a demo never writes a save of the players'"


def test_the_demo_players_are_medium_computers(tmp_path, monkeypatch):
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    application = App(size=(800, 480), fullscreen=False, settings=Settings(sound=False),
                      animation_speed="off", persist_settings=False)
    try:
        demo = AttractScene(application, seed=3)
        assert [(s.kind, s.level) for s in demo.session.seats] == [("computer", "medium")] * 4
    finally:
        application.close()


def test_a_touch_on_the_demo_opens_the_setup_over_the_title(app):
    app.replace(AttractScene(app, seed=4))
    app.run_frames(2)
    Driver(app).tap((400, 240), touch=True)
    assert isinstance(app.stack.top, SetupScene)
    assert [type(s) for s in app.stack.scenes] == [TitleScene, SetupScene]
    app.run_frames(frames_for(IDLE / 2))
    assert isinstance(app.stack.top, SetupScene), "the touch counts as activity"


@pytest.mark.parametrize("y, turned", [(60, True), (420, False)])
def test_on_a_tabletop_the_menus_face_whoever_touched_the_demo(app, y, turned):
    app.tabletop = True
    app.replace(AttractScene(app, seed=4))
    app.run_frames(2)
    Driver(app).tap((400, y), touch=True)
    assert isinstance(app.stack.top, SetupScene)
    assert app.turned is turned


def test_the_kiosk_status_says_attract_mode_not_a_position(app, monkeypatch):
    from kiosk import watchdog

    said: list[str] = []
    monkeypatch.setattr(watchdog, "status", said.append)
    monkeypatch.setattr(watchdog, "position", lambda ply, digest: said.append(f"ply {ply}"))
    app.replace(AttractScene(app, seed=9))
    app.run_frames(30)
    assert said and all(line.startswith("attract mode") for line in said)
    start_new_game(app, ["human", "human"], seed=9)
    app.run_frames(1)
    assert said[-1] == "ply 0", "a real game reports its position again"


def test_the_demo_is_silent_and_sound_comes_back_after_it(app):
    app.settings.sound = True
    demo = AttractScene(app, seed=5)
    app.replace(demo)
    assert app.audio.enabled is False
    demo.wake()
    assert app.audio.enabled is True


def test_a_screen_that_forbids_it_keeps_the_demo_away(app):
    """The LAN table and lobby (attract_idle None) must never be left for a demo."""
    app.replace(TitleScene(app))
    app.push(Scene(app))
    app.run_frames(frames_for(IDLE * 3))
    assert not isinstance(app.stack.top, AttractScene)


def test_an_idle_game_waits_ten_times_longer_and_stays_saved_for_continue(app):
    table = start_new_game(app, ["human", "human"], seed=6)
    table.act(table.session.state.legal_actions()[0])   # a game of 0 moves is not saved
    app.run_frames(frames_for(IDLE * 2))
    assert not isinstance(app.stack.top, AttractScene)
    app.run_frames(frames_for(IDLE * 10))
    assert isinstance(app.stack.scenes[0], AttractScene)   # a result may show over it
    app.saver.flush()
    assert savelist.newest() is not None, "the game left idle can be continued"


def test_the_next_demo_game_follows_a_finished_one(app):
    demo = AttractScene(app, seed=7)
    app.replace(demo)
    app.run_frames(1)
    demo._finish()
    demo.end_hold = 0.1
    app.run_frames(10)
    follow = app.stack.top
    assert isinstance(follow, AttractScene) and follow is not demo


def test_the_breathing_banner_is_drawn_once_per_shade(app):
    """A Pi draws with its CPU: a full pulse must reuse a few banners, not build one a frame."""
    app.tabletop = True
    demo = AttractScene(app, seed=8)
    app.replace(demo)
    app.run_frames(200)   # more than one breath (2.4 s)
    shades = {key[1] for key in demo._banners}
    assert len(shades) == PULSE_STEPS + 1
    assert len(demo._banners) == 2 * len(shades), "upright and upside down, once each"


def test_attract_flag_is_checked(capsys):
    from game import main

    assert main.parse_attract("0") is None
    assert main.parse_attract("90") == 90.0
    assert main.run(["--attract", "2"]) == 2
    assert main.run(["--attract", "soon"]) == 2
    assert capsys.readouterr().err.count("--attract") == 2


def test_the_demo_shows_each_conflict_s_result_briefly_and_a_touch_on_it_wakes(app):
    demo = AttractScene(app, seed=6)
    app.replace(demo)
    moment = None
    for _ in range(3000):
        app.run_frames(1)
        if isinstance(app.stack.top, ConflictMomentScene):
            moment = app.stack.top
            break
    assert moment is not None, "the demo reached no conflict"
    assert moment.seconds == MOMENT_SECONDS
    app.run_frames(frames_for(MOMENT_SECONDS) - 6)
    assert app.stack.top is moment
    app.run_frames(8)
    assert app.stack.top is not moment, "the result went by itself"
    for _ in range(3000):
        if isinstance(app.stack.top, ConflictMomentScene):
            break
        app.run_frames(1)
    assert isinstance(app.stack.top, ConflictMomentScene)
    Driver(app).tap((400, 240), touch=True)
    assert isinstance(app.stack.top, SetupScene), "a touch on a result wakes the demo"


def imported_modules(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            modules.add(node.module or "")
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return modules


def test_only_the_app_reports_to_the_kiosk_and_a_menu_leaves_it_to_the_table(app, monkeypatch):
    """Issue 20: the shell tells the kiosk's watchdog what is shown, once, from the frame
    loop; no game's table or demo imports the kiosk."""
    from kiosk import watchdog

    root = Path(game.__file__).parent
    knowing = sorted(str(path.relative_to(root)) for path in root.rglob("*.py")
                     if any(m.split(".")[0] == "kiosk" for m in imported_modules(path)))
    assert knowing == ["app.py"]
    said: list[tuple[int, str]] = []
    monkeypatch.setattr(watchdog, "position", lambda ply, digest: said.append((ply, digest)))
    table = start_new_game(app, ["human", "human"], seed=9)
    app.run_frames(2)
    assert said == [(0, table.session.state.digest())], "told once, not every frame"
    app.push(PauseMenu(app, table))
    app.run_frames(2)
    assert len(said) == 1, "a menu over the table leaves the report to the table"
