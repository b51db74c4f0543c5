"""A client written from net/PROTOCOL.md alone (its own msgpack and ZeroMQ code, nothing
from net/) joins a host, takes part in the seed, follows and plays Tiny to the end on the
host's digest (issue 13, "The protocol as a document"). The host is the real one."""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from typing import Any

import msgpack
import zmq
from support import tinygame as tiny
from test_net_support import Driver, Hosting
from timing import scaled


class DocClient:
    """Speaks version 5 as the document says; plays a random legal action on its turn."""

    def __init__(self, port: int) -> None:
        self.ctx = zmq.Context()
        self.sock = self.ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.connect(f"tcp://127.0.0.1:{port}")
        self.seq = 0
        self.seat = -1
        self.host_seq = -1
        self.state: Any = None
        self.nonce = secrets.token_bytes(32)
        self.commitments: dict[int, bytes] = {}
        self.heartbeat = 1.0
        self.last_sent = 0.0
        self.asked_at: int | None = None
        self.paused = False
        self.rng = random.Random(11)
        self.digests: dict[int, str] = {}

    def send(self, kind: str, **body: Any) -> None:
        self.seq += 1
        frame = {"v": 5, "t": kind, "seat": self.seat, "seq": self.seq,
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
        self.state = tiny.replay(record)
        assert self.state.digest() == digest

    def step(self) -> None:
        if self.sock.poll(10):
            msg = msgpack.unpackb(self.sock.recv(), raw=False)
            assert msg["v"] == 5, msg
            self.handle(msg)
        if self.seat >= 0 and time.monotonic() - self.last_sent >= self.heartbeat:
            self.send("ping")
        state = self.state
        if (state is not None and not self.paused and state.to_move == self.seat
                and self.asked_at != self.ply):
            self.asked_at = self.ply
            self.send("action", action=self.rng.choice(state.legal_actions()))

    def handle(self, msg: dict[str, Any]) -> None:
        kind = msg["t"]
        if kind in ("seats", "begin", "commits", "start", "update", "pause", "resume"):
            assert msg["seq"] == self.host_seq + 1, "a gap: no snapshot needed on loopback"
            self.host_seq = msg["seq"]
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
        elif kind in ("refused", "error"):
            raise AssertionError(f"the host said {msg['code']}: {msg['text']}")

    def close(self) -> None:
        self.send("bye", text="good game")
        self.sock.close()
        self.ctx.term()


def test_a_client_written_from_the_document_plays_tiny_to_the_end(hosting: Hosting) -> None:
    host = hosting("tiny", 3, ["human", "human", "bot:random"])
    driver = Driver([host], scripted=[host], seed=12)
    client = DocClient(host.port)
    try:
        client.send("hello", games={"tiny": 1}, name="Doc", want=-1, token="")
        deadline = time.monotonic() + scaled(120)
        while not (client.state is not None and client.state.is_over
                   and host.state is not None and host.state.is_over):
            assert time.monotonic() < deadline, f"stuck at ply {client.ply} / {host.ply}"
            client.step()
            driver.step()
        record = host.record()
        assert record is not None and client.record == record
        assert client.state.digest() == host.state.digest()
        assert sorted(client.digests) == list(range(1, len(record["actions"]) + 1))
    finally:
        client.close()

