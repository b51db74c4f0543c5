"""A client written from net/PROTOCOL.md alone (its own msgpack and ZeroMQ code, nothing
from net/) joins a host, takes part in the seed, follows and plays Tiny, and Advanced
Civilization with trades, to the end on the host's digest (issue 13, "The protocol as a
document"; issue 24, item 5). The host is the real one."""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

import msgpack
import pytest
import zmq
from support import tinygame as tiny
from test_net_support import Driver, Hosting, host_config, random_player
from timing import scaled

import ai
import engine.civ as civ
from net import host as net_host
from net.session import NetworkSession


class DocClient:
    """Speaks version 6 as the document says; plays `choose(state)` on its turn (a random
    legal action by default)."""

    def __init__(self, port: int, game: ModuleType = tiny,
                 choose: Callable[[Any], dict[str, Any]] | None = None,
                 nonce: bytes | None = None) -> None:
        self.ctx = zmq.Context()
        self.sock = self.ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.connect(f"tcp://127.0.0.1:{port}")
        self.seq = 0
        self.seat = -1
        self.host_seq = -1
        self.state: Any = None
        self.game = game
        self.choose = choose
        self.nonce = secrets.token_bytes(32) if nonce is None else nonce
        self.commitments: dict[int, bytes] = {}
        self.heartbeat = 1.0
        self.last_sent = 0.0
        self.asked_at: int | None = None
        self.paused = False
        self.rng = random.Random(11)
        self.digests: dict[int, str] = {}
        self.phase = "lobby"
        self.ended_at: int | None = None
        """The ply of the `seats` with phase over that ended the game (Joining, 8)."""
        self.action_seq = 0
        self.refused: list[str] = []

    def send(self, kind: str, **body: Any) -> None:
        self.seq += 1
        frame = {"v": 6, "t": kind, "seat": self.seat, "seq": self.seq,
                 "ply": self.ply, "dg": self.state.digest() if self.state else ""}
        frame.update(body)
        self.sock.send(msgpack.packb(frame, use_bin_type=True))
        self.last_sent = time.monotonic()

    @property
    def ply(self) -> int:
        return len(self.record["actions"]) if self.state is not None else 0

    def commitment(self, nonce: bytes) -> bytes:
        return hashlib.blake2b(nonce, digest_size=32, person=b"tigris-commit").digest()

    def seed(self, nonces: dict[int, bytes]) -> int:
        h = hashlib.blake2b(digest_size=8, person=b"tigris-seed")
        for pid in sorted(nonces):
            h.update(pid.to_bytes(2, "big", signed=True))
            h.update(nonces[pid])
        return int.from_bytes(h.digest(), "big")

    def adopt(self, record: dict[str, Any], digest: str) -> None:
        self.record = record
        self.state = self.game.replay(record)
        assert self.state.digest() == digest

    def step(self) -> None:
        if self.sock.poll(10):
            msg = msgpack.unpackb(self.sock.recv(), raw=False)
            assert msg["v"] == 6, msg
            self.handle(msg)
        if self.seat >= 0 and time.monotonic() - self.last_sent >= self.heartbeat:
            self.send("ping")
        state = self.state
        if (state is not None and not self.paused and state.to_move == self.seat
                and self.asked_at != self.ply):
            self.asked_at = self.ply
            self.send("action", action=self.choose(state) if self.choose is not None
                      else self.rng.choice(state.legal_actions()))
            self.action_seq = self.seq

    def handle(self, msg: dict[str, Any]) -> None:
        kind = msg["t"]
        if kind in ("seats", "begin", "commits", "start", "update", "pause", "resume",
                    "watchers"):
            assert msg["seq"] == self.host_seq + 1, "a gap: no snapshot needed on loopback"
            self.host_seq = msg["seq"]
        if kind == "ping":
            assert msg["seq"] == self.host_seq, "the host's ping repeats its current seq"
        if kind == "seats":
            self.phase = msg["phase"]
            if self.phase == "over":
                assert self.state.is_over
                self.ended_at = self.ply
        if kind == "welcome":
            self.seat, self.host_seq = msg["you"], msg["seq"]
            self.heartbeat = msg["heartbeat_ms"] / 1000
            if msg["record"] is not None:
                self.adopt(msg["record"], msg["dg"])
        elif kind == "begin" and self.seat in msg["participants"]:
            self.send("commit", commitment=self.commitment(self.nonce))
        elif kind == "commits":
            self.commitments = dict(msg["commitments"])
            assert self.commitments[self.seat] == self.commitment(self.nonce)
            self.send("reveal", nonce=self.nonce)
        elif kind == "start":
            nonces = dict(msg["nonces"])
            assert nonces[self.seat] == self.nonce
            assert all(self.commitment(n) == self.commitments[p] for p, n in nonces.items())
            assert self.seed(nonces) == msg["seed"] == msg["record"]["seed"]
            self.adopt(msg["record"], msg["dg"])
        elif kind == "update":
            assert self.state.digest() == msg["prev"]
            self.state = self.state.apply(msg["action"])
            self.record["actions"].append(msg["action"])
            assert msg["ply"] == self.ply and self.state.digest() == msg["dg"]
            self.digests[self.ply] = msg["dg"]
        elif kind == "pause":
            self.paused = True
        elif kind == "resume":
            self.paused = False
        elif (kind == "error" and msg["code"] == "action/illegal"
              and msg["ref"] == self.action_seq):
            self.refused.append(msg["text"])   # the engine's judgement: choose again
            self.asked_at = None
        elif kind in ("refused", "error", "bye"):
            raise AssertionError(f"the host said {kind} {msg.get('code')}: {msg['text']}")

    def close(self) -> None:
        self.send("bye", text="good game")
        self.sock.close()
        self.ctx.term()


