"""LAN resilience figures (issue 13): a hostile peer at a whole game, and killed processes.

Every program runs as `ziggurat` does on a LAN, each in its own process on
loopback, playing Tigris & Euphrates with random legal actions.

1. A hostile run: a host (no seat of its own) and two computer peers play a
   whole game while a third, seated peer plays its own turns and between them
   sends N malformed or forged frames (bad msgpack, cut frames, huge fields
   and frames, another seat's header, replayed, stale and illegal actions,
   desync claims its own copy does not show, unknown types, other protocol
   versions, floods of hello and snapshot requests). Printed: the frames sent
   by kind, the host's answers by code, whether every program finished on one
   digest, the host's resident memory before the game and at its end.
2. A peer killed with SIGKILL mid-game and started again without options (it
   finds its seat and token in the data folder), then the host killed and
   started again without options (it resumes its autosave): how long until
   play resumed, whether any action was lost, whether the game finished on
   one digest.

    .venv/bin/python benchmarks/lan_resilience.py [--frames 5000]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgpack
import zmq

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine.tigris as tigris  # noqa: E402
from net import fields, storage  # noqa: E402
from net.protocol import PROTOCOL_VERSION, decode, encode, frame_limit  # noqa: E402
from net.seed import commitment, new_nonce  # noqa: E402

LOCALHOST = "127.0.0.1"
GAME_TIMEOUT = 300.0
STALL_SECONDS = 30.0
ILLEGAL = [{"type": "tile", "color": "purple", "to": "Z99"}, {"type": "warp"},
           {"type": "leader", "color": "red", "to": "A1", "extra": 1}]
APPLIED = re.compile(r"^\[(\d+) ([0-9a-f]{12})\]")


class Program:
    """One `ziggurat` sub-command in its own process; its output lines with the time each
    arrived (monotonic clock), read by a thread."""

    def __init__(self, data: Path, *args: str) -> None:
        env = dict(os.environ, TIGRIS_DATA_DIR=str(data), PYTHONUNBUFFERED="1")
        self.args = args
        self.proc = subprocess.Popen([sys.executable, "-m", "ziggurat_cli.main", *args],
                                     cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, bufsize=1)
        self.lines: list[tuple[float, str]] = []
        self._new: queue.SimpleQueue[tuple[float, str] | None] = queue.SimpleQueue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            stamped = (time.monotonic(), line.rstrip("\n"))
            self.lines.append(stamped)
            self._new.put(stamped)
        self._new.put(None)

    def wait_for(self, pattern: str, timeout: float = GAME_TIMEOUT,
                 after: float = 0.0) -> tuple[float, re.Match[str]]:
        """The first line matching `pattern` that arrived after `after`, and when."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for at, line in self.lines[seen:]:
                found = regex.search(line)
                if found and at >= after:
                    return at, found
            seen = len(self.lines)
            left = deadline - time.monotonic()
            if left <= 0 or (self.proc.poll() is not None and self._new.empty()):
                tail = "\n".join(line for _, line in self.lines[-15:])
                raise SystemExit(f"{self.args[0]}: no line matching {pattern!r}:\n{tail}")
            with contextlib.suppress(queue.Empty):
                self._new.get(timeout=min(left, 0.5))

    def applied(self) -> dict[int, str]:
        """Ply → the first 12 digits of the digest after it, from the log lines."""
        out = {}
        for _, line in self.lines:
            found = APPLIED.match(line)
            if found:
                out[int(found.group(1))] = found.group(2)
        return out

    def final_digest(self) -> str:
        return self.wait_for(r"GAME OVER digest=([0-9a-f]{64})")[1].group(1)

    def rss_kib(self) -> int:
        with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def end(self) -> None:
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.kill()


def host(data: Path, *extra: str) -> tuple[Program, str]:
    """A host on loopback that plays no seat; its address."""
    program = Program(data, "host", "--port", "0", "--bind", LOCALHOST, "--seat", "none",
                      "--no-discovery",
                      "--bot-budget", "0.01", "--linger", "3", *extra)
    port = program.wait_for(r"HOSTING \S+ port=(\d+)", 30)[1].group(1)
    return program, f"{LOCALHOST}:{port}"


def bot(data: Path, address: str, *extra: str) -> Program:
    return Program(data, "bot", "--join", address, "--level", "random", "--timeout", "120",
                   *extra)


