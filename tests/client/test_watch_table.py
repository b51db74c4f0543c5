"""A watcher at the client's table (issue 25): it comes through the LAN lobby's "Watch" by
address into a T&E game two players are halfway through, follows it to the end at a
table with no seat, and ends on the players' position, seen from the public side.

Every frame its network thread receives is inspected for hidden fields; it sends the
host nothing but watching and liveness, whatever is tapped or typed at its table; an
action it submits is refused with `watch/only`; and a watcher coming and going halfway
changes nothing for the players (no pause, no resync, the same digest). Every socket is
on loopback with an ephemeral port, and mDNS is off.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import msgpack
import pygame
import pytest
from support.apps import lan_app
from test_client_lan import HEARTBEAT, TIMEOUT, Peer

import ai
import engine.tigris as engine
from game.app import App
from game.i18n import t
from game.kit.watching import WatchGame
from game.scenes.lobby import LobbyScene
from game.scenes.lobby_seats import SeatTableScene
from game.scenes.title import TitleScene
from game.tigris import narrate
from game.tigris.driver import Driver
from game.tigris.scenes.conflict_moment import ConflictMomentScene
from game.tigris.scenes.scoring import ScoringScene
from game.tigris.scenes.watch_table import LOOKING, WatchTableScene
from game.ui import skin
from net import HostConfig, NetworkSession, texts
from net import errors as e
from net.watch import public_digest
from net.watcher import WatchLoop

pytestmark = pytest.mark.usefixtures("lan")   # conftest: a LAN game of its own

WATCHER_KINDS = {"watching", "seen", "seats", "pause", "resume", "ballot", "clock",
                 "watchers", "ping", "error", "refused", "bye"}
SECRETS = {"record", "seed", "actions", "action", "nonces", "commitments", "private_to",
           "token", "bag_order"}
"""Keys that would hold a hidden field: in no frame a watcher receives, however deep."""
HALFWAY = 24   # the actions played before anyone watches


@pytest.fixture
def app() -> Iterator[App]:
    yield from lan_app()


@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Every frame a watcher's thread receives, and every message kind it sends."""
    seen: dict[str, list[Any]] = {"received": [], "sent": []}
    on_frames, send = WatchLoop.on_frames, WatchLoop._send

    def receiving(loop: WatchLoop, frames: list[bytes]) -> None:
        seen["received"].extend(frames)
        on_frames(loop, frames)

    def sending(loop: WatchLoop, kind: str, **body: Any) -> None:
        seen["sent"].append(kind)
        send(loop, kind, **body)

    monkeypatch.setattr(WatchLoop, "on_frames", receiving)
    monkeypatch.setattr(WatchLoop, "_send", sending)
    return seen


def host_game() -> NetworkSession:
    """Two human seats, the host's own seat 0: both are played by `Peer`s below."""
    return NetworkSession.host(HostConfig(
        game=engine, bots=ai.bot_factory("tigris"), players=2, seats=["human", "human"],
        host_seat=0, bind="127.0.0.1", port=0, heartbeat=HEARTBEAT, name="Watched"))


class Players:
    """The two players, each choosing random legal actions in its turn; every event their
    sessions heard is kept."""

    def __init__(self, host: NetworkSession) -> None:
        self.host = Peer(host.port, seed=1, session=host)
        self.guest = Peer(host.port, seed=2)
        self.heard: list[str] = []

    def step(self) -> None:
        for peer in (self.host, self.guest):
            if peer.gone:
                continue
            events = peer.session.poll()
            self.heard.extend(event.kind for event in events)
            if any(event.kind in ("rejected", "resumed") for event in events):
                peer.asked_at = -1
            s = peer.session
            state = s.state
            if (state is None or state.is_over or s.paused or state.to_move != s.my_seat
                    or peer.asked_at == s.ply):
                continue
            peer.asked_at = s.ply
            s.submit(peer.rng.choice(state.legal_actions()))

    def close(self) -> None:
        self.guest.leave()
        self.host.leave()


