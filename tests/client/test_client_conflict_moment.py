"""The result moment: after each revolt and war play pauses on what the engine said
happened, until a tap or the setting's seconds (issue 12, "Conflicts you can follow")."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.apps import make_app

from game.app import App
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_from_position
from game.scenes.handover import HandoverScene
from game.tigris.conflict_result import ConflictFollower, ConflictResult, Leaving, Side
from game.tigris.driver import Driver
from game.tigris.scenes.conflict_moment import ConflictMomentScene
from game.tigris.scenes.table import TableScene
from game.tigris.settings import tigris_settings
from positions import build_dict

# Seat 1's priest on H7 touches one temple (I7); seat 0's priest on J7 touches I7 and K7.
REVOLT = {"H7": "1r", "K7": "r"}
# A red tile on H6 joins two kingdoms: a green war, then a black one (R8.2).
WARS = {"E6": "k", "E7": "0k", "F6": "k", "F7": "r", "G6": "0g", "G7": "r",
        "I6": "k", "J6": "1g", "J7": "r", "K7": "1k", "F5": "k", "G5": "k", "H5": "k"}


def start(app: App, cells: dict[str, str], seats: list[str],
          **position: Any) -> tuple[Driver, TableScene]:
    driver = Driver(app)
    table = start_from_position(app, build_dict(cells, **position), seats)
    driver.frames(2)
    if isinstance(app.stack.top, HandoverScene):
        driver.press_button(app.stack.top, "confirm")
    return driver, table


def serve(driver: Driver, commits: list[int], moments: list[ConflictMomentScene],
          limit: int = 200) -> None:
    """Plays on through hand-overs, held actions' End turn and commit dialogs (committing
    `commits` in turn, the war order's first colour) until as many moments as asked have
    shown and gone."""
    app = driver.app
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, ConflictMomentScene):
            moments.append(top)
            return
        if isinstance(top, HandoverScene):
            driver.press_button(top, "confirm")
        elif isinstance(top, TableScene) and top.held is not None:
            driver.end_held_turn(top)
        elif isinstance(top, DialogScene) and commits and top.button(f"commit:{commits[0]}"):
            driver.press_button(top, f"commit:{commits.pop(0)}")
        elif isinstance(top, DialogScene):
            driver.press_button(top, top.buttons.buttons[0].id)
        else:
            driver.frames(1)
    raise AssertionError(f"no result moment after {limit} steps")


def test_R7_3_a_revolt_pauses_on_its_result_until_a_tap(data_dir):
    app = make_app((800, 480))
    try:
        driver, table = start(app, REVOLT, ["human", "human"])
        driver.perform(table, {"type": "leader", "color": "red", "to": "J7"}, random.Random(0))
        moments: list[ConflictMomentScene] = []
        serve(driver, [1, 0], moments)
        moment = moments[0]
        assert moment.result == ConflictResult(
            "revolt", "red",
            (Side(0, "attacker", 2, 1, 3), Side(1, "defender", 1, 0, 1)), winner=0, loser=1,
            leaders=[Leaving(1, "red", "H7", "revolt")], points=[(0, "red", 1)])
        assert moment.result.squares_emptied == ["H7"]
        actions = len(table.session.record["actions"])
        driver.frames(600)   # ten seconds: a result with no seconds set waits for a tap
        assert app.stack.top is moment
        assert len(table.session.record["actions"]) == actions
        driver.tap(app.screen.get_rect().center)
        assert app.stack.top is not moment and table.moment is None
    finally:
        app.close()


@pytest.mark.parametrize("seconds", [2.0, 4.0, 6.0])
def test_the_setting_s_seconds_end_the_moment_by_themselves(data_dir, seconds):
    app = make_app((1280, 800))
    tigris_settings(app.settings).result_seconds = seconds
    try:
        driver, table = start(app, REVOLT, ["human", "human"])
        driver.perform(table, {"type": "leader", "color": "red", "to": "J7"}, random.Random(0))
        moments: list[ConflictMomentScene] = []
        serve(driver, [0, 0], moments)
        moment = moments[0]
        driver.frames(int(seconds * 60) - 4)
        assert app.stack.top is moment, "gone before its seconds"
        driver.frames(6)
        assert app.stack.top is not moment, "still there after its seconds"
    finally:
        app.close()


def test_R8_2_a_chain_of_wars_gives_one_moment_per_war_with_the_engine_s_numbers(data_dir):
    app = make_app((1280, 800))
    try:
        driver, table = start(app, WARS, ["human", "human"])
        driver.perform(table, {"type": "tile", "color": "red", "to": "H6"}, random.Random(0))
        moments: list[ConflictMomentScene] = []
        serve(driver, [0, 0], moments)
        driver.tap(app.screen.get_rect().center)
        serve(driver, [0, 0], moments)
        driver.tap(app.screen.get_rect().center)
        first, second = (m.result for m in moments)
        assert (first.kind, first.color, second.kind, second.color) == (
            "war", "green", "war", "black")
        assert first.sides == (Side(0, "attacker", 0, 0, 0), Side(1, "defender", 0, 0, 0))
        assert (first.winner, first.leaders) == (1, [Leaving(0, "green", "G6", "war")])
        assert first.points == [(1, "green", 1)]
        assert second.sides == (Side(0, "attacker", 5, 0, 5), Side(1, "defender", 1, 0, 1))
        assert second.winner == 0 and second.tiles == ["I6"] and second.tiles_color == "black"
        assert second.leaders == [Leaving(1, "black", "K7", "war")]
        assert second.points == [(0, "black", 2)]
        assert not isinstance(app.stack.top, ConflictMomentScene)
    finally:
        app.close()


def test_computers_wait_while_a_result_shows(data_dir):
    """Seat 0's last action starts a revolt it cannot commit to (no red in hand, so the
    table answers for it); the computer defends; its turn comes only after the tap."""
    app = make_app((1024, 600))
    try:
        driver, table = start(app, REVOLT, ["human", "computer"], hands=["bbggkk", "bbggkk"],
                              actions_left=1)
        driver.perform(table, {"type": "leader", "color": "red", "to": "J7"}, random.Random(0))
        moments: list[ConflictMomentScene] = []
        serve(driver, [], moments)
        assert moments[0].result.sides == (Side(0, "attacker", 2, 0, 2),
                                           Side(1, "defender", 1, 0, 1))
        assert table.session.state.to_move == 1
        actions = len(table.session.record["actions"])
        driver.frames(120)
        assert len(table.session.record["actions"]) == actions, "the computer moved on"
        driver.key("space")
        assert app.stack.top is table
        driver.frames(5)
        assert len(table.session.record["actions"]) > actions
    finally:
        app.close()


def test_at_the_tabletop_the_result_faces_both_long_edges_and_a_tap_at_either_ends_it(
        data_dir):
    app = make_app((1920, 1080), tabletop=True)
    try:
        driver = Driver(app, touch=True)
        table = start_from_position(app, build_dict(REVOLT, hands=["bbggkk", "bbggkk"]),
                                    ["computer", "computer"])
        moment = None
        for _ in range(400):
            driver.frames(1)
            if isinstance(app.stack.top, ConflictMomentScene):
                moment = app.stack.top
                break
        assert moment is not None, "the computers' game reached no conflict"
        assert sorted(rotation for _, rotation in moment.cards) == [0, 180]
        for place, _ in moment.cards:
            assert table.layout.board.contains(place)
        top_edge = (app.size[0] // 2, 20)
        driver.tap(top_edge)
        assert app.stack.top is not moment
    finally:
        app.close()


def test_a_result_whose_start_was_not_seen_keeps_the_engine_s_totals_without_roles():
    """A LAN seat that joined in the middle of a conflict saw only its end."""
    follower = ConflictFollower()
    won = {"type": "conflict_won", "kind": "war", "color": "blue", "winner": 1, "loser": 0,
           "winner_total": 4, "loser_total": 2}
    gone = {"type": "leader_withdrawn", "seat": 0, "color": "blue", "from": "C3",
            "reason": "war"}
    (result,) = follower.follow([{"type": "committed", "seat": 1, "side": "defender",
                                  "color": "blue", "count": 1}, won, gone])
    assert result.sides == (Side(1, None, None, None, 4), Side(0, None, None, None, 2))
    assert result.leaders == [Leaving(0, "blue", "C3", "war")]
    assert follower.follow([gone]) == [], "what follows a result's action is not its own"
