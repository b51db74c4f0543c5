"""The client played headless through synthetic mouse and finger events.

A whole pass-and-play game goes from the title screen to the scoring screen
for 2 and 4 seats; every decision dialog is reached (from positions found by
random play and opened with the from-position hook); the hand-over screen
never leaves a hand of the wrong seat on screen.
"""

from __future__ import annotations

import random

import pytest
from support.apps import make_app

import engine.tigris as engine
from game import i18n, savelist
from game.app import App
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_from_position
from game.scenes.handover import HandoverScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.tigris.driver import Driver
from game.tigris.preview import FOLLOW_UPS, describe
from game.tigris.scenes.conflict_moment import ConflictMomentScene
from game.tigris.scenes.scoring import ScoringScene
from game.tigris.scenes.table import TableScene

DECISIONS = ("commit", "war_order", "monument", "treasure", "building", "wonder", "wonder_point")


def table_of(app: App) -> TableScene:
    table = app.stack.find(TableScene)
    assert isinstance(table, TableScene)
    return table


def check_privacy(app: App) -> None:
    """No frame may show a hand that is not the one of the seat holding the device."""
    table = app.stack.find(TableScene)
    if table is None:
        return
    top = app.stack.top
    if isinstance(top, HandoverScene):
        assert app.stack.visible() == [top], "the hand-over screen must hide the table"
        assert table.visible_hand_seat is None
        return
    state = table.session.state
    seat = state.to_move
    if state.is_over or seat is None or not table.session.is_human(seat):
        return
    if table.animator.blocking:
        return
    assert table.visible_hand_seat in (seat, None), (
        f"seat {seat} must decide but the hand of {table.visible_hand_seat} is shown")
    assert table.drawing.model().viewer == table.visible_hand_seat


def play_through(app: App, players: int, rng: random.Random, touch_every: int) -> set[str]:
    driver = Driver(app)
    seen_dialogs: set[str] = set()
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "new_game")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    driver.press_button(setup, f"count:{players}")
    for seat in range(1, players):
        driver.press_button(setup, f"kind:{seat}")
    assert setup.kinds[:players] == ["human"] * players
    driver.press_button(setup, "start")
    steps = 0
    while steps < 4000:
        steps += 1
        driver.touch = steps % touch_every == 0
        check_privacy(app)
        top = app.stack.top
        if isinstance(top, ScoringScene):
            break
        if isinstance(top, HandoverScene):
            driver.press_button(top, "confirm")
            continue
        if isinstance(top, ConflictMomentScene):
            seen_dialogs.add("result")
            driver.tap(top.rect.center)
            assert app.stack.top is not top, "a tap on the result goes on"
            continue
        if isinstance(top, DialogScene):
            table = table_of(app)
            kind = (table.view["pending"] or {}).get("kind", "swap")
            seen_dialogs.add(kind)
            driver.answer(top, rng)
            continue
        if isinstance(top, TableScene):
            table = top
            if driver.end_held_turn(table):
                continue
            state = table.session.state
            if table.animator.blocking or state.is_over or table.legal is None:
                driver.frames(1)
                continue
            actions = state.legal_actions()
            weights = [0.2 if a["type"] in ("swap", "pass") else 1.0 for a in actions]
            before = len(table.session.record["actions"])
            driver.perform(table, rng.choices(actions, weights)[0], rng)
            driver.frames(1)
            assert len(table.session.record["actions"]) > before or table.held is not None or (
                isinstance(app.stack.top, (DialogScene, HandoverScene))), "the tap did not act"
            continue
        driver.frames(1)
    scoring = app.stack.top
    assert isinstance(scoring, ScoringScene), f"ended on {type(scoring).__name__}"
    driver.frames(3)
    assert scoring.done_revealing
    return seen_dialogs


@pytest.mark.parametrize(("players", "size", "seed"), [(2, (800, 480), 3), (4, (1280, 800), 8)])
def test_full_pass_and_play_game(data_dir, players, size, seed):
    app = make_app(size)
    try:
        seen = play_through(app, players, random.Random(seed), touch_every=3)
        assert "commit" in seen or "treasure" in seen or seen
        games = list((data_dir / "games").glob("*.json"))
        assert len(games) == 1, "a finished game is archived for the replay viewer"
        assert not (data_dir / "autosave.json").exists()
        assert savelist.unfinished() == [], "a finished game leaves the saved games"
    finally:
        app.close()


def find_positions(forced: bool = False,
                   kinds: tuple[str, ...] = DECISIONS) -> dict[str, dict]:
    """Positions waiting for each kind of decision, found by seeded random play: with a
    real choice to make, or (`forced`) with a single answer, which no dialog asks."""
    rng = random.Random(1)
    found: dict[str, dict] = {}
    for _ in range(600):
        state = engine.new_game(rng.choice([2, 3, 4]), rng.randrange(10**6),
                                {"buildings": True, "wonder": True})
        while not state.is_over and len(found) < len(kinds):
            actions = state.legal_actions()
            tiles = [a for a in actions if a["type"] == "tile"]
            action = rng.choice(tiles) if tiles and rng.random() < 0.7 else rng.choice(actions)
            state = state.apply(action)
            pending = state.to_dict()["pending"]
            if (pending and pending["kind"] in kinds and pending["kind"] not in found
                    and (len(state.legal_actions()) == 1) == forced):
                found[pending["kind"]] = state.to_dict()
        if len(found) == len(kinds):
            break
    return found


