"""The client's LAN game, headless, driven by synthetic taps and keys.

The client hosts through the lobby; a second player joins in-process (a
`NetworkSession` on 127.0.0.1) and plays random legal actions; the host plays
through the table as a person would; seat 3 is a computer player the host
runs. Every copy must end on the same digest. A desync of the host's copy
shows the banner, and the banner's button rebuilds the copy; a player who
drops is shown, and the host hands the seat to the computer. The client also
joins by typing the address, leaves, and takes its seat back. The manual
address field refuses garbage in words. The seat table says when the host set an
unreadable autosave aside (issue 24, item 4). Every socket is on loopback with an
ephemeral port, and mDNS is off.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from support.apps import lan_app
from timing import scaled

import ai
import engine.tigris as engine
from game import i18n
from game.app import App
from game.scenes.dialog import DialogScene
from game.scenes.lobby import LobbyScene, parse_target
from game.scenes.lobby_host import HostSetupScene
from game.scenes.lobby_seats import SeatTableScene
from game.scenes.menu import PauseMenu
from game.scenes.title import TitleScene
from game.tigris.driver import Driver
from game.tigris.scenes.lan_table import MOMENT_SECONDS as LAN_MOMENT_SECONDS
from game.tigris.scenes.lan_table import LanTableScene
from game.tigris.settings import tigris_settings
from net import HostConfig, NetworkSession
from net.replica import Replica

TIMEOUT = scaled(30.0)
HEARTBEAT = scaled(0.5)


pytestmark = pytest.mark.usefixtures("lan")   # conftest: a LAN game of its own


@pytest.fixture
def app() -> Iterator[App]:
    yield from lan_app()


def shown(driver: Driver) -> str:
    """The top scene's banner, notice and its network's state, for a timeout's message."""
    top = driver.app.stack.top
    net = getattr(getattr(top, "game", None), "net", None)
    flow = getattr(top, "flow", top)
    said = {name: getattr(flow, name, None) for name in ("banner", "notice", "waiting")}
    if net is not None:
        said |= {"paused": net.paused, "status": net.status,
                 "seats": [seat.status for seat in net.seats]}
    return f"{type(top).__name__} {said}"


