"""The LAN protocol: lockstep peers, one host that sequences, msgpack frames.

This module owns the wire format (encode/decode, size limits, per-message
field checks); `net/PROTOCOL.md` describes it completely for other
programs. It does not own sockets, threads or game logic: `net.host` and
`net.peer` do.

Topology
--------
One program hosts; the others join. The host binds one ZeroMQ ROUTER socket
(`tcp://*:PORT`); every joining peer connects one DEALER socket to it. All
traffic, both ways, goes over that pair: the peer's requests and the host's
replies and broadcasts (a broadcast is the same frame sent to every joined
identity — at most seven, so ROUTER fan-out costs nothing and, unlike
PUB/SUB, never loses the first updates to a slow joiner). A frame is one
msgpack map; the ROUTER adds the peer's identity frame in front.

The host is the sequencer (ZeroMQ's Clone pattern with a deterministic
engine): a peer sends its `action`; the host checks the seat, the ply, the
turn (`state.to_move`) and legality, applies it, autosaves, stamps the next
sequence number and broadcasts an `update`. Every peer, the host included,
applies the action with its own engine and compares the digest it gets with
the update's. The snapshot of the Clone pattern is the game record
(players, seed, options, actions): replaying it gives the same position.

Header (every message, both directions)
---------------------------------------
=======  ==============================================================
``v``    protocol version (PROTOCOL_VERSION); another value is refused
``t``    message type (table below)
``seat`` sender's seat, 0..7; -1 for "none yet" (a joining peer, or a
         host that plays no seat)
``seq``  host→peer: the host's broadcast number (every broadcast adds
         one; direct replies repeat the current one) — a peer that sees a
         gap asks for a snapshot. peer→host: the peer's own message
         counter on this connection — the host drops a number it has
         already seen (replays)
``ply``  actions applied in the sender's position (for `action`: the
         ply the action is meant for)
``dg``   digest of the sender's position ("" before the game exists)
=======  ==============================================================

Messages
--------
============  =====  ==================================  ====================================
type          dir    body                                meaning
============  =====  ==================================  ====================================
hello         P→H    games, name, want, token            handshake: ``games`` maps each game
                                                         id this program plays to its rules
                                                         version; ``want`` a seat or -1;
                                                         ``token`` a seat's secret or ""
welcome       H→P    game, rules, you, players, phase,   the host's game is ``game`` at rules
                     options, seats, record, paused,     version ``rules``; you sit at seat
                     host, token, heartbeat_ms           ``you``; ``record`` is the game so
                                                         far (nil in the lobby); ``token``
                                                         takes this seat back at once in a
                                                         later hello; heartbeat interval
refused       H→P    code, text                          handshake refused; its layout never
                                                         changes, so any version reads it
seats         H→P*   phase, seats                        the seat table changed
sit           P→H    want                                lobby: move to another open seat
begin         H→P*   participants                        seats are final: send a commitment
commit        P→H    commitment (32 bytes)               BLAKE2b of your secret nonce
commits       H→P*   commitments [[pid, 32 bytes], …]    everyone's commitments: reveal now
reveal        P→H    nonce (32 bytes)                    your nonce
start         H→P*   nonces [[pid, 32 bytes], …],        the game begins; check each nonce
                     seed, record                        against its commitment, and the seed
action        P→H    action                              my decision for ``ply`` (header)
update        H→P*   by, action, prev                    numbered update: ``by`` played
                                                         ``action`` on ``prev``; ``dg`` after
error         H→P    code, text, ref                     your message ``ref`` (its seq) was
                                                         refused
snapshot_req  P→H    reason                              send me the game record
snapshot      H→P    record, seats, paused               the game record (rejoin, resync, gap)
desync        P→H    at, expected, got                   my digest differs from yours at ``at``
resynced      P→H    (none)                              I replayed your record (see header)
pause         H→P*   reason, who, text                   nobody may act; seat ``who`` is why
resume        H→P*   (none)                              play on
ping          both   (none)                              heartbeat, when nothing else was sent
bye           both   text                                leaving on purpose
hand_over     P→H    target, yes                         propose (or vote on) a computer for
                                                         the stalled seat ``target``
ballot        H→P*   target, by, yes, no, needed,        the vote on seat ``target``: who
                     result                              proposed, who said yes / no, how
                                                         many yes votes decide, open /
                                                         passed / failed / ended
notice        H→P    code, text, plies                   news for this peer alone: who played
                                                         its seat while it was away (the
                                                         actions ``plies``), or a set-aside
                                                         autosave of the host's
clock         H→P*   target, left_ms, text               the turn clock of seat ``target``
                                                         (to move): ``left_ms`` left, 0 when
                                                         the time is up; ``text`` in words
watch         W→H    games, name                         watch the game (no seat): answered
                                                         by ``watching`` or ``refused``
watching      H→W    game, rules, players, phase,        you watch; ``view`` is the public
                     options, seats, watchers, view,     position (the game's ``view(None)``;
                     paused, host, heartbeat_ms          nil before the game)
seen          H→W*   by, events, view                    seat ``by`` acted (-1: the game
                                                         began): its public events, and the
                                                         public position after it
watchers      H→P*   names                               who watches (to players and
                                                         watchers)
============  =====  ==================================  ====================================

(* = broadcast to every joined peer; it takes the next ``seq``. W is a watcher: a peer
without a seat. It is sent `seats`, `pause`, `resume`, `ballot`, `clock` and `watchers` as
the players are, `seen` in place of `start` and `update`, and nothing else; every frame
to it has ``dg`` "" (the digest is of the whole position, hidden parts included). It
never receives a record, an action or a private event, and may send only `ping`, `bye`
and `watch`: anything else is ``watch/only``.)

Version 6 added watchers (`watch`, `watching`, `seen`, `watchers`; the codes
``watch/only`` and ``watch/full``) and maps of up to 1,024 entries (a public position's
board).

Version 5 added ``notice``, the code ``seat/owned`` (a seat that was taken belongs to its
token), names without control characters, and the turn clock's ``clock`` (sent only by a
host that keeps one). Version 4 added the vote that hands a stalled seat to a computer
(``hand_over``, ``ballot``). Version 3 added the seat's token
(``hello``, ``welcome``) and the heartbeat interval (``welcome``). Version 2 added the
game: version 1 knew only Tigris & Euphrates, its hello carried one ``rules`` number and
its welcome no ``game``. A hello without the host's game gets ``refused`` with
``game/mismatch``, one with another rules version of it ``rules/mismatch``; a peer of
version 1 is refused with ``version/mismatch``, whose text it can read.

Limits: an action's caps and a record's length are its game's (`ACTION_BOUNDS`,
`fields.action_bounds`): `encode` and `decode` take them, and a reader that does not
know the game yet uses the widest of the games it offers, or `fields.CEILING`, the most
any game may declare. A frame is at most `frame_limit(bounds)` bytes — room for a
`welcome` whose record is as long as the game allows (RECORD_ROOM bytes an action on
average; the host refuses an action that would make its record larger, as it refuses
one past the record's length) — and each socket's ZeroMQ MAXMSGSIZE follows it
(`socket_limit`): a frame far larger is dropped before it is read. The unpacker caps
strings, binaries, arrays (by the record's length) and maps; `net.fields` caps every
field. msgpack only: nothing is ever unpickled, and extension types are refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import msgpack

from . import fields as f
from .errors import MSG_FIELD, MSG_MALFORMED, MSG_UNKNOWN_TYPE, VERSION_MISMATCH, ProtocolError

PROTOCOL_VERSION = 6
FRAME_HEAD = 64 * 1024
"""Everything of a frame but its record's actions: header, seats, names, options (a
`welcome` needs a few kilobytes of it)."""
RECORD_ROOM = 64
"""msgpack bytes an action of a record may take on average: whole random civ games average
21-38 (benchmarks/civ_record_size.py); a Tigris & Euphrates action takes 11-60."""
HOST_PID = -1


def frame_limit(bounds: f.ActionBounds) -> int:
    """The largest frame of a game with these bounds: a `welcome` carrying a record of
    `bounds["record"]` actions of RECORD_ROOM bytes each."""
    return FRAME_HEAD + record_room(bounds)


def socket_limit(bounds: f.ActionBounds) -> int:
    """ZeroMQ's MAXMSGSIZE of a socket whose frames are decoded with `bounds`: twice their
    frame limit, so that a frame a little over it is read and refused with its size named
    (msg/malformed), and only one far over it is dropped unread, with its connection."""
    return 2 * frame_limit(bounds)


def record_room(bounds: f.ActionBounds) -> int:
    """The most msgpack bytes a record's actions may take together (`packed_size` of each),
    so that a `welcome` or a `snapshot` carrying it is a frame every peer reads."""
    return RECORD_ROOM * bounds["record"]


def packed_size(value: Any) -> int:
    """The bytes of `value` in msgpack, as a frame holds it."""
    return len(msgpack.packb(value, use_bin_type=True))


def check_record_room(actions: list[Any], bounds: f.ActionBounds, name: str) -> None:
    """ProtocolError (msg/field) naming `name` unless a record of these actions fits in a
    frame of its game (`record_room`); its length is `fields.record`'s to check."""
    size = sum(map(packed_size, actions))
    if size > record_room(bounds):
        raise ProtocolError(MSG_FIELD, f"field {name!r}: {size} bytes of actions, more than "
                                       f"a frame of this game holds ({record_room(bounds)})")


