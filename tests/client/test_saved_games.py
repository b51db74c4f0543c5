"""Every unfinished game is kept (issue 12, bug 6): a file each, the saved-games list,
Continue and --resume going back to the game played last, the old single slot listed,
the list bounded with older games archived, never deleted unasked."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

from support.apps import make_app

from game import savegame, savelist, storage
from game.app import App
from game.savegame import SavedGame, SeatConfig
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_new_game
from game.scenes.replay import ReplayScene
from game.scenes.saved_games import SavedGamesScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.session import GameSession
from game.tigris.driver import Driver
from game.tigris.scenes.table import TableScene


def to_title(app: App) -> TitleScene:
    title = TitleScene(app)
    app.replace(title)
    app.run_frames(1)
    return title


def new_game_from_title(app: App, driver: Driver) -> TableScene:
    """New game, then Start on the set-up screen: the player's own way in."""
    driver.press_button(to_title(app), "new_game")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    driver.press_button(setup, "start")
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


def play_a_tile(app: App, table: TableScene) -> None:
    """The human seat places a tile (the computer answers in the frames after)."""
    while table.session.state.to_move != 0:
        app.run_frames(1)
    table.act(next(a for a in table.session.state.legal_actions() if a["type"] == "tile"))
    app.run_frames(3)


def open_saved_games(app: App, driver: Driver) -> SavedGamesScene:
    driver.press_button(to_title(app), "saved")
    scene = app.stack.top
    assert isinstance(scene, SavedGamesScene)
    return scene


def with_a_move(record: dict) -> dict:
    """The record after one action: a game of 0 moves is not listed (issue 21)."""
    import engine.tigris as rules

    state = rules.new_game(record["players"], record["seed"], record["options"])
    return {**record, "actions": [state.legal_actions()[0]]}


def write_save(record: dict, seats: list[SeatConfig], path: Path, played_at: float) -> Path:
    savegame.save(SavedGame(record=record, seats=seats, path=path))
    os.utime(path, (played_at, played_at))
    return path


def test_issue12_bug6_a_new_game_keeps_the_unfinished_one_and_continue_takes_the_last(
        data_dir):
    app = make_app()
    driver = Driver(app)
    try:
        first = new_game_from_title(app, driver)
        play_a_tile(app, first)
        first_digest = first.session.state.digest()
        first_actions = list(first.session.record["actions"])
        second = new_game_from_title(app, driver)
        play_a_tile(app, second)
        app.saver.flush()
        assert first.session.path != second.session.path
        kept = savegame.load(first.session.path)
        assert kept.record["actions"] == first_actions, "the first game was not overwritten"
        assert savelist.unfinished() == [second.session.path, first.session.path]

        driver.press_button(to_title(app), "continue")
        resumed = app.stack.top
        assert isinstance(resumed, TableScene)
        assert resumed.session.path == second.session.path

        saved_games = open_saved_games(app, driver)
        assert [row.path for row in saved_games.rows] == savelist.unfinished()
        driver.press_button(saved_games, "open:1")
        older = app.stack.top
        assert isinstance(older, TableScene)
        assert older.session.path == first.session.path
        assert older.session.state.digest() == first_digest
    finally:
        app.close()


def test_the_saved_games_list_names_game_players_levels_date_and_progress(data_dir):
    app = make_app((1280, 800))
    driver = Driver(app)
    try:
        table = start_new_game(app, ["human", "computer"], seed=12, levels=["medium", "hard"])
        play_a_tile(app, table)
        app.saver.flush()
        moves = len(table.session.record["actions"])
        bag = table.session.state.view(None)["bag_size"]
        row = open_saved_games(app, driver).rows[0]
        assert row.lines == (
            f"Tigris & Euphrates · {savelist.last_played(table.session.path)}",
            "Archer, Bull (computer, Hard)",
            f"{moves} moves · {bag} tiles in the bag")
    finally:
        app.close()


def test_deleting_a_saved_game_asks_first(data_dir):
    app = make_app()
    driver = Driver(app)
    try:
        table = start_new_game(app, ["human", "computer"], seed=3)
        play_a_tile(app, table)
        app.saver.flush()
        path = table.session.path
        saved_games = open_saved_games(app, driver)
        driver.press_button(saved_games, "delete:0")
        question = app.stack.top
        assert isinstance(question, DialogScene)
        driver.press_button(question, "keep")
        assert app.stack.top is saved_games and path.exists(), "kept when the player says so"
        driver.press_button(saved_games, "delete:0")
        driver.press_button(app.stack.top, "confirm_delete")
        assert app.stack.top is saved_games
        assert not path.exists() and saved_games.rows == []
        assert savelist.newest() is None
    finally:
        app.close()