def pump(driver: Driver, until: Any, peer: Peer | None = None,
         timeout: float = TIMEOUT) -> None:
    """Runs frames (and lets the peer play) until `until()` holds; fails after `timeout`,
    saying what the table on top and its network showed then (a rare stall is read from it)."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, (
            f"timed out: {until.__code__.co_firstlineno}; {shown(driver)}")
        driver.frames(1)
        if peer is not None:
            peer.step()
        time.sleep(0.002)


def host_through_lobby(app: App, driver: Driver) -> SeatTableScene:
    """Title → LAN game → Host: three seats, seat 3 a random computer, any free port."""
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "lan")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    driver.press_button(lobby, "host")
    setup = app.stack.top
    assert isinstance(setup, HostSetupScene)
    driver.press_button(setup, "count:3")
    while setup.levels[2] != "random":
        driver.press_button(setup, "level:2")
    for _ in range(5):
        driver.key("backspace")
    driver.type("0")
    assert setup.port.value == "0"
    assert setup.specs() == ["human", "human", "bot:random"]
    driver.press_button(setup, "start")
    seats = app.stack.top
    assert isinstance(seats, SeatTableScene), setup.message
    pump(driver, lambda: seats.session.port > 0 and len(seats.session.seats) == 3)
    return seats


class Peer:
    """The other player: joins by address and plays random legal actions in its turn."""

    def __init__(self, port: int, seed: int, session: NetworkSession | None = None) -> None:
        self.session = session or NetworkSession.join(f"127.0.0.1:{port}", name="Ada",
                                                      heartbeat=HEARTBEAT)
        self.rng = random.Random(seed)
        self.asked_at = -1
        self.gone = False

    def leave(self) -> None:
        self.gone = True
        self.session.close()

    def step(self) -> None:
        if self.gone:
            return
        s = self.session
        if any(event.kind in ("rejected", "resumed") for event in s.poll()):
            self.asked_at = -1
        state = s.state
        if (state is None or state.is_over or s.paused or state.to_move != s.my_seat
                or self.asked_at == s.ply):
            return
        self.asked_at = s.ply
        s.submit(self.rng.choice(state.legal_actions()))


def start_game(app: App, driver: Driver, peer: Peer, seats: SeatTableScene) -> LanTableScene:
    def ready() -> bool:
        start = seats.buttons.get("start")
        return peer.session.my_seat == 1 and start is not None and start.enabled

    pump(driver, ready, peer)
    assert peer.session.phase == "lobby" and "Ada" in seats.rows[1][1]
    assert seats.rows[1][2] == "connected"
    driver.press_button(seats, "start")
    pump(driver, lambda: isinstance(app.stack.top, LanTableScene), peer)
    table = app.stack.top
    assert isinstance(table, LanTableScene)
    return table


def settle(driver: Driver, peer: Peer, table: LanTableScene) -> None:
    """Until the host's copy, the peer's and the table's shown position are at one ply (the
    computer seat plays on until a person must act, then everything stops)."""
    host = table.game.net
    pump(driver, lambda: peer.session.ply == host.ply == len(table.game.actions)
         and not table.queue, peer)


def play(app: App, driver: Driver, peer: Peer, table: LanTableScene, rng: random.Random,
         until: Any, timeout: float = TIMEOUT) -> int:
    """The host's seat acts through taps; returns how many actions it took."""
    deadline = time.monotonic() + timeout
    taken = 0
    while not until():
        assert time.monotonic() < deadline, (
            f"timed out at ply {table.game.net.ply}: to move {table.session.state.to_move}, "
            f"waiting {table.waiting}, paused {table.game.net.paused}, queue {len(table.queue)}, "
            f"top {type(app.stack.top).__name__}, peer {peer.session.paused} {peer.session.ply}")
        peer.step()
        top = app.stack.top
        if isinstance(top, DialogScene):
            driver.answer(top, rng)
            taken += 1
        elif top is table and table.held is not None and not table.animator.blocking:
            driver.press_button(table, "end_turn")
        elif top is table and table.legal is not None and not table.animator.blocking:
            state = table.session.state
            assert table.visible_hand_seat == table.game.my_seat
            actions = state.legal_actions()
            weights = [0.1 if a["type"] in ("swap", "pass") else 1.0 for a in actions]
            driver.perform(table, rng.choices(actions, weights)[0], rng)
            taken += 1
        driver.frames(1)
        time.sleep(0.002)
    return taken


def test_host_in_the_lobby_play_over_the_lan_and_the_digests_match(app):
    driver = Driver(app)
    seats = host_through_lobby(app, driver)
    peer = Peer(seats.session.port, seed=2)
    try:
        table = start_game(app, driver, peer, seats)
        host = table.game.net
        assert host.is_host and table.viewer == 0
        assert [b.id for b in table.buttons.buttons if b.id == "undo"] == []
        taken = play(app, driver, peer, table, random.Random(5),
                     lambda: host.ply >= 24 and len(table.game.actions) == host.ply
                     and not table.queue)
        assert taken >= 4
        settle(driver, peer, table)
        assert peer.session.state.digest() == host.state.digest()
        assert table.session.state.digest() == host.state.digest()
        view = table.view
        assert view["players"][1].get("hand") is None, "another seat's hand is hidden"
        assert 0 < len(view["players"][0]["hand"]) <= 6
        assert table.leave_texts() == (i18n.t("lan.leave_game"), i18n.t("lan.leave_body_host"))
    finally:
        peer.session.close()


