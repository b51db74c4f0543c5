"""The `Session` interface the client plays through, and its network implementation.

A session is one game at one seat, seen from the UI thread. `submit` hands
an action over and returns at once; what happened comes back from `poll`
as `SessionEvent`s, and the properties (`state`, `my_seat`, `seats`,
`phase`, `paused`) show the picture as of the last poll. The network
implementation runs a host or a joining peer in a background thread and
never lets the UI thread near a socket; `net.local.LocalSession` plays the
same part for pass-and-play.
"""

from __future__ import annotations

import copy
import queue
import time
from typing import Any, Protocol

import engine

from .channel import NetLoop
from .events import Mirror, SeatInfo, SessionEvent
from .game import GameModule, Games, State
from .host import HostConfig, HostLoop
from .peer import PeerLoop
from .storage import data_dir, recall_seat
from .watcher import WatchLoop

Action = dict[str, Any]
START_TIMEOUT = 5.0

_LEFT: dict[tuple[str, str], tuple[int, str]] = {}
"""(data folder, address) → the seat and token of a game this program left while it was
played: the seat belongs to its token, so the same program joining again takes it back
with it. (Another program of the same data folder finds it in `recall_seat`.)"""


class Session(Protocol):
    """What the table needs from a game, wherever the other players are."""

    @property
    def state(self) -> State | None: ...

    @property
    def game(self) -> GameModule | None: ...

    @property
    def ply(self) -> int: ...

    @property
    def my_seat(self) -> int | None: ...

    @property
    def seats(self) -> tuple[SeatInfo, ...]: ...

    @property
    def phase(self) -> str: ...

    @property
    def paused(self) -> bool: ...

    @property
    def status(self) -> str: ...

    def view(self) -> dict[str, Any] | None: ...

    def record(self) -> dict[str, Any] | None: ...

    def submit(self, action: Action) -> None: ...

    def poll(self, timeout: float = 0.0) -> list[SessionEvent]: ...

    def close(self) -> None: ...


class SessionError(Exception):
    """The session could not start (port in use, bad address); the message says why."""


def status_line(mirror: Mirror) -> str:
    """One line of plain words for a status bar."""
    if mirror.phase == "refused":
        return mirror.refusal
    if mirror.phase == "connecting":
        return f"Connecting to {mirror.address}…"
    if mirror.phase == "lobby":
        waiting = sum(1 for s in mirror.seats if s.status in ("open", "disconnected"))
        return f"In the lobby at {mirror.address}: waiting for {waiting} more player(s)."
    if mirror.phase == "seeding":
        return "Drawing the game's seed with everyone's secret…"
    state = mirror.state
    if mirror.phase == "over" or state is None or state.is_over:
        return "The game is over."
    if mirror.paused:
        return mirror.pause_text or "The game is paused."
    to_move = state.to_move
    if to_move == mirror.my_seat:
        return "Your move."
    seat = mirror.seats[to_move] if to_move is not None and to_move < len(mirror.seats) else None
    if seat is None:
        return "Waiting."
    if seat.status == "disconnected":
        return f"Waiting for {seat.name}, who lost the connection."
    return f"Waiting for {seat.name}."


