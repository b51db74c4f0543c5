"""The host's network thread: lobby, seed ceremony, sequencer, heartbeats, autosave, bots.

It owns the ROUTER socket and the authoritative game (`Sequencer`); it also
keeps the host player's own lockstep copy (`Replica`) and checks it against
every update like any other peer. It must not block: computer players think
in `BotWorker`'s thread and answer through the command queue. See
`net.protocol` for the messages.
"""

from __future__ import annotations

import copy
import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import zmq

import datafiles
import engine

from . import errors as e
from . import fields, texts
from .bots import BotWorker, level_problem, make_bot
from .channel import Command, NetLoop
from .desync import build_report, write_report
from .errors import ProtocolError
from .events import Mirror, visible_events
from .game import Action, Bot, BotFactory, GameModule, State, game_of, new_record, setup_problem
from .lobby import DEFAULT_STAND_IN, Lobby, parse_seat
from .protocol import (
    HOST_PID,
    MAX_CLOCK_MS,
    MAX_WATCHERS,
    PROTOCOL_VERSION,
    Message,
    check_record_room,
    decode,
    encode,
    packed_size,
    record_room,
    socket_limit,
)
from .replica import Divergence, Replay, Replica
from .seed import check_reveals, commitment, new_nonce, seed_from
from .sequencer import Sequencer
from .storage import (
    AUTOSAVE_FORMAT,
    archive,
    default_autosave,
    peek_autosave,
    read_autosave,
    write_json_atomic,
)
from .watch import DEFAULT_WATCHERS, Watcher, for_watchers, public_view

log = logging.getLogger("tigris.net.host")

TIMEOUT_BEATS = 4
LOGGED_ERRORS = 50
CLOCK_WARNING = 60.0
"""Seconds before a turn clock runs out that everyone is told (half the clock if shorter)."""


@dataclass
class HostConfig:
    """How to host `game` (a module of `engine.games()`). `seats` holds one "human" / "bot" /
    "bot:LEVEL" per seat; `bots(level, seed)` makes the game's computer players (None: the
    game is hosted without them)."""

    game: GameModule
    bots: BotFactory | None = None
    players: int = 4
    seats: list[str] | None = None
    host_seat: int | None = 0
    options: dict[str, Any] = field(default_factory=dict)
    bind: str = "127.0.0.1"
    port: int = 0
    name: str = "LAN game"
    host_name: str = "Host"   # how the host's own seat is shown to everyone
    heartbeat: float = 1.0
    autosave: bool = True
    autosave_path: Path | None = None
    resume: dict[str, Any] | None = None
    resume_replay: Replay | None = None
    """`resume`'s record as its reader replayed it (`read_hosted_autosave` with `digests`):
    the host then takes its final state and digests instead of replaying it again (a whole
    civ game's record takes seconds)."""
    autostart: bool = True
    bot_budget: float = 1.0
    seed_timeout: float = 10.0
    resync_timeout: float = 20.0
    """Seconds a peer whose copy differs may take to rebuild it before it is taken off the
    table, so no peer can keep the others paused."""
    unfinished: str = "archive"
    """What to do when the autosave file holds another game that is not over: "archive" it
    (moved aside, never overwritten) or "refuse" to host, with a ValueError saying how to
    resume it."""
    stand_in: str = DEFAULT_STAND_IN
    """The computer level that takes a seat taken off the table, and that a plain "bot" seat
    plays: the game's (`ai.default_level`), passed in by whoever builds the host; when the
    game has no such level, a taken seat waits for its player to rejoin."""
    stall_after: float = 5.0
    """Seconds a seat must be without its player, or keep the game paused with a differing
    copy, before a seated player may propose that a computer takes it."""
    set_aside: datafiles.UnreadableFile | None = None
    """An unreadable autosave the caller found, and set aside, before making the host (the
    command line looks for a game to resume first): the host says so like one it finds."""
    turn_clock: float | None = None
    """Seconds a remote player's seat may be to move without acting before the players may
    vote a computer onto it, though its connection lives (None: no clock). Everyone is
    told when CLOCK_WARNING seconds are left and when the time is up; the player takes the
    seat back by acting. Off by default; pass-and-play has none."""
    watchers: int = DEFAULT_WATCHERS
    """How many peers may watch at once (`net.watch`; 0 to MAX_WATCHERS): they see the
    public position only and never act; one more is refused with `watch/full`."""

    def seat_specs(self) -> list[str]:
        """The seats as given, checked against the game: ValueError says what is wrong."""
        specs = list(self.seats) if self.seats else ["human"] * self.players
        if len(specs) != self.players:
            raise ValueError(f"{len(specs)} seats given for {self.players} players")
        problem = setup_problem(self.game, self.players, self.options)
        if problem:
            raise ValueError(problem)
        for spec in specs:
            kind, level = parse_seat(spec, self.stand_in)
            problem = level_problem(self.bots, level or "") if kind == "bot" else ""
            if problem:
                raise ValueError(problem)
        return specs


def unfinished_autosave(path: Path, game: GameModule,
                        set_aside: list[datafiles.UnreadableFile] | None = None
                        ) -> dict[str, Any] | bool:
    """The autosave at `path` when its game is not over; False when it is over or is no
    longer there (the reader sets aside a damaged file and one whose record does not
    replay, and appends why to `set_aside`: the host says so); True when it stays but
    cannot be read (it is kept too: what is in it is not known). `game` is the hosted game;
    an autosave of another is judged by the registered game of its id, and one of a game
    this program does not have counts as unfinished."""
    replayed: list[State] = []
    try:
        data = read_hosted_autosave(path, game, replayed)
    except datafiles.UnreadableFile as exc:
        if exc.set_aside_to is not None and set_aside is not None:
            set_aside.append(exc)
        return path.exists()
    if data.get("over") is True or (replayed and replayed[0].is_over):
        return False
    return data


def read_hosted_autosave(path: Path, game: GameModule, replayed: list[State] | None = None,
                         digests: list[str] | None = None) -> dict[str, Any]:
    """The autosave at `path` once its record replays (its final position is appended to
    `replayed`, and with `digests` the digest before the first action and after each, what a
    host resuming it needs: `HostConfig.resume_replay`); UnreadableFile otherwise, a record
    the engine refuses set aside with the engine's reason like any damaged file. A record of
    a game this program does not have is left alone: a newer program may read it."""
    def replay(record: dict[str, Any]) -> None:
        saved_id = game_of(record)
        try:
            saved = game if saved_id == game.ID else engine.load(saved_id)
        except ValueError:
            return
        try:
            bounds = fields.action_bounds(saved)
            fields.record(bounds)(record, "record")
            check_record_room(record["actions"], bounds, "record.actions")
        except (ProtocolError, ValueError) as exc:
            raise datafiles.BadContent(str(getattr(exc, "text", exc))) from None
        found: list[str] = []
        try:
            if digests is None:
                state = saved.replay(record)
            else:
                state = saved.replay({**record, "actions": []})
                found.append(state.digest())
                for action in record["actions"]:
                    state = state.apply(action)
                    found.append(state.digest())
        except Exception as exc:
            raise datafiles.BadContent(
                f"its game does not replay ({str(exc)[:200]})") from None
        if replayed is not None:
            replayed.append(state)
        if digests is not None:
            digests[:] = found

    return read_autosave(path, replay)