def test_a_desync_shows_the_banner_and_resync_repairs_it(app, monkeypatch):
    driver = Driver(app)
    seats = host_through_lobby(app, driver)
    host_loop = seats.session._loop
    original = Replica.apply_update
    corrupted: list[int] = []

    def corrupting(self: Replica, action: Any, prev: str, expected: str) -> engine.State:
        if threading.current_thread() is host_loop and self.ply == 6 and not corrupted:
            corrupted.append(self.ply)
            position = self.state.to_dict()
            position["players"][0]["score"]["blue"] += 1
            self.state = engine.from_dict(position)
            self._digest = self.state.digest()
        return original(self, action, prev, expected)

    monkeypatch.setattr(Replica, "apply_update", corrupting)
    peer = Peer(seats.session.port, seed=3)
    try:
        table = start_game(app, driver, peer, seats)
        host = table.game.net
        rng = random.Random(1)
        play(app, driver, peer, table, rng, lambda: host.can_resync)
        pump(driver, lambda: table.banner_buttons.get("resync") is not None, peer)
        assert host.paused and "no longer matches" in table.banner
        assert table.legal is None, "nobody acts while the game is paused"
        driver.tap(table.banner_buttons.get("resync").rect.center)
        pump(driver, lambda: not host.paused and table.banner == "", peer)
        play(app, driver, peer, table, rng,
             lambda: host.ply >= 14 and len(table.game.actions) == host.ply and not table.queue)
        settle(driver, peer, table)
        assert peer.session.state.digest() == host.state.digest()
        assert table.session.state.digest() == host.state.digest()
    finally:
        peer.session.close()


def test_a_computers_name_typed_in_the_lobby_joins_its_game(app):
    """Computers on a LAN have names ("laptop.local"): the address field takes one."""
    driver = Driver(app)
    host = two_seat_host(seed=8)
    try:
        app.replace(TitleScene(app))
        driver.frames(2)
        driver.key("l")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        driver.type(f"localhost:{host.session.port}")
        assert lobby.field.value == f"localhost:{host.session.port}"
        driver.key("return")
        # past the lobby: the seat table, or already the table (see join_through_lobby)
        assert isinstance(app.stack.top, SeatTableScene | LanTableScene), lobby.message
        pump(driver, lambda: isinstance(app.stack.top, LanTableScene), host)
        assert app.stack.top.game.net.my_seat == 1
    finally:
        host.session.close()


def test_manual_address_is_typed_and_garbage_is_refused_in_words(app):
    driver = Driver(app)
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "lan")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    for char in "127.0.0.1":
        driver.press_button(lobby, f"key:{char}")
    driver.type(":")
    driver.press_button(lobby, "key:backspace")
    assert lobby.field.value == "127.0.0.1"
    assert parse_target("192.168.1.20:47390") == "192.168.1.20:47390"
    assert parse_target("10.0.0.5") == "10.0.0.5:47390"
    for char in ":99999":
        driver.press_button(lobby, f"key:{char}")
    driver.press_button(lobby, "join")
    assert isinstance(app.stack.top, LobbyScene)
    assert "not a port number" in lobby.message
    for _ in range(20):
        driver.press_button(lobby, "key:backspace")
    driver.press_button(lobby, "join")
    assert "an address is needed" in lobby.message
    for garbage in ("::::", "host name:80", "host:port"):
        with pytest.raises(ValueError):
            parse_target(garbage)


def test_a_dropped_player_is_shown_and_the_host_hands_the_seat_to_the_computer(app):
    driver = Driver(app)
    seats = host_through_lobby(app, driver)
    peer = Peer(seats.session.port, seed=4)
    table = start_game(app, driver, peer, seats)
    host = table.game.net
    rng = random.Random(2)
    play(app, driver, peer, table, rng, lambda: host.ply >= 3 and host.state.to_move == 0)
    peer.leave()
    play(app, driver, peer, table, rng, lambda: host.state.to_move == 1 and not table.queue)
    pump(driver, lambda: table.banner_buttons.get("bot:1") is not None, timeout=TIMEOUT)
    assert "Ada left the game." in table.notice_line()
    assert table.banner_buttons.get("bot:1").label == "Let the computer play for Ada"
    driver.tap(table.banner_buttons.get("bot:1").rect.center)
    pump(driver, lambda: host.seats[1].kind == "bot" and host.state.to_move != 1)
    assert any("A computer player" in line for line in table.log)


