"""Hints from the computer at the T&E table (issue 25), through the real input path.

A person whose turn is on screen taps "Hint": the medium computer player, looking at
that seat's view only, finds an action; the table lights it (the piece and its square,
or Swap or End turn) with the engine's preview as its reason, and plays nothing. A hint
is the same whatever the other seats hold and whatever the bag's order (the position
format lets a test shuffle them). Hints used are kept with the seats in the save, not in
the record, survive a save and continue, and are shown on the scoring screen. The
button is greyed, its tip saying why, when it is not the viewer's turn, and absent where
hints are not offered (a replay).
"""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pygame
from support.apps import make_app

import engine.tigris as engine
from game.app import App
from game.i18n import t
from game.savegame import from_json, to_json
from game.scenes.flow import continue_game, start_from_position, start_new_game
from game.session import GameSession
from game.tigris.driver import Driver
from game.tigris.hint_view import hint_lines
from game.tigris.preview import describe
from game.tigris.scenes.scoring import ScoringScene
from game.tigris.scenes.table import TableScene


def against_computer(app: App, seed: int = 5) -> tuple[Driver, TableScene]:
    driver = Driver(app)
    table = start_new_game(app, ["human", "computer"], seed=seed)
    driver.frames(2)
    driver.settle(table)
    assert table.legal is not None, "the person is to move"
    return driver, table


def tap_hint(driver: Driver, table: TableScene) -> None:
    button = table.buttons.get("hint")
    assert button is not None and button.enabled
    driver.tap(button.rect.center)
    driver.frames(2)


def test_a_hint_shows_the_medium_players_action_and_plays_nothing(data_dir):
    app = make_app((1280, 800))
    try:
        driver, table = against_computer(app)
        state = table.session.state
        digest, plies = state.digest(), len(table.session.record["actions"])
        tap_hint(driver, table)
        marks = table.hint.marks
        hint = table.hint.hints.shown
        assert marks is not None and hint is not None
        assert hint.action in state.legal_actions()
        if hint.action.get("to"):
            assert hint.action["to"] in marks.squares, "its square is lit"
        assert marks.places or marks.button, "the piece (or the button) is lit"
        why = describe(state, hint.action, table.dynasties)
        if why == [t("preview.no_score")]:
            why = [t("hint.no_score")]
        assert marks.lines[1:len(why) + 1] == why, "the why is the engine's preview"
        driver.frames(60)
        assert len(table.session.record["actions"]) == plies, "nothing is played"
        assert table.session.state.digest() == digest
        assert table.hint.marks is not None, "the hint stays while the position does"
        surface = pygame.Surface((1280, 800))
        table.draw(surface)
        assert table.session.seats[0].hints == 1
        tap_hint(driver, table)
        assert table.session.seats[0].hints == 1, "asking again for the same position is free"
    finally:
        app.close()


def test_a_hint_goes_when_the_person_plays_something_else(data_dir):
    app = make_app((1280, 800))
    try:
        driver, table = against_computer(app)
        tap_hint(driver, table)
        hinted = table.hint.hints.shown
        assert hinted is not None
        plies = len(table.session.record["actions"])
        other = next(a for a in table.session.state.legal_actions()
                     if a["type"] == "tile" and a != hinted.action)
        slot = table.hand().index(other["color"])
        driver.tap(table.layout.hand_slots[slot].center)
        driver.tap(driver.square_point(table, other["to"]))
        driver.frames(2)
        assert table.session.record["actions"][plies:] == [other]
        assert table.hint.marks is None, "a hint for a position gone is not shown"
    finally:
        app.close()


def reshuffled(position: dict[str, Any], viewer: int, seed: int) -> dict[str, Any]:
    """The same position for `viewer`: the other seats' hands and the bag dealt anew from
    the tiles the viewer cannot see."""
    out = json.loads(json.dumps(position))
    others = [p for i, p in enumerate(out["players"]) if i != viewer]
    pool = [tile for p in others for tile in p["hand"]] + list(out["bag"])
    random.Random(seed).shuffle(pool)
    for p in others:
        p["hand"], pool = pool[:len(p["hand"])], pool[len(p["hand"]):]
    out["bag"] = pool
    return out


def hint_at(position: dict[str, Any], seats: list[str]) -> tuple[dict[str, Any], list[str]]:
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = start_from_position(app, position, seats)
        driver.frames(2)
        tap_hint(driver, table)
        assert table.hint.hints.shown is not None and table.hint.marks is not None
        return table.hint.hints.shown.action, table.hint.marks.lines
    finally:
        app.close()