def pump(driver: Driver | None, players: Players, until: Any,
         timeout: float = TIMEOUT * 4) -> None:
    """Frames of the app (a conflict's result tapped away) while the players play."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, (
            f"timed out at ply {players.host.session.ply}: {shown(driver)}")
        players.step()
        if driver is not None:
            if isinstance(driver.app.stack.top, ConflictMomentScene):
                driver.tap((640, 400))
            driver.frames(1)
        time.sleep(0.002)


def shown(driver: Driver | None) -> str:
    """What the app's top scene shows, for a timeout's message."""
    if driver is None:
        return ""
    top = driver.app.stack.top
    table = next((s for s in driver.app.stack.scenes if isinstance(s, WatchTableScene)), None)
    if table is None:
        return type(top).__name__
    return (f"{type(top).__name__}; table at ply {table.game.ply}, queue {len(table.queue)}, "
            f"animating {table.animating}, over {table.session.state.is_over}, "
            f"finished {table.finished}, moment {table.moment}")


def watch_by_address(app: App, driver: Driver, port: int) -> Any:
    """Title → LAN game → the address typed → Watch."""
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "lan")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    driver.type(f"127.0.0.1:{port}")
    driver.press_button(lobby, "watch")
    top = app.stack.top
    # The seat table, or already the table: the host may answer within the tap's frames.
    assert isinstance(top, (SeatTableScene, WatchTableScene)), lobby.message
    if isinstance(top, SeatTableScene):
        assert top.session.is_watcher
        assert not [b for b in top.buttons.buttons if b.id.startswith("sit:")]
    return top


def hidden_keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {k for k in value if k in SECRETS}
        for item in value.values():
            found |= hidden_keys(item)
        return found
    if isinstance(value, list):
        return set().union(*(hidden_keys(item) for item in value)) if value else set()
    return set()


def te_public(view: dict[str, Any]) -> None:
    """A T&E position shows no hand, no bag and (scoring being hidden) no score before the
    end."""
    assert view["viewer"] is None and view["bag"] is None
    for player in view["players"]:
        assert player["hand"] is None
        assert player["score"] is None or view["ended"]


def assert_public(frames: list[bytes], public: Any = te_public) -> int:
    """No frame holds a digest, an action, a record or a private event; every position in
    them is the game's public one (`public` checks it). Returns how many positions were
    inspected."""
    views = 0
    for frame in frames:
        raw = msgpack.unpackb(frame, raw=False)
        assert raw["t"] in WATCHER_KINDS, raw["t"]
        assert raw["dg"] == "", raw["t"]
        assert not hidden_keys(raw), raw["t"]
        view = raw.get("view")
        if view is None:
            continue
        views += 1
        public(view)
    return views


def test_a_watcher_follows_a_lan_game_from_halfway_to_the_end_on_the_public_side(
        app: App, wire: dict[str, list[Any]]) -> None:
    driver = Driver(app)
    host = host_game()
    players = Players(host)
    try:
        pump(None, players, lambda: host.ply >= HALFWAY)
        watch_by_address(app, driver, host.port)
        pump(driver, players, lambda: isinstance(app.stack.top, WatchTableScene))
        table = app.stack.top
        assert isinstance(table, WatchTableScene) and isinstance(table.game, WatchGame)
        assert table.game.ply >= HALFWAY
        # No seat: no hand, nothing that acts; the line says who plays and watches.
        assert table.viewer is None and table.hand() == [] and table.legal is None
        assert {b.id for b in table.buttons.buttons} <= set(LOOKING)
        assert [b.id for b in table.leave_buttons.buttons] == ["leave"]
        assert table.flow.line() == "Watching — 2 players, 1 watcher"
        # Its bar holds no seat's slots, empty or not: the table's cloth shows there.
        driver.frames(3)
        shot = pygame.Surface(app.screen.get_size())
        table.drawing.draw(shot)
        cloth = skin.table(*shot.get_size())
        for slot in (*table.layout.leader_slots, table.layout.catastrophe_slot):
            assert shot.get_at(slot.center) == cloth.get_at(slot.center), slot
        # Its log began mid-game: the headers say whose turn it is, never "Turn 1".
        pump(driver, players, lambda: table.game.ply >= HALFWAY + 4)
        names = narrate.names(table.dynasties)
        headers = [r.words for r in table.log_panel.rows(table.log, names, None, 40)
                   if r.header]
        assert headers and all(w in (t("log.turn_of", player=n) for n in names)
                               for w in headers), headers
        # Taps on the board and the bar, the keys that would act: nothing is sent.
        before = list(wire["sent"])
        for point in ((400, 300), (500, 420), (640, 760), (300, 760)):
            driver.tap(point)
            driver.frames(1)
        for key in ("return", "space", "u", "s"):
            driver.key(key)
            driver.frames(1)
        table.flow.end_turn({"type": "pass"})
        assert table.selection is None and table.flow.held is None
        assert set(wire["sent"][len(before):]) <= {"ping"}
        # Its session's submit is refused by the network thread with `watch/only`, whose
        # words the table shows as any refusal's.
        table.game.submit({"type": "pass"})
        pump(driver, players, lambda: table.toast == texts.code_text(e.WATCH_ONLY))
        pump(driver, players, lambda: isinstance(app.stack.top, ScoringScene))
        pump(None, players, lambda: players.guest.session.ply == host.ply)
        final = host.state
        assert final is not None and final.is_over
        assert players.guest.session.state.digest() == final.digest()
        assert public_digest(table.game.view(None)) == public_digest(final.view(None))
        scoring = app.stack.top
        assert isinstance(scoring, ScoringScene)
        assert scoring.ranking == final.ranking()
        assert "replay" not in [b.id for b in scoring.buttons.buttons]
        played = len(host.record()["actions"])
        assert table.game.ply == played
        # Every action from the moment it came was shown, one "seen" each.
        seen = [msgpack.unpackb(f, raw=False) for f in wire["received"]]
        first = next(m["ply"] for m in seen if m["t"] == "watching")
        assert sorted(m["ply"] for m in seen if m["t"] == "seen") == list(
            range(first + 1, played + 1))
    finally:
        players.close()
    assert set(wire["sent"]) <= {"watch", "ping", "bye"}
    assert assert_public(wire["received"]) > 10


def test_watching_and_leaving_halfway_changes_nothing_for_the_players(
        app: App, wire: dict[str, list[Any]]) -> None:
    driver = Driver(app)
    host = host_game()
    players = Players(host)
    try:
        pump(None, players, lambda: host.ply >= HALFWAY)
        heard = len(players.heard)
        watch_by_address(app, driver, host.port)
        pump(driver, players, lambda: isinstance(app.stack.top, WatchTableScene))
        table = app.stack.top
        assert isinstance(table, WatchTableScene)
        pump(driver, players, lambda: len(host.watchers) == 1)
        at = host.ply
        pump(driver, players, lambda: host.ply >= at + 6 or host.state.is_over)
        # A conflict's result may come over the table between the tap's press and its
        # release, and take the release (as a person's tap would dismiss it): tap again.
        for _ in range(5):
            pump(driver, players, lambda: app.stack.top is table)
            driver.tap(table.leave_buttons.buttons[0].rect.center)
            if isinstance(app.stack.top, TitleScene):
                break
        assert isinstance(app.stack.top, TitleScene)
        pump(driver, players, lambda: host.watchers == ())
        pump(None, players, lambda: host.state is not None and host.state.is_over
             and players.guest.session.ply == host.ply)
        assert players.guest.session.state.digest() == host.state.digest()
        during = players.heard[heard:]
        assert not {"paused", "resynced", "desync", "desync_report", "rejected",
                    "connection"} & set(during), during
        assert not host.paused and host.stats.get("desyncs", 0) == 0
    finally:
        players.close()
    assert assert_public(wire["received"]) > 0


def test_a_game_watched_only_as_text_says_so(app: App, monkeypatch: pytest.MonkeyPatch,
                                             wire: dict[str, list[Any]]) -> None:
    """A game whose client has no watcher's table: the seat table says how to watch it."""
    from game.tigris.client import TigrisClient

    monkeypatch.setattr(TigrisClient, "has_watch_table", False)
    driver = Driver(app)
    host = host_game()
    players = Players(host)
    try:
        pump(None, players, lambda: host.ply >= 2)
        seats = watch_by_address(app, driver, host.port)
        pump(driver, players, lambda: bool(seats.message))
        assert "ziggurat watch --text" in seats.message
        assert app.stack.top is seats
    finally:
        players.close()


