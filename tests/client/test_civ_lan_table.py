"""Advanced Civilization over the LAN at the table, headless, through the real input path.

The client hosts through the lobby (or joins by typing the address) and plays its seat
by taps on the table's buttons; the other people are `NetworkSession`s of this process
on 127.0.0.1 answering as the easy computer player would; a computer seat is the host's. Every copy
must end on one digest; what is private to a seat (A1.5: its hand, the cards it drew,
the unnamed cards of its proposals) never reaches another seat's table; a LAN game left
unfinished is continued from the host's autosave, and its players take their seats back.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from support.apps import make_app
from timing import scaled

import ai
import engine.civ as civ
from game.civ import words
from game.civ.lan_table import CivLanTable
from game.i18n import t
from game.scenes.dialog import DialogScene
from game.scenes.lobby import LobbyScene
from game.scenes.lobby_host import HostSetupScene
from game.scenes.lobby_seats import SeatTableScene
from game.scenes.menu import PauseMenu
from game.scenes.title import TitleScene
from game.tigris.driver import Driver
from game.ui import text
from net import HostConfig, NetworkSession, storage
from net.replica import Replica

TIMEOUT = scaled(120.0)
HEARTBEAT = scaled(0.5)
GAMES = {civ.ID: civ}


pytestmark = pytest.mark.usefixtures("lan")   # conftest: a LAN game of its own


@pytest.fixture
def app() -> Any:
    application = make_app((1280, 800), game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def easy(seed: int) -> Any:
    """The civ computer player a scripted person follows: it builds cities, so hands are
    dealt (A21) and private draws happen within a few turns."""
    return ai.bot_factory(civ.ID)("easy", seed)


class Peer:
    """Another person's program: joins by address and answers as the easy computer player
    would when its seat decides."""

    def __init__(self, port: int, seed: int, name: str, seat: int | None = None,
                 session: NetworkSession | None = None) -> None:
        self.session = session or NetworkSession.join(
            f"127.0.0.1:{port}", games=GAMES, name=name, heartbeat=HEARTBEAT,
            **({} if seat is None else {"seat": seat}))
        self.player = easy(seed)
        self.asked_at = -1
        self.heard: list[dict[str, Any]] = []   # every engine event this program was given

    def step(self) -> None:
        s = self.session
        for event in s.poll():
            if event.kind in ("rejected", "resumed", "resynced"):
                self.asked_at = -1
            if event.kind == "applied":
                self.heard.extend(event.data.get("events") or [])
        state = s.state
        if (state is None or state.is_over or s.paused or s.phase != "playing"
                or state.to_move != s.my_seat or self.asked_at == s.ply):
            return
        self.asked_at = s.ply
        s.submit(self.player.choose(s.view(), 0.0))

    def close(self) -> None:
        self.session.close()


def pump(driver: Driver, until: Any, peers: list[Peer], timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not until():
        top = driver.app.stack.top
        assert time.monotonic() < deadline, f"timed out: {until.__code__.co_firstlineno}; " \
            f"{type(top).__name__} {getattr(getattr(top, 'flow', None), 'banner', '')}"
        driver.frames(1)
        for peer in peers:
            peer.step()
        time.sleep(0.001)


def tap_answer(driver: Driver, table: CivLanTable, wanted: dict[str, Any]) -> None:
    """Taps the button of `wanted`, paging the chooser ("more") until it shows, else the
    first of "done", "stay" and "pass" shown, else the first answer shown."""
    if wanted in table.choices:
        for _ in range(len(table.choices)):
            if wanted in table.shown:
                break
            driver.press_button(table, "more")
    pick = table.shown.index(wanted) if wanted in table.shown else next(
        (i for i, a in enumerate(table.shown) if a["type"] in ("done", "stay", "pass")),
        None)
    if pick is None:
        pick = next(i for i, a in enumerate(table.shown) if not a["type"].startswith("_"))
    driver.press_button(table, f"act:{pick}")


def play(driver: Driver, table: CivLanTable, peers: list[Peer], until: Any,
         timeout: float = TIMEOUT, seed: int = 1) -> int:
    """Our seat answers by taps on the table's buttons, the easy computer player's answer
    when the chooser offers it; returns how many answers were tapped."""
    deadline = time.monotonic() + timeout
    player = easy(seed)
    tapped = 0
    while not until():
        assert time.monotonic() < deadline, (
            f"timed out at ply {table.game.net.ply}: to move {table.state.to_move}, "
            f"waiting {table.flow.waiting}, banner {table.flow.banner!r}, "
            f"top {type(driver.app.stack.top).__name__}")
        for peer in peers:
            peer.step()
        if driver.app.stack.top is table and table.deciding() is not None and table.shown:
            assert table.deciding() == table.game.my_seat
            ply = table.game.net.ply
            tap_answer(driver, table, player.choose(table.view(), 0.0))
            tapped += 1
            assert table.flow.waiting or table.game.net.ply > ply or table.toast, \
                "a tapped answer goes to the host"
        driver.frames(1)
        time.sleep(0.001)
    return tapped


def host_through_lobby(app: Any, driver: Driver, turns_taps: int = 1) -> SeatTableScene:
    """Title → LAN game → Host: four seats, seats 2-3 open, seat 4 a random computer,
    a turn limit, any free port."""
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "lan")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    driver.press_button(lobby, "host")
    setup = app.stack.top
    assert isinstance(setup, HostSetupScene) and setup.client.rules is civ
    driver.press_button(setup, "count:4")
    if setup.kinds[2] != "human":
        driver.press_button(setup, "kind:2")
    while setup.levels[3] != "random":
        driver.press_button(setup, "level:3")
    for _ in range(turns_taps):
        driver.press_button(setup, "option:turns")
    for _ in range(5):
        driver.key("backspace")
    driver.type("0")
    assert setup.specs() == ["human", "human", "human", "bot:random"]
    driver.press_button(setup, "start")
    seats = app.stack.top
    assert isinstance(seats, SeatTableScene), setup.message
    pump(driver, lambda: seats.session.port > 0 and len(seats.session.seats) == 4, [])
    return seats


def start_game(app: Any, driver: Driver, seats: SeatTableScene, peers: list[Peer]
               ) -> CivLanTable:
    def ready() -> bool:
        start = seats.buttons.get("start")
        return start is not None and start.enabled

    pump(driver, ready, peers)
    driver.press_button(seats, "start")
    pump(driver, lambda: isinstance(app.stack.top, CivLanTable), peers)
    table = app.stack.top
    assert isinstance(table, CivLanTable)
    return table


def private_seats(events: list[dict[str, Any]]) -> set[int]:
    return {int(e["private_to"]) for e in events if "private_to" in e}


def test_a_lan_game_of_three_peers_and_a_computer_plays_to_its_end_on_one_digest(app):
    """Issue 22: 3 peers (the client's host, two joined programs) and the host's computer
    seat play a civ game to its turn limit (A35.1); the host's seat answers by taps."""
    driver = Driver(app)
    seats = host_through_lobby(app, driver)
    peers = [Peer(seats.session.port, seed=s, name=n) for s, n in ((2, "Ada"), (3, "Bo"))]
    try:
        table = start_game(app, driver, seats, peers)
        host = table.game.net
        assert host.is_host and table.flow.viewer == 0
        assert table.session.options["turn_limit"] == 2
        assert [seat.kind for seat in host.seats] == ["human", "human", "human", "bot"]
        panels = table.seat_panels()
        assert [p.computer for p in panels] == [False, False, False, True], \
            "only the host's computer seat has the computer's glyph"
        assert {table.seat_name(1).split(" · ")[0], table.seat_name(2).split(" · ")[0]} \
            == {"Ada", "Bo"}, "a seat is shown by its player's name"
        assert table.seat_name(3) == super(CivLanTable, table).seat_name(3), \
            "a computer seat by its nation alone"
        tapped = play(driver, table, peers,
                      lambda: table.state.is_over and not table.flow.queue
                      and all(p.session.state is not None and p.session.state.is_over
                              for p in peers))
        assert tapped >= 4, "our seat played its part by taps"
        digests = {host.state.digest(), table.state.digest(),
                   *(p.session.state.digest() for p in peers)}
        assert len(digests) == 1, "every copy ends on the host's digest"
        assert civ.replay(table.game.record).digest() == host.state.digest()
        pump(driver, lambda: isinstance(app.stack.top, DialogScene), peers)
        assert app.stack.top.spec.title == t("civ.result.title")
        assert table.leave_texts() == (t("lan.leave_game"), t("lan.leave_body_host"))
    finally:
        for peer in peers:
            peer.close()


def test_a1_5_what_is_private_to_a_seat_never_reaches_another_seats_table(app, monkeypatch):
    """The client joins by the address; the host's own seat and a third peer play. Until
    every seat has drawn trade cards (A21), the cards each seat drew (private events) reach
    that seat's program alone: the table was handed none of another seat's, its log tells
    none, its views hold no other hand, and its hand row draws our cards and none of the
    cards only the others hold."""
    driver = Driver(app)
    config = HostConfig(game=civ, players=3, seats=["human"] * 3, host_seat=0,
                        bind="127.0.0.1", port=0, heartbeat=HEARTBEAT,
                        options={"turn_limit": 8}, host_name="Host")
    host = Peer(0, seed=7, name="Host", session=NetworkSession.host(config))
    third = Peer(host.session.port, seed=8, name="Cy", seat=2)
    peers = [host, third]
    try:
        pump(driver, lambda: third.session.my_seat == 2, peers)
        app.replace(TitleScene(app))
        driver.frames(2)
        driver.key("l")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        driver.type(f"127.0.0.1:{host.session.port}")
        driver.key("return")
        pump(driver, lambda: isinstance(app.stack.top, SeatTableScene | CivLanTable), peers)
        if isinstance(app.stack.top, SeatTableScene):
            host.session.start()
        pump(driver, lambda: isinstance(app.stack.top, CivLanTable), peers)
        table = app.stack.top
        assert isinstance(table, CivLanTable) and table.flow.viewer == 1
        given: list[dict[str, Any]] = []
        take = table.game.take_applied

        def taking(event: Any) -> list[dict[str, Any]]:
            events = take(event)
            given.extend(events)
            return events

        monkeypatch.setattr(table.game, "take_applied", taking)
        drawn: list[str] = []
        recording: list[bool] = []
        blit = text.blit

        def noted(surface: Any, said: str, *args: Any, **kwargs: Any) -> Any:
            if recording:
                drawn.append(said)
            return blit(surface, said, *args, **kwargs)

        draw_hand = table.draw_hand

        def drawing_hand(surface: Any) -> None:
            recording.append(True)
            try:
                draw_hand(surface)
            finally:
                recording.clear()

        monkeypatch.setattr(text, "blit", noted)
        monkeypatch.setattr(table, "draw_hand", drawing_hand)
        def only_theirs() -> set[str]:
            """Cards the other seats hold and we do not (the host's copy knows them)."""
            full = host.session.state.view(0)["seats"][0]["hand"] + \
                third.session.state.view(2)["seats"][2]["hand"]
            return set(full) - set(table.view()["seats"][1]["hand"] or [])

        play(driver, table, peers, lambda: table.state.is_over or (
            1 in private_seats(given) and table.public()["turn"] >= 5 and only_theirs()
            and not table.flow.queue and host.session.ply == len(table.game.actions)))
        assert private_seats(given) == {1}, "only our own private events reach our table"
        assert private_seats(host.heard) == {0} and private_seats(third.heard) == {2}, \
            "each other seat was told its own draws"
        for seat in (0, 2):
            assert table.view()["seats"][seat]["hand"] is None
            assert table.public()["seats"][seat]["hand"] is None
        assert not [line for line in table.told if getattr(line, "topic", "") ==
                    words.PRIVATE and getattr(line, "seat", None) != 1]
        assert any(getattr(line, "seat", None) == 1 and getattr(line, "topic", "") ==
                   words.PRIVATE for line in table.told), "our own draws are told to us"
        drawn.clear()
        table.refresh()
        driver.frames(1)
        mine = table.view()["seats"][1]["hand"]
        assert mine and drawn, "our hand row is drawn, with our cards"
        assert all(any(words.card_name(c) in line for line in drawn) for c in set(mine))
        others = only_theirs()
        assert others, "the other seats hold cards we do not"
        assert not [c for c in others if any(words.card_name(c) in line for line in drawn)]
    finally:
        for peer in peers:
            peer.close()


def test_a_lan_game_left_unfinished_is_continued_from_the_lobby_to_one_digest(app):
    """The host's player leaves mid-game (the game stays in the host's autosave); the LAN
    lobby offers to continue it, which hosts it again on its port at its ply and digest;
    the other programs take their seats back by themselves and the game is played to its
    end on one digest."""
    driver = Driver(app)
    seats = host_through_lobby(app, driver, turns_taps=2)
    peers = [Peer(seats.session.port, seed=s, name=n) for s, n in ((4, "Ada"), (5, "Bo"))]
    try:
        table = start_game(app, driver, seats, peers)
        host = table.game.net
        play(driver, table, peers, lambda: host.ply >= 20 and not table.flow.queue
             and len(table.game.actions) == host.ply)
        ply = host.ply
        menu = PauseMenu(app, table)
        app.push(menu)
        driver.frames(1)
        assert menu.spec.lines == [t("lan.leave_body_host")]
        driver.press_button(menu, "leave")
        assert isinstance(app.stack.top, TitleScene)
        saved = storage.peek_autosave(storage.default_autosave())
        assert saved is not None and saved["over"] is False
        ply = len(saved["record"]["actions"])   # (a peer's action may have come meanwhile)
        digest = civ.replay(saved["record"]).digest()
        driver.press_button(app.stack.top, "lan")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        assert lobby.buttons.get("resume").label == t("lan.continue", game=t("civ.name"),
                                                      actions=ply)
        driver.press_button(lobby, "resume")
        pump(driver, lambda: isinstance(app.stack.top, CivLanTable), peers)
        table = app.stack.top
        assert isinstance(table, CivLanTable)
        host = table.game.net
        assert host.is_host and host.ply == ply == len(table.game.actions)
        assert table.state.digest() == digest and table.flow.viewer == 0
        pump(driver, lambda: [s.status for s in host.seats][1:3] == ["connected"] * 2, peers)
        play(driver, table, peers,
             lambda: table.state.is_over and not table.flow.queue
             and all(p.session.state is not None and p.session.state.is_over for p in peers))
        assert len({host.state.digest(), table.state.digest(),
                    *(p.session.state.digest() for p in peers)}) == 1
        assert civ.replay(table.game.record).digest() == host.state.digest()
    finally:
        for peer in peers:
            peer.close()


def test_a_desync_shows_the_banner_over_the_map_and_its_button_resyncs(app, monkeypatch):
    """The host's own copy is corrupted at ply 6 (a token moved from stock to treasury): the
    game pauses, the banner over the map says so with the button that rebuilds the copy
    from the host's record; tapped, play resumes and every copy agrees again."""
    driver = Driver(app)
    seats = host_through_lobby(app, driver, turns_taps=2)
    host_loop = seats.session._loop
    original = Replica.apply_update
    corrupted: list[int] = []

    def corrupting(self: Replica, action: Any, prev: str, expected: str) -> Any:
        if threading.current_thread() is host_loop and self.ply == 6 and not corrupted:
            corrupted.append(self.ply)
            position = self.state.to_dict()
            position["seats"][0]["treasury"] += 1   # a token from the stock (A2.3)
            position["seats"][0]["stock"]["tokens"] -= 1
            self.state = civ.from_dict(position)
            self._digest = self.state.digest()
        return original(self, action, prev, expected)

    monkeypatch.setattr(Replica, "apply_update", corrupting)
    peers = [Peer(seats.session.port, seed=s, name=n) for s, n in ((6, "Ada"), (7, "Bo"))]
    try:
        table = start_game(app, driver, seats, peers)
        host = table.game.net
        play(driver, table, peers, lambda: host.can_resync)
        pump(driver, lambda: table.banner_buttons.get("resync") is not None, peers)
        assert host.paused and table.flow.banner and table.banner_lines()
        assert table.deciding() is None and not table.answers(), "nobody acts while paused"
        assert table.areas["map"].contains(table.banner_box())
        driver.tap(table.banner_buttons.get("resync").rect.center)
        pump(driver, lambda: not host.paused and table.flow.banner == "", peers)
        play(driver, table, peers, lambda: host.ply >= 14 and not table.flow.queue
             and len(table.game.actions) == host.ply
             and all(p.session.ply == host.ply for p in peers))
        assert len({host.state.digest(), table.state.digest(),
                    *(p.session.state.digest() for p in peers)}) == 1
    finally:
        for peer in peers:
            peer.close()


def test_a17_4_a_proposal_asked_of_a_seat_is_worded_from_its_public_part() -> None:
    """The decision's proposal is public (A17.3: its unnamed cards only counted,
    `give_count`); the prompt read `give` and raised KeyError at every trade_answer, which
    stopped a LAN table (and any table) at the first proposal made to its seat."""
    players = [easy(seat) for seat in range(3)]
    state = civ.new_game(3, 11, {"turn_limit": 12})
    while not state.is_over and (state.pending or {}).get("kind") != "trade_answer":
        seat = state.to_move
        state = state.apply(players[seat].choose(state.view(seat), 0.0))
    pending = state.pending
    assert pending is not None and "give" not in pending["proposal"]
    said = words.prompt(pending, state.view(pending["seat"]))
    assert str(pending["proposal"]["give_count"]) in said


def test_a_player_who_drops_is_shown_and_the_host_hands_the_seat_to_a_computer(app):
    """One of the joined players' programs closes mid-game: the notice says so, their seat's
    panel says "disconnected", and when the game waits for that seat the banner over the map
    offers the host's player to let a computer play it; tapped, the host's computer plays
    the seat (its panel gets the computer's glyph) and the game goes on."""
    driver = Driver(app)
    seats = host_through_lobby(app, driver, turns_taps=2)
    peers = [Peer(seats.session.port, seed=s, name=n) for s, n in ((8, "Ada"), (9, "Bo"))]
    try:
        table = start_game(app, driver, seats, peers)
        host = table.game.net
        play(driver, table, peers, lambda: host.ply >= 8)
        gone = peers.pop(0)
        seat = gone.session.my_seat
        name = host.seats[seat].name
        gone.close()
        play(driver, table, peers, lambda: host.seats[seat].status == "disconnected"
             and host.state.to_move == seat and not table.flow.queue
             and len(table.game.actions) == host.ply)
        pump(driver, lambda: table.banner_buttons.get(f"bot:{seat}") is not None, peers)
        assert t("lan.hand_to_bot", player=name) == table.banner_buttons.get(f"bot:{seat}").label
        assert any(name in str(line) for line in table.told), "the log says who left"
        assert table.seat_panels()[seat].status == t("lan.status.disconnected")
        ply = host.ply
        driver.tap(table.banner_buttons.get(f"bot:{seat}").rect.center)
        pump(driver, lambda: host.seats[seat].kind == "bot" and host.ply > ply, peers)
        assert table.seat_panels()[seat].computer
        play(driver, table, peers, lambda: host.ply >= ply + 10)
    finally:
        for peer in peers:
            peer.close()
