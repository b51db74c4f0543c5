"""A joining peer's network thread: handshake, seed ceremony, lockstep copy, reconnects.

It owns one DEALER socket to the host. It applies the host's numbered
updates to its `Replica` and checks every digest; on a mismatch it pauses,
tells the host, fetches the host's record, writes the desync report and
offers to resync. When the host goes silent it opens a fresh socket and says
hello again for the same seat, so a restarted host (or a flaky link) picks
the game up where it was. It never judges legality: the host does.
"""

from __future__ import annotations

import copy
import logging
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import zmq

from . import errors as e
from . import fields, texts
from .address import parse_address
from .channel import Command, NetLoop
from .desync import build_report, write_report
from .errors import ProtocolError
from .events import Mirror, SeatInfo, visible_events
from .fields import MAX_NAME, unprintable
from .game import GameModule, Games, game_of, rules_versions
from .host import TIMEOUT_BEATS
from .protocol import BROADCASTS, Message, decode, encode, socket_limit
from .replica import Divergence, Replica, SnapshotError
from .seed import check_reveals, commitment, new_nonce, seed_from
from .storage import keep_game, remember_seat

log = logging.getLogger("tigris.net.peer")


@dataclass
class DesyncState:
    text: str
    reported: bool = False
    host_record: dict[str, Any] | None = None
    host_digest: str = ""


@dataclass
class SeedState:
    nonce: bytes
    commitments: dict[int, bytes]