def test_an_unfinished_game_is_replayed_from_the_saved_games_list(data_dir):
    app = make_app()
    driver = Driver(app)
    try:
        table = start_new_game(app, ["human", "computer"], seed=4)
        play_a_tile(app, table)
        app.saver.flush()
        actions = list(table.session.record["actions"])
        saved_games = open_saved_games(app, driver)
        driver.press_button(saved_games, "replay:0")
        replay = app.stack.top
        assert isinstance(replay, ReplayScene)
        assert replay.actions == actions and replay.index == 0
        driver.press_button(replay, "to_end")
        assert replay.table.session.state.digest() == table.session.state.digest()
        assert savegame.load(table.session.path).record["actions"] == actions, \
            "replaying does not touch the save"
    finally:
        app.close()


def test_the_single_slot_of_earlier_versions_is_one_game_of_the_list(data_dir):
    """Migration: a save in autosave.json is listed, continued and played on in its own
    file; a new game does not touch it."""
    record = with_a_move({"players": 2, "seed": 8, "options": {}, "actions": []})
    legacy = savegame.autosave_path()
    legacy.write_text(json.dumps({"format": "tigris-save", "version": 1, "record": record,
                                  "seats": [{"kind": "human"}, {"kind": "computer",
                                                                "level": "easy"}]}))
    os.utime(legacy, (1_000_000_000, 1_000_000_000))
    app = make_app()
    driver = Driver(app)
    try:
        play_a_tile(app, start_new_game(app, ["human", "computer"], seed=9))
        app.saver.flush()
        saved_games = open_saved_games(app, driver)
        assert [row.path for row in saved_games.rows][1] == legacy
        assert saved_games.rows[1].lines[1] == "Archer, Bull (computer, Easy)"
        bag = GameSession(savegame.load(legacy)).state.view(None)["bag_size"]
        assert saved_games.rows[1].lines[2] == f"1 move · {bag} tiles in the bag"
        driver.press_button(saved_games, "open:1")
        table = app.stack.top
        assert isinstance(table, TableScene) and table.session.path == legacy
        play_a_tile(app, table)
        app.saver.flush()
        assert savegame.load(legacy).record["actions"] == table.session.record["actions"]
    finally:
        app.close()


def test_the_list_keeps_the_20_last_played_and_moves_older_ones_to_the_archive(data_dir):
    record = with_a_move({"game": "tigris", "players": 2, "seed": 1, "options": {},
                          "actions": []})
    seats = [SeatConfig(), SeatConfig("computer", "easy")]
    paths = [write_save(record, seats, storage.saves_dir() / f"save-old-{n:02}.json",
                        1_000_000_000 + n) for n in range(savelist.KEPT)]
    app = make_app()
    try:
        table = start_new_game(app, ["human", "computer"], seed=2)
        play_a_tile(app, table)
        app.saver.flush()
        listed = savelist.unfinished()
        assert len(listed) == savelist.KEPT
        assert listed[0] == table.session.path
        assert listed[1:] == paths[:0:-1]
        archived = storage.saves_archive_dir() / paths[0].name
        assert not paths[0].exists() and archived.exists(), "archived, never deleted"
        assert savegame.load(archived).record == record
    finally:
        app.close()


def test_resume_goes_back_to_the_last_played_and_resume_file_to_that_game(
        data_dir, monkeypatch):
    from game import main

    record = {"game": "tigris", "players": 2, "seed": 5, "options": {}, "actions": []}
    seats = [SeatConfig(), SeatConfig()]
    older = write_save(with_a_move(record), seats, storage.saves_dir() / "save-a.json",
                       1_000_000_000)
    newer = write_save(with_a_move({**record, "seed": 6}), seats,
                       storage.saves_dir() / "save-b.json", 1_000_000_100)
    elsewhere = data_dir / "sent-by-a-friend.json"
    elsewhere.write_text(json.dumps({**record, "seed": 7}))
    opened: list[GameSession] = []

    def shown(app: App) -> int:
        opened.append(app.stack.top.session)
        app.close()
        return 0

    monkeypatch.setattr(App, "run", shown)
    assert main.run(["--resume", "--size", "800x480"]) == 0
    assert main.run(["--resume", str(older), "--size", "800x480"]) == 0
    assert main.run(["--resume", str(elsewhere), "--size", "800x480"]) == 0
    assert [session.record["seed"] for session in opened] == [6, 5, 7]
    assert [opened[0].path, opened[1].path] == [newer, older]
    assert opened[2].path.parent == storage.saves_dir(), \
        "a game from elsewhere is saved in a file of its own, its own file left as it was"
    assert json.loads(elsewhere.read_text())["seed"] == 7