MAX_FRAME = frame_limit(f.CEILING)
"""The largest frame of any game."""

HEADER: dict[str, f.Checker] = {
    "v": f.integer(0, 2**31),
    "t": f.text(f.MAX_WORD),
    "seat": f.integer(-1, f.MAX_SEATS - 1),
    "seq": f.integer(0, 2**53),
    "ply": f.integer(0, f.CEILING["record"]),
    "dg": f.digest,
}

PHASES = ("lobby", "seeding", "playing", "over")
MAX_CLOCK_MS = 86_400_000
MAX_WATCHERS = 64
"""The most watchers any host may allow (`HostConfig.watchers`, 16 by default)."""
BALLOT_RESULTS = ("open", "passed", "failed", "ended")


def _one_of(values: tuple[str, ...]) -> f.Checker:
    def check(value: Any, name: str) -> str:
        if value not in values:
            raise ProtocolError(MSG_FIELD, f"field {name!r}: must be one of {list(values)}")
        return str(value)
    return check


_phase = _one_of(PHASES)


SEAT_WANT = f.integer(-1, f.MAX_SEATS - 1)
SEAT = f.integer(0, f.MAX_SEATS - 1)
SEAT_LIST = f.list_of(SEAT, f.MAX_SEATS)
ERROR_CODE = f.text(f.MAX_WORD)
ACTION = f.action(f.CEILING)
RECORD = f.record(f.CEILING)
"""Before the game is known (a tool, a peer's first welcome): the widest actions any game
may have; `bodies(bounds)` puts the game's own in their place (GAME_FIELDS)."""

