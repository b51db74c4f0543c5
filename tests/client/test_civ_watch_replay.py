"""The replay viewer counts a civ game's turns as the table does (A7.1: a turn is the
round of thirteen phases). Watched: a finished 51-turn game opened as "Turn 1 of 4272",
and its turn buttons stepped one action at a time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.apps import closed_after, make_app

import engine.civ as civ
from ai.civ.random_player import CivRandomBot
from engine.civ.record import new_record
from game.app import App
from game.civ import words
from game.savegame import SavedGame, SeatConfig
from game.scenes.replay import ReplayScene
from game.tigris.driver import Driver


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def played(players: int, seed: int, turns: int) -> dict[str, Any]:
    record = new_record(players, seed, {"turn_limit": turns})
    state = civ.replay(record)
    bots = [CivRandomBot(seed * 10 + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.view(seat), 0.0)
        record["actions"].append(action)
        state = state.apply(action)
    return record


def test_A7_1_the_replay_viewer_steps_by_the_games_turns(app: Any) -> None:
    record = played(3, 5, 4)
    viewer = ReplayScene(app, SavedGame(record=record, seats=[SeatConfig("computer")] * 3))
    app.push(viewer)
    app.run_frames(1)
    assert len(viewer.turn_starts) == 4
    taps = Driver(app)
    taps.press_button(viewer, "to_end")
    for turn in (4, 3, 2):
        taps.press_button(viewer, "previous_turn")
        shown = viewer.table.session.state.view(None)
        assert viewer.turn == turn and shown["turn"] == turn
        assert shown["phase"] == "start"


def test_A6_3_a_jump_tells_the_log_with_the_nations_chosen(app: Any) -> None:
    """Watched: after "to the end", the log said "Seat 5 moved on the A.S.T." while the
    panels said Egypt (the lines were told from the position the jump left)."""
    record = played(3, 5, 2)
    viewer = ReplayScene(app, SavedGame(record=record, seats=[SeatConfig("computer")] * 3))
    app.push(viewer)
    app.run_frames(1)
    Driver(app).press_button(viewer, "to_end")
    told = [str(line) for line in viewer.table.log]
    nations = [words.seat_words(viewer.table.public(), seat) for seat in range(3)]
    assert any(nation in line for line in told for nation in nations)
    assert not any("Seat " in line for line in told[5:]), told