def record_digests(record: dict[str, Any]) -> dict[int, str]:
    state = tigris.new_game(record["players"], record["seed"], record["options"])
    digests = {0: state.digest()}
    for ply, action in enumerate(record["actions"], 1):
        state = state.apply(action)
        digests[ply] = state.digest()
    return digests


def lost_or_wrong(programs: list[Program], record: dict[str, Any]) -> list[str]:
    """What the programs' logs show that the final record does not: a ply with another
    digest (an action lost or changed). Empty when every logged step is in the record."""
    expected = record_digests(record)
    problems = []
    for program in programs:
        for ply, digest in program.applied().items():
            if not expected.get(ply, "").startswith(digest):
                problems.append(f"{program.args[0]} ply {ply}")
    return problems


# --- 1. the hostile run ----------------------------------------------------------------

class Hostile:
    """A seated peer that plays its turns and sends junk of every kind between them."""

    def __init__(self, address: str, seed: int) -> None:
        self.ctx = zmq.Context()
        self.sock = self.ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.connect(f"tcp://{address}")
        self.rng = random.Random(seed)
        self.seq = 0
        self.seat = -1
        self.state: Any = None
        self.ply = 0
        self.sent_at = 0.0
        self.asked_at = 0.0
        self.acted_time = 0.0
        self.acted_at = -1
        self.last_action = b""
        self.last_action_seq = -1
        self.sent: Counter[str] = Counter()
        self.answers: Counter[str] = Counter()
        self.nonce = new_nonce()
        self.junk_kinds = [name[6:] for name in dir(self) if name.startswith("_junk_")]

    def digest(self) -> str:
        return self.state.digest() if self.state is not None else ""

    def send(self, kind: str, *, seat: int | None = None, seq: int | None = None,
             ply: int | None = None, **body: Any) -> bytes:
        if seq is None:
            self.seq += 1
            seq = self.seq
        frame = encode(kind, seat=self.seat if seat is None else seat, seq=seq,
                       ply=self.ply if ply is None else ply, digest=self.digest(), **body)
        self.sock.send(frame)
        self.sent_at = time.monotonic()
        return frame

    def raw(self, obj: Any) -> None:
        self.sock.send(obj if isinstance(obj, bytes) else msgpack.packb(obj))
        self.sent_at = time.monotonic()

    def header(self, kind: str, **body: Any) -> dict[str, Any]:
        self.seq += 1
        return {"v": PROTOCOL_VERSION, "t": kind, "seat": self.seat, "seq": self.seq,
                "ply": self.ply, "dg": self.digest(), **body}

    def hear(self) -> bool:
        """Read what arrived; False once the game is over."""
        while self.sock.poll(0):
            msg = decode(self.sock.recv())
            if msg.kind in ("welcome", "snapshot"):
                self.answers[f"({msg.kind})"] += 1
                if msg.body["record"] is not None and self.state is not None:
                    self.state = tigris.replay(msg.body["record"])
                    self.ply = len(msg.body["record"]["actions"])
            if msg.kind == "welcome":
                self.seat = msg.body["you"]
            elif msg.kind == "begin":
                self.send("commit", commitment=commitment(self.nonce))
            elif msg.kind == "commits":
                self.send("reveal", nonce=self.nonce)
            elif msg.kind == "start":
                self.state = tigris.replay(msg.body["record"])
            elif msg.kind == "update" and self.state is not None:
                if msg.body["prev"] == self.state.digest():
                    self.state = self.state.apply(msg.body["action"])
                    self.ply = msg.ply
                elif time.monotonic() - self.asked_at > 0.5:
                    # the host drops what a flooded socket cannot take: catch up like a peer
                    self.asked_at = time.monotonic()
                    self.send("snapshot_req", reason="gap")
            elif msg.kind in ("error", "refused"):
                self.answers[msg.body["code"]] += 1
                if msg.kind == "error" and msg.body["ref"] == self.last_action_seq:
                    self.acted_at = -1
        return not (self.state is not None and self.state.is_over)

    def play(self) -> None:
        state = self.state
        if (state is None or state.is_over or state.to_move != self.seat
                or (self.acted_at == self.ply and time.monotonic() - self.acted_time < 1.0)):
            return
        # acting again after a second: the host's answer may have been dropped, as it drops
        # what a socket flooded with its replies to junk cannot take
        self.acted_at, self.acted_time = self.ply, time.monotonic()
        for _ in range(2):
            self.sent["illegal action"] += 1
            self.send("action", action=self.rng.choice(ILLEGAL))
        self.last_action = self.send("action", action=self.rng.choice(state.legal_actions()))
        self.last_action_seq = self.seq

    def junk(self, count: int) -> None:
        for _ in range(count):
            kind = self.rng.choice(self.junk_kinds)
            self.sent[kind.replace("_", " ")] += 1
            getattr(self, f"_junk_{kind}")()

    def _junk_bad_msgpack(self) -> None:
        self.raw(b"\xc1" + self.rng.randbytes(self.rng.randint(0, 100)))

    def _junk_cut_frame(self) -> None:
        frame = msgpack.packb(self.header("ping"))
        self.raw(frame[:self.rng.randint(1, len(frame) - 1)])

    def _junk_huge_field(self) -> None:
        self.raw(self.header("snapshot_req", reason="x" * self.rng.choice([25, 500, 20_000])))

    def _junk_huge_frame(self) -> None:
        self.raw(b"\x92" + b"\x00" * (frame_limit(fields.action_bounds(tigris))
                                       + self.rng.randint(1, 4096)))

    def _junk_wrong_seat(self) -> None:
        other = (self.seat + self.rng.randint(1, 2)) % 3
        self.send("action", seat=other, action={"type": "pass"})

    def _junk_replayed_action(self) -> None:
        if self.last_action:
            self.raw(self.last_action)
        else:
            self.send("ping", seq=max(1, self.seq))

    def _junk_stale_action(self) -> None:
        self.send("action", ply=max(0, self.ply - self.rng.randint(1, 5)),
                  action={"type": "pass"})

    def _junk_action_out_of_turn(self) -> None:
        self.send("action", action=self.rng.choice(ILLEGAL))

    def _junk_forged_desync(self) -> None:
        self.send("desync", at=self.ply, expected="0" * 64, got=self.digest() or "1" * 64)

    def _junk_unknown_type(self) -> None:
        self.raw(self.header(self.rng.choice(["launch", "admin", "kick", "update"])))

    def _junk_other_version(self) -> None:
        self.raw({**self.header("hello"), "v": self.rng.choice([0, 1, 2, 99])})

    def _junk_hello_flood(self) -> None:
        self.send("hello", games={"tigris": tigris.RULES_VERSION}, name="Mallory", want=2,
                  token="")

    def _junk_snapshot_flood(self) -> None:
        self.send("snapshot_req", reason="again")

    def close(self) -> None:
        self.sock.close()
        self.ctx.term()