BODIES: dict[str, dict[str, f.Checker]] = {
    "hello": {"games": f.games, "name": f.person_name, "want": SEAT_WANT,
              "token": f.token},
    "welcome": {"game": f.text(f.MAX_WORD), "rules": f.integer(0, 2**31),
                "you": f.integer(0, f.MAX_SEATS - 1),
                "players": f.integer(2, f.MAX_SEATS), "phase": _phase, "options": f.options,
                "seats": f.seats, "record": f.optional(RECORD), "paused": f.boolean,
                "host": f.text(f.MAX_NAME), "token": f.token,
                "heartbeat_ms": f.integer(1, 600_000)},
    "refused": {"code": ERROR_CODE, "text": f.text(f.MAX_TEXT)},
    "seats": {"phase": _phase, "seats": f.seats},
    "sit": {"want": SEAT_WANT},
    "begin": {"participants": f.list_of(f.integer(-1, f.MAX_SEATS - 1), f.MAX_SEATS + 1)},
    "commit": {"commitment": f.binary(32)},
    "commits": {"commitments": f.nonce_list},
    "reveal": {"nonce": f.binary(f.NONCE_LEN)},
    "start": {"nonces": f.nonce_list, "seed": f.integer(0, 2**64 - 1), "record": RECORD},
    "action": {"action": ACTION},
    "update": {"by": f.integer(0, f.MAX_SEATS - 1), "action": ACTION, "prev": f.digest},
    "error": {"code": ERROR_CODE, "text": f.text(f.MAX_TEXT), "ref": f.integer(0, 2**53)},
    "snapshot_req": {"reason": f.text(f.MAX_WORD)},
    "snapshot": {"record": RECORD, "seats": f.seats, "paused": f.boolean},
    "desync": {"at": f.integer(0, f.CEILING["record"]), "expected": f.digest,
               "got": f.digest},
    "resynced": {},
    "pause": {"reason": f.text(f.MAX_WORD), "who": f.integer(-1, f.MAX_SEATS - 1),
              "text": f.text(f.MAX_TEXT)},
    "resume": {},
    "ping": {},
    "bye": {"text": f.text(f.MAX_TEXT)},
    "hand_over": {"target": SEAT, "yes": f.boolean},
    "ballot": {"target": SEAT, "by": SEAT_WANT, "yes": SEAT_LIST, "no": SEAT_LIST,
               "needed": f.integer(1, f.MAX_SEATS), "result": _one_of(BALLOT_RESULTS)},
    "notice": {"code": ERROR_CODE, "text": f.text(f.MAX_TEXT),
               "plies": f.list_of(f.integer(1, f.CEILING["record"]), f.CEILING["record"])},
    "clock": {"target": SEAT, "left_ms": f.integer(0, MAX_CLOCK_MS), "text": f.text(f.MAX_TEXT)},
    "watch": {"games": f.games, "name": f.person_name},
    "watching": {"game": f.text(f.MAX_WORD), "rules": f.integer(0, 2**31),
                 "players": f.integer(2, f.MAX_SEATS), "phase": _phase, "options": f.options,
                 "seats": f.seats, "watchers": f.list_of(f.person_name, MAX_WATCHERS),
                 "view": f.optional(f.public_map), "paused": f.boolean,
                 "host": f.text(f.MAX_NAME), "heartbeat_ms": f.integer(1, 600_000)},
    "seen": {"by": SEAT_WANT, "events": f.list_of(f.public_map, f.MAX_PUBLIC),
             "view": f.public_map},
    "watchers": {"names": f.list_of(f.person_name, MAX_WATCHERS)},
}