def test_a_joined_player_votes_a_dropped_players_seat_to_the_computer(app):
    """The host plays no seat, so the one other player's yes is the majority: the button
    on the banner of a joined player's table proposes, and the host hands the seat over
    once its player has been gone for the stall time."""
    driver = Driver(app)
    stall = scaled(0.5)
    config = HostConfig(game=engine, players=2, seats=["human", "human"], host_seat=None,
                        bind="127.0.0.1", port=0, heartbeat=HEARTBEAT, stall_after=stall,
                        bots=ai.bot_factory(engine.ID))
    host = Peer(0, seed=1, session=NetworkSession.host(config))
    try:
        other = Peer(host.session.port, seed=4)
        pump(driver, lambda: other.session.my_seat == 0, other)
        table = join_through_lobby(app, driver, host.session.port, other)
        assert table.viewer == 1
        other.leave()
        # Ada's last action may still be on its way; the host sends it before her seat's
        # change, so once this copy shows her gone it holds all of hers, and the table plays
        # on until it has shown that copy up to her turn.
        pump(driver, lambda: table.game.net.seats[0].status == "disconnected")
        play(app, driver, other, table, random.Random(5),
             lambda: table.session.state.to_move == 0 and not table.queue
             and len(table.game.actions) == table.game.net.ply)
        pump(driver, lambda: table.banner_buttons.get("bot:0") is not None, host)
        gone = time.monotonic()
        assert table.banner_buttons.get("bot:0").label == "Let the computer play for Ada"
        pump(driver, lambda: time.monotonic() > gone + stall + HEARTBEAT, host)
        driver.tap(table.banner_buttons.get("bot:0").rect.center)
        pump(driver, lambda: host.session.seats[0].kind == "bot", host)
        pump(driver, lambda: any("agreed" in line for line in table.log), host)
        pump(driver, lambda: host.session.state.to_move != 0, host)
    finally:
        host.session.close()


def test_a_silent_players_turn_clock_is_shown_and_the_seat_voted_to_the_computer(app):
    """The host keeps a turn clock and plays no seat; Ada stays connected but does not act:
    the joined player's table shows the host's warning, then, when her time is up, the
    button that proposes a computer for her seat (the one other player's yes decides). Ada
    takes the seat back by acting."""
    driver = Driver(app)
    config = HostConfig(game=engine, players=2, seats=["human", "human"], host_seat=None,
                        bind="127.0.0.1", port=0, heartbeat=HEARTBEAT, turn_clock=scaled(2.0),
                        bots=ai.bot_factory(engine.ID), bot_budget=0.05)
    host = Peer(0, seed=1, session=NetworkSession.host(config))
    try:
        ada = Peer(host.session.port, seed=4)
        pump(driver, lambda: ada.session.my_seat == 0, ada)
        table = join_through_lobby(app, driver, host.session.port, host)   # Ada is silent
        net = table.game.net
        play(app, driver, host, table, random.Random(5),
             lambda: net.state.to_move == 0 and not table.queue
             and len(table.game.actions) == net.ply)
        pump(driver, lambda: any(line.startswith("Ada has") for line in table.log), host)
        assert table.notice_line().startswith("Ada"), "the quiet line shows the clock"
        pump(driver, lambda: table.banner_buttons.get("bot:0") is not None, host)
        assert any("Ada's time to act is up" in line for line in table.log)
        assert net.seats[0].status == "connected" and net.out_of_time == 0
        driver.tap(table.banner_buttons.get("bot:0").rect.center)
        # The ballot's result comes before the seat table that shows the computer on it.
        pump(driver, lambda: net.seats[0].kind == "bot"
             and any("agreed" in line for line in table.log), host)
        play(app, driver, ada, table, random.Random(6), lambda: net.seats[0].kind == "human")
        assert any("Ada is back and plays their seat again." in line for line in table.log)
        ply = net.ply
        play(app, driver, ada, table, random.Random(7), lambda: net.ply >= ply + 4)

        def caught_up() -> bool:
            ada.session.poll()
            return ada.session.ply == host.session.ply == net.ply

        pump(driver, caught_up, host)
        assert ada.session.state.digest() == host.session.state.digest() == net.state.digest()
    finally:
        host.session.close()


