"""The network layer's pieces without sockets: seed, replica, desync report, seats,
addresses, discovery beacons, autosave, and the LocalSession. They play Tiny
(tests/support/tinygame.py); the text console reads Tigris & Euphrates' notation."""

from __future__ import annotations

import io
import json
import platform
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from support import tinygame as tiny
from test_net_support import tiny_bots
from timing import scaled

import datafiles
import engine.tigris
from net import discovery, storage
from net import errors as e
from net.address import parse_address
from net.bots import BotWorker
from net.console import Console, describe
from net.desync import build_report, differences, write_report
from net.errors import ProtocolError
from net.events import visible_events
from net.game import Action, new_record, setup_problem
from net.lobby import Lobby, parse_seat
from net.local import LocalSession
from net.replica import Divergence, Replica, SnapshotError
from net.seed import check_reveals, commitment, new_nonce, seed_from
from net.sequencer import Sequencer
from ziggurat_cli.lan import VIEW_LINES, parse_options


def illegal_in(state: Any) -> Action:
    """An action of Tiny's that `state` refuses: a card not held, or an answer never asked."""
    tries: list[Action] = [{"type": "snap"}, *({"type": "play", "card": c} for c in range(1, 10))]
    return next(action for action in tries if state.check(action) is not None)


def played_record(plies: int, seed: int = 5, players: int = 3) -> dict[str, Any]:
    rng = random.Random(seed)
    record = new_record(tiny, players, seed, {})
    state = tiny.new_game(players, seed)
    for _ in range(plies):
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        record["actions"].append(action)
    return record


# --- seed -----------------------------------------------------------------------------------

def test_commit_and_reveal() -> None:
    nonces = {-1: new_nonce(), 1: new_nonce(), 2: new_nonce()}
    commitments = {pid: commitment(n) for pid, n in nonces.items()}
    assert check_reveals(commitments, nonces.items()) == ""
    assert 0 <= seed_from(nonces) < 2**64
    assert seed_from(nonces) == seed_from(dict(reversed(list(nonces.items()))))
    cheat = dict(nonces)
    cheat[2] = new_nonce()
    assert "participant 2" in check_reveals(commitments, cheat.items())
    assert "committed" in check_reveals(commitments, list(nonces.items())[:2])


def test_every_nonce_changes_the_seed() -> None:
    base = {-1: b"\x00" * 32, 0: b"\x01" * 32}
    for pid in base:
        changed = dict(base)
        changed[pid] = b"\x02" * 32
        assert seed_from(changed) != seed_from(base)


# --- replica and sequencer ---------------------------------------------------------------------

def test_replica_follows_updates_and_catches_a_corrupted_copy() -> None:
    record = played_record(0)
    host, copy_ = Sequencer(tiny, record), Replica(tiny, record)
    rng = random.Random(1)
    for _ in range(10):
        seat = host.state.to_move
        assert seat is not None
        prev = host.judge(seat, host.ply, host.digest, rng.choice(host.state.legal_actions()))
        copy_.apply_update(host.actions[-1], prev, host.digest)
    assert copy_.digest == host.digest
    position = copy_.state.to_dict()
    position["scores"][0] += 1
    copy_.state = tiny.from_dict(position)
    copy_._digest = copy_.state.digest()
    seat = host.state.to_move
    assert seat is not None
    prev = host.judge(seat, host.ply, host.digest, host.state.legal_actions()[0])
    with pytest.raises(Divergence) as info:
        copy_.apply_update(host.actions[-1], prev, host.digest)
    assert info.value.ply == 11


def test_an_illegal_update_leaves_the_copy_as_it_was() -> None:
    copy_ = Replica(tiny, played_record(3))
    before = copy_.digest
    with pytest.raises(Divergence):
        copy_.apply_update(illegal_in(copy_.state), before, "0" * 64)
    assert copy_.digest == before and copy_.ply == 3