def test_a_hint_is_found_from_the_seats_view_only(data_dir):
    """Other seats' tiles and the bag's order, dealt anew: the same hint, the same why."""
    state = engine.new_game(3, 21, {})
    chooser = random.Random(4)
    for _ in range(9):
        state = state.apply(chooser.choice(state.legal_actions()))
    while state.pending is not None:
        state = state.apply(state.legal_actions()[0])
    me = state.to_move
    seats = ["computer"] * 3
    seats[me] = "human"
    position = state.to_dict()
    shuffled = [reshuffled(position, me, s) for s in (1, 2)]
    assert all(s["bag"] != position["bag"] for s in shuffled)
    assert any(s["players"][(me + 1) % 3]["hand"] != position["players"][(me + 1) % 3]["hand"]
               for s in shuffled)
    first = hint_at(position, seats)
    for other in shuffled:
        assert hint_at(other, seats) == first


def test_hints_used_survive_save_and_continue_and_stay_out_of_the_record(data_dir):
    app = make_app((1280, 800))
    try:
        driver, table = against_computer(app)
        tap_hint(driver, table)
        path = table.session.path
        app.saver.flush()
        saved = json.loads(path.read_text())
        assert saved["seats"][0]["hints"] == 1 and "hints" not in saved["seats"][1]
        assert "hints" not in saved["record"], "the record is the game's alone"
        assert continue_game(app, path) is None
        driver.frames(2)
        table = app.stack.top
        assert isinstance(table, TableScene) and table.session.seats[0].hints == 1
        driver.settle(table)
        tap_hint(driver, table)
        assert table.session.seats[0].hints == 2
    finally:
        app.close()


def finished_save(hints: int) -> dict[str, Any]:
    record = engine.new_record(2, 3, {})
    state = engine.new_game(2, 3, {})
    chooser = random.Random(3)
    while not state.is_over:
        action = chooser.choice(state.legal_actions())
        state = state.apply(action)
        record["actions"].append(action)
    session = GameSession.new(2, 3, {}, [])
    data = to_json(session.saved())
    data["record"] = record
    data["seats"] = [{"kind": "human", "level": "random", "hints": hints},
                     {"kind": "computer", "level": "medium"}]
    return data


def test_the_scoring_screen_shows_the_hints_used(data_dir, monkeypatch):
    app = make_app((1280, 800))
    try:
        saved = from_json(json.loads(json.dumps(finished_save(3))))
        session = GameSession(saved)
        scene = ScoringScene(app, session)
        app.replace(scene)
        drawn: list[str] = []
        from game.ui import text

        real = text.blit_wrapped

        def noting(surface: pygame.Surface, words: str, *args: Any, **kw: Any) -> int:
            drawn.append(words)
            return int(real(surface, words, *args, **kw))

        monkeypatch.setattr(text, "blit_wrapped", noting)
        Driver(app).frames(2)
        line = scene.hint_lines()
        assert len(line) == 1 and line[0] in drawn
        assert line[0].startswith(t("end.hints_used", counts="").strip()) and "3" in line[0]
        none_used = ScoringScene(app, GameSession(from_json(finished_save(0))))
        assert none_used.hint_lines() == [], "nothing said when nobody asked"
    finally:
        app.close()


def test_the_button_is_greyed_with_a_reason_when_it_is_not_your_turn(data_dir, monkeypatch):
    from game.kit.computers import Computers

    # The computer to move takes its time: its answer is not found yet, frame after frame.
    monkeypatch.setattr(Computers, "answer", lambda self, seat: None)
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        state = engine.new_game(2, 5, {})
        seats = ["human", "human"]
        seats[state.to_move] = "computer"
        table = start_from_position(app, state.to_dict(), seats)
        driver.frames(2)
        assert table.viewer == 1 - state.to_move and table.legal is None
        button = table.buttons.get("hint")
        assert button is not None and not button.enabled
        assert table.tips.words["hint"] == t("table.why.not_your_turn")
        driver.tap(button.rect.center)
        assert table.session.seats[table.viewer].hints == 0, "a greyed button asks nothing"
    finally:
        app.close()