def test_a_random_tap_at_a_watchers_table_never_acts(app: App,
                                                      wire: dict[str, list[Any]]) -> None:
    """Forty random taps and drags over a watcher's table mid-game send nothing."""
    driver = Driver(app)
    host = host_game()
    players = Players(host)
    rng = random.Random(7)
    try:
        pump(None, players, lambda: host.ply >= 6)
        watch_by_address(app, driver, host.port)
        pump(driver, players, lambda: isinstance(app.stack.top, WatchTableScene))
        table = app.stack.top
        assert isinstance(table, WatchTableScene)
        leave = table.leave_buttons.buttons[0].rect
        sent = len(wire["sent"])
        for _ in range(40):
            point = (rng.randrange(1280), rng.randrange(800))
            if leave.collidepoint(point) or table.buttons.at(point) is not None:
                continue
            if rng.random() < 0.5:
                driver.tap(point)
            else:
                driver.drag(point, (rng.randrange(1280), rng.randrange(800)))
            players.step()
            if isinstance(app.stack.top, ConflictMomentScene):
                driver.tap((640, 400))
            elif app.stack.top is not table:
                app.pop(app.stack.top)
            driver.frames(1)
        assert set(wire["sent"][sent:]) <= {"ping"}
        assert table.flow.held is None
    finally:
        players.close()