@pytest.mark.parametrize("mistake, code", [
    ("stale", e.ACTION_STALE), ("diverged", e.STATE_DIVERGED),
    ("turn", e.ACTION_NOT_YOUR_TURN), ("illegal", e.ACTION_ILLEGAL), ("junk", e.ACTION_ILLEGAL),
])
def test_sequencer_refuses(mistake: str, code: str) -> None:
    seq = Sequencer(tiny, played_record(4))
    seat = seq.state.to_move
    assert seat is not None
    ply, digest, action = seq.ply, seq.digest, seq.state.legal_actions()[0]
    if mistake == "stale":
        ply -= 1
    elif mistake == "diverged":
        digest = "0" * 64
    elif mistake == "turn":
        seat = (seat + 1) % 3
    elif mistake == "illegal":
        action = illegal_in(seq.state)
    else:
        action = {"type": "teleport"}
    before = seq.digest
    with pytest.raises(ProtocolError) as info:
        seq.judge(seat, ply, digest, action)
    assert info.value.code == code
    assert seq.digest == before and seq.ply == 4


def test_snapshot_must_land_on_the_hosts_digest() -> None:
    record = played_record(6)
    good = Replica(tiny, record).digest
    assert Replica.from_snapshot(tiny, record, good).digest == good
    with pytest.raises(SnapshotError):
        Replica.from_snapshot(tiny, record, "0" * 64)
    broken = dict(record, actions=[*record["actions"], illegal_in(tiny.replay(record))])
    with pytest.raises(SnapshotError):
        Replica.from_snapshot(tiny, broken, "")
    with pytest.raises(SnapshotError, match="'tiny' cannot be played as 'tigris'"):
        Replica.from_snapshot(engine.tigris, record, "")


def test_a_record_without_a_game_is_tigris() -> None:
    record = engine.tigris.new_record(2, 8)
    del record["game"]
    assert Replica(engine.tigris, record).state.digest() == engine.tigris.new_game(2, 8).digest()
    with pytest.raises(ValueError, match="'tigris' cannot be played as 'tiny'"):
        Replica(tiny, record)


# --- desync report ---------------------------------------------------------------------------

def test_differences_name_the_first_fields() -> None:
    a = {"players": [{"hand": ["red"], "score": {"red": 1}}], "bag": ["blue"]}
    b = {"players": [{"hand": ["blue"], "score": {"red": 1}}], "bag": ["blue", "red"]}
    found = differences(a, b)
    assert [d["field"] for d in found] == ["position.bag", "position.players[0].hand[0]"]


def test_report_bundle_has_both_sides(data_dir: Path) -> None:
    record = played_record(8)
    ours = Replica(tiny, record)
    position = ours.state.to_dict()
    position["hands"][1] = sorted(position["hands"][1][:-1])
    report = build_report(game=tiny, seat=1, ply=8, reason="test", our_record=record,
                          our_position=position, our_digest="1" * 64, host_record=record,
                          host_record_digest=ours.digest)
    path = write_report(report)
    assert path.parent == data_dir / "desync-reports"
    saved = json.loads(path.read_text())
    assert saved["first_differences"][0]["field"].startswith("position.hands[1]")
    assert saved["game"] == "tiny" and saved["rules_version"] == tiny.RULES_VERSION
    assert saved["host_position"] == ours.state.to_dict()
    assert saved["our_record"] == saved["host_record"] == record
    assert saved["records_differ_at"] is None


def test_the_report_takes_both_digests_at_the_ply_and_names_the_program() -> None:
    ours, host = Replica(tiny, played_record(8)), Replica(tiny, played_record(12))
    report = build_report(game=tiny, seat=1, ply=8, reason="test", our_record=ours.record(),
                          our_position=ours.state.to_dict(), our_digest=ours.digest,
                          host_record=host.record(), host_record_digest=host.digest)
    assert report["host_digest"] == report["our_digest"] == ours.digest
    assert report["host_record_digest"] == host.digest and report["host_record_ply"] == 12
    assert report["python_version"] == sys.version
    assert report["platform"] == platform.platform() and report["program_version"]