class PeerLoop(NetLoop):
    def __init__(self, address: str, games: Games, *, want: int = -1, name: str = "",
                 token: str = "", heartbeat: float = 1.0, auto_resync: bool = False,
                 retry_for: float = 15.0) -> None:
        """`games`: the game modules this program can play, by id; the host says which.
        `token`: the secret of a seat this program held, which the host gives back."""
        super().__init__("tigris-peer")
        if not games:
            raise ValueError("a peer must be able to play at least one game")
        self.games = dict(games)
        self.game: GameModule | None = None
        self.bounds: fields.ActionBounds = fields.widest(
            fields.action_bounds(g) for g in self.games.values())
        """What every frame is checked against: the largest action of the games offered, then,
        once the host's welcome named it, of the played game (set once, not per frame)."""
        host, port = parse_address(address)
        self.host, self.port = host, port
        self.address = f"{host}:{port}"
        self.want = want
        if unprintable(name):
            raise ValueError(f"a name may not hold control or format characters, as "
                             f"{name!r} does")
        self.name = name[:MAX_NAME]
        self.token = token
        self.heartbeat = heartbeat
        self.timeout = heartbeat * TIMEOUT_BEATS
        self.auto_resync = auto_resync
        self.retry_for = retry_for
        self.phase = "connecting"
        self.my_seat: int | None = None
        self.seats: tuple[SeatInfo, ...] = ()
        self.replica: Replica | None = None
        self.host_seq: int | None = None
        self.my_seq = 0
        self.hello_seq = 0
        """The seq of this connection's latest hello: a `session/unknown` refusing a message
        sent before it is answered by it."""
        self.welcomed = False
        self.lost = False
        self.told_unreachable = False
        self.retry_deadline = time.monotonic() + retry_for
        self.last_heard = time.monotonic()
        self.last_sent = 0.0
        self.next_hello: float | None = None
        self.awaiting_snapshot = False
        self.desync: DesyncState | None = None
        self.seeding: SeedState | None = None
        self.last_action_seq = -1
        self.paused = False
        self.pause_text = ""
        self.refusal = ""
        self.out_of_time: int | None = None
        """The seat whose turn clock the host said ran out, until the game moves on."""
        self.watchers: tuple[str, ...] = ()

    # --- what the UI sees -------------------------------------------------------------
    def mirror(self) -> Mirror:
        rep = self.replica
        return Mirror(
            phase=self.phase, my_seat=self.my_seat, seats=self.seats,
            state=rep.state if rep else None,
            head=copy.deepcopy(rep.head) if rep else None,
            actions=tuple(rep.actions) if rep else (), paused=self.paused,
            pause_text=self.pause_text,
            can_resync=self.desync is not None and self.desync.host_record is not None,
            address=self.address, refusal=self.refusal, game=self.game,
            out_of_time=self.out_of_time, watchers=self.watchers)

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Seat {seat + 1}"

    # --- socket ------------------------------------------------------------------------
    def open_socket(self) -> None:
        self._connect()

    def _connect(self) -> None:
        self.dial(self.host, self.port, socket_limit(self.bounds))
        self.my_seq = 0
        self.host_seq = None
        self.welcomed = False
        self.last_heard = time.monotonic()
        self.retry_deadline = self.last_heard + self.retry_for
        self._hello()

    def _hello(self) -> None:
        want = self.my_seat if self.my_seat is not None else self.want
        self.hello_seq = self.my_seq + 1
        self._send("hello", games=rules_versions(self.games), name=self.name, want=want,
                   token=self.token)

    def _send(self, kind: str, *, ply: int | None = None, digest: str | None = None,
              **body: Any) -> int:
        """Send one message and return its seq; ProtocolError, nothing sent and no seq
        used, when it does not encode (an action larger than the game allows)."""
        rep = self.replica
        frame = encode(kind, bounds=self.bounds, seat=-1 if self.my_seat is None else self.my_seat,
                       seq=self.my_seq + 1, ply=(rep.ply if rep else 0) if ply is None else ply,
                       digest=(rep.digest if rep else "") if digest is None else digest, **body)
        self.my_seq += 1
        assert self.sock is not None
        try:
            self.sock.send(frame, zmq.NOBLOCK)
        except zmq.Again:
            self.stats["dropped_sends"] += 1
        self.last_sent = time.monotonic()
        return self.my_seq

    # --- incoming ----------------------------------------------------------------------
    def on_frames(self, frames: list[bytes]) -> None:
        try:
            if len(frames) != 1:
                raise ProtocolError(e.MSG_MALFORMED, "expected one frame")
            msg = decode(frames[0], self.bounds)
        except ProtocolError as err:
            self.stats["protocol_errors"] += 1
            if self.stats["protocol_errors"] <= 50:
                log.warning("ignored a message from the host: %s", err)
            return
        self.last_heard = time.monotonic()
        if self.lost:
            self.lost = False
            self.emit("connection", "The host answers again.", status="back")
        if msg.kind in BROADCASTS:
            if self.host_seq is None or msg.seq <= self.host_seq:
                self.stats["stale_broadcasts"] += 1
                return
            gap = msg.seq > self.host_seq + 1
            self.host_seq = msg.seq
            if gap:
                self.stats["gaps"] += 1
                if self.replica is not None and not self.awaiting_snapshot:
                    self.awaiting_snapshot = True
                    self._send("snapshot_req", reason="gap")
        handler = self.HANDLERS.get(msg.kind)
        if handler is None:
            self.stats["protocol_errors"] += 1
            return
        handler(self, msg)

    def _welcome(self, msg: Message) -> None:
        body = msg.body
        game = self.games.get(body["game"])
        if game is None or body["rules"] != game.RULES_VERSION:
            self._fail_welcome(body["game"], body["rules"])
            return
        if self.replica is not None and not same_game(self.replica.head, body["record"]):
            self._another_game(body["game"])
            return
        self.game = game
        self.bounds = fields.action_bounds(game)
        self.welcomed = True
        self.next_hello = None
        self.told_unreachable = False
        self.host_seq = msg.seq
        self.my_seat = body["you"]
        self.heartbeat = body["heartbeat_ms"] / 1000
        self.timeout = self.heartbeat * TIMEOUT_BEATS
        if body["token"] and body["token"] != self.token:
            self.token = body["token"]
            remember_seat(self.address, self.my_seat, self.token)
        self.seats = tuple(SeatInfo.from_wire(s) for s in body["seats"])
        self.phase = body["phase"]
        self.paused = body["paused"]
        self.out_of_time = None
        self.pause_text = texts.code_text(e.GAME_PAUSED) if self.paused else ""
        self.emit("joined", f"Joined {body['host']} at seat {self.my_seat + 1}.",
                  seat=self.my_seat, host=body["host"])
        if body["record"] is not None:
            self._adopt(body["record"], msg.digest)
        else:
            self.replica = None

    def _fail_welcome(self, game: str, rules: int) -> None:
        """A host that welcomed us to a game we did not offer (it should have refused)."""
        mine = self.games.get(game)
        code = e.GAME_MISMATCH if mine is None else e.RULES_MISMATCH
        self.phase = "refused"
        self.refusal = (texts.game_refusal(game, sorted(self.games)) if mine is None
                        else texts.rules_refusal(game, rules, mine.RULES_VERSION))
        self.emit("refused", self.refusal, code=code)
        self._send("bye", text=self.refusal[:400])
        self.stop()

    def _another_game(self, game_id: str) -> None:
        """Back at a host that now plays another game (restarted anew, or another game's
        host at the same address): this program's game is not thrown away for it."""
        rep = self.replica
        assert rep is not None
        kept = keep_game(self.address, rep.record())
        self.phase = "refused"
        self.refusal = texts.another_game(self.address, game_id, str(kept))
        self.emit("refused", self.refusal, code=e.GAME_OTHER, path=str(kept))
        self._send("bye", text="this program was playing another game")
        self.stop()

    def _refused(self, msg: Message) -> None:
        code, text = msg.body["code"], msg.body["text"]
        wanted = self.my_seat is not None or self.want >= 0
        if code == e.SEAT_TAKEN and wanted and time.monotonic() < self.retry_deadline:
            if self.next_hello is None:
                self.emit("notice", f"{text} Trying again…", code=code)
            self.next_hello = time.monotonic() + self.heartbeat
            return
        self.phase = "refused"
        self.refusal = text
        self.emit("refused", text, code=code)
        self.stop()

    def _seats(self, msg: Message) -> None:
        old = self.seats
        self.seats = tuple(SeatInfo.from_wire(s) for s in msg.body["seats"])
        late = self.out_of_time
        if late is not None and (late >= len(self.seats) or self.seats[late].kind != "human"):
            self.out_of_time = None
        if self.phase != "refused":
            self.phase = msg.body["phase"]
        self.emit("seats", self._describe_seat_change(old, self.seats))

    def _describe_seat_change(self, old: tuple[SeatInfo, ...], new: tuple[SeatInfo, ...]
                              ) -> str:
        lines = []
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            if a.status == b.status:
                continue
            if b.status == "disconnected":
                lines.append(texts.seat_disconnected(b.name))
            elif b.status == "connected" and a.status == "disconnected":
                lines.append(texts.seat_back(b.name))
            elif b.status == "connected" and a.status == "bot":
                lines.append(texts.seat_taken_back(b.name))
            elif b.status == "bot" and a.kind == "human":
                lines.append(texts.seat_to_bot(a.name, b.level or "?"))
            elif b.status == "connected":
                lines.append(f"{b.name} sat down at seat {i + 1}.")
        return " ".join(lines)

    def _begin(self, msg: Message) -> None:
        self.phase = "seeding"
        if self.my_seat in msg.body["participants"]:
            self.seeding = SeedState(new_nonce(), {})
            self._send("commit", commitment=commitment(self.seeding.nonce))

    def _commits(self, msg: Message) -> None:
        sd = self.seeding
        if sd is None:
            return
        sd.commitments = {pid: c for pid, c in msg.body["commitments"]}
        if sd.commitments.get(self.my_seat if self.my_seat is not None else -2) != commitment(
                sd.nonce):
            self._fail_start("the host did not pass on this program's commitment")
            return
        self._send("reveal", nonce=sd.nonce)

    def _start(self, msg: Message) -> None:
        sd, body = self.seeding, msg.body
        nonces = [(pid, nonce) for pid, nonce in body["nonces"]]
        problem = "this program took no part in the seed" if sd is None else (
            check_reveals(sd.commitments, nonces))
        if not problem and sd is not None and dict(nonces).get(self.my_seat) != sd.nonce:
            problem = "this program's secret was replaced"
        if not problem and seed_from(dict(nonces)) != body["seed"]:
            problem = "the seed does not follow from the secrets"
        if not problem and body["record"]["seed"] != body["seed"]:
            problem = "the game record has another seed"
        if problem:
            self._fail_start(problem)
            return
        self.seeding = None
        try:
            self.replica = Replica.from_snapshot(self._game, body["record"], msg.digest)
        except SnapshotError as exc:
            self._fail_start(str(exc))
            return
        self.phase = "playing"
        self.emit("started", "The game begins.", state=self.replica.state, seed=body["seed"])

    def _fail_start(self, problem: str) -> None:
        self.phase = "refused"
        self.refusal = texts.code_text(e.SEED_MISMATCH, problem)
        self.emit("refused", self.refusal, code=e.SEED_MISMATCH)
        self._send("bye", text=self.refusal[:400])
        self.stop()

    def _update(self, msg: Message) -> None:
        rep = self.replica
        if rep is None or self.awaiting_snapshot or self.desync is not None:
            return
        body = msg.body
        self.out_of_time = None
        try:
            state = rep.apply_update(body["action"], body["prev"], msg.digest)
        except Divergence as div:
            self._diverged(div, _notation(rep.game, body["action"]))
            return
        seat = body["by"]
        notation = rep.game.format_action(body["action"])
        self.emit("applied", f"{self.seat_name(seat)}: {notation}", state=state, ply=rep.ply,
                  seat=seat, action=body["action"], notation=notation,
                  events=visible_events(state.events, self.my_seat), digest=rep.digest)
        if state.is_over:
            self.phase = "over"
            self.emit("game_over", "The game is over.", state=state, ranking=state.ranking(),
                      digest=rep.digest)

    def _diverged(self, div: Divergence, where: str) -> None:
        text = texts.desync_detected(div.ply, where)
        log.warning("desync at ply %d: %s", div.ply, div.text)
        self.stats["desyncs"] += 1
        self.desync = DesyncState(text=div.text)
        self.paused = True
        self.pause_text = text
        self._send("desync", at=div.ply, expected=div.expected, got=div.got)
        self._send("snapshot_req", reason="desync")
        self.emit("desync", text, ply=div.ply, expected=div.expected, got=div.got)

    def _error(self, msg: Message) -> None:
        code, text = msg.body["code"], msg.body["text"]
        if code == e.SESSION_UNKNOWN:
            if msg.body["ref"] > self.hello_seq:
                self._hello()
            return
        rep = self.replica
        if code == e.STATE_DIVERGED and rep is not None and self.desync is None:
            self._diverged(Divergence(rep.ply, "", rep.digest, text),
                           "the host found it when checking your action")
        if msg.body["ref"] == self.last_action_seq:
            self.emit("rejected", texts.code_text(code, text), code=code)
            return
        log.info("the host refused a message: %s %s", code, text)
        self.emit("notice", texts.code_text(code, text), code=code)

    def _snapshot(self, msg: Message) -> None:
        record = msg.body["record"]
        if self.desync is not None:
            self.desync.host_record, self.desync.host_digest = record, msg.digest
            if not self.desync.reported:
                self._report()
            if self.auto_resync:
                self._resync()
            return
        self.awaiting_snapshot = False
        self.paused = msg.body["paused"]
        self._adopt(record, msg.digest)

    def _report(self) -> None:
        rep, ds = self.replica, self.desync
        assert rep is not None and ds is not None and ds.host_record is not None
        report = build_report(game=rep.game, seat=self.my_seat, ply=rep.ply, reason=ds.text,
                              our_record=rep.record(), our_position=rep.state.to_dict(),
                              our_digest=rep.digest, host_record=ds.host_record,
                              host_record_digest=ds.host_digest)
        path = write_report(report)
        ds.reported = True
        self.emit("desync_report", texts.desync_report(str(path)), path=str(path))

    def _adopt(self, record: dict[str, Any], digest: str) -> None:
        """Take the host's record as ours (joining a running game, a gap, a host restart)."""
        try:
            replica = Replica.from_snapshot(self._game, record, digest, self._keep_alive)
        except SnapshotError as exc:
            self.emit("resync_failed", texts.resync_failed(str(exc)))
            return
        self.replica = replica
        self.desync = None
        self.awaiting_snapshot = False
        if self.phase == "lobby":
            self.phase = "playing"
        if replica.state.is_over:
            self.phase = "over"
        self.emit("resynced", f"Caught up with the host at action {replica.ply}.",
                  state=replica.state, ply=replica.ply, digest=replica.digest)

    def _keep_alive(self, _: object) -> None:
        """A ping when one is due while this thread replays a long record (a whole civ game
        takes seconds, more on a small computer): the host takes silence for a drop, and the
        dropped peer's hello would bring the record, and the silence, again."""
        if time.monotonic() - self.last_sent >= self.heartbeat:
            self._send("ping")

    @property
    def _game(self) -> GameModule:
        """The host's game, known since the welcome (a record only comes after one)."""
        if self.game is None:
            raise SnapshotError("no welcome yet: the host's game is not known")
        return self.game

    def _resync(self) -> None:
        ds = self.desync
        if ds is None:
            return
        if ds.host_record is None:
            self._send("snapshot_req", reason="resync")
            return
        self._adopt(ds.host_record, ds.host_digest)
        if self.desync is None:
            self._send("resynced")

    def _pause(self, msg: Message) -> None:
        self.paused = True
        self.pause_text = msg.body["text"]
        self.out_of_time = None
        self.emit("paused", msg.body["text"], reason=msg.body["reason"], seat=msg.body["who"])

    def _resume(self, msg: Message) -> None:
        self.paused = False
        self.pause_text = ""
        self.out_of_time = None
        self.emit("resumed", "Every copy matches again: play on.")

    def _ping(self, msg: Message) -> None:
        """Liveness was noted on receipt."""

    def _propose(self, target: int, yes: bool) -> None:
        """Propose, or vote on, a computer for the stalled seat `target`; the host decides
        whether the seat is stalled and counts the votes."""
        if self.welcomed and self.phase == "playing":
            self._send("hand_over", target=target, yes=yes)

    def _ballot(self, msg: Message) -> None:
        body = msg.body
        self.emit("ballot", texts.ballot(self.seat_name(body["target"]),
                                         self.seat_name(body["by"]), len(body["yes"]),
                                         body["needed"], body["result"]),
                  target=body["target"], result=body["result"], yes=body["yes"],
                  needed=body["needed"])

    def _notice(self, msg: Message) -> None:
        """News for this seat alone (who played for it while away; the host's set-aside
        autosave): shown, nothing to do."""
        body = msg.body
        self.emit("notice", body["text"], code=body["code"], plies=body["plies"])

    def _clock(self, msg: Message) -> None:
        """The host's turn clock: a warning, or the time up (`left_ms` 0), when the players
        may vote a computer onto the seat; shown in the host's words."""
        body = msg.body
        self.out_of_time = body["target"] if body["left_ms"] == 0 else None
        self.emit("clock", body["text"], seat=body["target"], left=body["left_ms"] / 1000)

    def _watchers(self, msg: Message) -> None:
        old, self.watchers = self.watchers, tuple(msg.body["names"])
        joined = [name for name in self.watchers if name not in old]
        left = [name for name in old if name not in self.watchers]
        text = (texts.watcher_joined(joined[0]) if joined
                else texts.watcher_left(left[0]) if left else "")
        self.emit("seats", text, watchers=self.watchers)

    def _bye(self, msg: Message) -> None:
        self.emit("connection", msg.body["text"] or "The host left.", status="closed")

    # --- commands from the UI ------------------------------------------------------------
    def on_command(self, command: Command) -> None:
        name, *args = command
        if name == "submit":
            action, ply, digest = args
            reason = ("" if self.welcomed and self.replica is not None else
                      texts.code_text(e.GAME_NOT_STARTED))
            if not reason and self.paused:
                reason = texts.code_text(e.GAME_PAUSED, self.pause_text)
            if reason:
                self.emit("rejected", reason, code=e.GAME_PAUSED if self.paused else
                          e.GAME_NOT_STARTED)
                return
            try:
                self.last_action_seq = self._send("action", ply=ply, digest=digest,
                                                  action=action)
            except ProtocolError as err:
                self.emit("rejected", texts.code_text(e.ACTION_UNSENDABLE, err.text),
                          code=e.ACTION_UNSENDABLE)
        elif name == "sit":
            if self.welcomed:
                self._send("sit", want=args[0])
        elif name == "resync":
            self._resync()
        elif name == "hand_to_bot":
            self._propose(args[0], True)
        elif name == "vote":
            self._propose(*args)
        elif name == "close":
            if self.welcomed:
                self._send("bye", text="left the game")
            self.stop()

    # --- time --------------------------------------------------------------------------
    def on_tick(self, now: float) -> None:
        self.last_heard = min(now, self.last_heard + self.away)
        if self.welcomed and now - self.last_sent >= self.heartbeat:
            self._send("ping")
        if self.next_hello is not None and now >= self.next_hello:
            self.next_hello = None
            self._hello()
        if now - self.last_heard <= self.timeout:
            return
        if self.welcomed and not self.lost:
            self.lost = True
            self.emit("connection", texts.host_lost(self.address), status="lost")
        elif not self.welcomed and not self.told_unreachable:
            self.told_unreachable = True
            self.emit("connection", texts.host_unreachable(self.address), status="unreachable")
        self._connect()

    def on_close(self) -> None:
        self.emit("closed", "Left the game." if self.phase != "refused" else self.refusal)

    HANDLERS: ClassVar[dict[str, Any]] = {
        "welcome": _welcome, "refused": _refused, "seats": _seats, "begin": _begin,
        "commits": _commits, "start": _start, "update": _update, "error": _error,
        "snapshot": _snapshot, "pause": _pause, "resume": _resume, "ping": _ping, "bye": _bye,
        "ballot": _ballot, "notice": _notice, "clock": _clock, "watchers": _watchers,
    }


def same_game(head: dict[str, Any], record: dict[str, Any] | None) -> bool:
    """Whether a host's record continues the game whose head (the record without its
    actions) this program holds: the same game, players, seed and options."""
    return record is not None and all(
        game_of(record) == game_of(head) if key == "game" else record.get(key) == head.get(key)
        for key in ("game", "players", "seed", "options"))


def _notation(game: GameModule, action: dict[str, Any]) -> str:
    """An action in the game's notation, or as data when the game cannot write it."""
    try:
        return str(game.format_action(action))
    except Exception:
        return repr(action)[:80]