def hostile_run(frames: int, seed: int) -> None:
    print(f"1. Hostile run: 3 players (2 computer peers and a hostile one), {frames} junk "
          "frames")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        server, address = host(data, "--players", "3", "--seats", "human,human,human",
                               "--linger", "60")
        rss_before = server.rss_kib()
        hostile = Hostile(address, seed)
        programs = [server]
        try:
            hostile.send("hello", games={"tigris": tigris.RULES_VERSION}, name="Mallory",
                         want=2, token="")
            programs += [bot(data, address, "--seat", str(seat)) for seat in (1, 2)]
            started = time.monotonic()
            last_junk = 0.0
            progress = (hostile.ply, time.monotonic())
            while hostile.hear():
                if hostile.ply != progress[0]:
                    progress = (hostile.ply, time.monotonic())
                if time.monotonic() - max(started, progress[1]) > STALL_SECONDS:
                    state = hostile.state
                    tail = "\n".join(line for p in programs for _, line in p.lines[-4:])
                    raise SystemExit(
                        f"no action for {STALL_SECONDS:g} s: the hostile peer (seat "
                        f"{hostile.seat}) is at ply {hostile.ply}, "
                        f"to move {state.to_move if state else None}; last lines:\n{tail}")
                if time.monotonic() - started > GAME_TIMEOUT:
                    tail = "\n".join(line for p in programs for _, line in p.lines[-5:])
                    raise SystemExit(f"the game did not end in {GAME_TIMEOUT:g} s "
                                     f"(ply {hostile.ply}, seat {hostile.seat}):\n{tail}")
                hostile.play()
                now = time.monotonic()
                if now - hostile.sent_at > 0.5:
                    hostile.send("ping")
                sent = sum(hostile.sent.values())
                if hostile.state is not None and sent < frames and now - last_junk > 0.01:
                    last_junk = now
                    hostile.junk(min(50, frames - sent))
                hostile.sock.poll(5)
            seconds = time.monotonic() - started
            rss_over = server.rss_kib()
            in_game = sum(hostile.sent.values())
            while sum(hostile.sent.values()) < frames:
                hostile.junk(min(50, frames - sum(hostile.sent.values())))
                hostile.hear()
            late = sum(hostile.sent.values()) - in_game
            quiet = time.monotonic()
            while time.monotonic() - quiet < 1.0:
                if hostile.sock.poll(100):
                    hostile.hear()
                    quiet = time.monotonic()
            finals = {p.final_digest() for p in programs}
            rss_after = server.rss_kib()
            finals.add(hostile.digest())
            saved = storage.read_autosave(data / "lan" / "host-autosave.json")
        finally:
            hostile.close()
            for program in programs:
                program.kill()
    record = saved["record"]
    print(f"   game: {len(record['actions'])} actions in {seconds:.1f} s; finished on one "
          f"digest by all four programs: {'yes' if len(finals) == 1 else 'NO'}"
          f"{' (' + tigris.replay(record).digest()[:12] + ')' if len(finals) == 1 else ''}")
    print(f"   frames sent: {sum(hostile.sent.values())} ({late} after the game's end)")
    for kind, count in sorted(hostile.sent.items(), key=lambda kc: -kc[1]):
        print(f"     {kind:<18} {count}")
    print(f"   the host's answers: {sum(hostile.answers.values())} (errors and refusals by "
          "code; welcomes and snapshots in brackets)")
    for code, count in sorted(hostile.answers.items(), key=lambda kc: -kc[1]):
        print(f"     {code:<22} {count}")
    print(f"   host memory (RSS): {rss_before / 1024:.1f} MiB before, "
          f"{rss_over / 1024:.1f} MiB at the game's end, {rss_after / 1024:.1f} MiB after "
          f"every frame")


