"""Every kind of civ decision met in seeded games is answered at the table by taps
(issue 22, "Tests"): the table opens at a stored position where it is pending
(tests/support/civ_decision_positions.py), the person whose decision it is sees it
prompted with its answers lit or listed, and the driver taps one in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.apps import closed_after, make_app
from support.civ_decision_positions import load
from support.civ_driver import CivDriver

import ai
import engine.civ as civ
from game.app import App
from game.civ.table import CivTable
from game.savegame import SavedGame, SeatConfig
from game.scenes.flow import make_table
from game.session import GameSession

POSITIONS = load()


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def test_the_stored_positions_hold_the_usual_and_the_calamities_kinds() -> None:
    assert set(POSITIONS) >= {"nation", "turn_start", "growth", "ships", "movement",
                              "cities", "stack9", "trade_open", "trade_answer", "loss",
                              "selection", "assign", "reduce", "civ_cards", "excess",
                              "tax_rate", "revolt", "monotheism", "ship_upkeep",
                              "pillage"}


@pytest.mark.parametrize("kind", sorted(POSITIONS))
def test_each_kind_of_decision_is_prompted_and_answered_by_taps(app: Any, kind: str) -> None:
    position = POSITIONS[kind]
    state = civ.from_dict(position)
    seat = int(state.to_move)
    assert state.pending["kind"] == kind
    seats = [SeatConfig("human" if s == seat else "computer", "random", "")
             for s in range(len(position["seats"]))]
    record = {"game": civ.ID, "players": len(seats), "seed": 1,
              "options": position["options"], "actions": []}
    table = make_table(app, GameSession(SavedGame(record=record, seats=seats, start=position)))
    assert isinstance(table, CivTable)
    app.replace(table)
    app.run_frames(2)
    sent = table.session.record["actions"]
    if kind == "turn_start":   # A36.1: a person's "stay" is answered without a question
        assert sent and sent[0] == {"type": "stay"} and table.deciding() != seat
        return
    if sent:   # A1.2: a single answer not from a hidden hand is taken for its player
        assert len(state.legal_actions()) == 1 and sent[0] == state.legal_actions()[0]
        return
    assert table.deciding() == seat and table.prompt()
    answers = table.answers()
    assert answers
    chosen = ai.make_bot("civ", "easy", 1).choose(state.view(seat), 0.0)
    CivDriver(app, table).answer(chosen if chosen in answers else answers[0])
    assert len(sent) >= 1 and state.check(sent[0]) is None


def test_a_civ_game_starts_from_a_position_as_a_tigris_one_does(app: Any) -> None:
    """game-module.md's `state.players`: civ's state had none, so a session started from
    a civ position (`GameSession.from_position`) was refused."""
    from game.scenes.flow import start_from_position

    position = POSITIONS["cities"]
    table = start_from_position(app, position, ["human"] * len(position["seats"]))
    assert isinstance(table, CivTable)
    assert table.session.players == len(position["seats"])
    assert table.session.state.digest() == civ.from_dict(position).digest()
