"""The shell hosts a game it was not written for: Tiny (tests/support/tinyclient.py).

The title lists it on a card and remembers the choice, the set-up screen offers
its seat counts (2 to 8) and its option, its table plays it to the end headless,
saves name their game, Continue resumes whichever game was saved, and the
replay list names each game.
"""

from __future__ import annotations

import json
from functools import partial

import pytest
from support import tinyclient, tinygame
from support.apps import make_app as shared_make_app

import datafiles
from game import games, i18n, savegame, savelist
from game.scenes.flow import start_new_game
from game.scenes.replay import ReplayPicker
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.tigris.driver import Driver

make_app = partial(shared_make_app, size=(1280, 800))


def play_to_the_end(app, table, frames: int = 400) -> None:
    """Run the app until its computer seats have finished the game (or `frames` ran)."""
    for _ in range(frames):
        if table.session.state.is_over:
            break
        app.run_frames(1)


def test_the_title_offers_each_game_on_a_card_and_remembers_the_choice(data_dir, tiny):
    app = make_app()
    try:
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(2)
        assert [card.id for card in title.cards.buttons] == ["game:tigris", "game:civ",
                                                              "game:tiny"]
        assert [card.label for card in title.cards.buttons] == [
            "Tigris & Euphrates", "Advanced Civilization", "Tiny"]
        assert title.cards.get("game:tigris").selected
        Driver(app).tap(title.cards.get("game:tiny").rect.center)
        assert app.game.id == "tiny" and app.settings.game == "tiny"
        assert title.cards.get("game:tiny").selected
        app.run_frames(1)
    finally:
        app.close()
    again = make_app(game="tiny")
    try:
        assert again.game is tinyclient.CLIENT
    finally:
        again.close()


def test_a_narrow_title_steps_through_the_games_with_one_button(data_dir, tiny):
    app = make_app(size=(320, 640))
    try:
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(1)
        assert not title.cards.buttons
        assert title.buttons.get("game").label == "Game: Tigris & Euphrates"
        Driver(app).press_button(title, "game")
        assert app.game.id == "civ"
        assert title.buttons.get("game").label == "Game: Advanced Civilization"
        Driver(app).press_button(title, "game")
        assert app.game.id == "tiny"
        assert title.buttons.get("game").label == "Game: Tiny"
    finally:
        app.close()


def test_a_game_no_longer_here_falls_back_to_the_default(data_dir):
    app = make_app(game="gone")
    try:
        assert app.game.id == games.DEFAULT_GAME
    finally:
        app.close()


def test_setup_offers_the_games_seats_up_to_eight_and_its_options(data_dir, tiny):
    app = make_app(game="tiny")
    try:
        setup = SetupScene(app)
        app.push(setup)
        app.run_frames(1)
        assert [b.id for b in setup.buttons.buttons if b.id.startswith("count:")] == \
            [f"count:{n}" for n in range(2, 9)]
        assert not [b for b in setup.buttons.buttons if b.id.startswith("identity:")]
        driver = Driver(app)
        driver.press_button(setup, "count:8")
        assert len([b for b in setup.buttons.buttons if b.id.startswith("kind:")]) == 8
        assert setup.buttons.get("option:hand_size").label == "Hands of 3"
        driver.press_button(setup, "option:hand_size")
        assert setup.buttons.get("option:hand_size").label == "Hands of 4"
        driver.press_button(setup, "start")
        table = app.stack.top
        assert isinstance(table, tinyclient.TinyTable)
        assert table.session.record["game"] == "tiny"
        assert table.session.players == 8
        assert table.session.options == {"hand_size": 4}
    finally:
        app.close()


def test_tigris_setup_still_offers_two_to_four_seats_with_dynasties(data_dir, tiny):
    app = make_app()
    try:
        setup = SetupScene(app)
        app.push(setup)
        app.run_frames(1)
        assert [b.id for b in setup.buttons.buttons if b.id.startswith("count:")] == \
            ["count:2", "count:3", "count:4"]
        assert setup.buttons.get("identity:0").label == "Archer"
        assert setup.buttons.get("option:board").label == "Classic board"
    finally:
        app.close()


def test_tiny_plays_to_the_end_headless_and_its_saves_name_it(data_dir, tiny):
    app = make_app(game="tiny")
    try:
        table = start_new_game(app, ["computer"] * 5, seed=4)
        play_to_the_end(app, table)
        state = table.session.state
        assert state.is_over
        record = table.session.record
        assert tinygame.replay(record).digest() == state.digest()
        assert table.log and table.log[-1] == "The game is over."
        app.saver.flush()
        saved = json.loads(table.session.path.read_text(encoding="utf-8"))
        assert saved["record"]["game"] == "tiny"
    finally:
        app.close()