# --- 2. killed and started again ---------------------------------------------------------

def kill_runs() -> None:
    print("2. Killed with SIGKILL and started again without options (heartbeat 1 s)")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        server, address = host(data, "--players", "3", "--seats", "human,human,bot:random")
        programs = [server]
        try:
            # each peer keeps its seat in its own data folder, as on its own device
            peers = [bot(data / f"peer{seat}", address, "--seat", str(seat)) for seat in (1, 2)]
            programs += peers
            server.wait_for(r"^\[40 ")
            killed_at = time.monotonic()
            peers[1].kill()
            killed_ply = max(server.applied())
            back = bot(data / "peer2", address)
            programs.append(back)
            joined_at, joined = back.wait_for(r"JOINED seat=(\d+)")
            next_at, _ = server.wait_for(APPLIED.pattern, after=joined_at)
            print(f"   peer killed at action {killed_ply}: back at seat {joined.group(1)} "
                  f"{joined_at - killed_at:.2f} s after the kill, the next action "
                  f"{next_at - killed_at:.2f} s after it")
            server.wait_for(r"^\[120 ")
            killed_at = time.monotonic()
            server.kill()
            killed_ply = max(server.applied())
            again = Program(data, "host", "--bind", LOCALHOST, "--no-discovery",
                            "--bot-budget", "0.01", "--linger", "3")
            programs.append(again)
            resumed_at, resumed = again.wait_for(r"Resumed the game at action (\d+)", 30)
            next_at, _ = again.wait_for(APPLIED.pattern, after=resumed_at)
            print(f"   host killed at action {killed_ply}: resumed its autosave at action "
                  f"{resumed.group(1)} {resumed_at - killed_at:.2f} s after the kill (started "
                  f"again at once), the next action {next_at - killed_at:.2f} s after it")
            finals = {p.final_digest() for p in (again, peers[0], back)}
            saved = storage.read_autosave(data / "lan" / "host-autosave.json")
            record = saved["record"]
            problems = lost_or_wrong(programs, record)
            for program in (again, peers[0], back):
                program.end()
        finally:
            for program in programs:
                program.kill()
    one = len(finals) == 1 and tigris.replay(record).digest() in finals
    print(f"   game: {len(record['actions'])} actions; no action lost "
          f"(every step every program logged is in the final record): "
          f"{'yes' if not problems else 'NO ' + ', '.join(problems[:5])}; finished on one "
          f"digest: {'yes' if one else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=5000, help="junk frames to send")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    hostile_run(args.frames, args.seed)
    kill_runs()


if __name__ == "__main__":
    main()