class NetworkSession:
    """A game over the LAN: `NetworkSession.host(config)` or `NetworkSession.join(address)`."""

    def __init__(self, loop: NetLoop) -> None:
        self._loop = loop
        self._joined_at = ""
        self._mirror = loop.mirror()
        loop.start()
        if not loop.ready.wait(START_TIMEOUT) or loop.failure:
            loop.stop()
            raise SessionError(loop.failure or "the network thread did not start")
        self._closed = False

    @classmethod
    def host(cls, config: HostConfig) -> NetworkSession:
        """Host a game; ValueError for a bad configuration, SessionError if it cannot listen."""
        return cls(HostLoop(config))

    @classmethod
    def join(cls, address: str, *, games: Games | None = None, seat: int | None = None,
             name: str = "", heartbeat: float = 1.0, auto_resync: bool = False,
             retry_for: float = 15.0) -> NetworkSession:
        """Join the game at `address`; `games` are the ones this program offers to play
        (default: every registered game), and the host's welcome says which it is. Without
        a `seat`, a program that crashed at this table comes back to its own seat."""
        kept = recall_seat(address, seat) or _LEFT.pop((str(data_dir()), address), None)
        if seat is not None and kept is not None and kept[0] != seat:
            kept = None
        try:
            loop = PeerLoop(address, engine.games() if games is None else games,
                            want=kept[0] if kept else -1 if seat is None else seat, name=name,
                            token=kept[1] if kept else "", heartbeat=heartbeat,
                            auto_resync=auto_resync, retry_for=retry_for)
        except ValueError as exc:
            raise SessionError(str(exc)) from None
        session = cls(loop)
        session._joined_at = address
        return session

    @classmethod
    def watch(cls, address: str, *, games: Games | None = None, name: str = "",
              heartbeat: float = 1.0) -> NetworkSession:
        """Watch the game at `address` from no seat (`net.watch`): the public position
        only, and nothing to submit; a free seat is taken by `join`, like anyone."""
        try:
            loop = WatchLoop(address, engine.games() if games is None else games, name=name,
                             heartbeat=heartbeat)
        except ValueError as exc:
            raise SessionError(str(exc)) from None
        return cls(loop)

    # --- the picture as of the last poll ---------------------------------------------------
    @property
    def is_host(self) -> bool:
        return isinstance(self._loop, HostLoop)

    @property
    def watch_places(self) -> int:
        """A host: how many more peers may watch now (its beacon says so); else 0."""
        loop = self._loop
        return (max(0, loop.config.watchers - len(self._mirror.watchers))
                if isinstance(loop, HostLoop) else 0)

    @property
    def is_watcher(self) -> bool:
        """Watching from no seat (`watch`): no state, a public `view()`, no actions."""
        return isinstance(self._loop, WatchLoop)

    @property
    def state(self) -> State | None:
        return self._mirror.state

    @property
    def game(self) -> GameModule | None:
        """The game module played (a joining peer learns it from the host's welcome)."""
        return self._mirror.game

    @property
    def ply(self) -> int:
        """Actions applied so far in this copy."""
        return self._mirror.public_ply if self.is_watcher else len(self._mirror.actions)

    @property
    def my_seat(self) -> int | None:
        return self._mirror.my_seat

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self._mirror.seats

    @property
    def phase(self) -> str:
        return self._mirror.phase

    @property
    def paused(self) -> bool:
        return self._mirror.paused

    @property
    def out_of_time(self) -> int | None:
        """The seat to move whose turn clock ran out (the players may vote a computer onto
        it), or None."""
        return self._mirror.out_of_time

    @property
    def watchers(self) -> tuple[str, ...]:
        """The names of the peers watching the game, as the host last said (`net.watch`)."""
        return self._mirror.watchers

    @property
    def can_resync(self) -> bool:
        return self._mirror.can_resync

    @property
    def address(self) -> str:
        """Where the others connect (host) or where we are connected (peer): "host:port"."""
        return self._mirror.address or getattr(self._loop, "address", "")

    @property
    def port(self) -> int:
        return int(getattr(self._loop, "port", 0))

    @property
    def status(self) -> str:
        return status_line(self._mirror)

    @property
    def stats(self) -> dict[str, int]:
        """Counters of the network thread (protocol_errors, internal_errors, desyncs…)."""
        return dict(self._loop.stats)

    def view(self) -> dict[str, Any] | None:
        """The position as this seat may see it (others' hands and VP hidden); a watcher's
        is the public position the host sent (the game's `view(None)`)."""
        if self.is_watcher:
            return copy.deepcopy(self._mirror.public_view)
        state, seat = self._mirror.state, self._mirror.my_seat
        return None if state is None or seat is None else state.view(seat)

    def record(self) -> dict[str, Any] | None:
        head = self._mirror.head
        if head is None:
            return None
        rec = copy.deepcopy(head)
        rec["actions"] = copy.deepcopy(list(self._mirror.actions))
        return rec

    # --- talking to the network thread ------------------------------------------------------
    def poll(self, timeout: float = 0.0) -> list[SessionEvent]:
        """Everything that happened since the last poll; waits up to `timeout` for the first."""
        events: list[SessionEvent] = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                if events or timeout <= 0:
                    event, mirror = self._loop.events.get_nowait()
                else:
                    event, mirror = self._loop.events.get(
                        timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return events
            self._mirror = mirror
            events.append(event)

    def submit(self, action: Action) -> None:
        """Send an action for my seat, for the position shown now; the answer comes by poll."""
        state = self._mirror.state
        ply = len(self._mirror.actions)
        digest = state.digest() if state is not None else ""
        self._loop.post("submit", copy.deepcopy(action), ply, digest)

    def resync(self) -> None:
        """After a desync: rebuild this copy from the host's record."""
        self._loop.post("resync")

    def sit(self, seat: int) -> None:
        """Lobby (joining peer): ask for another open seat."""
        self._loop.post("sit", seat)

    def start(self) -> None:
        """Host: start once every seat is taken (when not started automatically)."""
        self._loop.post("start")

    def set_seat(self, seat: int, spec: str) -> None:
        """Host, lobby: make a seat "human" or "bot:LEVEL"."""
        self._loop.post("set_seat", seat, spec)

    def hand_to_bot(self, seat: int, level: str) -> None:
        """Host: a computer player (of `level`) takes the seat at once. A joined player:
        propose, or vote yes, that a computer takes a stalled seat (the host's level);
        a "ballot" event tells how the vote stands."""
        self._loop.post("hand_to_bot", seat, level)

    def vote(self, seat: int, yes: bool) -> None:
        """A joined player: vote on the open proposal for `seat` (see hand_to_bot)."""
        self._loop.post("vote", seat, yes)

    def close(self, timeout: float = 2.0) -> None:
        if self._closed:
            return
        self._closed = True
        self._loop.post("close")
        self._loop.join(timeout)
        loop = self._loop
        if (isinstance(loop, PeerLoop) and loop.phase == "playing" and loop.token
                and loop.my_seat is not None and self._joined_at):
            _LEFT[(str(data_dir()), self._joined_at)] = (loop.my_seat, loop.token)

    def __enter__(self) -> NetworkSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
