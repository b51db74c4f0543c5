"""The table kit's controller (game/kit/controller.py, game/kit/lan.py), through Tiny's table.

Tiny (tests/support/tinyclient.py) is a face of the controller as T&E's table
is, so these tests catch a flow that assumes T&E: a whole game of a person
and a computer played by taps to its result and saved as finished, the
hand-over screen between two people at one screen, a snap held until "End
turn" and forgotten by Undo, a question answered for its player only when
skipping it shows nothing hidden, a refusal said in words, the attract demo
never saved, a replay table that plays no seat, and a whole LAN game between
the client (hosting through the lobby) and a peer, to one digest.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from support import tinyclient, tinygame
from support.apps import make_app
from timing import scaled

from game import savegame, savelist
from game.kit.held import HeldAction
from game.savegame import SeatConfig
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_new_game
from game.scenes.handover import HandoverScene
from game.scenes.lobby import LobbyScene
from game.scenes.lobby_host import HostSetupScene
from game.scenes.lobby_seats import SeatTableScene
from game.scenes.title import TitleScene
from game.session import GameSession
from game.tigris.driver import Driver
from net import NetworkSession

TIMEOUT = scaled(30.0)


@pytest.fixture
def app(data_dir, tiny):
    application = make_app((1280, 800), game="tiny")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def position(hands: list[list[int]], turn_of: int, pile: list[int],
             snap_by: int | None = None) -> dict[str, Any]:
    """A Tiny position with these hands and pile; `snap_by` is asked to snap its top card."""
    start = tinygame.new_game(len(hands), 1).to_dict()
    dealt = sorted(card for hand in hands for card in hand) + sorted(pile)
    deck = list(start["deck"]) + [card for hand in start["hands"] for card in hand]
    for card in dealt:
        deck.remove(card)
    pending = None if snap_by is None else {"kind": "snap", "seat": snap_by, "card": pile[-1]}
    return {**start, "deck": deck, "hands": hands, "pile": pile, "turn_of": turn_of,
            "pending": pending}


def open_table(app, where: dict[str, Any], kinds: list[str]) -> tinyclient.TinyTable:
    session = GameSession.from_position(where, [SeatConfig(kind) for kind in kinds],
                                        game=tinygame.ID)
    table = tinyclient.CLIENT.table(app, session)
    app.replace(table)
    app.run_frames(1)
    return table


def press(app, scene, bid: str) -> None:
    Driver(app).press_button(scene, bid)


def press_action(app, table: tinyclient.TinyTable, action: dict[str, Any]) -> None:
    press(app, table, f"act:{table.choices.index(action)}")


def test_a_person_plays_a_whole_game_against_a_computer_to_its_result(app):
    """Every action of seat 0 is a tap; a snap waits for End turn; the computer plays in
    between; at the end the game leaves the saved games and its result shows."""
    table = start_new_game(app, ["human", "computer", "computer"], seed=9)
    app.run_frames(1)
    rng = random.Random(3)
    taps = ends = 0
    for _ in range(2000):
        if table.session.state.is_over:
            break
        if app.stack.top is table and table.buttons.get("end_turn") is not None:
            press(app, table, "end_turn")
            ends += 1
        elif app.stack.top is table and table.choices:
            press_action(app, table, rng.choice(table.session.state.legal_actions()))
            taps += 1
        else:
            app.run_frames(1)
    state = table.session.state
    assert state.is_over and taps > 5 and ends > 5
    app.run_frames(2)
    assert tinygame.replay(table.session.record).digest() == state.digest()
    result = app.stack.top
    assert isinstance(result, DialogScene) and result.spec.title == "The game is over."
    assert table.flow.finished and savelist.newest() is None, "a finished game is no autosave"
    assert [savegame.load(path).record for path in savegame.list_games()] == [
        table.session.record]
    assert [line for line in result.spec.lines] == [
        f"Seat {s + 1}: {p}" for s, p in enumerate(state.view(None)["scores"])]


def test_two_people_at_one_screen_hand_the_table_over_before_a_hidden_hand_shows(app):
    table = open_table(app, position([[3, 5], [5, 8]], 0, [2]), ["human", "human"])
    assert table.flow.viewer == 0 and table.choices, "nobody's hand was shown before"
    press_action(app, table, {"type": "play", "card": 5})
    handover = app.stack.top
    assert isinstance(handover, HandoverScene) and handover.seat == 1
    assert table.choices == [], "seat 0's hand is gone from the table"
    assert "snap or pass" in handover.must
    press(app, handover, "confirm")
    assert app.stack.top is table and table.flow.viewer == 1
    assert table.choices[:2] == [{"type": "snap"}, {"type": "pass"}]


def test_a_played_card_waits_for_end_turn_and_undo_forgets_it(app):
    table = open_table(app, position([[4, 7], [9], [3]], 0, [2]),
                       ["human", "computer", "computer"])
    before = table.session.state.digest()
    press_action(app, table, {"type": "play", "card": 7})
    assert table.flow.held is not None and table.flow.held.action["card"] == 7
    assert table.session.record["actions"] == [] and table.session.state.digest() == before
    assert "Seat 1 played a 7." in table.log
    assert {"Pile: 7, deck: 31", "Seat 1: 1"} <= set(table.lines()), "the held result shows"
    assert table.choices == [] and table.buttons.get("undo") is not None
    app.run_frames(30)
    assert table.session.record["actions"] == [], "nobody moves while a card is held"
    press(app, table, "undo")
    assert table.flow.held is None and table.session.state.digest() == before
    assert "Seat 1 played a 7." not in table.log
    assert {"Pile: 2, deck: 31", "Seat 1: 0"} <= set(table.lines())
    press_action(app, table, {"type": "play", "card": 4})
    press(app, table, "end_turn")
    assert table.session.record["actions"][0] == {"type": "play", "card": 4}
    assert table.buttons.get("undo") is None


def test_the_kits_held_action_hands_the_game_on_and_never_hides_a_card_drawn():
    """An action is held only if another seat decides next, and never one that shows its
    player a hidden card (its Undo could not unsee it)."""
    state = tinygame.from_dict(position([[4], [7, 9], [3]], 1, [2]))
    assert HeldAction.of(state, {"type": "draw"}) is None
    played = HeldAction.of(state, {"type": "play", "card": 7})
    assert played is not None and played.seat == 1 and played.ordinary
    assert not played.ends_turn, "the next seat is asked to snap within the turn"
    assert played.shown_now() == list(state.apply({"type": "play", "card": 7}).events)
    assert HeldAction.of(state, {"type": "play", "card": 5}) is None, "refused: sent"
    alone = tinygame.from_dict(position([[4], [7, 9]], 1, [2], snap_by=0))
    assert HeldAction.of(alone, {"type": "pass"}) is None, "the same seat decides next"


def test_an_empty_hand_is_not_asked_to_snap_and_a_hand_without_a_match_is_asked(app):
    """An empty hand is public, so passing for it shows nothing; a hand of cards that can
    only pass is asked all the same, lest skipping the question tell the others."""
    table = open_table(app, position([[], [5]], 1, [2]), ["human", "human"])
    press_action(app, table, {"type": "play", "card": 5})
    assert table.session.record["actions"] == [{"type": "play", "card": 5}, {"type": "pass"}]
    assert table.session.state.to_move == 0
    other = open_table(app, position([[3], [5]], 1, [2]), ["human", "human"])
    press_action(app, other, {"type": "play", "card": 5})
    assert other.session.record["actions"] == [{"type": "play", "card": 5}]
    assert isinstance(app.stack.top, HandoverScene)
    press(app, app.stack.top, "confirm")
    assert other.choices[0] == {"type": "pass"}


def test_a_refused_action_is_said_in_words_and_changes_nothing(app):
    table = open_table(app, position([[3], [5, 8]], 0, [2]), ["human", "computer"])
    before = table.session.state.digest()
    assert not table.act({"type": "play", "card": 9})
    assert table.toast == "You do not hold a 9."
    assert table.session.state.digest() == before


def test_computer_seats_play_and_the_attract_demo_is_never_saved(app):
    demo = tinyclient.CLIENT.attract(app)
    app.replace(demo)
    for _ in range(600):
        if demo.session.state.is_over:
            break
        app.run_frames(1)
    app.run_frames(2)
    app.saver.flush()
    assert demo.session.state.is_over and demo.flow.finished
    assert app.stack.top is demo, "a demo's end shows no result over it"
    assert savelist.newest() is None and savegame.list_games() == []


def test_a_replay_table_plays_no_seat(app):
    session = GameSession.new(2, 4, {}, [SeatConfig("computer")] * 2, game=tinygame.ID)
    table = tinyclient.CLIENT.replay_table(app, session)
    table.resize(*app.size)
    for _ in range(5):
        table.update(1 / 60)
    assert session.record["actions"] == []


# ----- a whole LAN game ------------------------------------------------------------------


class Peer:
    """The other player: joins by address and plays random legal actions in its turn."""

    def __init__(self, port: int, seed: int) -> None:
        self.session = NetworkSession.join(f"127.0.0.1:{port}", name="Ada",
                                           heartbeat=scaled(0.5))
        self.rng = random.Random(seed)
        self.asked_at = -1

    def step(self) -> None:
        s = self.session
        if any(event.kind == "rejected" for event in s.poll()):
            self.asked_at = -1
        state = s.state
        if (state is None or state.is_over or s.paused or state.to_move != s.my_seat
                or self.asked_at == s.ply):
            return
        self.asked_at = s.ply
        s.submit(self.rng.choice(state.legal_actions()))


def pump(driver: Driver, until: Any, peer: Peer) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not until():
        assert time.monotonic() < deadline, f"timed out: {until.__code__.co_firstlineno}"
        driver.frames(1)
        peer.step()
        time.sleep(0.002)


def test_a_whole_tiny_lan_game_between_the_client_and_a_peer_ends_on_one_digest(app, lan):
    driver = Driver(app)
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "lan")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    driver.press_button(lobby, "host")
    setup = app.stack.top
    assert isinstance(setup, HostSetupScene) and setup.client is tinyclient.CLIENT
    driver.press_button(setup, "count:2")
    for _ in range(5):
        driver.key("backspace")
    driver.type("0")
    driver.press_button(setup, "start")
    seats = app.stack.top
    assert isinstance(seats, SeatTableScene), setup.message
    deadline = time.monotonic() + TIMEOUT
    while seats.session.port == 0:
        assert time.monotonic() < deadline
        driver.frames(1)
    peer = Peer(seats.session.port, seed=5)
    try:
        def ready() -> bool:
            start = seats.buttons.get("start")
            return peer.session.my_seat == 1 and start is not None and start.enabled

        pump(driver, ready, peer)
        driver.press_button(seats, "start")
        pump(driver, lambda: isinstance(app.stack.top, tinyclient.TinyLanTable), peer)
        table = app.stack.top
        assert isinstance(table, tinyclient.TinyLanTable)
        host = table.game.net
        assert table.flow.viewer == 0 and table.flow.computers.players == {}
        rng = random.Random(7)
        taken = 0
        deadline = time.monotonic() + TIMEOUT * 4
        while not (host.state.is_over and len(table.game.actions) == host.ply
                   and peer.session.ply == host.ply):
            assert time.monotonic() < deadline, f"stuck at ply {host.ply}"
            peer.step()
            if app.stack.top is table and table.buttons.get("end_turn") is not None:
                driver.press_button(table, "end_turn")
            elif app.stack.top is table and table.choices:
                legal = table.session.state.legal_actions()
                press_action(app, table, rng.choice(legal))
                taken += 1
            driver.frames(1)
            time.sleep(0.002)
        assert taken >= 3
        assert host.state.is_over
        assert table.session.state.digest() == host.state.digest() == \
            peer.session.state.digest()
        assert table.leave_texts()[0] == "Leave the game"
        pump(driver, lambda: table.flow.finished, peer)
        assert isinstance(app.stack.top, DialogScene), "the result shows over the table"
        assert table.flow.held is None and table.buttons.get("undo") is None
    finally:
        peer.session.close()