def test_a_refused_move_at_tinys_table_says_why_by_its_code(data_dir, tiny):
    app = make_app(game="tiny")
    try:
        table = start_new_game(app, ["human", "human"], seed=2)
        app.run_frames(1)
        before = table.session.state.digest()
        assert not table.act({"type": "snap"})
        assert table.toast == "Nothing is asked now: play or draw."
        assert table.session.state.digest() == before
        draw = next(i for i, a in enumerate(table.choices) if a["type"] in ("draw", "play"))
        Driver(app).press_button(table, f"act:{draw}")
        assert len(table.session.record["actions"]) == 1
    finally:
        app.close()


def test_continue_resumes_whichever_game_was_saved(data_dir, tiny):
    app = make_app(game="tiny")
    try:
        table = start_new_game(app, ["human", "computer", "computer"], seed=5)
        app.run_frames(1)
        digest = table.session.state.digest()
        app.saver.flush()
        app.choose_game(games.load("tigris"))
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(1)
        Driver(app).press_button(title, "continue")
        resumed = app.stack.top
        assert isinstance(resumed, tinyclient.TinyTable)
        assert resumed.session.state.digest() == digest
        assert app.game.id == "tigris", "Continue does not change the game New game sets up"
    finally:
        app.close()


def test_the_saved_games_list_holds_each_games_unfinished_games_in_its_words(data_dir, tiny):
    from game.scenes.saved_games import SavedGamesScene

    app = make_app(game="tiny")
    try:
        tiny_table = start_new_game(app, ["human", "computer"], seed=5, levels=["random"] * 2)
        app.run_frames(1)
        if not tiny_table.session.record["actions"]:   # a game of 0 moves is not listed
            tiny_table.act(tiny_table.session.state.legal_actions()[0])
            app.run_frames(1)
        app.choose_game(games.load("tigris"))
        tigris_table = start_new_game(app, ["human", "human"], seed=5)
        tigris_table.act(tigris_table.session.state.legal_actions()[0])
        app.run_frames(1)
        app.saver.flush()
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(1)
        Driver(app).press_button(title, "saved")
        listed = app.stack.top
        assert isinstance(listed, SavedGamesScene)
        assert [row.path for row in listed.rows] == [tigris_table.session.path,
                                                     tiny_table.session.path]
        moves = len(tiny_table.session.record["actions"])
        assert listed.rows[1].lines[1:] == ("Seat 1, Seat 2 (computer, Random)",
                                            f"{moves} moves" if moves != 1 else "1 move")
        assert listed.rows[1].lines[0].startswith("Tiny · ")
        Driver(app).press_button(listed, "open:1")
        resumed = app.stack.top
        assert isinstance(resumed, tinyclient.TinyTable)
        assert resumed.session.path == tiny_table.session.path
    finally:
        app.close()


def test_a_save_without_a_game_is_tigris_and_one_of_an_unknown_game_is_explained(data_dir):
    import engine.tigris as rules
    from game.tigris.scenes.table import TableScene

    first = rules.new_game(2, 3, {}).legal_actions()[0]   # a game of 0 moves is not listed
    record = {"players": 2, "seed": 3, "options": {}, "actions": [first]}
    savegame.storage.write_json_atomic(savegame.autosave_path(),
                                       {"format": "tigris-save", "version": 1, "record": record,
                                        "seats": [{"kind": "human"}, {"kind": "computer"}]})
    app = make_app()
    try:
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(1)
        Driver(app).press_button(title, "continue")
        assert isinstance(app.stack.top, TableScene)
        assert app.stack.top.session.record["game"] == "tigris"
        with pytest.raises(datafiles.BadContent, match="does not have"):
            savegame.from_json({"record": {**record, "game": "chess"}, "format": "tigris-save"})
    finally:
        app.close()


def test_the_replay_list_names_each_game_its_players_scores_and_winner(data_dir, tiny):
    app = make_app(game="tiny")
    try:
        table = start_new_game(app, ["computer", "computer"], seed=6)
        play_to_the_end(app, table)
        app.saver.flush()
        assert savelist.newest() == table.session.path
        state = table.session.state
        savegame.finish(table.session.saved())
        assert savelist.newest() is None, "a finished game leaves the saved games"
        picker = ReplayPicker(app)
        app.push(picker)
        app.run_frames(1)
        assert picker.buttons.get("game:0") is not None
        scores = state.view(None)["scores"]
        winners = state.ranking()[0]
        heading, result = picker.lines[picker.paths[0]]
        assert heading.startswith("Tiny · ")
        assert result.split(" · ") == [
            f"Seat {seat + 1} {scores[seat]}" + (" (winner)" if seat in winners else "")
            for place in state.ranking() for seat in place]
    finally:
        app.close()


def test_the_hand_over_screen_names_tinys_seat_and_decision(data_dir, tiny):
    from game.scenes.handover import HandoverScene

    app = make_app(game="tiny")
    try:
        table = start_new_game(app, ["human", "human"], seed=2)
        app.run_frames(1)
        seat = table.session.state.to_move
        handover = HandoverScene(app, table, seat)
        app.push(handover)
        app.run_frames(1)
        assert handover.name == f"Seat {seat + 1}"
        assert "play or draw" in handover.must
    finally:
        app.close()