def forced_answers(position: dict, actions: list[dict]) -> int:
    """How many of the actions after the first were the only legal one where played."""
    state = engine.from_dict(position).apply(actions[0])
    forced = 0
    for action in actions[1:]:
        forced += state.legal_actions() == [action]
        state = state.apply(action)
    return forced


@pytest.fixture(scope="module")
def positions():
    return find_positions()


@pytest.mark.parametrize("kind", DECISIONS)
def test_every_decision_dialog(data_dir, positions, kind):
    position = positions[kind]
    app = make_app((800, 480))
    try:
        driver = Driver(app, touch=kind in ("treasure", "commit"))
        table = start_from_position(app, position, ["human"] * len(position["players"]))
        for _ in range(6):
            driver.frames(1)
            if isinstance(app.stack.top, HandoverScene):
                driver.press_button(app.stack.top, "confirm")
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene), f"no dialog for {kind}"
        for button in dialog.buttons.buttons:
            assert button.rect.w >= 40 and button.rect.h >= 40, button
            assert app.screen.get_rect().contains(button.rect), button
        assert table.visible_hand_seat == table.session.state.to_move
        before = len(table.session.record["actions"])
        driver.answer(dialog, random.Random(0))
        driver.frames(2)
        driver.end_held_turn(table)
        driver.frames(2)
        actions = table.session.record["actions"]
        assert len(actions) >= before + 1 and actions[before]["type"] == kind
        assert forced_answers(position, actions[before:]) == len(actions) - before - 1, (
            "after the answer the table itself gives only answers that were forced")
    finally:
        app.close()


def test_square_choice_by_tapping_the_board(data_dir, positions):
    position = positions["treasure"]
    app = make_app((1280, 800))
    try:
        driver = Driver(app, touch=True)
        table = start_from_position(app, position, ["human"] * len(position["players"]))
        for _ in range(6):
            driver.frames(1)
            if isinstance(app.stack.top, HandoverScene):
                driver.press_button(app.stack.top, "confirm")
        square = sorted(table.decision_squares)[0]
        driver.tap(driver.square_point(table, square))
        driver.frames(2)
        assert table.session.record["actions"][-1] == {"type": "treasure", "at": square}
    finally:
        app.close()


def test_against_the_computer_has_no_handover(data_dir):
    app = make_app((1024, 600))
    try:
        driver = Driver(app)
        from game.scenes.flow import start_new_game

        table = start_new_game(app, ["human", "computer", "computer"], seed=4)
        rng = random.Random(5)
        for _ in range(300):
            assert not isinstance(app.stack.top, HandoverScene)
            assert table.visible_hand_seat == 0
            top = app.stack.top
            if isinstance(top, ScoringScene):
                break
            if isinstance(top, DialogScene):
                driver.answer(top, rng)
            elif driver.end_held_turn(table):
                pass
            elif table.legal is not None and not table.animator.blocking:
                actions = table.session.state.legal_actions()
                driver.perform(table, rng.choice(actions), rng)
            else:
                driver.frames(1)
        assert len(table.session.record["actions"]) > 20
    finally:
        app.close()


@pytest.fixture(scope="module")
def forced_positions():
    return find_positions(forced=True, kinds=("commit", "war_order", "treasure"))


@pytest.mark.parametrize("kind", ["war_order", "commit", "treasure"])
def test_a_decision_with_one_answer_is_answered_by_the_table(data_dir, forced_positions, kind):
    """Issue 12 bug 2 (R8.5 war order among others): "Which war first?" with one war, a
    commitment with no tile to add, a single treasure: no dialog asks; the table gives
    the only answer through the session."""
    position = forced_positions[kind]
    (only,) = engine.from_dict(position).legal_actions()
    app = make_app((800, 480))
    try:
        driver = Driver(app)
        table = start_from_position(app, position, ["human"] * len(position["players"]))
        before = len(table.session.record["actions"])
        for _ in range(6):
            if len(table.session.record["actions"]) == before:
                assert not isinstance(app.stack.top, DialogScene), f"{kind} was asked"
            driver.frames(1)
            driver.end_held_turn(table)
            if isinstance(app.stack.top, HandoverScene):
                driver.press_button(app.stack.top, "confirm")
        assert table.session.record["actions"][before] == only
    finally:
        app.close()


def test_preview_announces_only_a_choice_that_will_be_asked():
    """Issue 12 bug 2: the hover preview names the follow-up decision ("Which war
    first?") only when it has more than one answer."""
    rng = random.Random(2)
    announced = {True: 0, False: 0}
    for _ in range(40):
        state = engine.new_game(rng.choice([2, 3, 4]), rng.randrange(10**6),
                                {"buildings": True, "wonder": True})
        while not state.is_over:
            actions = state.legal_actions()
            tiles = [a for a in actions if a["type"] == "tile"]
            action = rng.choice(tiles) if tiles and rng.random() < 0.7 else rng.choice(actions)
            after = state.apply(action)
            pending = after.to_dict()["pending"]
            if pending and pending["kind"] in FOLLOW_UPS and not state.to_dict()["pending"]:
                choice = len(after.legal_actions()) > 1
                lines = describe(state, action, list(engine.DYNASTIES))
                assert (i18n.t(FOLLOW_UPS[pending["kind"]]) in lines) == choice
                announced[choice] += 1
            state = after
    assert announced[True] and announced[False]