def test_the_seat_table_shows_the_set_aside_autosave(app, lan):
    """The client's own host says, above the seat table's log, that it set an unreadable
    autosave aside: the reader's reason and the file's new name (issue 24, item 4)."""
    autosave = lan / "lan" / "host-autosave.json"
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text("[1, 2")
    driver = Driver(app)
    seats = host_through_lobby(app, driver)
    pump(driver, lambda: seats.warning, timeout=scaled(10.0))
    [kept] = [p for p in autosave.parent.iterdir() if ".corrupt-" in p.name]
    assert "it is not JSON" in seats.warning and kept.name in seats.warning
    driver.frames(2)   # drawn above the log


def test_a_conflict_s_result_never_holds_the_lan_game_for_long(app):
    """Over the LAN the result goes by itself after its seconds (the setting's, or a few
    when the setting waits for a tap), so nobody else waits on this screen."""
    driver = Driver(app)
    seats = host_through_lobby(app, driver)
    peer = Peer(seats.session.port, seed=4)
    try:
        table = start_game(app, driver, peer, seats)
        assert tigris_settings(app.settings).result_seconds == 0.0
        assert table.moment_seconds() == LAN_MOMENT_SECONDS
        tigris_settings(app.settings).result_seconds = 2.0
        assert table.moment_seconds() == 2.0
    finally:
        peer.session.close()


def two_seat_host(seed: int, host_name: str = "Host") -> Peer:
    """A host (in this process) of a two-human game, its own seat played by a random Peer."""
    config = HostConfig(game=engine, players=2, seats=["human", "human"], host_seat=0,
                        bind="127.0.0.1", port=0, heartbeat=HEARTBEAT, host_name=host_name)
    return Peer(0, seed=seed, session=NetworkSession.host(config))


def join_through_lobby(app: App, driver: Driver, port: int, host: Peer) -> LanTableScene:
    """Title → LAN game → the address typed on the keyboard → Enter → the seat table →
    the table, once the game starts or the copy has caught up."""
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.key("l")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    driver.type(f"127.0.0.1:{port}")
    assert lobby.field.value == f"127.0.0.1:{port}"
    driver.key("return")
    # The seat table hands over to the table in the frame that hears the start (or, for a
    # taken-back seat, the caught-up copy), which can be the very frame that opened it: the
    # host answers on loopback within a thread switch.
    assert isinstance(app.stack.top, SeatTableScene | LanTableScene), lobby.message
    pump(driver, lambda: isinstance(app.stack.top, LanTableScene), host)
    table = app.stack.top
    assert isinstance(table, LanTableScene)
    return table


def test_join_through_the_lobby_leave_and_take_the_seat_back(app):
    driver = Driver(app)
    host = two_seat_host(seed=6)
    try:
        table = join_through_lobby(app, driver, host.session.port, host)
        assert table.viewer == 1 and not table.game.net.is_host
        rng = random.Random(3)
        play(app, driver, host, table, rng, lambda: host.session.ply >= 6)
        menu = PauseMenu(app, table)
        app.push(menu)
        driver.frames(1)
        assert menu.buttons.get("leave").label == i18n.t("lan.leave_game")
        assert menu.spec.lines == [i18n.t("lan.leave_body_guest")], "a guest's game is not saved"
        driver.press_button(menu, "leave")
        assert isinstance(app.stack.top, TitleScene)
        pump(driver, lambda: host.session.seats[1].status == "disconnected", host)
        table = join_through_lobby(app, driver, host.session.port, host)
        assert table.viewer == 1
        play(app, driver, host, table, rng, lambda: host.session.ply >= 12)
        pump(driver, lambda: host.session.ply == table.game.net.ply == len(table.game.actions)
             and not table.queue, host)
        assert table.session.state.digest() == host.session.state.digest()
    finally:
        host.session.close()