def test_ziggurat_watch_opens_the_window_unless_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """`ziggurat watch HOST:PORT` starts the client at the address (`--watch`); `--text`
    keeps the console."""
    import game.main
    import ziggurat_cli.lan
    from ziggurat_cli.main import main

    started: list[list[str]] = []
    monkeypatch.setattr(game.main, "run", lambda argv: started.append(argv) or 0)
    monkeypatch.setattr(ziggurat_cli.lan, "_watch_in_text", lambda args: 7)
    assert main(["watch", "127.0.0.1:5555", "--name", "Cy", "--size", "1024x600"]) == 0
    assert started == [["--game", "tigris", "--watch", "127.0.0.1:5555", "--name", "Cy",
                        "--size", "1024x600"]]
    assert main(["watch", "127.0.0.1:5555", "--text"]) == 7


def test_the_clients_watch_option_opens_the_watchers_seat_table(app: App) -> None:
    """`--watch`: the watcher's seat table, then its table; a garbled address leaves the
    reason on the LAN lobby."""
    from game.main import _watch

    driver = Driver(app)
    host = host_game()
    players = Players(host)
    try:
        app.replace(TitleScene(app))
        _watch(app, f"127.0.0.1:{host.port}", "Cy")
        pump(driver, players, lambda: isinstance(app.stack.top, WatchTableScene))
        pump(driver, players, lambda: host.watchers == ("Cy",))
        _watch(app, "no such place:x", None)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.message
    finally:
        players.close()


def test_the_lobby_offers_watch_beside_each_game_found_and_says_when_full(app: App) -> None:
    from net.discovery import GameAd

    lobby = LobbyScene(app)
    lobby.games = [GameAd("Ada's game", "10.0.0.2", 4711, "tigris", engine.RULES_VERSION,
                          players=3, open_seats=1, watch_places=16),
                   GameAd("Club table", "10.0.0.3", 4711, "tigris", engine.RULES_VERSION,
                          players=4, open_seats=0, phase="playing", watch_places=0)]
    app.push(lobby)
    lobby.resize(*app.size)
    free, full = lobby.buttons.get("watch:0"), lobby.buttons.get("watch:1")
    assert free is not None and full is not None
    assert (free.label, free.enabled) == ("Watch", True)
    assert (full.label, full.enabled) == ("Watch: full", False)
    assert lobby.buttons.get("watch") is not None   # by address, beside Join


def test_ziggurat_watch_without_a_display_says_to_use_text(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import game.main
    from ziggurat_cli.main import main

    monkeypatch.setattr(game.main, "display_available", lambda: False)
    assert main(["watch", "127.0.0.1:5555"]) == 3
    assert "--text" in capsys.readouterr().err