# --- seats, addresses, beacons, events ---------------------------------------------------------

def test_the_host_seat_shows_the_hosts_chosen_name() -> None:
    assert Lobby.from_specs(["human", "human"], 0, "Bea").seats[0].name == "Bea"
    assert Lobby.from_specs(["human", "human"], 0, "   ").seats[0].name == "Host"
    assert len(Lobby.from_specs(["human", "human"], 0, "x" * 99).seats[0].name) == 40


def test_a_seat_keeps_its_token_and_a_returning_name_finds_an_opened_seat() -> None:
    """Issue 24 item 2: a name alone no longer takes a seat its player took; it picks,
    among the seats the players opened, the one of that name."""
    lobby = Lobby.from_specs(["human"] * 4, host_seat=0)
    for identity, name in [(b"a", "Ada"), (b"b", "Bo"), (b"c", "Cy")]:
        lobby.claim(-1, identity, name, playing=False)
    tokens = [seat.token for seat in lobby.seats]
    assert tokens[0] == "" and len(set(tokens[1:])) == 3
    assert all(len(token) == 32 for token in tokens[1:])
    assert lobby.seat_of_token(tokens[2]) == 2 and lobby.seat_of_token("") is None
    lobby.release(b"a", playing=True)
    lobby.release(b"c", playing=True)
    with pytest.raises(ProtocolError) as info:
        lobby.claim(-1, b"c2", "Cy", playing=True)
    assert info.value.code == e.SEAT_OWNED
    lobby.open_seat(1)
    lobby.open_seat(3)
    assert lobby.claim(-1, b"c2", "Cy", playing=True) == 3
    assert lobby.seats[3].token == tokens[3] and lobby.seats[3].guest == "Cy"
    assert lobby.seats[3].saved()["token"] == tokens[3]
    lobby.release(b"b", playing=False)
    assert lobby.seats[2].token == "" and lobby.seat_of_token(tokens[2]) is None


def test_seats_claim_release_and_reclaim() -> None:
    lobby = Lobby.from_specs(["human", "human", "bot:easy"], host_seat=0)
    assert parse_seat("bot", "medium") == ("bot", "medium")
    with pytest.raises(ValueError):
        parse_seat("robot", "medium")
    assert lobby.claim(-1, b"a", "Ada", playing=False) == 1
    assert lobby.filled()
    with pytest.raises(ProtocolError) as info:
        lobby.claim(-1, b"b", "Bo", playing=False)
    assert info.value.code == e.GAME_FULL
    for want, code in [(0, e.SEAT_INVALID), (2, e.SEAT_INVALID), (1, e.SEAT_TAKEN)]:
        with pytest.raises(ProtocolError) as info:
            lobby.claim(want, b"b", "Bo", playing=False)
        assert info.value.code == code
    lobby.release(b"a", playing=True)
    assert lobby.seats[1].status == "disconnected"
    lobby.hand_to_bot(1, "easy")
    assert lobby.seats[1].status == "bot"
    with pytest.raises(ProtocolError) as info:
        lobby.claim(1, b"c", "Ada", playing=True)
    assert info.value.code == e.SEAT_OWNED
    assert lobby.come_back(1, lobby.seats[1].token, b"c", "Ada") == []
    assert lobby.seats[1].kind == "human" and lobby.seats[1].status == "connected"


@pytest.mark.parametrize("text, expected", [
    ("192.168.1.20:47390", ("192.168.1.20", 47390)), ("gamebox", ("gamebox", 47390)),
    ("[::1]:9000", ("::1", 9000)), ("localhost:1", ("localhost", 1)),
])
def test_parse_address(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["", ":80", "host:http", "host:70000", "host:0"])
def test_parse_address_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_address(text)