def play_to_the_end(host: NetworkSession, driver: Driver, client: DocClient) -> None:
    """The client and the host's player play until both copies are over and the client has
    heard the `seats` with phase over; every action on the host's digest."""
    deadline = time.monotonic() + scaled(120)
    while not (client.ended_at is not None and host.state is not None
               and host.state.is_over):
        assert time.monotonic() < deadline, f"stuck at ply {client.ply} / {host.ply}"
        client.step()
        driver.step()
    for _ in range(20):
        client.step()   # nothing after the end: no bye (Joining, 8)
    record = host.record()
    assert record is not None and client.record == record
    assert client.ended_at == len(record["actions"]) and client.phase == "over"
    assert client.state.digest() == host.state.digest()
    assert sorted(client.digests) == list(range(1, len(record["actions"]) + 1))


def test_a_client_written_from_the_document_plays_tiny_to_the_end(hosting: Hosting) -> None:
    host = hosting("tiny", 3, ["human", "human", "bot:random"])
    driver = Driver([host], scripted=[host], seed=12)
    client = DocClient(host.port)
    try:
        client.send("hello", games={"tiny": 1}, name="Doc", want=-1, token="")
        play_to_the_end(host, driver, client)
    finally:
        client.close()


def test_a_watcher_written_from_the_document_follows_tiny_to_the_end(hosting: Hosting) -> None:
    """Watchers: `watch`, `watching`, then a `seen` per action holding the public view (the
    game's `view(None)`), no digest; the players' game goes on as without it."""
    host = hosting("tiny", 3, ["human", "human", "bot:random"])
    driver = Driver([host], scripted=[host], seed=13)
    watcher = DocClient(host.port)   # its socket and `send` only: it takes no seat
    heard: list[dict[str, Any]] = []

    def listen() -> None:
        while watcher.sock.poll(0):
            heard.append(msgpack.unpackb(watcher.sock.recv(), raw=False))
        if time.monotonic() - watcher.last_sent >= 0.2:
            watcher.send("ping")

    client = DocClient(host.port)
    try:
        watcher.send("watch", games={"tiny": 1}, name="Doc watcher")
        deadline = time.monotonic() + scaled(10)
        while not any(m["t"] == "watching" for m in heard):
            assert time.monotonic() < deadline, heard
            listen()
            driver.step()
        client.send("hello", games={"tiny": 1}, name="Doc", want=-1, token="")
        deadline = time.monotonic() + scaled(120)
        while not (client.ended_at is not None and host.state is not None
                   and host.state.is_over and any(m["t"] == "seats" and m["phase"] == "over"
                                                  for m in heard)):
            assert time.monotonic() < deadline, f"stuck at ply {client.ply} / {host.ply}"
            client.step()
            driver.step()
            listen()
        record = host.record()
        assert record is not None and client.record == record
        state = tiny.new_game(record["players"], record["seed"], record["options"])
        views = [state.view(None)]
        for action in record["actions"]:
            state = state.apply(action)
            views.append(state.view(None))
        seen = [m for m in heard if m["t"] == "seen"]
        assert [m["ply"] for m in seen] == list(range(len(views)))
        assert all(m["view"] == msgpack.unpackb(msgpack.packb(v), raw=False)
                   for m, v in zip(seen, views, strict=True))
        assert all(m["v"] == 6 and m["dg"] == "" for m in heard)
        assert {m["t"] for m in heard} <= {"watching", "seen", "seats", "watchers", "ping"}
    finally:
        client.close()
        watcher.close()


def test_a_client_written_from_the_document_plays_civ_with_trades_to_the_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Advanced Civilization's proposals have 6 entries and lists of cards: the client
    sends and follows them within civ's ACTION_BOUNDS. Every nonce is fixed and every
    player seeded, so the game (and its trades) is the same on every run."""
    monkeypatch.setattr(net_host, "new_nonce", lambda: bytes(32))
    seeds = iter(range(1000, 1100))
    config = host_config("tiny", 3, ["human", "human", "bot:random"],
                         options={"turn_limit": 12})
    config.game = civ
    config.bots = lambda level, seed: ai.bot_factory(civ.ID)("random", next(seeds))
    host = NetworkSession.host(config)
    host_player = random_player(civ.ID, 0, 1)
    driver = Driver([host], scripted=[host], choose=lambda session: host_player(session.state))
    client = DocClient(host.port, civ, random_player(civ.ID, 1, 11), bytes(32))
    try:
        client.send("hello", games={civ.ID: civ.RULES_VERSION}, name="Doc", want=-1,
                    token="")
        play_to_the_end(host, driver, client)
        kinds = {action["type"] for action in client.record["actions"]}
        assert {"propose", "accept", "purchase"} <= kinds, sorted(kinds)
    finally:
        client.close()
        host.close()

