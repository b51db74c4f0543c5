"""A watcher's network thread: follows a hosted game's public side (`net.watch`).

Unlike a player's `PeerLoop` it holds no copy of the game and replays
nothing: the host sends the public position itself after every action
(`seen`), so there is no digest to check, no snapshot to ask for and no
desync. It cannot act: a `submit` is refused here, before anything is sent.
When the host falls silent it opens a fresh connection and watches again.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

import zmq

from . import errors as e
from . import fields, texts
from .address import parse_address
from .channel import Command, NetLoop
from .errors import ProtocolError
from .events import Mirror, SeatInfo
from .fields import MAX_NAME, unprintable
from .game import GameModule, Games, rules_versions
from .host import TIMEOUT_BEATS
from .protocol import Message, decode, encode, socket_limit


class WatchLoop(NetLoop):
    def __init__(self, address: str, games: Games, *, name: str = "",
                 heartbeat: float = 1.0) -> None:
        """`games`: the game modules this program has, by id; the host says which it plays."""
        super().__init__("tigris-watcher")
        if not games:
            raise ValueError("a watcher must have at least one game")
        if unprintable(name):
            raise ValueError(f"a name may not hold control or format characters, as "
                             f"{name!r} does")
        self.games = dict(games)
        self.game: GameModule | None = None
        self.bounds: fields.ActionBounds = fields.widest(
            fields.action_bounds(g) for g in self.games.values())
        host, port = parse_address(address)
        self.host, self.port = host, port
        self.address = f"{host}:{port}"
        self.name = name[:MAX_NAME]
        self.heartbeat = heartbeat
        self.timeout = heartbeat * TIMEOUT_BEATS
        self.phase = "connecting"
        self.seats: tuple[SeatInfo, ...] = ()
        self.watchers: tuple[str, ...] = ()
        self.view: dict[str, Any] | None = None
        self.ply = 0
        self.paused = False
        self.pause_text = ""
        self.refusal = ""
        self.my_seq = 0
        self.watching = False
        self.lost = False
        self.last_heard = time.monotonic()
        self.last_sent = 0.0

    def mirror(self) -> Mirror:
        return Mirror(phase=self.phase, seats=self.seats, paused=self.paused,
                      pause_text=self.pause_text, address=self.address, refusal=self.refusal,
                      game=self.game, watchers=self.watchers, public_view=self.view,
                      public_ply=self.ply)

    # --- socket ------------------------------------------------------------------------
    def open_socket(self) -> None:
        self._connect()

    def _connect(self) -> None:
        self.dial(self.host, self.port, socket_limit(self.bounds))
        self.my_seq = 0
        self.watching = False
        self.last_heard = time.monotonic()
        self._send("watch", games=rules_versions(self.games), name=self.name)

    def _send(self, kind: str, **body: Any) -> None:
        self.my_seq += 1
        frame = encode(kind, bounds=self.bounds, seat=-1, seq=self.my_seq, ply=0, digest="",
                       **body)
        assert self.sock is not None
        try:
            self.sock.send(frame, zmq.NOBLOCK)
        except zmq.Again:
            self.stats["dropped_sends"] += 1
        self.last_sent = time.monotonic()

    # --- incoming ----------------------------------------------------------------------
    def on_frames(self, frames: list[bytes]) -> None:
        try:
            if len(frames) != 1:
                raise ProtocolError(e.MSG_MALFORMED, "expected one frame")
            msg = decode(frames[0], self.bounds)
        except ProtocolError:
            self.stats["protocol_errors"] += 1
            return
        self.last_heard = time.monotonic()
        if self.lost:
            self.lost = False
            self.emit("connection", "The host answers again.", status="back")
        handler = self.HANDLERS.get(msg.kind)
        if handler is None:
            self.stats["protocol_errors"] += 1
            return
        handler(self, msg)

    def _watching(self, msg: Message) -> None:
        body = msg.body
        game = self.games.get(body["game"])
        if game is None or body["rules"] != game.RULES_VERSION:
            self._refused_with(e.GAME_MISMATCH, texts.code_text(e.GAME_MISMATCH))
            return
        self.game, self.bounds = game, fields.action_bounds(game)
        self.watching = True
        self.seats = tuple(SeatInfo.from_wire(s) for s in body["seats"])
        self.watchers = tuple(body["watchers"])
        self.phase, self.paused = body["phase"], body["paused"]
        self.heartbeat = body["heartbeat_ms"] / 1000
        self.timeout = self.heartbeat * TIMEOUT_BEATS
        self.view, self.ply = body["view"], msg.ply
        self.emit("watching", f"Watching {body['host']}.", ply=msg.ply, view=self.view,
                  host=body["host"])

    def _refused(self, msg: Message) -> None:
        self._refused_with(msg.body["code"], msg.body["text"])

    def _refused_with(self, code: str, text: str) -> None:
        self.phase, self.refusal = "refused", text
        self.emit("refused", text, code=code)
        self.stop()

    def _seen(self, msg: Message) -> None:
        self.view, self.ply = msg.body["view"], msg.ply
        if self.phase not in ("playing", "over"):
            self.phase = "playing"
        by = msg.body["by"]
        self.emit("seen" if by >= 0 else "started", "", ply=msg.ply, seat=by,
                  events=msg.body["events"], view=self.view)

    def _seats(self, msg: Message) -> None:
        self.seats = tuple(SeatInfo.from_wire(s) for s in msg.body["seats"])
        self.phase = msg.body["phase"]
        self.emit("seats", "")

    def _watchers(self, msg: Message) -> None:
        self.watchers = tuple(msg.body["names"])
        self.emit("seats", "", watchers=self.watchers)

    def _pause(self, msg: Message) -> None:
        self.paused, self.pause_text = True, msg.body["text"]
        self.emit("paused", msg.body["text"], reason=msg.body["reason"], seat=msg.body["who"])

    def _resume(self, msg: Message) -> None:
        self.paused, self.pause_text = False, ""
        self.emit("resumed", "Play goes on.")

    def _said(self, msg: Message) -> None:
        """A `ballot` or `clock`: the players' business, told in the host's words."""
        if msg.kind == "clock":
            self.emit("clock", msg.body["text"], seat=msg.body["target"],
                      left=msg.body["left_ms"] / 1000)

    def _error(self, msg: Message) -> None:
        self.stats["refused_messages"] += 1

    def _ping(self, msg: Message) -> None:
        """Liveness was noted on receipt."""

    def _bye(self, msg: Message) -> None:
        self.emit("connection", msg.body["text"] or "The host left.", status="closed")

    # --- commands from the UI ------------------------------------------------------------
    def on_command(self, command: Command) -> None:
        name = command[0]
        if name == "submit":
            self.emit("rejected", texts.code_text(e.WATCH_ONLY), code=e.WATCH_ONLY)
        elif name == "close":
            if self.watching:
                self._send("bye", text="stopped watching")
            self.stop()

    # --- time --------------------------------------------------------------------------
    def on_tick(self, now: float) -> None:
        self.last_heard = min(now, self.last_heard + self.away)
        if self.watching and now - self.last_sent >= self.heartbeat:
            self._send("ping")
        if now - self.last_heard <= self.timeout:
            return
        if not self.lost:
            self.lost = True
            self.emit("connection", texts.host_lost(self.address), status="lost")
        self._connect()

    def on_close(self) -> None:
        self.emit("closed", "Stopped watching." if self.phase != "refused" else self.refusal)

    HANDLERS: ClassVar[dict[str, Any]] = {
        "watching": _watching, "refused": _refused, "seen": _seen, "seats": _seats,
        "watchers": _watchers, "pause": _pause, "resume": _resume, "ballot": _said,
        "clock": _said, "error": _error, "ping": _ping, "bye": _bye,
    }
