"""A turn waits for "End turn" after its last action, with Undo until then (issue 12 bug 1).

Played headless through the real input path (taps, keys, the scene's frames):
the action that would hand the game to another seat is shown where it landed
and held, not sent; "End turn" sends it (then the hand-over, the computers,
the LAN host see it); Undo forgets it and restores the position and the
hand; the tiles the turn's end draws (R4.3 b) are not in the hand shown
before "End turn"; the setting off plays as before, and the auto-confirm
ends the turn after its seconds of the scene's clock.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from support.apps import make_app

from game import settings
from game.app import App
from game.i18n import t
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_from_position, start_new_game
from game.scenes.handover import HandoverScene
from game.scenes.settings_screen import SettingsScene
from game.scenes.title import TitleScene
from game.settings import AUTO_END_TURN_DELAYS, Settings
from game.tigris.driver import Driver
from game.tigris.scenes.attract import AttractScene
from game.tigris.scenes.scoring import ScoringScene
from game.tigris.scenes.table import TableScene
from game.tigris.scenes.tabletop import TabletopScene
from game.tigris.tabletop_driver import TabletopDriver
from positions import build_dict


def pass_and_play(app: App, seed: int = 3) -> TableScene:
    table = start_new_game(app, ["human", "human"], seed=seed)
    Driver(app).frames(2)
    if isinstance(app.stack.top, HandoverScene):
        Driver(app).press_button(app.stack.top, "confirm")
    assert table.viewer == 0 and app.stack.top is table
    return table


def against_computer(open_app: Callable[..., App]) -> tuple[Driver, TableScene]:
    """A 1280x800 table, a person at seat 0 to move against a computer."""
    app = open_app()
    driver = Driver(app)
    table = start_new_game(app, ["human", "computer"], seed=5)
    driver.frames(2)
    return driver, table


def place_tile(driver: Driver, table: TableScene) -> dict[str, Any]:
    """Places the first tile of the hand on its first legal square, by tapping."""
    color = table.hand()[0]
    action = next(a for a in table.session.state.legal_actions()
                  if a["type"] == "tile" and a["color"] == color)
    driver.tap(table.layout.hand_slots[0].center)
    driver.tap(driver.square_point(table, action["to"]))
    return action


def test_r4_1_the_second_action_waits_for_end_turn_and_then_the_handover(data_dir):
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = pass_and_play(app)
        place_tile(driver, table)
        second = place_tile(driver, table)
        driver.frames(10)
        assert len(table.session.record["actions"]) == 1, "the second action is not sent"
        assert table.session.state.to_move == 0 and app.stack.top is table, (
            "no hand-over before End turn")
        assert table.view["board"][second["to"]]["tile"] == second["color"], (
            "the piece is shown where it landed")
        assert table.legal is None, "nothing more is played in the turn"
        assert table.buttons.get("undo").enabled and table.buttons.get("end_turn").enabled
        driver.press_button(table, "end_turn")
        assert table.session.record["actions"][-1] == second
        assert table.session.state.to_move == 1
        assert isinstance(app.stack.top, HandoverScene), "the hand-over comes after End turn"
    finally:
        app.close()


def test_r4_1_undo_forgets_the_held_action_and_restores_the_position_and_hand(data_dir):
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = pass_and_play(app)
        start = table.session.state.digest()
        first = place_tile(driver, table)
        digest, hand, log = table.session.state.digest(), table.hand(), list(table.log)
        second = place_tile(driver, table)
        assert table.hand() != hand and len(table.log) > len(log)
        driver.press_button(table, "undo")
        assert table.held is None and table.session.state.digest() == digest
        assert table.hand() == hand and second["to"] not in table.view["board"]
        assert table.log == log, "an action never sent leaves no line in the log"
        assert table.legal is not None and table.session.state.to_move == 0
        driver.key("u")   # the session's own undo goes on from there (R4.1)
        assert table.session.state.digest() == start and first["to"] not in table.view["board"]
        place_tile(driver, table)
        place_tile(driver, table)
        assert table.held is not None
        driver.key("e")
        assert len(table.session.record["actions"]) == 2
        assert isinstance(app.stack.top, HandoverScene)
    finally:
        app.close()


def test_r4_3_the_tiles_drawn_at_the_turns_end_are_not_shown_before_end_turn(data_dir, open_app):
    driver, table = against_computer(open_app)
    place_tile(driver, table)
    hand, bag = table.hand(), table.view["bag_size"]
    second = place_tile(driver, table)
    held = table.held
    assert held is not None
    drawn = [e["tiles"] for e in held.events if e["type"] == "hand_drawn"]
    assert drawn and drawn[0], "the turn's end draws tiles (R4.3 b)"
    played = Counter(hand) - Counter([second["color"]])
    assert Counter(table.hand()) == played, "the hand shown is the hand minus the tile played"
    assert table.view["players"][0]["hand_size"] == 4 and table.view["bag_size"] == bag
    assert Counter(table.drawing.model().view["players"][0]["hand"]) == played
    driver.press_button(table, "end_turn")
    assert table.hand() == table.session.view(0)["players"][0]["hand"]
    assert Counter(table.hand()) == played + Counter(drawn[0])


def test_r5_4_a_swap_as_the_last_action_shows_no_tile_it_draws(data_dir, open_app):
    driver, table = against_computer(open_app)
    place_tile(driver, table)
    hand = table.hand()
    swap = {"type": "swap", "tiles": hand[:2]}
    driver.perform(table, swap, random.Random(0))
    assert table.held is not None and table.held.action["type"] == "swap"
    assert Counter(table.hand()) == Counter(hand) - Counter(hand[:2])
    driver.press_button(table, "undo")
    assert table.hand() == hand and table.legal is not None and table.legal.swap


def test_r16_a_held_last_turn_shows_no_hidden_score(data_dir):
    """The game's end (R11.2: the bag cannot refill the hand) would open every score; the
    held result keeps them hidden, and the game ends only on End turn."""
    position = build_dict({}, hands=["rrbbgk", "rrbbgk"], bag=[], actions_left=1,
                          scores=[{"red": 3}, {"blue": 5}])
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = start_from_position(app, position, ["human", "computer"])
        driver.frames(2)
        place_tile(driver, table)
        assert table.held is not None and table.held.after.is_over
        assert table.view["players"][1]["score"] is None
        assert not isinstance(app.stack.top, ScoringScene)
        driver.press_button(table, "end_turn")
        driver.frames(2)
        assert table.session.state.is_over and isinstance(app.stack.top, ScoringScene)
    finally:
        app.close()


def test_the_computers_wait_for_end_turn(data_dir, open_app):
    driver, table = against_computer(open_app)
    before = len(table.session.record["actions"])
    place_tile(driver, table)
    place_tile(driver, table)
    driver.frames(120)
    assert len(table.session.record["actions"]) == before + 1
    assert table.session.state.to_move == 0
    driver.press_button(table, "end_turn")
    for _ in range(200):
        if table.session.state.to_move == 0:
            break
        driver.frames(1)
    assert len(table.session.record["actions"]) >= before + 4, "the computer played its turn"


def test_the_setting_off_ends_the_turn_at_once(data_dir):
    app = make_app((1280, 800))
    try:
        app.settings.confirm_end_turn = False
        driver = Driver(app)
        table = pass_and_play(app)
        place_tile(driver, table)
        place_tile(driver, table)
        assert table.held is None and len(table.session.record["actions"]) == 2
        assert isinstance(app.stack.top, HandoverScene)
    finally:
        app.close()


def test_auto_end_turn_ends_the_turn_after_its_seconds(data_dir):
    app = make_app((1280, 800))
    try:
        app.settings.auto_end_turn = 1.5
        driver = Driver(app, dt=0.1)
        table = pass_and_play(app)
        place_tile(driver, table)
        place_tile(driver, table)
        driver.frames(12)
        assert table.held is not None and len(table.session.record["actions"]) == 1
        assert app.stack.top is table
        assert table.buttons.get("end_turn").label == t(
            "table.end_turn_in", words=t("table.end_turn"), seconds=1), "it counts down"
        driver.frames(5)
        assert table.held is None and len(table.session.record["actions"]) == 2
        assert isinstance(app.stack.top, HandoverScene)
    finally:
        app.close()


def test_the_two_settings_step_on_the_settings_screen_and_a_bad_file_gives_the_defaults(
        data_dir):
    app = make_app((800, 480))
    try:
        app.replace(TitleScene(app))
        app.push(SettingsScene(app))
        app.run_frames(1)
        screen = app.stack.top
        driver = Driver(app)
        assert screen.buttons.get("confirm_end_turn").label == t("common.on")
        assert screen.buttons.get("auto_end_turn").label == t("common.off")
        driver.press_button(screen, "confirm_end_turn")
        assert app.settings.confirm_end_turn is False
        labels = []
        for _ in AUTO_END_TURN_DELAYS:
            driver.press_button(screen, "auto_end_turn")
            labels.append(screen.buttons.get("auto_end_turn").label)
        assert labels == ["1.5 s", "3 s", t("common.off")]
    finally:
        app.close()
    (data_dir / "settings.json").write_text(json.dumps({"auto_end_turn": 60,
                                                        "confirm_end_turn": "yes"}))
    assert settings.load() == Settings()


def test_r7_the_attackers_commitment_is_asked_at_once_and_the_defenders_after_confirm(
        data_dir):
    """A revolt (R7): the mover's own commitment follows its leader at once; handing the
    game to the defender waits for "Confirm", and only then the hand-over asks the
    defender."""
    position = build_dict({"H7": "1r", "K7": "r"}, players=2, hands=["rrrbgk", "rrrbgk"])
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = start_from_position(app, position, ["human", "human"])
        driver.frames(2)
        if isinstance(app.stack.top, HandoverScene):
            driver.press_button(app.stack.top, "confirm")
        driver.tap(table.layout.leader_slots[0].center)
        driver.tap(driver.square_point(table, "J7"))
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene), "the attacker commits at once"
        driver.press_button(dialog, "commit:1")
        assert table.held is not None and table.held.action == {"type": "commit", "count": 1}
        assert table.buttons.get("end_turn").label == t("common.confirm")
        assert app.stack.top is table and len(table.session.record["actions"]) == 1
        driver.press_button(table, "undo")
        assert table.session.record["actions"] == [] and "J7" not in table.view["board"], (
            "Undo of a held commitment takes back the leader that started the revolt")
        driver.tap(table.layout.leader_slots[0].center)
        driver.tap(driver.square_point(table, "J7"))
        driver.press_button(app.stack.top, "commit:1")
        driver.press_button(table, "end_turn")
        assert table.session.state.to_move == 1
        assert isinstance(app.stack.top, HandoverScene)
    finally:
        app.close()


def test_the_tabletop_holds_the_last_action_in_the_movers_panel(data_dir):
    app = make_app((1280, 800), tabletop=True)
    try:
        driver = TabletopDriver(app)
        table = start_new_game(app, ["human", "human"], seed=3)
        assert isinstance(table, TabletopScene)
        driver.frames(2)
        rng = random.Random(2)
        for _ in range(2):
            color = table.hand()[0]
            action = next(a for a in table.session.state.legal_actions()
                          if a["type"] == "tile" and a["color"] == color)
            driver.perform(table, action, rng)
        assert table.held is not None and len(table.session.record["actions"]) == 1
        assert len(table.seat_views[0]["players"][0]["hand"]) == 4
        assert table.panels.seat_status(0, False) == t("table.held")
        driver.choose(table, 0, "end_turn", rng)
        assert len(table.session.record["actions"]) == 2 and table.session.state.to_move == 1
        assert len(table.seat_views[0]["players"][0]["hand"]) == 6
    finally:
        app.close()


def test_the_attract_demo_never_waits(data_dir, monkeypatch):
    monkeypatch.setattr("game.tigris.scenes.attract.DEMO_LEVEL", "random")
    app = make_app((800, 480))
    try:
        demo = AttractScene(app, seed=4)
        app.replace(demo)
        for _ in range(120):
            assert demo.held is None
            app.run_frames(1, 1 / 60)
        assert len(demo.session.record["actions"]) > 8
    finally:
        app.close()
