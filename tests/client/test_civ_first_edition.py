"""A civ game saved under rules 4 goes on on the board it was begun on (docs/civ-map.md:
rules 5 changed the east), and the table shows that board's limits and sites."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from support.apps import closed_after, make_app

import engine.civ as civ
from game.app import App
from game.civ import map_art, words
from game.civ.geometry import board_shape
from game.civ.table import CivTable
from game.savegame import SavedGame, SeatConfig
from game.session import GameSession

NISIBIS, CARCHEMISH = 110, 100


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def saved_under_rules_4(plies: int = 60) -> SavedGame:
    """A 3-player game of random answers as rules 4 recorded it: played on the first
    edition, its options naming no map."""
    state = civ.new_game(3, 5, {"map": civ.FIRST_EDITION})
    rng = random.Random(5)
    actions = []
    while len(actions) < plies and not state.is_over:
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action)
    record = {"game": civ.ID, "rules_version": 4, "players": 3, "seed": 5, "options": {},
              "actions": actions}
    return SavedGame(record=record, seats=[SeatConfig("human")] * 3)


def test_a_game_saved_under_rules_4_goes_on_on_the_first_edition() -> None:
    saved = saved_under_rules_4()
    session = GameSession(saved)
    again = civ.new_game(3, 5, {"map": civ.FIRST_EDITION})
    for action in saved.record["actions"]:
        again = again.apply(action)
    assert session.state.digest() == again.digest()
    view = session.state.view(None)
    assert view["options"]["map"] == civ.FIRST_EDITION
    assert words.board(view).area(NISIBIS).limit == 1
    assert words.board(civ.new_game(3, 5, {}).view(None)).area(NISIBIS).limit == 2


def test_the_table_paints_the_board_its_game_names(app: App) -> None:
    old = CivTable(app, GameSession(saved_under_rules_4()))
    new = CivTable(app, GameSession(SavedGame(
        record={"game": civ.ID, "players": 3, "seed": 5, "options": {}, "actions": []},
        seats=[SeatConfig("human")] * 3)))
    assert (old.board.name, new.board.name) == (civ.FIRST_EDITION, civ.OPTIONS["map"])
    scale = board_shape().fit_scale(1280, 800) * 2

    def sites(board: str) -> set[int]:
        return {label.area_id for label in map_art.labels(scale, board) if label.kind == "site"}

    assert CARCHEMISH in sites(new.board.name) and CARCHEMISH not in sites(old.board.name)
    assert map_art.paint_map(scale, old.board.name) is not map_art.paint_map(scale)