def test_beacon_round_trip_and_garbage() -> None:
    ad = discovery.GameAd(name="Friday game", address="10.0.0.5", port=47390, game="tigris",
                          rules=engine.tigris.RULES_VERSION, players=3, open_seats=1)
    props = {k.encode(): v.encode() for k, v in ad.properties().items()}
    assert discovery.ad_from_properties(props, "10.0.0.5", 47390) == ad
    assert ad.joinable
    assert not discovery.GameAd("x", "h", 1, game="tigris",
                                rules=engine.tigris.RULES_VERSION + 1, open_seats=1).joinable
    assert discovery.ad_from_properties({b"proto": b"one"}, "h", 1) is None
    assert discovery.service_name(ad).endswith(discovery.SERVICE_TYPE)


def test_a_beacon_says_why_its_game_cannot_be_joined() -> None:
    games = {"tiny": tiny}
    ad = discovery.GameAd("Friday", "10.0.0.5", 47390, game="tiny", rules=tiny.RULES_VERSION,
                          players=5, open_seats=2)
    assert ad.problem(games) == ""
    assert ad.problem({"tigris": engine.tigris}) == (
        "it plays tiny, which this program does not have")
    assert "tiny rules version 2, this program version 1" in discovery.GameAd(
        "x", "h", 1, game="tiny", rules=2, open_seats=1).problem(games)
    assert "protocol version 1" in discovery.GameAd(
        "x", "h", 1, game="tiny", rules=1, protocol=1, open_seats=1).problem(games)
    assert discovery.GameAd("x", "h", 1, game="tiny", rules=1).problem(games) == (
        "every seat is taken")
    old = {k.encode(): v.encode() for k, v in ad.properties().items() if k != "game"}
    read_back = discovery.ad_from_properties(old, "10.0.0.5", 47390)
    assert read_back is not None and read_back.game == "tigris"


class FakeInfo:
    def __init__(self, props: dict[bytes, bytes]) -> None:
        self.properties = props
        self.port = 47390

    def parsed_addresses(self) -> list[str]:
        return ["10.0.0.9"]


class FakeZeroconf:
    """Stands in for Zeroconf: the tests may not send mDNS multicast."""

    def __init__(self, props: dict[bytes, bytes]) -> None:
        self.props = props

    def get_service_info(self, type_: str, name: str, timeout: int) -> FakeInfo:
        return FakeInfo(self.props)


def test_game_list_tracks_beacons() -> None:
    ad = discovery.GameAd(name="Open", address="10.0.0.9", port=47390, game="tigris",
                          rules=engine.tigris.RULES_VERSION, open_seats=2)
    zc = FakeZeroconf({k.encode(): v.encode() for k, v in ad.properties().items()})
    found = discovery.GameList(zc)
    found.add_service(zc, discovery.SERVICE_TYPE, "open")
    found.add_service(FakeZeroconf({b"junk": b"1"}), discovery.SERVICE_TYPE, "junk")
    assert found.games() == [ad]
    found.remove_service(zc, discovery.SERVICE_TYPE, "open")
    assert found.games() == []


def test_an_event_private_to_another_seat_is_left_out() -> None:
    events = [{"type": "tiles_drawn", "seat": 1, "count": 2},
              {"type": "hand_drawn", "seat": 1, "tiles": ["red", "blue"], "private_to": 1},
              {"type": "tiles_drawn", "seat": 2, "count": 1},
              {"type": "hand_drawn", "seat": 2, "tiles": ["red"], "private_to": 2},
              {"type": "vp", "seat": 1, "color": "red", "amount": 1, "reason": "tile"}]
    assert visible_events(events, 2) == [events[0], events[2], events[3], events[4]]
    assert visible_events(events, 1) == [events[0], events[1], events[2], events[4]]
    assert visible_events(events, None) == [events[0], events[2], events[4]]


