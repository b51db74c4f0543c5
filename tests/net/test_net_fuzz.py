"""Hostile peers over real sockets: 10⁴ bad messages to a live host during a game,
and thousands to a joined peer. Nobody crashes, nobody accepts a wrong action.
The game is Tiny (tests/support/tinygame.py): what is tested is the network layer."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import msgpack
import zmq
from support import tinygame as tiny
from test_net_protocol import EXAMPLES
from test_net_support import LOCALHOST, Driver, Hosting, Joining, RawPeer, host_digests
from timing import scaled

from net import errors as e
from net.game import new_record
from net.protocol import PROTOCOL_VERSION, decode, encode, frame_limit
from net.seed import commitment, new_nonce
from net.session import NetworkSession

JUNK_TARGET = 10_000
SILENT_HOST_MS = 600_000
"""The fake hosts below never ping: their heartbeat outlasts the test, so the peer does
not give up on them and reconnect (a new identity the fake cannot reach) on a slow run."""
DIRECT = frozenset({"welcome", "refused", "snapshot", "error"})


class Fuzzer(RawPeer):
    """Sits at seat 1, plays its own turns legally, and between them sends junk of every kind."""

    def __init__(self, port: int, seed: int) -> None:
        super().__init__(port)
        self.rng = random.Random(seed)
        self.state: tiny.State | None = None
        self.ply = 0
        self.nonce = new_nonce()
        self.legit: list[dict[str, Any]] = []
        self.acted_at: int | None = None
        self.last_good_frame = b""
        self.sent = 0
        self.codes: Counter[str] = Counter()
        self.refusals: Counter[str] = Counter()
        self.seat_given: int | None = None

    def digest(self) -> str:
        return self.state.digest() if self.state is not None else ""

    def pump(self) -> None:
        """Read everything the host sent and keep our own copy of the game."""
        while True:
            msg = self.recv(0)
            if msg is None:
                return
            if msg.kind == "welcome":
                self.seat_given = msg.body["you"]
                self.seat = msg.body["you"]
            elif msg.kind == "begin":
                self.send("commit", commitment=commitment(self.nonce))
            elif msg.kind == "commits":
                self.send("reveal", nonce=self.nonce)
            elif msg.kind == "start":
                self.state = tiny.replay(msg.body["record"])
            elif msg.kind == "update":
                assert self.state is not None and msg.body["prev"] == self.state.digest()
                self.state = self.state.apply(msg.body["action"])
                self.ply += 1
                assert self.state.digest() == msg.digest
            elif msg.kind == "error":
                self.codes[msg.body["code"]] += 1
            elif msg.kind == "refused":
                self.refusals[msg.body["code"]] += 1

    def my_turn(self) -> bool:
        return self.state is not None and not self.state.is_over and (
            self.state.to_move == self.seat)

    def play(self) -> None:
        assert self.state is not None
        action = self.rng.choice(self.state.legal_actions())
        self.legit.append(action)
        self.acted_at = self.ply
        self.last_good_frame = self.send("action", ply=self.ply, digest=self.digest(),
                                         action=action)

    def junk(self, count: int) -> None:
        for _ in range(count):
            self.sent += 1
            getattr(self, f"_junk_{self.rng.randrange(12)}")()

    def _junk_0(self) -> None:
        self.send_raw(self.rng.randbytes(self.rng.randint(0, 200)))

    def _junk_1(self) -> None:
        value = [self.rng.random(), {"t": "action"}, "x" * self.rng.randint(0, 50), None]
        self.send_raw(msgpack.packb(self.rng.choice(value)))

    def _junk_2(self) -> None:
        """A real message with one field spoiled; never `bye`: with only its text spoiled
        it is still a well-formed goodbye, a player leaving (the fuzzer's seat given up and
        the game waiting for it), not junk."""
        kind = self.rng.choice(sorted(set(EXAMPLES) - {"bye"}))
        frame = {"v": PROTOCOL_VERSION, "t": kind, "seat": self.seat, "seq": self.seq + 1,
                 "ply": self.ply, "dg": self.digest(), **EXAMPLES[kind]}
        key = self.rng.choice(sorted(frame))
        frame[key] = self.rng.choice([None, -5, "?" * 30, [1, 2], {"a": 1}, b"\x00", 2**64 - 1])
        self.seq += 1
        self.send_raw(msgpack.packb(frame))

    def _junk_3(self) -> None:
        other = (self.seat + 1) % 3
        assert self.state is not None
        self.send("action", seat=other, ply=self.ply, digest=self.digest(),
                  action=self.state.legal_actions()[0] if self.state.legal_actions() else {})

    def _junk_4(self) -> None:
        stale = [p for p in (self.ply - 3, self.ply - 1, self.ply + 1, self.ply + 7) if p >= 0]
        self.send("action", ply=self.rng.choice(stale), digest=self.digest(),
                  action={"type": "pass"})

    def _junk_5(self) -> None:
        if self.last_good_frame:
            self.send_raw(self.last_good_frame)

    def _junk_6(self) -> None:
        action = self.rng.choice([{"type": "tile", "color": "blue", "to": "A1"},
                                  {"type": "play", "card": 0}, {"type": "play"},
                                  {"type": "draw", "card": 3}, {"type": "warp"},
                                  {"type": "play", "card": "ace"}, {}])
        self.send("action", ply=self.ply, digest=self.digest(), action=action)

    def _junk_7(self) -> None:
        kind = self.rng.choice(["update", "welcome", "start", "snapshot", "seats", "commit",
                                "reveal", "sit", "error", "pause"])
        self.send(kind, ply=self.ply, digest=self.digest(), **EXAMPLES[kind])

    def _junk_8(self) -> None:
        self.send_raw(encode("ping", seat=self.seat, seq=self.seq + 1, ply=0, digest=""),
                      b"extra frame")
        self.seq += 1

    def _junk_9(self) -> None:
        self.send_raw(b"\x00" * (frame_limit(tiny.ACTION_BOUNDS) + 1 + self.rng.randrange(1000)))

    def _junk_10(self) -> None:
        self.send("action", ply=self.ply, digest="0" * 64, action={"type": "pass"})

    def _junk_11(self) -> None:
        version = self.rng.choice([PROTOCOL_VERSION + 1, 0])
        self.send_raw(msgpack.packb({"v": version, "t": "hello", "seat": -1, "seq": 1,
                                     "ply": 0, "dg": "", "rules": 1, "name": "x", "want": 0,
                                     "games": {"tiny": 1}}))


def actions_of_seat(record: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    state = tiny.new_game(record["players"], record["seed"], record["options"])
    out = []
    for action in record["actions"]:
        if state.to_move == seat:
            out.append(action)
        state = state.apply(action)
    return out


def test_ten_thousand_hostile_messages_during_a_game(hosting: Hosting,
                                                    joining: Joining) -> None:
    """The fuzzer stays seated: the host's heartbeat is a minute, longer than this test
    takes, so a fuzzer that is silent while the test checks the record (slowly, on a slow
    machine) is not taken for gone and its seat given to the late probe."""
    host = hosting("tiny", 3, ["human", "human", "bot:random"], host_seat=None,
                   bot_budget=0.0, heartbeat=60.0)
    fuzzer = Fuzzer(host.port, seed=77)
    try:
        fuzzer.send("hello", token="", games={"tiny": tiny.RULES_VERSION}, name="Mallory", want=1)
        deadline = time.monotonic() + scaled(5)
        while fuzzer.seat_given is None and time.monotonic() < deadline:
            fuzzer.pump()
        assert fuzzer.seat_given == 1
        legit = joining(host)
        driver = Driver([host, legit], scripted=[legit], seed=3)
        deadline = time.monotonic() + scaled(60)
        per_turn = 150
        while not (host.state is not None and host.state.is_over):
            assert time.monotonic() < deadline, f"stuck at ply {host.ply}"
            driver.step()
            fuzzer.pump()
            if fuzzer.state is None:
                continue
            if fuzzer.my_turn() and fuzzer.acted_at != fuzzer.ply:
                fuzzer.junk(per_turn if fuzzer.sent < JUNK_TARGET else 5)
                fuzzer.play()
            elif fuzzer.sent < JUNK_TARGET and fuzzer.rng.random() < 0.2:
                fuzzer.junk(10)
        while fuzzer.sent < JUNK_TARGET:
            fuzzer.junk(100)
            fuzzer.pump()
        huge = RawPeer(host.port)
        huge.send_raw(b"\x01" * (3 * 1024 * 1024))
        time.sleep(0.2)
        huge.close()
        driver.run_until(lambda: legit.state is not None and legit.state.is_over)
        driver.run_until(lambda: fuzzer.pump() or fuzzer.ply == host.ply)
        record = host.record()
        assert record is not None and legit.record() == record
        assert actions_of_seat(record, 1) == fuzzer.legit
        assert fuzzer.state is not None and fuzzer.state.digest() == host.state.digest()
        expected = host_digests(tiny, record)
        assert all(expected[p] == d for p, d in driver.digests[id(legit)].items())
        assert host.stats.get("internal_errors", 0) == 0
        assert host.stats["protocol_errors"] >= JUNK_TARGET * 0.7
        assert fuzzer.sent >= JUNK_TARGET
        for code in (e.MSG_MALFORMED, e.MSG_FIELD, e.MSG_REPLAY, e.SEAT_FORGED,
                     e.ACTION_STALE, e.ACTION_ILLEGAL, e.STATE_DIVERGED, e.MSG_UNKNOWN_TYPE):
            assert fuzzer.codes[code] > 0, code
        assert fuzzer.refusals[e.VERSION_MISMATCH] > 0
        assert host.seats[1].status == "connected"
        probe = RawPeer(host.port)
        probe.send("hello", token="", games={"tiny": tiny.RULES_VERSION}, name="late", want=-1)
        assert probe.expect("refused").body["code"] == e.GAME_FULL
        probe.close()
    finally:
        fuzzer.close()


def test_thousands_of_hostile_messages_to_a_peer() -> None:
    """Junk, truncated and stale frames from a fake host; then one good update is applied.

    The host is trusted (trust model v1), so the junk never includes a well-formed
    direct message (welcome, refusal, snapshot, error): those would be obeyed.
    """
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    router.setsockopt(zmq.ROUTER_MANDATORY, 1)   # a full queue makes a send wait: none dropped
    port = router.bind_to_random_port(f"tcp://{LOCALHOST}")
    peer = NetworkSession.join(f"{LOCALHOST}:{port}", games={"tiny": tiny}, heartbeat=1.0)
    rng = random.Random(12)
    record = new_record(tiny, 2, 99, {})
    state = tiny.replay(record)
    try:
        assert router.poll(int(scaled(5000)))
        identity, _ = router.recv_multipart()

        def send(kind: str, seq: int, **body: Any) -> None:
            router.send_multipart([identity, encode(kind, seat=-1, seq=seq, ply=0,
                                                    digest=state.digest(), **body)])

        seats = [{"kind": "human", "level": None, "name": n, "status": "connected"}
                 for n in ("A", "B")]
        send("welcome", 5, game="tiny", rules=tiny.RULES_VERSION, you=1, players=2,
             phase="playing", options={}, seats=seats, record=record, paused=False,
             host="fake", token="", heartbeat_ms=SILENT_HOST_MS)
        for i in range(3000):
            roll = i % 5
            if roll == 0:
                frame = rng.randbytes(rng.randint(0, 120))
            elif roll == 1:
                kind = rng.choice(sorted(set(EXAMPLES) - DIRECT))
                obj = {"v": PROTOCOL_VERSION, "t": kind, "seat": -1, "seq": rng.randint(0, 5),
                       "ply": 0, "dg": "", **EXAMPLES[kind]}
                obj[rng.choice(sorted(obj))] = rng.choice([None, "?", -1, [0]])
                frame = msgpack.packb(obj)
            elif roll == 2:
                frame = encode("update", seat=-1, seq=rng.randint(0, 5), ply=1, digest="1" * 64,
                               by=0, action={"type": "pass"}, prev=state.digest())
            elif roll == 3:
                frame = encode("welcome", seat=-1, seq=3, ply=0, digest="", game="tiny",
                               rules=99, you=0,
                               players=2, phase="lobby", options={}, seats=seats, record=None,
                               paused=False, host="fake", token="",
                               heartbeat_ms=200)[:-3]
            else:
                router.send_multipart([identity, b"a", b"b"])
                continue
            router.send_multipart([identity, frame])
        action = state.legal_actions()[0]
        after = state.apply(action)
        router.send_multipart([identity, encode("update", seat=-1, seq=6, ply=1,
                                                digest=after.digest(), by=state.to_move,
                                                action=action, prev=state.digest())])
        events: list[Any] = []
        deadline = time.monotonic() + scaled(10)
        while peer.ply < 1 and time.monotonic() < deadline:
            events += peer.poll(0.05)
        assert peer.ply == 1 and peer.state is not None
        assert peer.state.digest() == after.digest()
        assert peer.my_seat == 1 and peer.phase == "playing"
        stats = peer.stats
        assert stats.get("internal_errors", 0) == 0
        assert stats["protocol_errors"] >= 1500
        assert stats["stale_broadcasts"] >= 500
        assert "desync" not in [ev.kind for ev in events]
    finally:
        peer.close()
        router.close()
        ctx.term()


def test_a_gap_in_the_updates_is_repaired_with_a_snapshot() -> None:
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    port = router.bind_to_random_port(f"tcp://{LOCALHOST}")
    peer = NetworkSession.join(f"{LOCALHOST}:{port}", games={"tiny": tiny}, heartbeat=1.0)
    record = new_record(tiny, 2, 5, {})
    start = tiny.replay(record)
    first = start.legal_actions()[0]
    middle = start.apply(first)
    second = middle.legal_actions()[0]
    end = middle.apply(second)
    seats = [{"kind": "human", "level": None, "name": n, "status": "connected"}
             for n in ("A", "B")]
    try:
        assert router.poll(int(scaled(5000)))
        identity, _ = router.recv_multipart()
        router.send_multipart([identity, encode(
            "welcome", seat=-1, seq=5, ply=0, digest=start.digest(), game="tiny",
            rules=tiny.RULES_VERSION, you=0, players=2, phase="playing", options={},
            seats=seats, record=record, paused=False, host="fake", token="",
            heartbeat_ms=SILENT_HOST_MS)])
        router.send_multipart([identity, encode(
            "update", seat=-1, seq=7, ply=2, digest=end.digest(), by=middle.to_move,
            action=second, prev=middle.digest())])
        deadline = time.monotonic() + scaled(5)
        request = None
        while request is None and time.monotonic() < deadline:
            peer.poll(0.01)
            if router.poll(10):
                msg = decode(router.recv_multipart()[1])
                request = msg if msg.kind == "snapshot_req" else None
        assert request is not None and request.body["reason"] == "gap"
        assert peer.ply == 0
        full = dict(record, actions=[first, second])
        router.send_multipart([identity, encode(
            "snapshot", seat=-1, seq=7, ply=2, digest=end.digest(), record=full, seats=seats,
            paused=False)])
        while peer.ply < 2 and time.monotonic() < deadline:
            peer.poll(0.05)
        assert peer.ply == 2 and peer.state is not None
        assert peer.state.digest() == end.digest()
        assert peer.stats["gaps"] == 1
    finally:
        peer.close()
        router.close()
        ctx.term()