@dataclass
class Conn:
    identity: bytes
    seat: int
    name: str
    last_seen: float
    last_seq: int
    desynced_at: float | None = None
    """When the host paused the game for this peer's differing copy (monotonic clock)."""
    answered: dict[str, tuple[float, int]] = field(default_factory=dict)
    """Per costly request ("welcome", "snapshot", "hand_over"): when it was last handled
    and the broadcast number after it, so a repeated one is handled only once a heartbeat
    has passed or something it did not cause itself changed."""


@dataclass
class Ballot:
    """The vote on handing the stalled seat `target` to a computer, proposed by seat `by`."""

    target: int
    by: int
    yes: set[int] = field(default_factory=set)
    no: set[int] = field(default_factory=set)


@dataclass
class Seeding:
    participants: list[int]
    nonce: bytes
    deadline: float
    commitments: dict[int, bytes] = field(default_factory=dict)
    nonces: dict[int, bytes] = field(default_factory=dict)
    revealing: bool = False


class HostLoop(NetLoop):
    def __init__(self, config: HostConfig) -> None:
        limit = MAX_CLOCK_MS / 1000
        if config.turn_clock is not None and not 0 < config.turn_clock <= limit:
            raise ValueError(f"a turn clock is more than 0 and at most {limit:g} seconds, not "
                             f"{config.turn_clock!r}")
        if not 0 <= config.watchers <= MAX_WATCHERS:
            raise ValueError(f"a host allows 0 to {MAX_WATCHERS} watchers, not "
                             f"{config.watchers!r}")
        super().__init__("tigris-host")
        self.config = config
        self.game = config.game
        self.bounds = fields.action_bounds(config.game)
        """The game's largest action: what every frame of this host is checked against."""
        self.my_seat = config.host_seat
        self.sequencer: Sequencer | None = None
        self.replica: Replica | None = None
        resume = config.resume
        if resume is not None:
            try:
                saved = game_of(resume["record"])
                if saved != self.game.ID:
                    raise ValueError(f"it is a game of {saved}, not of {self.game.ID}")
                self.sequencer = Sequencer(self.game, resume["record"], config.resume_replay)
                self.replica = self.sequencer.twin()
                self.my_seat = resume["host_seat"]
                self.lobby = Lobby.from_saved(resume["seats"], self.my_seat)
                self.players = int(resume["record"]["players"])
                self.options = dict(resume["record"]["options"])
            except (KeyError, TypeError, IndexError, ValueError) as exc:
                raise ValueError(f"the autosave cannot be resumed: {exc}") from None
        else:
            self.lobby = Lobby.from_specs(config.seat_specs(), config.host_seat,
                                          config.host_name, config.stand_in)
            self.players = config.players
            self.options = dict(config.options)
        self.phase = "lobby" if resume is None else (
            "over" if self.sequencer and self.sequencer.state.is_over else "playing")
        self.autosave_path = config.autosave_path or (
            default_autosave() if config.autosave else None)
        self.set_aside = [] if config.set_aside is None else [config.set_aside]
        self._keep_unfinished_autosave()
        self.set_aside_text = " ".join(
            texts.autosave_set_aside(str(exc.path), exc.reason, str(exc.set_aside_to))
            for exc in self.set_aside)
        """What the host says of an unreadable autosave it set aside, at its console and to
        each peer that joins its lobby."""
        self.conns: dict[bytes, Conn] = {}
        self.watchers: dict[bytes, Watcher] = {}
        self.dropped: set[bytes] = set()
        """Connections the host took off the table: their hellos are refused (a player
        rejoins on a fresh connection)."""
        self.bseq = 0
        self.paused = False
        self.pause_text = ""
        self.local_desync = False
        self.seeding: Seeding | None = None
        self.bots: dict[tuple[int, str | None], Bot] = {}
        self.ballots: dict[int, Ballot] = {}
        self.gone_since: dict[int, float] = {}
        """Seat → when its player's connection went, while the game is played."""
        self.clock_since = time.monotonic()
        """Since when the seat to move has been to move, for the turn clock: the last action,
        the game's start or resumption, the end of a pause, a seat taken back by acting."""
        self.clock_said = ""
        """What everyone was told of the current turn's clock: "", "warning" or "out"."""
        self.bot_ticket: tuple[int, str, int] | None = None
        self.bot_worker = BotWorker(self._bot_answer, config.bot_budget)
        self.port = 0
        self.address = ""
        self.timeout = config.heartbeat * TIMEOUT_BEATS
        self.last_ping = 0.0

    def _keep_unfinished_autosave(self) -> None:
        """Never write over a game that is not over, unless it is the one being resumed."""
        path = self.autosave_path
        if path is None or not path.exists():
            return
        resumed = self.config.resume
        looked = peek_autosave(path) if resumed is not None else None
        if looked is not None and resumed is not None and looked["record"] == resumed["record"]:
            return   # the game resumed: read and replayed already, by whoever resumes it
        saved = unfinished_autosave(path, self.game, self.set_aside)
        if saved is False or (isinstance(saved, dict) and resumed is not None
                              and saved["record"] == resumed["record"]):
            return
        if self.config.unfinished != "archive":
            raise ValueError(texts.unfinished_autosave(str(path)))
        log.warning("an unfinished game was kept: %s", archive(path))

    # --- what the UI sees -------------------------------------------------------------
    def mirror(self) -> Mirror:
        rep = self.replica
        return Mirror(
            phase=self.phase, my_seat=self.my_seat, seats=self.lobby.infos(),
            state=rep.state if rep else None,
            head=copy.deepcopy(rep.head) if rep else None,
            actions=tuple(rep.actions) if rep else (), paused=self.paused,
            pause_text=self.pause_text, can_resync=self.local_desync, address=self.address,
            game=self.game, out_of_time=self._clocked_seat() if self.clock_said == "out" else None,
            watchers=self._watcher_names())

    def seat_name(self, seat: int) -> str:
        return self.lobby.seats[seat].shown_name

    # --- socket ------------------------------------------------------------------------
    def open_socket(self) -> None:
        sock = self.new_socket(zmq.ROUTER, socket_limit(self.bounds))
        bind = self.config.bind
        try:
            sock.bind(f"tcp://{bind}:{self.config.port or '*'}")
        except zmq.ZMQError:
            sock.close(linger=0)
            self.bot_worker.close()
            raise
        self.port = int(sock.getsockopt_string(zmq.LAST_ENDPOINT).rsplit(":", 1)[1])
        shown = socket.gethostname() if bind in ("*", "0.0.0.0", "::") else bind
        self.address = f"{shown}:{self.port}"
        self.use_socket(sock)
        if self.phase == "playing":
            self._tell_set_aside()
            self.emit("started", f"Resumed the game at action {self.sequencer_.ply}.",
                      state=self.replica.state if self.replica else None, resumed=True)
            self._restart_clock()
            self._schedule_bot()
        else:
            self.emit("seats", f"Hosting at {self.address}.")
            self._tell_set_aside()
            self._maybe_autostart()

    def _tell_set_aside(self) -> None:
        if self.set_aside_text:
            self.emit("notice", self.set_aside_text, code=e.AUTOSAVE_SET_ASIDE,
                      paths=[str(exc.set_aside_to) for exc in self.set_aside])

    @property
    def sequencer_(self) -> Sequencer:
        assert self.sequencer is not None
        return self.sequencer

    def _header(self) -> dict[str, Any]:
        seq = self.sequencer
        return {"seat": -1 if self.my_seat is None else self.my_seat, "seq": self.bseq,
                "ply": seq.ply if seq else 0, "digest": seq.digest if seq else ""}

    def _send(self, identity: bytes, kind: str, *, blank: bool = False, **body: Any) -> None:
        """A direct message; one to a watcher (or `blank`: a refused watch) has no digest."""
        header = (self._watcher_header() if blank or identity in self.watchers
                  else self._header())
        self._send_frame(identity, encode(kind, **header, bounds=self.bounds, **body))

    def _send_frame(self, identity: bytes, frame: bytes) -> None:
        assert self.sock is not None
        try:
            self.sock.send_multipart([identity, frame], zmq.NOBLOCK)
        except zmq.Again:
            self.stats["dropped_sends"] += 1

    def _broadcast(self, kind: str, **body: Any) -> None:
        self.bseq += 1
        frame = encode(kind, **self._header(), bounds=self.bounds, **body)
        for identity in self.conns:
            self._send_frame(identity, frame)
        self._to_watchers(kind, body)

    def _to_watchers(self, kind: str, body: dict[str, Any]) -> None:
        """Send the watchers what they may see of the broadcast `kind` (`net.watch`), with
        no digest. A frame that cannot be built is counted and skipped: a watcher never
        holds the players up."""
        if not self.watchers:
            return
        seq = self.sequencer
        mapped = for_watchers(kind, body, seq.state if seq else None)
        if mapped is None:
            return
        try:
            frame = encode(mapped[0], **self._watcher_header(), bounds=self.bounds, **mapped[1])
        except ProtocolError as err:
            self._count("watcher_unsendable", "could not send watchers a %s: %s", kind, err)
            return
        for identity in self.watchers:
            self._send_frame(identity, frame)

    def _watcher_header(self) -> dict[str, Any]:
        return {**self._header(), "digest": ""}

    def _count(self, counter: str, what: str, *args: Any) -> None:
        """Count a refusal and log it; after the first few only every thousandth (a flood)."""
        self.stats[counter] += 1
        count = self.stats[counter]
        if count <= LOGGED_ERRORS or count % 1000 == 0:
            log.warning(f"{what} (%d so far)", *args, count)

    def _error(self, identity: bytes, err: ProtocolError, ref: int) -> None:
        self._count("protocol_errors", "refused a message from %s: %s", identity.hex(), err)
        self._send(identity, "error", code=err.code, text=err.text[:400], ref=ref)

    def _refuse(self, identity: bytes, code: str, text: str, blank: bool = False) -> None:
        self._count("refusals", "refused a peer: %s", text)
        self._send(identity, "refused", blank=blank, code=code, text=text[:400])

    # --- incoming ----------------------------------------------------------------------
    def on_frames(self, frames: list[bytes]) -> None:
        identity = frames[0]
        conn = self.conns.get(identity)
        if conn is not None:
            conn.last_seen = time.monotonic()
        watcher = self.watchers.get(identity)
        if watcher is not None:
            watcher.last_seen = time.monotonic()
        if len(frames) != 2:
            self._error(identity, ProtocolError(e.MSG_MALFORMED, "expected one frame"), 0)
            return
        try:
            msg = decode(frames[1], self.bounds)
        except ProtocolError as err:
            if err.code == e.VERSION_MISMATCH:
                self._refuse(identity, err.code,
                             texts.version_refusal(PROTOCOL_VERSION, int(str(err.value))))
            elif err.kind in ("hello", "watch"):
                self._refuse(identity, err.code, texts.code_text(err.code, err.text),
                             blank=err.kind == "watch")
            else:
                self._error(identity, err, err.seq)
            return
        if watcher is not None or (msg.kind == "watch" and conn is None):
            self._from_watcher(identity, watcher, msg)
            return
        if msg.kind == "hello":
            self._hello(identity, msg)
            return
        if conn is None:
            if msg.kind != "bye":
                self._error(identity, ProtocolError(e.SESSION_UNKNOWN, "say hello first"),
                            msg.seq)
            return
        if msg.seq <= conn.last_seq:
            self._error(identity, ProtocolError(e.MSG_REPLAY, f"message {msg.seq} again"),
                        msg.seq)
            return
        conn.last_seq = msg.seq
        if msg.seat != conn.seat:
            self._error(identity, ProtocolError(
                e.SEAT_FORGED, f"this connection sits at seat {conn.seat}, not {msg.seat}"),
                msg.seq)
            return
        handler = self.HANDLERS.get(msg.kind)
        if handler is None:
            self._error(identity, ProtocolError(e.MSG_UNKNOWN_TYPE,
                                                f"{msg.kind!r} is not for the host"), msg.seq)
            return
        try:
            handler(self, conn, msg)
        except ProtocolError as err:
            self._error(identity, err, msg.seq)

    def _offered_game(self, identity: bytes, offered: dict[str, int], blank: bool = False
                      ) -> bool:
        """Whether a hello's (or a watch's: `blank`) games include the host's, at its rules
        version; if not, it is refused."""
        game_id, rules = self.game.ID, self.game.RULES_VERSION
        if game_id not in offered:
            self._refuse(identity, e.GAME_MISMATCH, texts.game_refusal(game_id, sorted(offered)),
                         blank)
            return False
        if offered[game_id] != rules:
            self._refuse(identity, e.RULES_MISMATCH,
                         texts.rules_refusal(game_id, rules, offered[game_id]), blank)
            return False
        return True

    def _hello(self, identity: bytes, msg: Message) -> None:
        if not self._offered_game(identity, msg.body["games"]):
            return
        conn = self.conns.get(identity)
        if conn is None:
            if identity in self.dropped:
                self._refuse(identity, e.SEAT_DROPPED, texts.code_text(e.SEAT_DROPPED))
                return
            if self.phase == "seeding":
                self._refuse(identity, e.GAME_STARTING, texts.code_text(e.GAME_STARTING))
                return
            returning = self.lobby.seat_of_token(msg.body["token"])
            played: list[tuple[int, str]] = []
            try:
                if returning is None:
                    seat = self.lobby.claim(msg.body["want"], identity, msg.body["name"],
                                            playing=self.phase in ("playing", "over"))
                else:
                    seat, played = returning, self._return(returning, identity, msg)
            except ProtocolError as err:
                self._refuse(identity, err.code, texts.code_text(err.code, err.text))
                return
            guest = self.lobby.seats[seat].guest if returning is None else ""
            conn = Conn(identity, seat, msg.body["name"], time.monotonic(), msg.seq)
            self.conns[identity] = conn
            if self.bot_ticket and self.bot_ticket[2] == seat:
                self.bot_ticket = None
            seated = True
        elif msg.seq <= conn.last_seq:
            self._error(identity, ProtocolError(e.MSG_REPLAY, f"message {msg.seq} again"),
                        msg.seq)
            return
        else:
            seated, guest = False, ""
        conn.last_seq = msg.seq
        seq, you = self.sequencer, conn.seat
        try:
            self._answer_once(conn, "welcome", lambda: self._welcome(
                identity, you, seq.record() if seq else None))
        except ProtocolError as err:
            self._error(identity, err, msg.seq)
            return
        if not seated:
            return
        if played:
            self._send(identity, "notice", code=e.SEAT_PLAYED_FOR,
                       text=texts.played_for(played)[:400], plies=[ply for ply, _ in played])
        if self.set_aside_text and self.phase == "lobby":
            self._send(identity, "notice", code=e.AUTOSAVE_SET_ASIDE,
                       text=self.set_aside_text[:400], plies=[])
        self.gone_since.pop(conn.seat, None)
        self._close_ballot(conn.seat, "ended")
        text = (f"{self.seat_name(conn.seat)} sat down at seat {conn.seat + 1}."
                if self.phase == "lobby" else
                texts.guest_sits(guest, self.lobby.seats[conn.seat].name) if guest
                else texts.seat_back(self.seat_name(conn.seat)))
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        if self.watchers:
            self._broadcast("watchers", names=list(self._watcher_names()))
        self.emit("seats", text)
        self._maybe_autostart()

    def _return(self, index: int, identity: bytes, msg: Message) -> list[tuple[int, str]]:
        """A player back with its seat's token (a restarted program): the seat is theirs at
        once. A connection still holding it is an older one of theirs, or their guest's
        when the owner is back, and is let go. Returns what was played for the owner."""
        seat = self.lobby.seats[index]
        owner_back_from_guest = msg.body["token"] == seat.token and bool(seat.guest)
        old = self.conns.pop(seat.identity or b"", None)
        if old is not None:
            self._send(old.identity, "bye", text=(
                texts.owner_back(seat.name) if owner_back_from_guest
                else texts.seat_moved(self.seat_name(index))))
            self.dropped.add(old.identity)
        return self.lobby.come_back(index, msg.body["token"], identity, msg.body["name"])

    def _answer_once(self, conn: Conn | Watcher, request: str, handle: Callable[[], None]
                     ) -> None:
        """Handle a costly `request` of `conn` ("welcome", "snapshot": a record sent;
        "hand_over": a ballot broadcast to everyone) by calling `handle`, unless one was
        handled less than a heartbeat ago and the host has broadcast nothing since that the
        request did not cause itself: then ProtocolError, a flood. One rule for them all."""
        now = time.monotonic()
        last = conn.answered.get(request)
        if last is not None and last[1] == self.bseq and now - last[0] < self.config.heartbeat:
            self._count("too_often", "seat %d sent a %s again", conn.seat, request)
            raise ProtocolError(e.MSG_TOO_OFTEN, f"a {request} was just handled and nothing "
                                                 f"has changed since")
        try:
            handle()
        finally:
            conn.answered[request] = (now, self.bseq)

    # --- watchers ----------------------------------------------------------------------
    def _from_watcher(self, identity: bytes, watcher: Watcher | None, msg: Message) -> None:
        """A watcher's message, or a `watch` from a connection without a seat. A watcher
        may only watch, ping and leave: it never pauses, stalls or votes, and takes a seat
        only by joining on a connection of its own, like anyone."""
        if watcher is None:
            self._watch(identity, msg)
            return
        if msg.seq <= watcher.last_seq:
            self._error(identity, ProtocolError(e.MSG_REPLAY, f"message {msg.seq} again"),
                        msg.seq)
            return
        watcher.last_seq = msg.seq
        if msg.kind == "ping":
            return
        if msg.kind == "bye":
            self._unwatch(watcher, texts.watcher_left(watcher.name))
        elif msg.kind == "watch":
            try:
                self._answer_once(watcher, "welcome", lambda: self._watching(identity))
            except ProtocolError as err:
                self._error(identity, err, msg.seq)
        else:
            self._count("watcher_refusals", "a watcher sent %s", msg.kind)
            self._error(identity, ProtocolError(e.WATCH_ONLY, texts.code_text(e.WATCH_ONLY)),
                        msg.seq)

    def _watch(self, identity: bytes, msg: Message) -> None:
        if not self._offered_game(identity, msg.body["games"], blank=True):
            return
        if len(self.watchers) >= self.config.watchers:
            self._refuse(identity, e.WATCH_FULL, texts.code_text(
                e.WATCH_FULL, f"{self.config.watchers} at most"), blank=True)
            return
        name = msg.body["name"] or "A watcher"
        self.watchers[identity] = Watcher(identity, name, time.monotonic(), msg.seq)
        try:
            self._watching(identity)
        except ProtocolError as err:   # a public position larger than a frame: not watchable
            del self.watchers[identity]
            self._refuse(identity, err.code, texts.code_text(err.code, err.text), blank=True)
            return
        self._tell_watchers(texts.watcher_joined(name))

    def _watching(self, identity: bytes) -> None:
        seq = self.sequencer
        self._send_frame(identity, encode(
            "watching", **self._watcher_header(), bounds=self.bounds, game=self.game.ID,
            rules=self.game.RULES_VERSION, players=self.players, phase=self.phase,
            options=self.options, seats=self.lobby.wire(), watchers=list(self._watcher_names()),
            view=public_view(seq.state if seq else None), paused=self.paused,
            host=self.config.name[:40],
            heartbeat_ms=max(1, round(self.config.heartbeat * 1000))))

    def _unwatch(self, watcher: Watcher, text: str) -> None:
        self.watchers.pop(watcher.identity, None)
        self._tell_watchers(text)

    def _tell_watchers(self, text: str) -> None:
        names = self._watcher_names()
        self._broadcast("watchers", names=list(names))
        self.emit("seats", text, watchers=names)

    def _watcher_names(self) -> tuple[str, ...]:
        return tuple(w.name for w in self.watchers.values())

    def _sit(self, conn: Conn, msg: Message) -> None:
        if self.phase != "lobby":
            raise ProtocolError(e.LOBBY_CLOSED, "the game has started")
        old = conn.seat
        self.lobby.release(conn.identity, playing=False)
        try:
            conn.seat = self.lobby.claim(msg.body["want"], conn.identity, conn.name,
                                         playing=False)
        except ProtocolError:
            self.lobby.claim(old, conn.identity, conn.name, playing=False)
            raise
        self._welcome(conn.identity, conn.seat, None)
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self.emit("seats", f"{self.seat_name(conn.seat)} moved to seat {conn.seat + 1}.")
        self._maybe_autostart()

    def _welcome(self, identity: bytes, seat: int, record: dict[str, Any] | None) -> None:
        self._send(identity, "welcome", game=self.game.ID, rules=self.game.RULES_VERSION,
                   you=seat, players=self.players, phase=self.phase, options=self.options,
                   seats=self.lobby.wire(), record=record, paused=self.paused,
                   host=self.config.name[:40], token=self.lobby.seats[seat].sitter_token,
                   heartbeat_ms=max(1, round(self.config.heartbeat * 1000)))

    def _ping(self, conn: Conn, msg: Message) -> None:
        """Liveness is noted on receipt; nothing else to do."""

    def _bye(self, conn: Conn, msg: Message) -> None:
        self._drop(conn, f"{self.seat_name(conn.seat)} left the game.")

    def _action(self, conn: Conn, msg: Message) -> None:
        if self.phase == "playing" and self.lobby.seats[conn.seat].kind == "bot":
            self._take_back(conn)
        self._play(conn.seat, msg.ply, msg.digest, msg.body["action"], conn.identity, msg.seq)

    def _take_back(self, conn: Conn) -> None:
        """A player whose seat a computer took for its turn clock, still at the table, acts:
        the seat is theirs again before the action is judged (a refused one too: they are
        back), and a seat to move gets its full time."""
        seat = conn.seat
        self.lobby.take_back(seat)
        if self.bot_ticket and self.bot_ticket[2] == seat:
            self.bot_ticket = None
        if self.sequencer_.state.to_move == seat:
            self._restart_clock()
        self._autosave()
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self.emit("seats", texts.seat_taken_back(self.seat_name(seat)), seat=seat)

    def _snapshot_req(self, conn: Conn, msg: Message) -> None:
        if self.sequencer is None:
            raise ProtocolError(e.GAME_NOT_STARTED, "there is no game yet")
        self._answer_once(conn, "snapshot", lambda: self._send_snapshot(conn.identity))

    def _send_snapshot(self, identity: bytes) -> None:
        self.stats["snapshots"] += 1
        self._send(identity, "snapshot", record=self.sequencer_.record(),
                   seats=self.lobby.wire(), paused=self.paused)

    def _desync(self, conn: Conn, msg: Message) -> None:
        """A peer says its copy differs. Judged on the header (the peer's ply and digest):
        a copy that matches the host's at that ply pauses nobody."""
        if self.sequencer is None:
            raise ProtocolError(e.GAME_NOT_STARTED, "there is no game yet")
        if self.sequencer.digest_at(msg.ply) == msg.digest:
            self._count("unfounded_desyncs", "seat %d claimed a desync its copy does not show",
                        conn.seat)
            raise ProtocolError(e.DESYNC_UNFOUNDED,
                                f"at action {msg.ply} your copy is the host's "
                                f"({msg.digest[:12]}…)")
        log.warning("seat %d reports a desync at ply %d: expected %s, got %s", conn.seat,
                    msg.body["at"], msg.body["expected"][:12], msg.body["got"][:12])
        self.stats["desyncs"] += 1
        if conn.desynced_at is None:
            conn.desynced_at = time.monotonic()
        self._pause("desync", conn.seat, texts.desync_elsewhere(self.seat_name(conn.seat)))

    def _resynced(self, conn: Conn, msg: Message) -> None:
        seq = self.sequencer_
        if msg.ply != seq.ply or msg.digest != seq.digest:
            raise ProtocolError(e.STATE_DIVERGED, "the resynced copy still differs")
        conn.desynced_at = None
        self._close_ballot(conn.seat, "ended")
        self.emit("notice", f"{self.seat_name(conn.seat)} rebuilt their copy of the game.")
        self._maybe_resume()

    # --- seed ceremony -----------------------------------------------------------------
    def _maybe_autostart(self) -> None:
        if self.config.autostart and self.phase == "lobby" and self.lobby.filled():
            self._begin()

    def _begin(self) -> None:
        participants = [HOST_PID, *sorted(c.seat for c in self.conns.values())]
        nonce = new_nonce()
        self.seeding = Seeding(participants, nonce,
                               time.monotonic() + self.config.seed_timeout)
        self.seeding.commitments[HOST_PID] = commitment(nonce)
        self.phase = "seeding"
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self._broadcast("begin", participants=participants)
        self.emit("seats", "Every seat is taken: drawing the game's seed with everyone's secret…")
        self._seed_progress()

    def _commit(self, conn: Conn, msg: Message) -> None:
        sd = self.seeding
        if sd is None or sd.revealing or conn.seat not in sd.participants:
            raise ProtocolError(e.SEED_MISMATCH, "no commitment is expected from you now")
        sd.commitments.setdefault(conn.seat, msg.body["commitment"])
        self._seed_progress()

    def _reveal(self, conn: Conn, msg: Message) -> None:
        sd = self.seeding
        if sd is None or not sd.revealing or conn.seat not in sd.participants:
            raise ProtocolError(e.SEED_MISMATCH, "no reveal is expected from you now")
        if check_reveals({conn.seat: sd.commitments[conn.seat]},
                         [(conn.seat, msg.body["nonce"])]):
            self._abort_seeding(e.SEED_BAD_REVEAL, texts.code_text(e.SEED_BAD_REVEAL))
            return
        sd.nonces[conn.seat] = msg.body["nonce"]
        self._seed_progress()

    def _seed_progress(self) -> None:
        sd = self.seeding
        assert sd is not None
        if not sd.revealing and len(sd.commitments) == len(sd.participants):
            sd.revealing = True
            sd.nonces[HOST_PID] = sd.nonce
            self._broadcast("commits", commitments=[[pid, sd.commitments[pid]]
                                                    for pid in sd.participants])
        if sd.revealing and len(sd.nonces) == len(sd.participants):
            self._start(sd)

    def _start(self, sd: Seeding) -> None:
        seed = seed_from(sd.nonces)
        record = new_record(self.game, self.players, seed, self.options)
        self.sequencer = Sequencer(self.game, record)
        self.replica = Replica(self.game, record)
        self.seeding = None
        self.phase = "playing"
        self._autosave()
        self._broadcast("start", nonces=[[pid, sd.nonces[pid]] for pid in sd.participants],
                        seed=seed, record=record)
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self.emit("started", "The game begins.", state=self.replica.state, seed=seed)
        self._restart_clock()
        self._schedule_bot()

    def _abort_seeding(self, code: str, text: str) -> None:
        log.warning("seed ceremony aborted: %s", text)
        self.seeding = None
        self.phase = "lobby"
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self.emit("notice", text, code=code)

    # --- playing -----------------------------------------------------------------------
    def _play(self, seat: int, ply: int, digest: str, action: Action,
              identity: bytes | None, ref: int) -> bool:
        try:
            if self.phase == "over":
                raise ProtocolError(e.GAME_OVER, "the game is over")
            if self.phase != "playing" or self.sequencer is None:
                raise ProtocolError(e.GAME_NOT_STARTED, "the game has not started")
            if self.paused:
                raise ProtocolError(e.GAME_PAUSED, self.pause_text or "the game is paused")
            self._check_sendable(seat, action)
            prev = self.sequencer.judge(seat, ply, digest, action)
        except ProtocolError as err:
            if identity is not None:
                self._error(identity, err, ref)
            elif seat == self.my_seat:
                self.emit("rejected", texts.code_text(err.code, err.text), code=err.code)
            else:
                log.warning("computer player at seat %d: %s", seat, err)
            return False
        self._accepted(seat, action, prev)
        return True

    def _check_sendable(self, seat: int, action: Action) -> None:
        """ProtocolError (action/unsendable) unless the update of `action` can go to every
        peer and the record stays one a peer and the autosave reader accept (its game's
        length, and a `welcome` carrying it fits in a frame): an action is applied only once
        it can be sent, or the host would be ahead of every peer for good."""
        seq, bounds = self.sequencer_, self.bounds
        if seq.ply >= bounds["record"]:
            raise ProtocolError(e.ACTION_UNSENDABLE, f"a record of {self.game.ID} holds at "
                                                     f"most {bounds['record']} actions")
        if seq.packed + packed_size(action) > record_room(bounds):
            raise ProtocolError(e.ACTION_UNSENDABLE, f"the record would be larger than a "
                                                     f"frame holds ({record_room(bounds)} "
                                                     f"bytes of actions)")
        try:
            encode("update", **self._header(), bounds=self.bounds, by=seat, action=action,
                   prev=seq.digest)
        except ProtocolError as err:
            raise ProtocolError(e.ACTION_UNSENDABLE, err.text) from None

    def _accepted(self, seat: int, action: Action, prev: str) -> None:
        seq = self.sequencer_
        self.lobby.note_played(seat, seq.ply)
        self._autosave()
        self._restart_clock()
        self._broadcast("update", by=seat, action=action, prev=prev)
        self._close_ballot(seat, "ended")
        if seq.state.is_over:
            self.phase = "over"   # before the events below, whose mirror shows it
        if self.replica is not None and not self.local_desync:
            try:
                state = self.replica.apply_update(action, prev, seq.digest)
            except Divergence as div:
                self._local_divergence(div)
            else:
                self._emit_applied(state, seat, action)
        if seq.state.is_over:
            self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self._schedule_bot()

    def _emit_applied(self, state: State, seat: int, action: Action) -> None:
        notation = self.game.format_action(action)
        rep = self.replica
        assert rep is not None
        self.emit("applied", f"{self.seat_name(seat)}: {notation}", state=state, ply=rep.ply,
                  seat=seat, action=copy.deepcopy(action), notation=notation,
                  events=visible_events(state.events, self.my_seat), digest=rep.digest)
        if state.is_over:
            self.emit("game_over", "The game is over.", state=state, ranking=state.ranking(),
                      digest=rep.digest)

    def _local_divergence(self, div: Divergence) -> None:
        rep, seq = self.replica, self.sequencer_
        assert rep is not None
        self.local_desync = True
        self.stats["desyncs"] += 1
        self._pause("desync", -1 if self.my_seat is None else self.my_seat,
                    texts.host_copy_desync())
        self.emit("desync", texts.desync_detected(div.ply, div.text), ply=div.ply,
                  expected=div.expected, got=div.got)
        report = build_report(game=self.game, seat=self.my_seat, ply=rep.ply, reason=div.text,
                              our_record=rep.record(), our_position=rep.state.to_dict(),
                              our_digest=rep.digest, host_record=seq.record(),
                              host_record_digest=seq.digest)
        path = write_report(report)
        self.emit("desync_report", texts.desync_report(str(path)), path=str(path))

    def _resync_local(self) -> None:
        seq = self.sequencer_
        self.replica = Replica.from_snapshot(self.game, seq.record(), seq.digest)
        self.local_desync = False
        self.emit("resynced", f"Rebuilt this copy from the record at action {seq.ply}.",
                  state=self.replica.state, ply=seq.ply, digest=seq.digest)
        self._maybe_resume()

    def _pause(self, reason: str, seat: int, text: str) -> None:
        if self.paused:
            return
        self.paused = True
        self.pause_text = text
        self.bot_ticket = None
        self._broadcast("pause", reason=reason, who=seat, text=text[:400])
        self.emit("paused", text, reason=reason, seat=seat)

    def _maybe_resume(self) -> None:
        if (not self.paused or self.local_desync
                or any(c.desynced_at is not None for c in self.conns.values())):
            return
        self.paused = False
        self.pause_text = ""
        self._restart_clock()
        self._broadcast("resume")
        self.emit("resumed", "Every copy matches again: play on.")
        self._schedule_bot()

    # --- computer players --------------------------------------------------------------
    def _schedule_bot(self) -> None:
        seq = self.sequencer
        if self.phase != "playing" or self.paused or seq is None:
            return
        seat = seq.state.to_move
        if seat is None or self.lobby.seats[seat].kind != "bot":
            return
        ticket = (seq.ply, seq.digest, seat)
        if self.bot_ticket == ticket:
            return
        self.bot_ticket = ticket
        level = self.lobby.seats[seat].level or "random"
        bot = self.bots.get((seat, level))
        if bot is None:
            try:
                bot = make_bot(self.config.bots, level)
            except ValueError as exc:
                log.warning("no computer player of level %r (%s): seat %d plays its first "
                            "legal action", level, exc, seat)
                self.post("bot", ticket, seat, None)
                return
            self.bots[(seat, level)] = bot
        self.bot_worker.request(ticket, seat, seq.state.view(seat), bot)

    def _bot_answer(self, ticket: Any, seat: int, action: Action | None) -> None:
        """Called in the bot thread: hand the answer to the network thread."""
        self.post("bot", ticket, seat, action)

    def _on_bot(self, ticket: tuple[int, str, int], seat: int, action: Action | None) -> None:
        """A bot's answer; a failed bot's (None) or a refused one becomes the first legal
        action, so a game never stalls on a computer player."""
        seq = self.sequencer
        if (ticket != self.bot_ticket or seq is None or self.lobby.seats[seat].kind != "bot"
                or self.paused):
            return
        self.bot_ticket = None
        if action is None or not self._play(seat, ticket[0], ticket[1], action, None, 0):
            self._play(seat, ticket[0], ticket[1], seq.state.legal_actions()[0], None, 0)

    # --- commands from the UI ------------------------------------------------------------
    def on_command(self, command: Command) -> None:
        name, *args = command
        if name == "submit":
            action, ply, digest = args
            if self.my_seat is None:
                self.emit("rejected", "The host plays no seat.", code=e.SEAT_INVALID)
                return
            self._play(self.my_seat, ply, digest, action, None, 0)
        elif name == "bot":
            self._on_bot(*args)
        elif name == "start":
            if self.phase == "lobby" and self.lobby.filled():
                self._begin()
            else:
                self.emit("notice", "The game can start once every seat is taken.")
        elif name == "set_seat":
            self._set_seat(*args)
        elif name == "hand_to_bot":
            seat, level = args
            self._hand_to_bot(seat, level, opens=True)
        elif name == "resync":
            if self.local_desync:
                self._resync_local()
        elif name == "close":
            self.stop()

    def _set_seat(self, seat: int, spec: str) -> None:
        if self.phase != "lobby":
            self.emit("notice", texts.code_text(e.LOBBY_CLOSED))
            return
        if not 0 <= seat < len(self.lobby.seats) or self.lobby.seats[seat].identity:
            self.emit("notice", f"Seat {seat + 1} cannot be changed now.")
            return
        try:
            kind, level = parse_seat(spec, self.config.stand_in)
            problem = level_problem(self.config.bots, level or "") if kind == "bot" else ""
            if problem:
                raise ValueError(problem)
            self.lobby.set_kind(seat, spec, self.config.stand_in)
        except ValueError as exc:
            self.emit("notice", str(exc))
            return
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self.emit("seats", f"Seat {seat + 1} is now {spec}.")
        self._maybe_autostart()

    def _hand_to_bot(self, seat: int, level: str, opens: bool = False) -> None:
        """A computer player takes `seat` now, from a connected player too (one who stalls
        the game): that connection is taken off the table, unless the seat's turn clock ran
        out while its copy matches the host's; then it stays, and its player takes the seat
        back by acting. `opens`: the players' vote or the host's player decided, so another
        player may take the seat from the computer (its owner's token still takes it back);
        never while its owner's connection stays."""
        playing = self.phase in ("playing", "over")
        if not 0 <= seat < len(self.lobby.seats) or (
                self.lobby.seats[seat].identity and not playing):
            self.emit("notice", f"Seat {seat + 1} is not a disconnected player's seat.")
            return
        try:
            problem = level_problem(self.config.bots, level)
            if problem:
                raise ValueError(problem)
            self.lobby.check_hand_to_bot(seat)
        except ValueError as exc:
            self.emit("notice", str(exc))
            return
        identity = self.lobby.seats[seat].identity
        conn = self.conns.get(identity) if identity is not None else None
        stays = (conn is not None and conn.desynced_at is None
                 and self._out_of_time(seat, time.monotonic()))
        if conn is not None and not stays:
            self._take_off(conn, texts.seat_taken_away(self.seat_name(seat)))
        self.lobby.hand_to_bot(seat, level, keep_connection=stays)
        if opens and not stays:
            self.lobby.open_seat(seat)
        self.gone_since.pop(seat, None)
        self._close_ballot(seat, "passed")
        self._autosave()
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self.emit("seats", texts.seat_to_bot(self.seat_name(seat), level))
        self._schedule_bot()

    # --- a vote to hand a stalled seat to a computer --------------------------------------
    def _hand_over(self, conn: Conn, msg: Message) -> None:
        """A seated player proposes, or votes on, a computer for a stalled seat; a flood is
        refused by the rule of every costly request (`_answer_once`)."""
        self._answer_once(conn, "hand_over", lambda: self._vote(
            conn.seat, msg.body["target"], msg.body["yes"], time.monotonic()))

    def _vote(self, voter: int, target: int, yes: bool, now: float) -> None:
        """The host's player's yes decides; otherwise a majority of the seated players other
        than the stalled one, and a ballot that can no longer reach it fails."""
        self._check_stalled(target, now)
        level = self._stand_in()
        if level is None:
            raise ProtocolError(e.SEAT_NO_COMPUTER,
                                level_problem(self.config.bots, self.config.stand_in))
        ballot = self.ballots.get(target)
        if ballot is None:
            if not yes:
                return
            ballot = self.ballots[target] = Ballot(target, voter)
        (ballot.yes if yes else ballot.no).add(voter)
        (ballot.no if yes else ballot.yes).discard(voter)
        voters = self._voters(target)
        needed = self._needed(target)
        if (yes and voter == self.my_seat) or len(ballot.yes & voters) >= needed:
            self._hand_to_bot(target, level, opens=True)
        elif len(voters - ballot.no) < needed:
            self._close_ballot(target, "failed")
        else:
            self._tell_ballot(ballot, "open")

    def _voters(self, target: int) -> set[int]:
        """The seated players other than `target`: a seat a computer plays for its clock
        keeps its connection but has no say until its player is back."""
        seats = {c.seat for c in self.conns.values() if self.lobby.seats[c.seat].kind == "human"}
        if self.my_seat is not None:
            seats.add(self.my_seat)
        return seats - {target}

    def _needed(self, target: int) -> int:
        """The yes votes that hand seat `target` to a computer: a majority of its voters."""
        return len(self._voters(target)) // 2 + 1

    def _check_stalled(self, target: int, now: float) -> None:
        """ProtocolError saying why seat `target` may not be handed to a computer by a vote:
        no game being played, not a remote player's seat, or not stalled (gone or kept
        the game paused for the stall time, or out of its turn clock)."""
        if self.phase == "over":
            raise ProtocolError(e.GAME_OVER, "the game is over")
        if self.phase != "playing":
            raise ProtocolError(e.GAME_NOT_STARTED, "the game is not being played")
        seats = self.lobby.seats
        if not 0 <= target < len(seats) or seats[target].kind != "human" or (
                seats[target].local):
            raise ProtocolError(e.SEAT_INVALID, f"seat {target + 1} is not a remote player's")
        desynced = [c.desynced_at for c in self.conns.values()
                    if c.seat == target and c.desynced_at is not None]
        since = desynced[0] if desynced else (
            None if seats[target].identity else self.gone_since.get(target))
        if since is not None and now - since >= self.config.stall_after:
            return
        if self._out_of_time(target, now):
            return
        raise ProtocolError(e.SEAT_NOT_STALLED, texts.not_stalled(
            self.seat_name(target), self.config.stall_after, self.config.turn_clock))

    def _stand_in(self) -> str | None:
        """The computer level that takes a seat by vote: the configured one, else random."""
        for level in (self.config.stand_in, "random"):
            if not level_problem(self.config.bots, level):
                return level
        return None

    def _close_ballot(self, target: int, result: str) -> None:
        ballot = self.ballots.pop(target, None)
        if ballot is not None:
            self._tell_ballot(ballot, result)

    def _tell_ballot(self, ballot: Ballot, result: str) -> None:
        needed = self._needed(ballot.target)
        self._broadcast("ballot", target=ballot.target, by=ballot.by, yes=sorted(ballot.yes),
                        no=sorted(ballot.no), needed=needed, result=result)
        self.emit("ballot", texts.ballot(self.seat_name(ballot.target),
                                         self.seat_name(ballot.by), len(ballot.yes), needed,
                                         result),
                  target=ballot.target, result=result, yes=sorted(ballot.yes), needed=needed)

    # --- the turn clock ------------------------------------------------------------------
    def _clocked_seat(self) -> int | None:
        """The seat whose turn clock runs: a remote player's seat to move (connected or
        not) in a game being played and not paused, when the host keeps a clock."""
        seq = self.sequencer
        if (self.config.turn_clock is None or self.phase != "playing" or self.paused
                or seq is None):
            return None
        seat = seq.state.to_move
        if seat is None or self.lobby.seats[seat].kind != "human" or self.lobby.seats[seat].local:
            return None
        return seat

    def _out_of_time(self, seat: int, now: float) -> bool:
        limit = self.config.turn_clock
        return (limit is not None and self._clocked_seat() == seat
                and now - self.clock_since >= limit)

    def _restart_clock(self) -> None:
        self.clock_since = time.monotonic()
        self.clock_said = ""

    def _tick_clock(self, now: float) -> None:
        """Tell everyone once when the seat to move has CLOCK_WARNING seconds left (half its
        clock if that is shorter), and once when its time is up."""
        seat, limit = self._clocked_seat(), self.config.turn_clock
        if seat is None or limit is None:
            return
        left = limit - (now - self.clock_since)
        if left <= 0 and self.clock_said != "out":
            self.clock_said = "out"
            self._tell_clock(seat, 0.0, texts.clock_out(self.seat_name(seat)))
        elif 0 < left <= min(CLOCK_WARNING, limit / 2) and not self.clock_said:
            self.clock_said = "warning"
            self._tell_clock(seat, left, texts.clock_warning(self.seat_name(seat), left))

    def _tell_clock(self, seat: int, left: float, text: str) -> None:
        self._broadcast("clock", target=seat, left_ms=round(left * 1000), text=text[:400])
        self.emit("clock", text, seat=seat, left=left)

    # --- time --------------------------------------------------------------------------
    def on_tick(self, now: float) -> None:
        for conn in self.conns.values():
            conn.last_seen = min(now, conn.last_seen + self.away)
        for watcher in self.watchers.values():
            watcher.last_seen = min(now, watcher.last_seen + self.away)
        if now - self.last_ping >= self.config.heartbeat:
            self.last_ping = now
            for identity in list(self.conns):
                self._send(identity, "ping")
            for identity in list(self.watchers):
                self._send(identity, "ping")
        for watcher in list(self.watchers.values()):
            if now - watcher.last_seen > self.timeout:
                self._unwatch(watcher, texts.watcher_left(watcher.name))
        for conn in list(self.conns.values()):
            if now - conn.last_seen > self.timeout:
                self._drop(conn, texts.seat_disconnected(self.seat_name(conn.seat)))
            elif (conn.desynced_at is not None
                  and now - conn.desynced_at > self.config.resync_timeout):
                self._stalled(conn)
        self._tick_clock(now)
        if self.seeding is not None and now > self.seeding.deadline:
            self._abort_seeding(e.SEED_TIMEOUT, texts.code_text(e.SEED_TIMEOUT))

    def _drop(self, conn: Conn, text: str) -> None:
        self.conns.pop(conn.identity, None)
        self.lobby.release(conn.identity, playing=self.phase in ("playing", "over"))
        if self.phase == "playing":
            self.gone_since.setdefault(conn.seat, time.monotonic())
        self._broadcast("seats", phase=self.phase, seats=self.lobby.wire())
        self.emit("seats", text, seat=conn.seat)
        if self.seeding is not None and conn.seat in self.seeding.participants:
            self._abort_seeding(e.SEED_TIMEOUT, f"{text} The start was called off.")
        self._maybe_resume()

    def _stalled(self, conn: Conn) -> None:
        """A peer that kept its differing copy too long: off the table, its seat to the
        stand-in computer player if the game has one, and the others play on."""
        seat = conn.seat
        self._take_off(conn, texts.seat_stalled(self.seat_name(seat),
                                                self.config.resync_timeout))
        level = self.config.stand_in
        if not level_problem(self.config.bots, level):
            self._hand_to_bot(seat, level)

    def _take_off(self, conn: Conn, text: str) -> None:
        """Drop a connection on the host's decision; it may not say hello again."""
        self._send(conn.identity, "bye", text=text[:400])
        self.dropped.add(conn.identity)
        self._drop(conn, text)

    def on_close(self) -> None:
        for identity in [*self.conns, *self.watchers]:
            self._send(identity, "bye", text="The host closed the game.")
        self.bot_worker.close()
        self.emit("closed", "The game was closed.")

    def _autosave(self) -> None:
        seq = self.sequencer
        if self.autosave_path is None or seq is None:
            return
        record = dict(seq.head)
        record["actions"] = seq.actions
        write_json_atomic(self.autosave_path, {
            "format": AUTOSAVE_FORMAT, "version": 1, "game": self.game.ID, "record": record,
            "seats": [s.saved() for s in self.lobby.seats], "host_seat": self.my_seat,
            "name": self.config.name, "digest": seq.digest, "port": self.port,
            "over": seq.state.is_over,
        })

    HANDLERS: ClassVar[dict[str, Any]] = {
        "sit": _sit, "ping": _ping, "bye": _bye, "action": _action, "commit": _commit,
        "reveal": _reveal, "snapshot_req": _snapshot_req, "desync": _desync,
        "resynced": _resynced, "hand_over": _hand_over,
    }