def test_a_games_seats_and_options_are_checked_before_hosting() -> None:
    assert setup_problem(tiny, 8, {"hand_size": 4}) == ""
    assert setup_problem(tiny, 9, {}) == "tiny is played by 2 to 8 players, not 9"
    assert setup_problem(engine.tigris, 5, {}) == "tigris is played by 2 to 4 players, not 5"
    assert "no option(s) board; its options are hand_size" in setup_problem(
        tiny, 2, {"board": "classic"})
    assert "hand_size" in setup_problem(tiny, 2, {"hand_size": 99})


def test_options_from_the_command_line_are_the_games() -> None:
    assert parse_options(engine.tigris, ["board=alternative", "wonder=yes",
                                         "dynasties=lion,bull"]) == {
        "board": "alternative", "wonder": True, "dynasties": ["lion", "bull"]}
    assert parse_options(tiny, ["hand_size=4"]) == {"hand_size": 4}
    with pytest.raises(ValueError, match="hand_size"):
        parse_options(tiny, ["board=classic"])
    with pytest.raises(ValueError, match="true or false"):
        parse_options(engine.tigris, ["wonder=maybe"])
    with pytest.raises(ValueError, match="whole number"):
        parse_options(tiny, ["hand_size=many"])


def test_autosave_is_atomic_and_checked(data_dir: Path) -> None:
    path = storage.default_autosave()
    with pytest.raises(datafiles.UnreadableFile, match="no autosaved game"):
        storage.read_autosave(path)
    storage.write_json_atomic(path, {"format": "other"})
    with pytest.raises(datafiles.UnreadableFile, match="not a LAN autosave") as refused:
        storage.read_autosave(path)
    set_aside = refused.value.set_aside_to
    assert set_aside is not None and set_aside.parent == path.parent and not path.exists()
    good = {"format": storage.AUTOSAVE_FORMAT, "record": played_record(2), "seats": [],
            "host_seat": None, "name": "x"}
    storage.write_json_atomic(path, good)
    assert storage.read_autosave(path) == good
    assert sorted(p.name for p in path.parent.iterdir()) == sorted([path.name, set_aside.name])


# --- computer players ---------------------------------------------------------------------------

class BrokenBot:
    level = "broken"

    def choose(self, view: Any, budget_s: float, stop: Any = None) -> Action:
        raise RuntimeError("this bot always fails")


def test_the_network_worker_answers_the_latest_request_with_its_ticket_and_seat() -> None:
    """Moved from tests/ai: a failing bot's answer is None; the session holding the whole
    position plays the first legal action for it (next test)."""
    got: list[tuple[object, int, Action | None]] = []
    done = threading.Event()

    def deliver(ticket: object, seat: int, action: Action | None) -> None:
        got.append((ticket, seat, action))
        done.set()

    worker = BotWorker(deliver, 1.0)
    try:
        view = tiny.new_game(2, 1).view(0)
        slow = SlowBot()
        worker.request(("ply", 0), 0, view, slow)
        assert slow.started.wait(scaled(5.0))
        worker.request(("ply", 1), 1, view, BrokenBot())
        assert done.wait(scaled(5.0))
        assert slow.stopped.wait(scaled(5.0)), "the newer request stops the older one"
        time.sleep(scaled(0.2))
        assert got == [(("ply", 1), 1, None)]
    finally:
        worker.close()


class SlowBot:
    level = "slow"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped = threading.Event()

    def choose(self, view: Any, budget_s: float, stop: threading.Event | None = None
               ) -> Action:
        assert stop is not None
        self.started.set()
        stop.wait(30.0)
        self.stopped.set()
        return {"type": "draw"}


def test_a_seat_whose_bot_fails_plays_its_first_legal_action() -> None:
    with LocalSession(tiny, 2, bots=lambda level, seed: BrokenBot(), seed=2,
                      seats=["bot:broken", "bot:broken"], bot_budget=0.01) as session:
        for _ in range(200):
            session.poll(0.2)
            if session.ply >= 6:
                break
        replay = tiny.new_game(2, 2)
        for action in session.record()["actions"]:
            assert action == replay.legal_actions()[0]
            replay = replay.apply(action)
        assert session.ply >= 6


