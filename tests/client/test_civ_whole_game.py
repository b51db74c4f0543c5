"""A whole civ game at the table through the real input path (issue 22, "Tests"): every
seat a person at one screen, each hand-over confirmed, each decision tapped in by the
one driver (tests/support/civ_driver.py) with an answer chosen at random, to its end
(a turn limit, A35.1); the test counts the phases (A7.1) and decision kinds met."""

from __future__ import annotations

from typing import Any

import pytest
from support.apps import make_app
from support.civ_driver import CivDriver, level_pick, phases_met

import engine.civ as civ
from engine.civ.position import PHASES
from game.civ.table import CivTable
from game.scenes.flow import start_new_game

USUAL_KINDS = {"nation", "turn_start", "growth", "movement", "cities", "trade_open",
               "civ_cards"}


@pytest.fixture
def app(data_dir: Any) -> Any:
    application = make_app((1280, 800), game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def test_a_random_pass_and_play_game_is_played_to_its_end_by_taps(app: Any) -> None:
    table = start_new_game(app, ["human"] * 3, seed=31, options={"turn_limit": 10})
    assert isinstance(table, CivTable)
    driver = CivDriver(app, table)
    driver.play(level_pick("easy", 31, table))
    state = table.session.state
    assert state.is_over
    record = table.session.record
    assert civ.replay(record).digest() == state.digest()
    assert len(record["actions"]) == sum(driver.kinds.values())   # every one tapped in
    phases = phases_met(record)
    assert set(phases) >= set(PHASES), set(PHASES) - set(phases)
    assert set(driver.kinds) >= USUAL_KINDS, (USUAL_KINDS - set(driver.kinds), driver.kinds)
    print(f"kinds met: {dict(driver.kinds)}; taps: {driver.taps}")
