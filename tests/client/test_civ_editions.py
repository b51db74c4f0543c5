"""A civ game saved under older rules goes on on the board it was begun on (docs/civ-map.md:
rules 5 changed the east, rules 7 Crete), and the table shows that board's limits and sites."""

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

NISIBIS, CARCHEMISH, KNOSSOS = 110, 100, 68


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def saved_under_rules(rules: int, plies: int = 60) -> SavedGame:
    """A 3-player game of random answers as those rules recorded it: played on their
    edition, its options naming no map."""
    state = civ.new_game(3, 5, {"map": civ.EDITIONS[rules]})
    rng = random.Random(5)
    actions = []
    while len(actions) < plies and not state.is_over:
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action)
    record = {"game": civ.ID, "rules_version": rules, "players": 3, "seed": 5, "options": {},
              "actions": actions}
    return SavedGame(record=record, seats=[SeatConfig("human")] * 3)


@pytest.mark.parametrize(("rules", "edition", "area", "then", "now"), [
    (4, "mediterranean_1", NISIBIS, 1, 2),   # rules 5 gave the east room
    (6, "mediterranean_2", KNOSSOS, 3, 4),   # rules 7 gave Crete room
])
def test_a_game_saved_under_older_rules_goes_on_on_its_edition(
        rules: int, edition: str, area: int, then: int, now: int) -> None:
    saved = saved_under_rules(rules)
    session = GameSession(saved)
    again = civ.new_game(3, 5, {"map": edition})
    for action in saved.record["actions"]:
        again = again.apply(action)
    assert session.state.digest() == again.digest()
    view = session.state.view(None)
    assert view["options"]["map"] == civ.EDITIONS[rules] == edition
    assert words.board(view).area(area).limit == then
    assert words.board(civ.new_game(3, 5, {}).view(None)).area(area).limit == now


def test_the_table_paints_the_board_its_game_names(app: App) -> None:
    old = CivTable(app, GameSession(saved_under_rules(4)))
    new = CivTable(app, GameSession(SavedGame(
        record={"game": civ.ID, "players": 3, "seed": 5, "options": {}, "actions": []},
        seats=[SeatConfig("human")] * 3)))
    assert (old.board.name, new.board.name) == (civ.EDITIONS[4], civ.OPTIONS["map"])
    scale = board_shape().fit_scale(1280, 800) * 2

    def sites(board: str) -> set[int]:
        return {label.area_id for label in map_art.labels(scale, board) if label.kind == "site"}

    assert CARCHEMISH in sites(new.board.name) and CARCHEMISH not in sites(old.board.name)
    assert map_art.paint_map(scale, old.board.name) is not map_art.paint_map(scale)