GAME_FIELDS: dict[str, dict[str, bool]] = {
    "welcome": {"record": True}, "start": {"record": False}, "snapshot": {"record": False},
    "action": {"action": False}, "update": {"action": False}}
"""The fields that hold the game's actions (a record; True: or nil)."""


def bodies(bounds: f.ActionBounds) -> dict[str, dict[str, f.Checker]]:
    """Every message's body checks for a game whose actions have these bounds
    (`fields.action_bounds`): the actions and records of GAME_FIELDS are the game's own."""
    return _bodies(*(bounds[key] for key in f.BOUND_KEYS))


@cache
def _bodies(entries: int, items: int, chars: int, actions: int
            ) -> dict[str, dict[str, f.Checker]]:
    bounds = {"entries": entries, "list": items, "text": chars, "record": actions}
    checks = {"action": f.action(bounds), "record": f.record(bounds)}
    out = dict(BODIES)
    for kind, names in GAME_FIELDS.items():
        out[kind] = {**BODIES[kind], **{
            name: f.optional(checks[name]) if nil else checks[name]
            for name, nil in names.items()}}
    return out


BROADCASTS = frozenset({"seats", "begin", "commits", "start", "update", "pause", "resume",
                        "ballot", "clock", "seen", "watchers"})


@dataclass(frozen=True)
class Message:
    """One decoded, checked message: the header fields and the body by name."""

    kind: str
    seat: int
    seq: int
    ply: int
    digest: str
    body: dict[str, Any] = field(default_factory=dict)
    version: int = PROTOCOL_VERSION


def encode(kind: str, *, seat: int, seq: int, ply: int, digest: str,
           bounds: f.ActionBounds = f.CEILING, **body: Any) -> bytes:
    """One frame; the body is checked as strictly as on decode (with the game's action
    `bounds`), so we never send junk."""
    frame = {"v": PROTOCOL_VERSION, "t": kind, "seat": seat, "seq": seq, "ply": ply, "dg": digest}
    frame.update(body)
    checked = _check(frame, bounds)
    data: bytes = msgpack.packb(_unchecked_frame(checked), use_bin_type=True)
    limit = frame_limit(bounds)
    if len(data) > limit:
        raise ProtocolError(MSG_MALFORMED, f"{kind} would be {len(data)} bytes (> {limit})")
    return data


