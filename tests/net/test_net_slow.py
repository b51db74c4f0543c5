"""A slow side is not a silent one: a host or peer busy with a long frame, or starved of the
processor on a loaded machine, does not take that time for the other side's silence, and a
dropped peer comes back with one hello however many of its messages were refused.

Both failed under load (`make test` at a load average of 20 on 2 cores): the host dropped
peers whose pings it had not read yet, and a civ peer that answered each refused message
with a hello was sent the whole record again and again ("seat 0 sent a welcome again",
454 protocol errors). The network threads' clock is the test's here: a thread "busy for five
heartbeats" is the clock moved on by five heartbeats while it works, not a sleep.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import zmq
from support import tinygame
from test_net_support import LOCALHOST, Hosting, RawPeer
from timing import scaled

from net import channel as net_channel
from net import errors as e
from net import host as net_host
from net import peer as net_peer
from net.game import new_record
from net.host import HostLoop
from net.protocol import decode, encode
from net.replica import Replica
from net.session import NetworkSession

BEAT = 60.0
"""A heartbeat no test waits for: only the moved clock makes anyone silent."""


class Clock:
    """`time` for the network threads: the real monotonic clock plus what the test skipped."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.skipped

    def skip(self, seconds: float) -> None:
        self.skipped += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    for module in (net_channel, net_host, net_peer):
        monkeypatch.setattr(module, "time", moved)
    return moved


def test_the_host_leaves_the_time_it_was_busy_out_of_a_peer_s_silence(
        hosting: Hosting, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Building a welcome (a whole civ record: 0.8 s on a loaded machine) took five
    heartbeats: the peer, which could not answer before it, is not dropped for it. Failed
    before: the host's next tick took it for four beats of silence (`session/unknown`)."""
    welcome = HostLoop._welcome

    def slow_welcome(self: HostLoop, *args: Any) -> None:
        clock.skip(5 * BEAT)
        welcome(self, *args)

    monkeypatch.setattr(HostLoop, "_welcome", slow_welcome)
    host = hosting("tiny", 3, host_seat=0, heartbeat=BEAT)
    raw = RawPeer(host.port)
    try:
        raw.send("hello", token="", games={tinygame.ID: tinygame.RULES_VERSION}, name="Ann",
                 want=-1)
        raw.seat = raw.expect("welcome").body["you"]
        raw.expect("ping")   # the host's first tick after the welcome judged the silence
        raw.send("snapshot_req", reason="gap")
        assert raw.expect("error").body["code"] == e.GAME_NOT_STARTED
    finally:
        raw.close()


class RawHost:
    """A bare ROUTER that plays the host by hand."""

    def __init__(self) -> None:
        self.ctx = zmq.Context()
        self.sock = self.ctx.socket(zmq.ROUTER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.bind(f"tcp://{LOCALHOST}:0")
        self.port = int(self.sock.getsockopt_string(zmq.LAST_ENDPOINT).rsplit(":", 1)[1])
        self.seq = 1

    def recv(self) -> tuple[bytes, Any]:
        assert self.sock.poll(round(scaled(20) * 1000)), "the peer sent nothing"
        identity, frame = self.sock.recv_multipart()
        return identity, decode(frame)

    def send(self, identity: bytes, kind: str, *, ply: int = 0, digest: str = "",
             **body: Any) -> None:
        self.sock.send_multipart([identity, encode(kind, seat=-1, seq=self.seq, ply=ply,
                                                   digest=digest, **body)])

    def welcome(self, identity: bytes, record: dict[str, Any]) -> str:
        digest = tinygame.replay(record).digest()
        seats = [{"kind": "human", "level": None, "name": name, "status": "connected"}
                 for name in ("Ann", "Bob")]
        self.send(identity, "welcome", ply=len(record["actions"]), digest=digest,
                  game=tinygame.ID, rules=tinygame.RULES_VERSION, you=0, players=2,
                  phase="playing", options={}, seats=seats, record=record, paused=False,
                  host="Raw", token="", heartbeat_ms=round(BEAT * 1000))
        return digest

    def close(self) -> None:
        self.sock.close()
        self.ctx.term()


def test_a_peer_leaves_the_time_it_was_busy_out_of_the_host_s_silence(
        clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying the welcome's record (a whole civ game: seconds on a small computer) took
    five heartbeats: the host's pings sent meanwhile were not read yet, and the peer does
    not reconnect for it. Failed before: its next tick opened a fresh socket and said hello
    again, and the host sent the whole record again."""
    snapshot = Replica.from_snapshot

    def slow_replay(*args: Any) -> Replica:
        replica = snapshot(*args)
        clock.skip(5 * BEAT)
        return replica

    monkeypatch.setattr(Replica, "from_snapshot", slow_replay)
    raw = RawHost()
    peer = NetworkSession.join(f"{LOCALHOST}:{raw.port}", games={tinygame.ID: tinygame},
                               heartbeat=BEAT)
    try:
        identity, hello = raw.recv()
        assert hello.kind == "hello"
        digest = raw.welcome(identity, new_record(tinygame, 2, 7, {}))
        sender, ping = raw.recv()   # the peer's first tick after its replay
        assert (sender, ping.kind, ping.digest) == (identity, "ping", digest)
        raw.seq += 2   # a broadcast after a gap: the peer asks for the record
        raw.send(identity, "resume")
        sender, asked = raw.recv()
        assert (sender, asked.kind) == (identity, "snapshot_req")
    finally:
        peer.close()
        raw.close()


def test_a_dropped_peer_answers_its_refused_messages_with_one_hello(
        clock: Clock) -> None:
    """The host dropped the peer while five of its messages were on the way: each is
    refused with `session/unknown`. The peer says hello once: a refusal of a message sent
    before its latest hello is answered by that hello. Failed before: one hello per
    refusal, each a welcome with the whole record (or `msg/too_often`), and a civ peer busy
    replaying them was dropped again."""
    raw = RawHost()
    peer = NetworkSession.join(f"{LOCALHOST}:{raw.port}", games={tinygame.ID: tinygame},
                               heartbeat=BEAT)
    try:
        identity, _ = raw.recv()
        raw.welcome(identity, new_record(tinygame, 2, 7, {}))
        deadline = time.monotonic() + scaled(20)
        while peer.state is None:
            assert time.monotonic() < deadline, "the peer did not take the welcome"
            peer.poll(0.01)
        for _ in range(5):
            peer.submit({"type": "draw"})
        refs = []
        while len(refs) < 5:
            sender, msg = raw.recv()
            if msg.kind == "action":
                refs.append(msg.seq)
        for ref in refs:
            raw.send(identity, "error", code=e.SESSION_UNKNOWN, text="say hello first", ref=ref)
        raw.seq += 2
        raw.send(identity, "resume")   # after a gap: the peer asks for the record
        heard: list[str] = []
        while not heard or heard[-1] != "snapshot_req":
            sender, msg = raw.recv()
            assert sender == identity
            heard.append(msg.kind)
        assert heard.count("hello") == 1, heard
    finally:
        peer.close()
        raw.close()
