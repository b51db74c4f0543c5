"""The replay viewer as a regular would use it (issue 12, "After the game"): it plays at a
chosen speed, jumps by turn and to the next or previous conflict (R9 revolts, R10 wars),
and its list names each game's players, scores and winner."""

from __future__ import annotations

import random

import pytest
from support.apps import make_app

import engine.tigris as engine
from game import savegame, storage
from game.app import App
from game.savegame import SavedGame, SeatConfig
from game.scenes.replay import ReplayPicker, ReplayScene
from game.scenes.title import TitleScene
from game.session import GameSession
from game.tigris.driver import Driver


def random_record(seed: int) -> dict:
    """A whole game of random moves, with what each action caused."""
    record = engine.new_record(2, seed)
    state = engine.new_game(2, seed, {})
    chooser = random.Random(seed)
    while not state.is_over:
        action = chooser.choice(state.legal_actions())
        state = state.apply(action)
        record["actions"].append(action)
    return record


def events_of(record: dict) -> list[list[dict]]:
    state = engine.new_game(record["players"], record["seed"], record["options"])
    events = []
    for action in record["actions"]:
        state = state.apply(action)
        events.append(state.events)
    return events


@pytest.fixture
def record() -> dict:
    return random_record(31)


def open_replay(app: App, record: dict) -> tuple[ReplayScene, Driver]:
    """The game finished and archived as the table does it, then opened from the title's
    replay list."""
    session = GameSession(SavedGame(record=record, seats=[SeatConfig(), SeatConfig()]))
    savegame.archive(session.saved())
    driver = Driver(app)
    title = TitleScene(app)
    app.replace(title)
    app.run_frames(1)
    driver.press_button(title, "replay")
    driver.press_button(app.stack.top, "game:0")
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    return replay, driver


def test_the_replay_plays_at_the_chosen_speed(data_dir, record):
    app = make_app()
    try:
        replay, driver = open_replay(app, record)
        assert replay.buttons.get("speed").label == "1×"
        driver.press_button(replay, "play")
        driver.frames(60)
        at_normal = replay.index
        driver.press_button(replay, "play")
        driver.press_button(replay, "to_start")
        driver.press_button(replay, "speed")
        driver.press_button(replay, "speed")
        assert replay.buttons.get("speed").label == "4×"
        driver.press_button(replay, "play")
        driver.frames(60)
        assert at_normal >= 2 and replay.index >= 3 * at_normal
        driver.press_button(replay, "speed")
        assert replay.buttons.get("speed").label == "½×"
    finally:
        app.close()


def test_the_replay_jumps_to_the_start_of_the_next_and_previous_turn(data_dir, record):
    starts = [0] + [n + 1 for n, events in enumerate(events_of(record))
                    if any(e["type"] == "turn_ended" for e in events)]
    app = make_app()
    try:
        replay, driver = open_replay(app, record)
        assert replay.buttons.get("previous_turn").enabled is False
        driver.press_button(replay, "next_turn")
        driver.press_button(replay, "next_turn")
        assert replay.index == starts[2]
        assert replay.turn == 3
        assert replay.turn_starts == [n for n in starts if n < len(record["actions"])], \
            "no turn starts after the last action"
        driver.press_button(replay, "step_forward")
        driver.press_button(replay, "previous_turn")
        assert replay.index == starts[2], "back to the start of the turn being shown"
        driver.press_button(replay, "previous_turn")
        assert replay.index == starts[1]
        assert replay.table.session.state.digest() == \
            engine.replay({**record, "actions": record["actions"][:starts[1]]}).digest()
        driver.key("page down")
        assert replay.index == starts[2]
    finally:
        app.close()


def test_the_replay_jumps_to_each_conflict_and_plays_it(data_dir, record):
    conflicts = [n for n, events in enumerate(events_of(record))
                 if any(e["type"] == "conflict" for e in events)]
    assert len(conflicts) >= 3, "the game chosen has conflicts to jump to"
    app = make_app()
    try:
        replay, driver = open_replay(app, record)
        assert replay.buttons.get("next_moment").label in ("", "Next conflict")
        assert replay.buttons.get("previous_moment").enabled is False
        driver.press_button(replay, "next_moment")
        assert replay.index == conflicts[0] + 1, "the conflict's action is played"
        driver.press_button(replay, "next_moment")
        assert replay.index == conflicts[1] + 1
        driver.key("n")
        assert replay.index == conflicts[2] + 1
        driver.press_button(replay, "previous_moment")
        assert replay.index == conflicts[1] + 1
        driver.press_button(replay, "to_end")
        assert replay.buttons.get("next_moment").enabled is False
        driver.press_button(replay, "previous_moment")
        assert replay.index == conflicts[-1] + 1
    finally:
        app.close()


def test_the_replay_list_names_the_players_their_scores_and_the_winner(data_dir, record):
    final = engine.replay(record)
    scores = [score["score"] for score in final.final_scores()]
    names = ["Archer", "Bull"]
    expected = " · ".join(f"{names[seat]} {scores[seat]}"
                          + (" (winner)" if seat in final.ranking()[0] else "")
                          for place in final.ranking() for seat in place)
    app = make_app()
    try:
        storage.write_json_atomic(
            storage.games_dir() / "game-20200101-120000-31.json",
            savegame.to_json(SavedGame(record=record, seats=[SeatConfig(), SeatConfig()])))
        open_replay(app, record)
        picker = app.stack.find(ReplayPicker)
        assert isinstance(picker, ReplayPicker)
        heading, result = picker.lines[picker.paths[0]]
        assert heading.startswith("Tigris & Euphrates · ")
        assert result == expected
        assert picker.lines[picker.paths[1]] == ("Tigris & Euphrates · 2020-01-01 12:00",
                                                 expected), \
            "a record saved without a summary is named the same"
    finally:
        app.close()


def test_every_finished_game_is_in_the_replay_list_a_page_at_a_time(data_dir, record):
    seats = [SeatConfig(), SeatConfig()]
    finished = GameSession(SavedGame(record=record, seats=seats)).saved()
    for n in range(12):
        storage.write_json_atomic(storage.games_dir() / f"game-20200101-1200{n:02}-31.json",
                                  savegame.to_json(finished))
    app = make_app((800, 480))
    driver = Driver(app)
    try:
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(1)
        driver.press_button(title, "replay")
        picker = app.stack.top
        assert isinstance(picker, ReplayPicker)
        screen = app.screen.get_rect()
        seen: list[int] = []
        while True:
            for button in picker.buttons.buttons:
                assert screen.contains(button.rect) and button.rect.h >= 40, button
            seen += [int(b.id.partition(":")[2]) for b in picker.buttons.buttons
                     if b.id.startswith("game:")]
            if not picker.buttons.get("next_page").enabled:
                break
            driver.press_button(picker, "next_page")
        assert seen == list(range(12))
        assert picker.lines[picker.paths[11]][0] == "Tigris & Euphrates · 2020-01-01 12:00"
        driver.press_button(picker, "game:11")
        assert isinstance(app.stack.top, ReplayScene)
    finally:
        app.close()
