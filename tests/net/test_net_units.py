"""The network layer's pieces without sockets: seed, replica, desync report, seats,
addresses, discovery beacons, autosave, and the LocalSession."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

import engine.tigris as engine
from net import discovery, storage
from net import errors as e
from net.address import parse_address
from net.console import Console, describe
from net.desync import build_report, differences, write_report
from net.errors import ProtocolError
from net.events import visible_events
from net.lobby import Lobby, parse_seat
from net.local import LocalSession
from net.replica import Divergence, Replica, SnapshotError
from net.seed import check_reveals, commitment, new_nonce, seed_from
from net.sequencer import Sequencer


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path))
    return tmp_path


def played_record(plies: int, seed: int = 5, players: int = 3) -> dict[str, Any]:
    rng = random.Random(seed)
    record = engine.new_record(players, seed)
    state = engine.new_game(players, seed)
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
    host, copy_ = Sequencer(record), Replica(record)
    rng = random.Random(1)
    for _ in range(10):
        seat = host.state.to_move
        assert seat is not None
        prev = host.judge(seat, host.ply, host.digest, rng.choice(host.state.legal_actions()))
        copy_.apply_update(host.actions[-1], prev, host.digest)
    assert copy_.digest == host.digest
    position = copy_.state.to_dict()
    position["players"][0]["score"]["red"] += 1
    copy_.state = engine.from_dict(position)
    copy_._digest = copy_.state.digest()
    seat = host.state.to_move
    assert seat is not None
    prev = host.judge(seat, host.ply, host.digest, host.state.legal_actions()[0])
    with pytest.raises(Divergence) as info:
        copy_.apply_update(host.actions[-1], prev, host.digest)
    assert info.value.ply == 11


def test_an_illegal_update_leaves_the_copy_as_it_was() -> None:
    copy_ = Replica(played_record(3))
    before = copy_.digest
    with pytest.raises(Divergence):
        copy_.apply_update({"type": "tile", "color": "blue", "to": "A1"}, before, "0" * 64)
    assert copy_.digest == before and copy_.ply == 3


@pytest.mark.parametrize("mistake, code", [
    ("stale", e.ACTION_STALE), ("diverged", e.STATE_DIVERGED),
    ("turn", e.ACTION_NOT_YOUR_TURN), ("illegal", e.ACTION_ILLEGAL), ("junk", e.ACTION_ILLEGAL),
])
def test_sequencer_refuses(mistake: str, code: str) -> None:
    seq = Sequencer(played_record(4))
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
        action = {"type": "tile", "color": "blue", "to": "A1"}
    else:
        action = {"type": "teleport"}
    before = seq.digest
    with pytest.raises(ProtocolError) as info:
        seq.judge(seat, ply, digest, action)
    assert info.value.code == code
    assert seq.digest == before and seq.ply == 4


def test_snapshot_must_land_on_the_hosts_digest() -> None:
    record = played_record(6)
    good = Replica(record).digest
    assert Replica.from_snapshot(record, good).digest == good
    with pytest.raises(SnapshotError):
        Replica.from_snapshot(record, "0" * 64)
    broken = dict(record, actions=[*record["actions"], {"type": "tile", "color": "blue",
                                                        "to": "A1"}])
    with pytest.raises(SnapshotError):
        Replica.from_snapshot(broken, "")


# --- desync report ---------------------------------------------------------------------------

def test_differences_name_the_first_fields() -> None:
    a = {"players": [{"hand": ["red"], "score": {"red": 1}}], "bag": ["blue"]}
    b = {"players": [{"hand": ["blue"], "score": {"red": 1}}], "bag": ["blue", "red"]}
    found = differences(a, b)
    assert [d["field"] for d in found] == ["position.bag", "position.players[0].hand[0]"]


def test_report_bundle_has_both_sides(data_dir: Path) -> None:
    record = played_record(8)
    ours = Replica(record)
    position = ours.state.to_dict()
    position["players"][1]["hand"] = sorted(position["players"][1]["hand"][:-1])
    report = build_report(seat=1, ply=8, reason="test", our_record=record,
                          our_position=position, our_digest="1" * 64, host_record=record,
                          host_digest=ours.digest)
    path = write_report(report)
    assert path.parent == data_dir / "desync-reports"
    saved = json.loads(path.read_text())
    assert saved["first_differences"][0]["field"].startswith("position.players[1].hand")
    assert saved["host_position"] == ours.state.to_dict()
    assert saved["our_record"] == saved["host_record"] == record
    assert saved["records_differ_at"] is None


# --- seats, addresses, beacons, events ---------------------------------------------------------

def test_the_host_seat_shows_the_hosts_chosen_name() -> None:
    assert Lobby.from_specs(["human", "human"], 0, "Bea").seats[0].name == "Bea"
    assert Lobby.from_specs(["human", "human"], 0, "   ").seats[0].name == "Host"
    assert len(Lobby.from_specs(["human", "human"], 0, "x" * 99).seats[0].name) == 40


def test_seats_claim_release_and_reclaim() -> None:
    lobby = Lobby.from_specs(["human", "human", "bot:easy"], host_seat=0)
    assert parse_seat("bot") == ("bot", "medium")
    with pytest.raises(ValueError):
        parse_seat("robot")
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
    assert lobby.claim(1, b"c", "Ada", playing=True) == 1
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
    ad = discovery.GameAd(name="Friday game", address="10.0.0.5", port=47390, players=3,
                          open_seats=1)
    props = {k.encode(): v.encode() for k, v in ad.properties().items()}
    assert discovery.ad_from_properties(props, "10.0.0.5", 47390) == ad
    assert ad.joinable
    assert not discovery.GameAd("x", "h", 1, rules=engine.RULES_VERSION + 1,
                                open_seats=1).joinable
    assert discovery.ad_from_properties({b"proto": b"one"}, "h", 1) is None
    assert discovery.service_name(ad).endswith(discovery.SERVICE_TYPE)


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
    ad = discovery.GameAd(name="Open", address="10.0.0.9", port=47390, open_seats=2)
    zc = FakeZeroconf({k.encode(): v.encode() for k, v in ad.properties().items()})
    found = discovery.GameList(zc)
    found.add_service(zc, discovery.SERVICE_TYPE, "open")
    found.add_service(FakeZeroconf({b"junk": b"1"}), discovery.SERVICE_TYPE, "junk")
    assert found.games() == [ad]
    found.remove_service(zc, discovery.SERVICE_TYPE, "open")
    assert found.games() == []


def test_others_drawn_tiles_become_a_count() -> None:
    events = [{"type": "tiles_drawn", "seat": 1, "tiles": ["red", "blue"]},
              {"type": "tiles_drawn", "seat": 2, "tiles": ["red"]},
              {"type": "vp", "seat": 1, "color": "red", "amount": 1, "reason": "tile"}]
    seen = visible_events(events, 2)
    assert seen[0] == {"type": "tiles_drawn", "seat": 1, "tiles": None, "count": 2}
    assert seen[1:] == events[1:]


def test_autosave_is_atomic_and_checked(data_dir: Path) -> None:
    path = storage.default_autosave()
    with pytest.raises(storage.AutosaveError):
        storage.read_autosave(path)
    storage.write_json_atomic(path, {"format": "other"})
    with pytest.raises(storage.AutosaveError):
        storage.read_autosave(path)
    good = {"format": storage.AUTOSAVE_FORMAT, "record": played_record(2), "seats": [],
            "host_seat": None, "name": "x"}
    storage.write_json_atomic(path, good)
    assert storage.read_autosave(path) == good
    assert [p.name for p in path.parent.iterdir()] == [path.name]


# --- the local session -----------------------------------------------------------------------

def test_local_session_plays_to_the_end_with_bots() -> None:
    rng = random.Random(9)
    with LocalSession(3, seed=4, seats=["human", "bot:random", "bot:random"],
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
        assert engine.replay(session.record()).digest() == session.state.digest()
        assert {"started", "applied", "game_over"} <= kinds


def test_local_session_rejects_without_changing_anything() -> None:
    with LocalSession(2, seed=1) as session:
        session.poll()
        before = session.state.digest()
        session.submit({"type": "tile", "color": "blue", "to": "A1"})
        (event,) = session.poll()
        assert event.kind == "rejected" and event.data["code"] == e.ACTION_ILLEGAL
        assert session.state.digest() == before


def test_the_text_console_answers_every_command() -> None:
    out = io.StringIO()
    with LocalSession(2, seed=3, seats=["human", "human"]) as session:
        console = Console(session, out=out, inp=None)
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
