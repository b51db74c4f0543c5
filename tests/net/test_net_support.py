"""Shared helpers of the network tests (no tests here): scripted players, raw sockets,
and `tigris` processes whose output can be waited on. Everything uses 127.0.0.1 and
ephemeral ports; every wait has a deadline, stretched by the suite's time scale
(`timing.py`): the helpers scale the windows they are given, so a test writes the
window of a fast machine."""

from __future__ import annotations

import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import zmq
from support import tinygame
from timing import scaled

import ai
import engine.civ
import engine.tigris
from net.events import SessionEvent
from net.game import Action, Bot, View
from net.host import HostConfig
from net.protocol import Message, decode, encode
from net.seed import commitment

REPO = Path(__file__).resolve().parents[2]
Hosting = Callable[..., Any]
"""The `hosting` fixture: (game, players, seats, host_seat, **config) → a hosting session."""
Joining = Callable[..., Any]
"""The `joining` fixture: (host, seat=None, name="", games=None) → a joined session."""
HEARTBEAT = scaled(0.2)
LOCALHOST = "127.0.0.1"


class Driver:
    """Polls sessions; the scripted ones play a random legal action whenever their seat is due.

    Every session's checked digests are kept by ply, so a test can compare
    them with the host's record step by step.
    """

    def __init__(self, sessions: list[Any], scripted: list[Any], seed: int = 0,
                 choose: Callable[[Any], Action] | None = None) -> None:
        """`choose(session)`: the scripted seat's action (default: a random legal one)."""
        self.sessions = sessions
        self.scripted = scripted
        self.rng = random.Random(seed)
        self.choose = choose
        self.digests: dict[int, dict[int, str]] = {id(s): {} for s in sessions}
        self.events: dict[int, list[SessionEvent]] = {id(s): [] for s in sessions}
        self.asked: dict[int, int] = {}

    def step(self) -> None:
        for session in self.sessions:
            for event in session.poll(0.002):
                self.events[id(session)].append(event)
                if event.kind == "applied":
                    self.digests[id(session)][event.data["ply"]] = event.data["digest"]
                elif event.kind in ("rejected", "resynced", "resumed", "joined"):
                    self.asked.pop(id(session), None)
        for session in self.scripted:
            state = session.state
            if (state is None or session.paused or session.phase != "playing"
                    or state.to_move != session.my_seat
                    or self.asked.get(id(session)) == session.ply):
                continue
            self.asked[id(session)] = session.ply
            session.submit(self.choose(session) if self.choose is not None
                           else self.rng.choice(state.legal_actions()))

    def run_until(self, done: Any, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + scaled(timeout)
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; phases {[s.phase for s in self.sessions]}, "
                                     f"plies {[s.ply for s in self.sessions]}")
            self.step()

    def kinds(self, session: Any) -> list[str]:
        return [e.kind for e in self.events[id(session)]]


def random_player(game_id: str, seat: int, seed: int) -> Callable[[Any], Action]:
    """`choose(state)` for `seat`: the game's random computer level on the seat's view, so
    Advanced Civilization's also trades and buys (its open decisions list no proposals)."""
    bot = ai.bot_factory(game_id)("random", seed)

    def choose(state: Any) -> Action:
        return bot.choose(state.view(seat), 0.0)
    return choose


def all_over(*sessions: Any) -> Any:
    return lambda: all(s.state is not None and s.state.is_over for s in sessions)


def host_digests(game: ModuleType, record: dict[str, Any]) -> dict[int, str]:
    """Ply → the digest after that action of `game`, replayed from the record."""
    state = game.new_game(record["players"], record["seed"], record["options"])
    digests = [state.digest()]
    for action in record["actions"]:
        state = state.apply(action)
        digests.append(state.digest())
    return dict(enumerate(digests))


class RawPeer:
    """A bare DEALER for speaking (or mis-speaking) the protocol by hand."""

    def __init__(self, port: int) -> None:
        self.ctx = zmq.Context()
        self.sock = self.ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.connect(f"tcp://{LOCALHOST}:{port}")
        self.seq = 0
        self.seat = -1
        self.token = ""

    def send(self, kind: str, *, ply: int = 0, digest: str = "", seat: int | None = None,
             seq: int | None = None, **body: Any) -> bytes:
        if seq is None:
            self.seq += 1
            seq = self.seq
        frame = encode(kind, seat=self.seat if seat is None else seat, seq=seq, ply=ply,
                       digest=digest, **body)
        self.sock.send(frame)
        return frame

    def send_raw(self, *frames: bytes) -> None:
        self.sock.send_multipart(list(frames))

    def recv(self, timeout: float = 5.0) -> Message | None:
        """The next message within `timeout` (0: only one already here), else None."""
        return self._within(scaled(timeout))

    def _within(self, seconds: float) -> Message | None:
        if not self.sock.poll(int(seconds * 1000)):
            return None
        return decode(self.sock.recv())

    def expect(self, kind: str, timeout: float = 5.0) -> Message:
        deadline = time.monotonic() + scaled(timeout)
        while (left := deadline - time.monotonic()) > 0:
            msg = self._within(left)
            if msg is not None and msg.kind == kind:
                return msg
        raise AssertionError(f"no {kind!r} within {timeout} s")

    def expect_any(self, timeout: float = 5.0) -> Message:
        msg = self.recv(timeout)
        if msg is None:
            raise AssertionError(f"no message within {timeout} s")
        return msg

    def close(self) -> None:
        self.sock.close()
        self.ctx.term()


