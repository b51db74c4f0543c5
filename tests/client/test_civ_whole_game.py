"""A whole civ game at the table through the real input path (issue 22, "Tests"): every
seat a person at one screen, each hand-over confirmed, each decision tapped in by the
one driver (tests/support/civ_driver.py), to its end (a turn limit, A35.1), counting
the phases (A7.1) and decision kinds met; then replayed in the replay viewer. And a
game saved half-way resumed by Continue and played on to its end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.apps import closed_after, make_app
from support.civ_driver import CivDriver, level_pick, phases_met

import engine.civ as civ
from engine.civ.position import PHASES
from game.app import App
from game.civ.table import CivTable
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_new_game
from game.scenes.replay import ReplayScene
from game.scenes.title import TitleScene
from game.tigris.driver import Driver

USUAL_KINDS = {"nation", "growth", "movement", "cities", "trade_open", "civ_cards"}


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def test_a_random_pass_and_play_game_is_played_to_its_end_by_taps(app: Any) -> None:
    table = start_new_game(app, ["human"] * 3, seed=11, options={"turn_limit": 10})
    assert isinstance(table, CivTable)
    driver = CivDriver(app, table)
    driver.play(level_pick("easy", 11, table))
    state = table.session.state
    assert state.is_over
    record = table.session.record
    assert civ.replay(record).digest() == state.digest()
    unasked = sum(1 for action in record["actions"] if action["type"] == "stay")   # A36.1
    assert unasked, "turn_start is met, answered without a question"
    assert len(record["actions"]) == sum(driver.kinds.values()) + unasked   # the rest tapped
    phases = phases_met(record)
    assert set(phases) >= set(PHASES), set(PHASES) - set(phases)
    assert set(driver.kinds) >= USUAL_KINDS, (USUAL_KINDS - set(driver.kinds), driver.kinds)
    print(f"kinds met: {dict(driver.kinds)}; taps: {driver.taps}")
    replayed_in_the_viewer(app, record)


def replayed_in_the_viewer(app: Any, record: dict[str, Any]) -> None:
    """The finished game is listed by the replay viewer, which shows its end, a turn
    back, a step on and its start as the engine replays them."""
    taps = Driver(app)
    result = app.stack.top
    assert isinstance(result, DialogScene)
    taps.press_button(result, "close")
    title = TitleScene(app)
    app.replace(title)
    app.run_frames(1)
    taps.press_button(title, "replay")
    taps.press_button(app.stack.top, "game:0")
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and isinstance(viewer.table, CivTable)
    assert viewer.actions == record["actions"]

    def shows(index: int) -> None:
        assert viewer.index == index
        prefix = {**record, "actions": record["actions"][:index]}
        assert viewer.table.session.state.digest() == civ.replay(prefix).digest()

    taps.press_button(viewer, "to_end")
    shows(len(record["actions"]))
    taps.press_button(viewer, "previous_turn")
    back = viewer.index
    assert 0 < back < len(record["actions"])
    shows(back)
    taps.press_button(viewer, "step_forward")
    shows(back + 1)
    taps.press_button(viewer, "to_start")
    shows(0)


def test_a_game_saved_half_way_resumes_by_continue_and_plays_on_to_its_end(
        app: Any) -> None:
    table = start_new_game(app, ["human"] * 3, seed=17, options={"turn_limit": 5})
    driver = CivDriver(app, table)
    pick = level_pick("easy", 17, table)
    while table.session.state.view(None)["turn"] < 3:
        assert driver.step(pick)
    app.run_frames(2)
    digest = table.session.state.digest()
    played = list(table.session.record["actions"])
    app.saver.flush()
    title = TitleScene(app)
    app.replace(title)
    app.run_frames(1)
    Driver(app).press_button(title, "continue")
    app.run_frames(1)
    resumed = next(s for s in app.stack.scenes if isinstance(s, CivTable))
    assert resumed.session.state.digest() == digest
    assert resumed.session.record["actions"] == played
    # several people at the screen: nobody's hand shows until the hand-over is confirmed
    assert resumed.flow.viewer is None and app.stack.top is not resumed
    CivDriver(app, resumed).play(level_pick("easy", 17, resumed))
    record = resumed.session.record
    assert resumed.session.state.is_over and record["actions"][:len(played)] == played
    assert civ.replay(record).digest() == resumed.session.state.digest()
