"""The wire format alone: every message round-trips, and nothing else gets through.

No sockets here. The decoder is fed 10⁴ hostile frames (random bytes, random
msgpack values, mutations of valid messages, oversized fields); each one
must either decode to a checked Message or raise the one ProtocolError.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgpack
import pytest

import engine.civ as civ
import engine.tigris as engine
from net import errors as e
from net import fields
from net.errors import ProtocolError
from net.protocol import (
    BODIES,
    MAX_FRAME,
    PROTOCOL_VERSION,
    RECORD_ROOM,
    Message,
    decode,
    encode,
    frame_limit,
    packed_size,
    record_room,
)

DIGEST = "ab" * 32
RECORD = {"game": "tigris", "rules_version": 1, "version": 1, "players": 3, "seed": 7,
          "options": {"board": "classic"},
          "actions": [{"type": "pass"}, {"type": "tile", "color": "red", "to": "E5"}]}
SEATS = [{"kind": "human", "level": None, "name": "Ada", "status": "connected"},
         {"kind": "bot", "level": "easy", "name": "Computer (easy)", "status": "bot"}]
NONCES = [[-1, b"\x01" * 32], [2, b"\x02" * 32]]
VIEW = {"board": {"E5": {"kind": "tile", "color": "red"}}, "bag": None, "bag_size": 80,
        "scores": [None, None, None], "viewer": None}

EXAMPLES: dict[str, dict[str, Any]] = {
    "hello": {"games": {"tigris": 1, "tiny": 1}, "name": "Ada", "want": -1, "token": ""},
    "welcome": {"game": "tigris", "rules": 1, "you": 2, "players": 3, "phase": "playing",
                "options": {"board": "classic"}, "seats": SEATS, "record": RECORD,
                "paused": False, "host": "Tigris", "token": "0f" * 16, "heartbeat_ms": 1000},
    "refused": {"code": e.SEAT_TAKEN, "text": "seat 2 is taken"},
    "seats": {"phase": "lobby", "seats": SEATS},
    "sit": {"want": 1},
    "begin": {"participants": [-1, 1, 2]},
    "commit": {"commitment": b"\x07" * 32},
    "commits": {"commitments": NONCES},
    "reveal": {"nonce": b"\x03" * 32},
    "start": {"nonces": NONCES, "seed": 2**64 - 1, "record": RECORD},
    "action": {"action": {"type": "swap", "tiles": ["red", "blue"]}},
    "update": {"by": 1, "action": {"type": "leader", "color": "red", "to": None},
               "prev": DIGEST},
    "error": {"code": e.ACTION_STALE, "text": "too late", "ref": 12},
    "snapshot_req": {"reason": "gap"},
    "snapshot": {"record": RECORD, "seats": SEATS, "paused": True},
    "desync": {"at": 5, "expected": DIGEST, "got": "cd" * 32},
    "resynced": {},
    "pause": {"reason": "desync", "who": 2, "text": "paused"},
    "resume": {},
    "ping": {},
    "bye": {"text": "good game"},
    "hand_over": {"target": 2, "yes": True},
    "ballot": {"target": 2, "by": 1, "yes": [1], "no": [0], "needed": 2, "result": "open"},
    "notice": {"code": e.SEAT_PLAYED_FOR, "text": "Eve played 2 actions for you",
               "plies": [12, 14]},
    "clock": {"target": 2, "left_ms": 60_000, "text": "Bo has 60 s left to act."},
    "watch": {"games": {"tigris": 1}, "name": "Cy"},
    "watching": {"game": "tigris", "rules": 1, "players": 3, "phase": "playing",
                 "options": {"board": "classic"}, "seats": SEATS, "watchers": ["Cy"],
                 "view": VIEW, "paused": False, "host": "Tigris", "heartbeat_ms": 1000},
    "seen": {"by": 1, "events": [{"type": "drew", "seat": 1, "count": 2}], "view": VIEW},
    "watchers": {"names": ["Cy", "Di"]},
}


def frame(kind: str = "ping", **overrides: Any) -> dict[str, Any]:
    out = {"v": PROTOCOL_VERSION, "t": kind, "seat": 1, "seq": 3, "ply": 4, "dg": DIGEST}
    out.update(EXAMPLES[kind])
    out.update(overrides)
    return out


def pack(obj: Any) -> bytes:
    data: bytes = msgpack.packb(obj, use_bin_type=True)
    return data


def test_every_message_type_has_an_example() -> None:
    assert set(EXAMPLES) == set(BODIES)


@pytest.mark.parametrize("kind", sorted(BODIES))
def test_round_trip(kind: str) -> None:
    data = encode(kind, seat=1, seq=3, ply=4, digest=DIGEST, **EXAMPLES[kind])
    msg = decode(data)
    assert msg == Message(kind=kind, seat=1, seq=3, ply=4, digest=DIGEST, body=EXAMPLES[kind])


@pytest.mark.parametrize("bad, code", [
    (b"", e.MSG_MALFORMED),
    (b"\xc1", e.MSG_MALFORMED),
    (pack([1, 2, 3]), e.MSG_MALFORMED),
    (pack(frame()) + b"\x00", e.MSG_MALFORMED),
    (b"\x00" * (MAX_FRAME + 1), e.MSG_MALFORMED),
    (pack({k: v for k, v in frame().items() if k != "seq"}), e.MSG_FIELD),
    (pack(frame(t="launch")), e.MSG_UNKNOWN_TYPE),
    (pack(frame(extra=1)), e.MSG_FIELD),
    (pack(frame(seat=8)), e.MSG_FIELD),
    (pack(frame("hello", games={})), e.MSG_FIELD),
    (pack(frame("hello", games={"tigris": "1"})), e.MSG_FIELD),
    (pack(frame("hello", games={"x" * 30: 1})), e.MSG_FIELD),
    (pack(frame("hello", games={f"g{i}": 1 for i in range(17)})), e.MSG_FIELD),
    (pack(frame("hello", games=["tigris"])), e.MSG_FIELD),
    (pack(frame("welcome", players=9)), e.MSG_FIELD),
    (pack(frame(seat=True)), e.MSG_FIELD),
    (pack(frame(dg="XY" * 32)), e.MSG_FIELD),
    (pack(frame(seq=-1)), e.MSG_FIELD),
    (pack(frame("action", action={"type": "tile", "to": "A" * 500})), e.MSG_FIELD),
    (pack(frame("action", action={str(i): i for i in range(fields.CEILING["entries"] + 1)})),
     e.MSG_FIELD),
    (pack(frame("action", action={"type": {"nested": "map"}})), e.MSG_FIELD),
    (pack(frame("action", action={"type": 10**9})), e.MSG_FIELD),
    (pack(frame("commit", commitment=b"\x00" * 31)), e.MSG_FIELD),
    (pack(frame("commit", commitment="not bytes")), e.MSG_FIELD),
    (pack(frame("snapshot", record={**RECORD, "actions": [{"type": "pass"}] * (
        fields.CEILING["record"] + 1)})), e.MSG_FIELD),
    (pack(frame("snapshot", record={**RECORD, "actions": [{"type": "pass"}] * (
        fields.CEILING["record"] + 100)})), e.MSG_MALFORMED),
    (pack(frame("snapshot", record={**RECORD, "hack": 1})), e.MSG_FIELD),
    (pack(frame("welcome", phase="warp")), e.MSG_FIELD),
    (pack(frame(v=PROTOCOL_VERSION + 1)), e.VERSION_MISMATCH),
    (pack({1: 2}), e.MSG_MALFORMED),
    (msgpack.packb(msgpack.ExtType(5, b"boom")), e.MSG_MALFORMED),
    (pack({"v": PROTOCOL_VERSION, "t": "ping", "seat": 1, "seq": 3, "ply": 4,
           "dg": b"\x00" * 64}),
     e.MSG_FIELD),
])
def test_bad_frames_are_one_protocol_error(bad: bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as info:
        decode(bad)
    assert info.value.code == code


def test_not_bytes_is_a_protocol_error() -> None:
    with pytest.raises(ProtocolError):
        decode("hello")  # type: ignore[arg-type]


def test_version_mismatch_names_the_version() -> None:
    with pytest.raises(ProtocolError) as info:
        decode(pack({"v": 99, "t": "hello", "anything": "else"}))
    assert info.value.code == e.VERSION_MISMATCH and info.value.value == 99


def test_a_refusal_from_another_version_is_still_readable() -> None:
    msg = decode(pack(frame("refused", v=PROTOCOL_VERSION + 3, future_field=1)))
    assert msg.kind == "refused" and msg.body["code"] == e.SEAT_TAKEN


def test_encode_refuses_to_send_junk() -> None:
    with pytest.raises(ProtocolError):
        encode("action", seat=0, seq=1, ply=0, digest="", action={"type": object()})
    with pytest.raises(ProtocolError):
        encode("update", seat=0, seq=1, ply=0, digest="", by=1, action={})


def test_the_largest_record_fits_in_a_frame() -> None:
    bounds = fields.action_bounds(engine)
    big = {**RECORD, "actions": [{"type": "monument", "at": "P11",
                                  "colors": ["black", "green"]}] * bounds["record"]}
    data = encode("snapshot", seat=0, seq=1, ply=0, digest="", bounds=bounds, record=big,
                  seats=SEATS, paused=False)
    assert len(data) <= frame_limit(bounds) <= MAX_FRAME
    assert decode(data, bounds).body["record"] == big


def test_a_welcome_with_a_record_as_long_and_as_large_as_its_game_allows_is_one_frame() -> None:
    """Whatever a host lets its record grow to (`record_room`: as many actions as the game
    allows, as many bytes as the frame leaves), its welcome is a frame a peer reads."""
    bounds = civ.ACTION_BOUNDS
    action = {"type": "done", "pad": [1] * 46}
    assert packed_size(action) == RECORD_ROOM
    record = {**civ.new_record(8, 2**64 - 1), "actions": [action] * bounds["record"]}
    assert sum(map(packed_size, record["actions"])) == record_room(bounds)
    seats = [{"kind": "human", "level": None, "name": "W" * fields.MAX_NAME,
              "status": "connected"}] * fields.MAX_SEATS
    data = encode("welcome", seat=-1, seq=2**53, ply=bounds["record"], digest="ab" * 32,
                  bounds=bounds, game=civ.ID, rules=civ.RULES_VERSION, you=7,
                  players=fields.MAX_SEATS, phase="playing", options=record["options"],
                  seats=seats, record=record, paused=True, host="H" * fields.MAX_NAME,
                  token="cd" * 16, heartbeat_ms=600_000)
    assert len(data) <= frame_limit(bounds)
    assert decode(data, bounds).body["record"] == record
    with pytest.raises(ProtocolError) as refused:
        decode(data, engine.ACTION_BOUNDS)
    assert refused.value.code == e.MSG_MALFORMED and "bytes (>" in refused.value.text


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice([None, True, 0, -1, 2**63, 1.5, "", "red", "E5", b"\x00" * 32,
                           "x" * rng.randint(0, 80), rng.randint(-10**6, 10**6)])
    if roll < 0.6:
        return [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {rng.choice(["v", "t", "seat", "seq", "ply", "dg", "action", "type", "to", "x"]):
            _random_value(rng, depth + 1) for _ in range(rng.randint(0, 7))}


def _mutate(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(3)
        if op == 0 and b:
            b[rng.randrange(len(b))] = rng.randrange(256)
        elif op == 1 and b:
            del b[rng.randrange(len(b)):][:rng.randint(1, 8)]
        else:
            b.insert(rng.randrange(len(b) + 1), rng.randrange(256))
    return bytes(b)


def _mutate_fields(rng: random.Random, kind: str) -> dict[str, Any]:
    obj = frame(kind)
    key = rng.choice(sorted(obj))
    obj[key] = _random_value(rng)
    return obj


def test_ten_thousand_hostile_frames() -> None:
    rng = random.Random(20240611)
    valid = [encode(k, seat=1, seq=3, ply=4, digest=DIGEST, **EXAMPLES[k]) for k in EXAMPLES]
    outcomes = {"decoded": 0, "refused": 0}
    for i in range(10_000):
        kind = i % 4
        if kind == 0:
            data = rng.randbytes(rng.randint(0, 300))
        elif kind == 1:
            data = pack(_random_value(rng))
        elif kind == 2:
            data = _mutate(rng, rng.choice(valid))
        else:
            data = pack(_mutate_fields(rng, rng.choice(sorted(EXAMPLES))))
        try:
            msg = decode(data)
        except ProtocolError as err:
            assert err.code in e.CODES
            outcomes["refused"] += 1
        else:
            assert msg.kind in BODIES and set(msg.body) == set(BODIES[msg.kind])
            outcomes["decoded"] += 1
    assert outcomes["refused"] > 5_000


def test_every_engine_action_of_a_game_passes_the_field_checks() -> None:
    rng = random.Random(3)
    state = engine.new_game(4, 11, {"buildings": True, "wonder": True})
    for _ in range(300):
        if state.is_over:
            break
        for action in state.legal_actions():
            assert fields.action(engine.ACTION_BOUNDS)(action, "action") == action
        state = state.apply(rng.choice(state.legal_actions()))


def test_the_document_names_every_message_field_and_error_code() -> None:
    """net/PROTOCOL.md is whole: test_net_protocol_doc.py plays from it alone."""
    text = (Path(__file__).resolve().parents[2] / "net" / "PROTOCOL.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`"): line for line in text.splitlines()
            if line.startswith("| `")}
    for kind, body in BODIES.items():
        assert kind in rows, kind
        for name in body:
            assert f"`{name}`" in rows[kind], (kind, name)
    for code in e.CODES:
        assert f"| `{code}` |" in text, code
    for code in e.NOTICES:
        assert f"`{code}`" in rows["notice"], code
    assert f"version {PROTOCOL_VERSION}" in text.splitlines()[0]