def test_the_name_typed_in_the_lobby_is_the_seats_name_and_is_kept(app):
    driver = Driver(app)
    host = two_seat_host(seed=7, host_name="Bea")
    try:
        assert host.session.seats[0].name == "Bea"
        app.replace(TitleScene(app))
        driver.frames(2)
        driver.key("l")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        assert lobby.name_field.placeholder, "an empty name shows the computer's name instead"
        driver.tap(lobby.name_rect.center)
        assert lobby.focus == "name"
        typed = "Jöns Ștefan Ñúñez Ærø"   # UTF-8 in the hello message and the seat list
        driver.type(typed)
        assert lobby.name_field.value == typed and lobby.field.value == ""
        driver.key("tab")
        assert lobby.focus == "address" and app.settings.player_name == typed
        driver.type(f"127.0.0.1:{host.session.port}")
        driver.key("return")
        pump(driver, lambda: host.session.seats[1].name == typed, host)
    finally:
        host.session.close()


def test_the_host_leaving_is_said_on_the_table_and_the_player_can_go(app):
    driver = Driver(app)
    host = two_seat_host(seed=8)
    try:
        table = join_through_lobby(app, driver, host.session.port, host)
        play(app, driver, host, table, random.Random(4), lambda: host.session.ply >= 2)
    finally:
        host.session.close()
    pump(driver, lambda: table.banner != "")
    assert table.legal is None, "nobody plays on without a host"
    menu = PauseMenu(app, table)
    app.push(menu)
    driver.frames(1)
    driver.press_button(menu, "leave")
    assert isinstance(app.stack.top, TitleScene)


def test_r4_1_a_held_last_action_reaches_the_host_only_on_end_turn(app):
    """Issue 12 bug 1 over the LAN: the second action is shown and held, not sent; Undo
    forgets it (nobody else saw it); End turn sends it and every copy agrees."""
    driver = Driver(app)
    seats = host_through_lobby(app, driver)
    peer = Peer(seats.session.port, seed=6)
    try:
        table = start_game(app, driver, peer, seats)
        host = table.game.net

        def place_first_tile() -> dict[str, Any]:
            color = table.hand()[0]
            action = next(a for a in table.session.state.legal_actions()
                          if a["type"] == "tile" and a["color"] == color)
            driver.tap(table.layout.hand_slots[0].center)
            driver.tap(driver.square_point(table, action["to"]))
            return action

        pump(driver, lambda: table.legal is not None and table.view["actions_left"] == 2
             and not table.queue, peer)
        before = host.ply
        place_first_tile()
        # the first action has reached the host and the peer (under load it could still be
        # on its way, and its late arrival read as the held second one sent)
        pump(driver, lambda: table.legal is not None and not table.queue
             and host.ply == before + 1 == peer.session.ply, peer)
        ply = host.ply
        second = place_first_tile()
        pump(driver, lambda: table.held is not None, peer)
        for _ in range(30):
            driver.frames(1)
            peer.step()
        assert host.ply == ply == peer.session.ply, "nothing is sent before End turn"
        assert table.view["board"][second["to"]]["tile"] == second["color"]
        driver.press_button(table, "undo")
        assert table.held is None and second["to"] not in table.view["board"]
        assert table.buttons.get("undo") is None, "Undo is offered for a held action only"
        second = place_first_tile()
        driver.press_button(table, "end_turn")
        pump(driver, lambda: host.ply > ply and len(table.game.actions) == host.ply, peer)
        assert table.game.actions[ply] == second
        settle(driver, peer, table)
        assert peer.session.state.digest() == host.state.digest()
        assert table.session.state.digest() == host.state.digest()
    finally:
        peer.session.close()