def test_a_seat_of_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="Tiny's computer plays 'random'"):
        LocalSession(tiny, 2, bots=tiny_bots, seats=["human", "bot:grandmaster"])
    with pytest.raises(ValueError, match="without computer players"):
        LocalSession(tiny, 2, seats=["human", "bot:random"])


def test_a_plain_bot_seat_at_one_screen_plays_the_stand_in_it_is_given() -> None:
    """Failed before: a plain "bot" was always 'medium', a level Tiny has not."""
    with pytest.raises(ValueError, match="Tiny's computer plays 'random'"):
        LocalSession(tiny, 2, bots=tiny_bots, seats=["human", "bot"])
    with LocalSession(tiny, 2, bots=tiny_bots, seats=["human", "bot"], seed=2,
                      stand_in="random") as session:
        assert (session.seats[1].status, session.seats[1].level) == ("bot", "random")


# --- the local session -----------------------------------------------------------------------

def test_local_session_plays_to_the_end_with_bots() -> None:
    rng = random.Random(9)
    with LocalSession(tiny, 3, bots=tiny_bots, seed=4,
                      seats=["human", "bot:random", "bot:random"],
                      bot_budget=0.01) as session:
        kinds: set[str] = set()
        for _ in range(5000):
            for event in session.poll(0.5):
                kinds.add(event.kind)
            state = session.state
            if state.is_over:
                break
            if state.to_move == 0:
                assert session.my_seat == 0
                session.submit(rng.choice(state.legal_actions()))
        assert session.phase == "over"
        assert tiny.replay(session.record()).digest() == session.state.digest()
        assert {"started", "applied", "game_over"} <= kinds


def test_local_session_rejects_without_changing_anything() -> None:
    with LocalSession(tiny, 2, seed=1) as session:
        session.poll()
        before = session.state.digest()
        session.submit(illegal_in(session.state))
        (event,) = session.poll()
        assert event.kind == "rejected" and event.data["code"] == e.ACTION_ILLEGAL
        assert session.state.digest() == before


def test_the_text_console_answers_every_command() -> None:
    out = io.StringIO()
    with LocalSession(engine.tigris, 2, seed=3, seats=["human", "human"]) as session:
        console = Console(session, out=out, inp=None, view_lines=VIEW_LINES)
        for line in ("help", "legal", "hand", "status", "seats", "tile purple Z99", "quit"):
            keep_going = console.command(line)
            assert keep_going == (line != "quit")
        text = out.getvalue()
        assert "Commands:" in text and "Hand:" in text and "seat 2: Player 2" in text
        legal = [ln.strip() for ln in text.splitlines() if ln.startswith("  ")
                 and not ln.startswith("  seat") and ln.strip().split()[0] in
                 ("tile", "leader", "catastrophe", "swap", "pass")]
        assert f"LEGAL {len(legal)}" in text
        assert "? " in text
        console.command(legal[0])
        (event,) = [ev for ev in session.poll() if ev.kind == "applied"]
        assert event.data["notation"] == legal[0]
        assert describe(event).startswith(f"[1 {event.data['digest'][:12]}]")


def test_the_text_console_plays_any_game_in_its_own_notation() -> None:
    out = io.StringIO()
    with LocalSession(tiny, 2, seed=3) as session:
        console = Console(session, out=out, inp=None, view_lines=VIEW_LINES)
        for line in ("legal", "hand", "play 10"):
            assert console.command(line)
        text = out.getvalue()
        legal = [ln.strip() for ln in text.splitlines() if ln.startswith("  ")]
        assert legal == [tiny.format_action(a) for a in session.state.legal_actions()]
        assert f"LEGAL {len(legal)}" in text
        assert "no one-line summary of a seat" in text
        assert "? play: 'card' must be a number 1 to 9, not 10 (type 'help')" in text
        console.command(legal[0])
        (event,) = [ev for ev in session.poll() if ev.kind == "applied"]
        assert event.data["notation"] == legal[0]