class SlowBot:
    """A medium player that answers only once let: the hint's thinking lasts as long as
    the test wants."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.go = threading.Event()

    def choose(self, view: dict[str, Any], budget_s: float, stop: Any = None) -> Any:
        self.go.wait(30)
        return self.bot.choose(view, budget_s, stop)


def test_asking_leaves_the_table_responsive_while_the_computer_thinks(data_dir, monkeypatch):
    """The hint is found in a thread of its own: while it thinks, frames go on, the table
    draws, and the button is greyed saying so; the answer then shows."""
    from game.kit import hint as kit_hint

    slow: list[SlowBot] = []
    real = kit_hint.make_player

    def slow_player(game: str, level: str, seed: int | None = None) -> Any:
        assert level == "medium"
        slow.append(SlowBot(real(game, level, seed)))
        return slow[-1]

    monkeypatch.setattr(kit_hint, "make_player", slow_player)
    app = make_app((1280, 800))
    try:
        driver, table = against_computer(app)
        app.sync_computers = False
        plies = len(table.session.record["actions"])
        tap_hint(driver, table)
        driver.frames(10)
        table.draw(pygame.Surface((1280, 800)))
        assert table.hint.hints.thinking and table.hint.marks is None
        button = table.buttons.get("hint")
        assert button is not None and not button.enabled
        assert table.tips.words["hint"] == t("hint.thinking")
        slow[0].go.set()
        for _ in range(3000):
            if table.hint.marks is not None:
                break
            time.sleep(0.005)
            driver.frames(1)
        assert table.hint.marks is not None
        assert len(table.session.record["actions"]) == plies, "nothing is played"
    finally:
        for bot in slow:
            bot.go.set()
        app.close()


def test_no_hint_button_in_a_replay(data_dir):
    app = make_app((1280, 800))
    try:
        saved = from_json(finished_save(0))
        table = TableScene(app, GameSession(saved), replay=True)
        assert table.buttons.get("hint") is None
    finally:
        app.close()


def test_hint_lines_say_swap_and_pass_in_words():
    state = engine.new_game(2, 5, {})
    view = state.view(state.to_move)
    names = ["archer", "bull"]
    assert hint_lines(state, view, state.to_move, {"type": "pass"}, names) == [t("hint.pass")]
    swap = {"type": "swap", "tiles": ["red", "red"]}
    assert hint_lines(state, view, state.to_move, swap, names) == [t("hint.swap", count=2)]


def test_pass_and_play_each_seat_asks_its_own_hints(data_dir):
    """At one screen shared by two people each asks for their own seat, counted apart;
    a hint never stays up for the next person after the hand-over."""
    from game.scenes.handover import HandoverScene

    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = start_new_game(app, ["human", "human"], seed=3)
        driver.frames(2)
        if isinstance(app.stack.top, HandoverScene):
            driver.press_button(app.stack.top, "confirm")
        first = table.viewer
        assert first is not None
        tap_hint(driver, table)
        assert table.hint.marks is not None
        driver.press_button(table, "end_turn")   # passes, twice asked (R4.1)
        if table.session.state.to_move == first:
            driver.press_button(table, "end_turn")
        driver.frames(2)
        assert table.hint.marks is None, "the hint went with its turn"
        if isinstance(app.stack.top, HandoverScene):
            driver.press_button(app.stack.top, "confirm")
        driver.frames(2)
        second = table.viewer
        assert second is not None and second != first
        tap_hint(driver, table)
        assert table.hint.hints.shown is not None and table.hint.hints.shown.seat == second
        assert [seat.hints for seat in table.session.seats] == [1, 1]
    finally:
        app.close()


def test_a_hint_goes_when_the_action_before_it_is_taken_back(data_dir):
    """Undo replaces the position the hint was for: the hint goes with it, even though the
    seat is still to move."""
    app = make_app((1280, 800))
    try:
        driver, table = against_computer(app)
        action = next(a for a in table.session.state.legal_actions() if a["type"] == "tile")
        driver.tap(table.layout.hand_slots[table.hand().index(action["color"])].center)
        driver.tap(driver.square_point(table, action["to"]))
        driver.frames(2)
        assert table.legal is not None, "one action left"
        tap_hint(driver, table)
        assert table.hint.marks is not None
        driver.press_button(table, "undo")
        driver.frames(2)
        assert table.legal is not None and table.hint.marks is None
    finally:
        app.close()


def test_a_swap_hint_lights_swap_and_the_tiles_to_give_back(data_dir):
    from game.kit.hint import Hint

    app = make_app((1280, 800))
    try:
        _driver, table = against_computer(app)
        hand = table.hand()
        assert hand[0] != hand[-1], "two tiles of different colours to give back"
        action = {"type": "swap", "tiles": [hand[0], hand[-1]]}
        marks = table.hint._marks(Hint(0, action))
        slots = table.layout.hand_slots
        assert marks.button == "swap" and marks.places == [slots[0], slots[len(hand) - 1]]
        assert marks.lines == [t("hint.swap", count=2)]
    finally:
        app.close()