def seated_raw(host: Any, driver: Driver, name: str, nonce: bytes) -> RawPeer:
    """A hand-driven Tiny peer called `name` that takes the first free seat and plays the
    seed ceremony with `nonce`; its seat and token are kept on it."""
    raw = RawPeer(host.port)
    raw.send("hello", token="", games={"tiny": tinygame.RULES_VERSION}, name=name, want=-1)
    welcome = raw.expect("welcome")
    raw.seat, raw.token = welcome.body["you"], welcome.body["token"]
    raw.expect("begin")
    raw.send("commit", commitment=commitment(nonce))
    raw.expect("commits")
    raw.send("reveal", nonce=nonce)
    raw.expect("start")
    driver.run_until(lambda: host.phase == "playing")
    return raw


class Proc:
    """A `tigris` sub-command in its own process, its output read line by line."""

    def __init__(self, *args: str, data_dir: Path, stdin: bool = False) -> None:
        env = dict(os.environ, TIGRIS_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1")
        self.args = args
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ziggurat_cli.main", *args], cwd=REPO, env=env,
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines: list[str] = []
        self._new: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))
            self._new.put(line)
        self._new.put(None)

    def wait_for(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        regex = re.compile(pattern)
        for line in list(self.lines):
            found = regex.search(line)
            if found:
                return found
        deadline = time.monotonic() + scaled(timeout)
        while time.monotonic() < deadline:
            try:
                line = self._new.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            found = regex.search(line)
            if found:
                return found
        tail = "\n".join(self.lines[-30:])
        raise AssertionError(f"{self.args[0]}: no line matching {pattern!r}; last lines:\n{tail}")

    def next_line(self, timeout: float = 20.0) -> str:
        """The next line not yet taken by next_line or wait_for; "" at the end of output."""
        try:
            line = self._new.get(timeout=scaled(timeout))
        except queue.Empty:
            raise AssertionError(f"{self.args[0]}: silent for {timeout} s") from None
        return "" if line is None else line.rstrip("\n")

    def write(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def applied(self) -> dict[int, str]:
        """Ply → digest prefix, from the "[ply digest] …" log lines."""
        out = {}
        for line in self.lines:
            found = re.match(r"\[(\d+) ([0-9a-f]{12})\]", line)
            if found:
                out[int(found.group(1))] = found.group(2)
        return out

    def caught_up(self) -> list[int]:
        """The plies at which the process took the host's copy ("Caught up with the host
        at action N.", a `resynced` event's line)."""
        return [int(found.group(1)) for line in self.lines
                if (found := re.search(r"Caught up with the host at action (\d+)\.", line))]

    def final_digest(self, timeout: float = 30.0) -> str:
        return self.wait_for(r"GAME OVER digest=([0-9a-f]{64})", timeout).group(1)

    def finish(self, timeout: float = 10.0) -> int:
        try:
            return self.proc.wait(scaled(timeout))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
            raise AssertionError(f"{self.args[0]} did not exit") from None

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(5)


class TinyBot:
    """Tiny's computer player: snap when it can, else play a random card, else draw.

    It reads only its own seat's view, as every bot must: a held card may
    always be played (T2), and a seat with an empty hand may always draw,
    or the game would have ended (T5)."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: View, budget_s: float, stop: threading.Event | None = None
               ) -> Action:
        hand = view["hands"][view["viewer"]]
        pending = view["pending"]
        if pending is not None:
            return {"type": "snap"} if pending["card"] in hand else {"type": "pass"}
        if hand:
            return {"type": "play", "card": self.rng.choice(hand)}
        return {"type": "draw"}


def tiny_bots(level: str, seed: int) -> Bot:
    """Tiny's bot factory: one level, "random"."""
    if level != "random":
        raise ValueError(f"unknown level {level!r}: Tiny's computer plays 'random'")
    return TinyBot(level, seed)


GAMES: dict[str, tuple[ModuleType, Any]] = {
    "tiny": (tinygame, tiny_bots),
    "tigris": (engine.tigris, ai.bot_factory("tigris")),
    "civ": (engine.civ, ai.bot_factory("civ")),
}


def host_config(game: str = "tiny", players: int = 2, seats: list[str] | None = None,
                host_seat: int | None = 0, **extra: Any) -> HostConfig:
    """A HostConfig on 127.0.0.1, a free port and brisk heartbeats and bots."""
    module, bots = GAMES[game]
    settings: dict[str, Any] = {"bind": LOCALHOST, "port": 0, "heartbeat": HEARTBEAT,
                                "bot_budget": 0.01, **extra}
    return HostConfig(game=module, bots=bots, players=players,
                      seats=seats or ["human"] * players, host_seat=host_seat, **settings)