def test_the_title_with_saved_games_fits_below_its_name_on_small_screens(data_dir):
    for size in ((800, 480), (1280, 800), (480, 800), (1024, 600)):
        app = make_app(size)
        try:
            title = to_title(app)
            h = size[1]
            screen = app.screen.get_rect()
            name_bottom = int(h * 0.04) + int(title.title_px * 1.2)
            rects = [button.rect for button in title.buttons.buttons if button.id != "turn"]
            assert "saved" in [button.id for button in title.buttons.buttons]
            for rect in rects:
                assert screen.contains(rect) and rect.h >= 40, (size, rect)
                assert rect.top >= name_bottom, (size, rect)
            for upper, lower in itertools.pairwise(rects):
                assert lower.top > upper.bottom, (size, upper, lower)
        finally:
            app.close()


def test_twenty_saved_games_go_on_pages_that_fit_a_small_screen(data_dir):
    record = with_a_move({"game": "tigris", "players": 2, "seed": 1, "options": {},
                          "actions": []})
    seats = [SeatConfig(), SeatConfig("computer", "easy")]
    for n in range(savelist.KEPT):
        write_save(record, seats, storage.saves_dir() / f"save-{n:02}.json", 1_000_000_000 + n)
    app = make_app((800, 480))
    driver = Driver(app)
    try:
        saved_games = open_saved_games(app, driver)
        screen = app.screen.get_rect()
        seen: list[int] = []
        while True:
            for button in saved_games.buttons.buttons:
                assert screen.contains(button.rect) and button.rect.h >= 40, button
            seen += [int(b.id.partition(":")[2]) for b in saved_games.buttons.buttons
                     if b.id.startswith("open:")]
            following = saved_games.buttons.get("next_page")
            assert following is not None
            if not following.enabled:
                break
            driver.press_button(saved_games, "next_page")
        assert seen == list(range(savelist.KEPT)), "every game on one page or another"
    finally:
        app.close()


def test_issue21_a_game_left_before_its_first_move_is_not_written_nor_offered(data_dir):
    app = make_app()
    try:
        table = start_new_game(app, ["human", "human"], seed=4)
        app.run_frames(2)
        assert table.session.record["actions"] == [], "the player leaves before any move"
        title = to_title(app)
        assert list(storage.saves_dir().glob("*.json")) == [], "no file for a game of 0 moves"
        assert savelist.newest() is None
        assert not title.buttons.get("continue").enabled
        assert not title.buttons.get("saved").enabled, "no saved games to show"
    finally:
        app.close()


def test_issue21_games_of_0_moves_are_not_listed_and_their_files_are_kept(data_dir):
    """One an earlier version wrote, one undone back to its start: neither is listed nor
    continued, and neither file is deleted."""
    record = {"game": "tigris", "players": 2, "seed": 1, "options": {}, "actions": []}
    earlier = write_save(record, [SeatConfig(), SeatConfig()],
                         storage.saves_dir() / "save-earlier.json", 1_000_000_000)
    app = make_app()
    try:
        table = start_new_game(app, ["human", "computer"], seed=4)  # seat 0 first
        play_a_tile(app, table)
        app.saver.flush()
        assert savelist.unfinished() == [table.session.path]
        table.undo()
        assert table.session.record["actions"] == [], "the one move taken back"
        app.saver.flush()
        undone = table.session.path
        assert savegame.load(undone).record["actions"] == [], "the file says what the table does"
        title = to_title(app)
        assert savelist.unfinished() == [] and savelist.newest() is None
        assert not title.buttons.get("continue").enabled
        assert not title.buttons.get("saved").enabled, "no saved games to show"
        assert earlier.exists() and undone.exists(), "never deleted unasked"
    finally:
        app.close()