def _unchecked_frame(message: Message) -> dict[str, Any]:
    frame = {"v": message.version, "t": message.kind, "seat": message.seat,
             "seq": message.seq, "ply": message.ply, "dg": message.digest}
    frame.update(message.body)
    return frame


def _no_extensions(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension type {code} is not accepted")


def unpack(frame: object, bounds: f.ActionBounds = f.CEILING) -> Any:
    """msgpack → Python with every size capped by the game's `bounds` (a frame's bytes, an
    array's items: a record's actions, or an action's list); any failure is one
    ProtocolError."""
    if not isinstance(frame, bytes | bytearray | memoryview):
        raise ProtocolError(MSG_MALFORMED, "a frame must be bytes")
    limit = frame_limit(bounds)
    if len(frame) > limit:
        raise ProtocolError(MSG_MALFORMED, f"frame of {len(frame)} bytes (> {limit})")
    unpacker = msgpack.Unpacker(
        raw=False, strict_map_key=True, use_list=True, max_buffer_size=limit,
        max_str_len=16 * 1024, max_bin_len=64,
        max_array_len=max(bounds["record"], bounds["list"]) + f.MAX_SEATS + 1,
        max_map_len=f.MAX_PUBLIC, max_ext_len=0, ext_hook=_no_extensions,
    )
    try:
        unpacker.feed(frame)
        obj = unpacker.unpack()
    except Exception as exc:
        raise ProtocolError(MSG_MALFORMED, f"not a msgpack frame: {type(exc).__name__}") from None
    try:
        unpacker.unpack()
    except msgpack.OutOfData:
        return obj
    except Exception:
        pass
    raise ProtocolError(MSG_MALFORMED, "trailing bytes after the message")


def decode(frame: object, bounds: f.ActionBounds = f.CEILING) -> Message:
    """A checked Message from one frame, its actions within the game's `bounds`
    (`fields.action_bounds`; the ceiling when the game is not known yet); ProtocolError if
    anything is off."""
    return _check(unpack(frame, bounds), bounds)


def _check(obj: Any, bounds: f.ActionBounds) -> Message:
    if not isinstance(obj, dict):
        raise ProtocolError(MSG_MALFORMED, "a message must be a map")
    try:
        return _check_map(obj, bounds)
    except ProtocolError as err:
        err.kind, err.seq = _which(obj)
        raise


def _which(obj: dict[Any, Any]) -> tuple[str, int]:
    """The type and `seq` of a message that failed its checks, as far as they are readable
    (else "" and 0): a refusal names the message it refuses."""
    kind, seq = obj.get("t"), obj.get("seq")
    return (kind if isinstance(kind, str) and len(kind) <= f.MAX_WORD else "",
            seq if isinstance(seq, int) and f.is_int(seq) and 0 <= seq <= 2**53 else 0)


def _check_map(obj: dict[Any, Any], bounds: f.ActionBounds) -> Message:
    version = obj.get("v")
    if f.is_int(version) and version != PROTOCOL_VERSION and obj.get("t") != "refused":
        raise ProtocolError(VERSION_MISMATCH, f"protocol version {version}", value=version)
    for key in HEADER:
        if key not in obj:
            raise ProtocolError(MSG_FIELD, f"header field {key!r} is missing")
    header = {key: check(obj[key], key) for key, check in HEADER.items()}
    kind = header["t"]
    schema = bodies(bounds).get(kind)
    if schema is None:
        raise ProtocolError(MSG_UNKNOWN_TYPE, f"unknown message type {kind!r}")
    extra = sorted(str(k) for k in obj if k not in HEADER and k not in schema)
    if extra and header["v"] == PROTOCOL_VERSION:
        raise ProtocolError(MSG_FIELD, f"{kind}: unknown field(s) {extra}")
    missing = [key for key in schema if key not in obj]
    if missing:
        raise ProtocolError(MSG_FIELD, f"{kind}: missing field(s) {missing}")
    body = {key: check(obj[key], key) for key, check in schema.items()}
    return Message(kind=kind, seat=header["seat"], seq=header["seq"], ply=header["ply"],
                   digest=header["dg"], body=body, version=header["v"])