def test_the_pause_menu_opens_the_rules_and_keys_of_the_game_being_played(data_dir, tiny):
    from game.scenes.dialog import DialogScene
    from game.scenes.menu import PauseMenu

    app = make_app(game="tiny")
    try:
        table = start_new_game(app, ["human", "human"], seed=2)
        driver = Driver(app)
        driver.frames(1)
        driver.press_button(table, "menu")
        menu = app.stack.top
        assert isinstance(menu, PauseMenu)
        for option, words in (("rules", "tiny.rules"), ("shortcuts", "tiny.keys")):
            driver.press_button(menu, option)
            page = app.stack.top
            assert isinstance(page, DialogScene) and page.spec.lines == [i18n.t(words)]
            driver.press_button(page, "back")
            assert app.stack.top is menu
    finally:
        app.close()


def test_the_settings_screen_shows_the_chosen_games_own_settings(data_dir, tiny):
    from game.scenes.settings_screen import SettingsScene

    for game, has_outlines in (("tigris", True), ("tiny", False)):
        app = make_app(game=game)
        try:
            screen = SettingsScene(app)
            app.push(screen)
            app.run_frames(1)
            assert (screen.buttons.get("kingdom_outlines") is not None) is has_outlines
            assert screen.buttons.get("sound") is not None
            assert screen.buttons.get("thinking_time") is not None
        finally:
            app.close()


def test_the_registry_loads_a_game_by_id_and_names_the_known_ones(tiny):
    assert games.game_ids() == ["tigris", "civ", "tiny"]
    assert games.load("tiny") is tinyclient.CLIENT and tinyclient.CLIENT.id == "tiny"
    assert games.of_record({"players": 2}).id == "tigris", "a record without a game is T&E"
    assert games.of_record({"game": "tiny"}) is tinyclient.CLIENT
    assert tinyclient.CLIENT.players == range(2, 9)
    with pytest.raises(ValueError, match="tigris, civ, tiny"):
        games.load("chess")


def test_games_are_found_by_convention_a_registered_game_with_a_client_package(
        tiny, monkeypatch):
    """Issue 20: no list of client modules; `game.<id>` for each id of `engine.GAME_IDS`
    that has a package offering CLIENT (civ's since issue 22); a package without CLIENT is
    not offered."""
    import engine

    assert "civ" in engine.GAME_IDS and "civ" in games.game_ids()
    monkeypatch.setattr(engine, "GAME_IDS", tuple(i for i in engine.GAME_IDS if i != "tiny"))
    assert games.game_ids() == ["tigris", "civ"], "a client package alone does not make a game"
    with pytest.raises(ValueError, match=r"known games are tigris, civ$"):
        games.load("tiny")
    import game.civ
    monkeypatch.delattr(game.civ, "CLIENT")
    assert games.game_ids() == ["tigris"], "a registered game without CLIENT is not offered"


def test_the_lan_host_hosts_the_game_chosen_on_the_title_when_it_has_a_lan_table(
        data_dir, tiny, monkeypatch):
    from game.civ.client import CivClient
    from game.scenes.lobby_host import HostSetupScene

    app = make_app(game="tiny")
    try:
        monkeypatch.setattr(CivClient, "has_lan_table", False)   # the games listed: T&E, Tiny
        monkeypatch.setattr(tinyclient.TinyClient, "has_lan_table", False)
        assert HostSetupScene(app).client.id == "tigris", "Tiny has no LAN table: T&E is hosted"
        assert list(games.playable_rules()) == ["tigris"]
        monkeypatch.setattr(tinyclient.TinyClient, "has_lan_table", True)
        assert HostSetupScene(app).client is tinyclient.CLIENT
        assert list(games.playable_rules()) == ["tigris", "tiny"]
    finally:
        app.close()


def test_the_replay_viewer_steps_a_tiny_game_through_the_replay_table_protocol(data_dir, tiny):
    """Issue 20: the viewer reaches its table only through `game.table.ReplayTable` (no
    T&E layout), so Tiny's table is stepped: forward, to the end, back to the start."""
    from game.scenes.replay import ReplayScene

    app = make_app(game="tiny")
    try:
        table = start_new_game(app, ["computer", "computer"], seed=6)
        play_to_the_end(app, table)
        saved = table.session.saved()
        actions = saved.record["actions"]
        viewer = ReplayScene(app, saved)
        app.push(viewer)
        app.run_frames(1)
        assert isinstance(viewer.table, tinyclient.TinyTable) and viewer.table.replay
        assert viewer.table.controls_area().contains(viewer.buttons.get("play").rect)
        viewer.control("step_forward")
        app.run_frames(1)
        assert viewer.index == 1 and viewer.table.log
        viewer.control("to_end")
        app.run_frames(2)
        assert viewer.table.state.digest() == table.session.state.digest()
        assert viewer.index == len(actions) and viewer.table.state.is_over
        viewer.control("to_start")
        assert viewer.table.state.to_dict() == tinygame.new_game(2, 6).to_dict()
        assert viewer.table.log == []
    finally:
        app.close()
