"""Keeps one game on screen: start it, watch its heartbeat, restart it, feed systemd.

The supervisor is the unit's main process and the only one systemd listens
to. It starts the game command (cage with the game inside) in its own process
group, so a restart takes cage, Xwayland and the game down together and
leaves no half-session behind. A game is restarted when it exits, for any
reason, and when it stopped sending heartbeats for `hang_seconds`; hang
detection starts with the first heartbeat, so a client that never sends any
is kept running rather than killed in a loop. Runs that end early back off
exponentially, and after a few in a row the game starts once without
--resume, in case the autosave itself is what brings it down.

systemd hears READY=1 when the first frame was drawn (or after
`ready_seconds` without any heartbeat), WATCHDOG=1 while this loop turns, and
STATUS= lines saying what the game is doing.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import signal
import subprocess
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from kiosk.listener import HeartbeatListener
from kiosk.sdnotify import Notifier

log = logging.getLogger("kiosk")

TICK = 0.5
PR_SET_PDEATHSIG = 1


@dataclass
class Policy:
    hang_seconds: float = 15.0
    ready_seconds: float = 60.0
    stable_seconds: float = 60.0
    resume_attempts: int = 3
    max_backoff: float = 30.0
    kill_grace: float = 5.0


class Supervisor:
    def __init__(self, command: Callable[[bool], list[str]], env: Mapping[str, str],
                 listener: HeartbeatListener, systemd: Notifier, policy: Policy,
                 resume: bool = True, watchdog: float | None = None) -> None:
        self.command = command
        self.env = dict(env)
        self.listener = listener
        self.systemd = systemd
        self.policy = policy
        self.resume = resume
        self.ping_every = None if watchdog is None else watchdog / 3
        self.started = time.monotonic()
        self.next_ping = 0.0
        self.ready_sent = False
        self.stopping = False
        self.starts = 0
        self.bad_streak = 0

    def stop(self) -> None:
        """Safe from a signal handler: the loop notices within one tick."""
        self.stopping = True

    def run(self) -> int:
        try:
            while not self.stopping:
                began = time.monotonic()
                ended_by = self._run_once()
                if self.stopping:
                    break
                self._after(ended_by, time.monotonic() - began)
        finally:
            self.systemd.send(STOPPING=1, STATUS="stopping")
        return 0

    def _run_once(self) -> str:
        resume = self.resume and self.bad_streak < self.policy.resume_attempts
        if self.resume and not resume:
            log.warning("the game failed %d times in a row: starting it without --resume",
                        self.bad_streak)
        args = self.command(resume)
        self.listener.drain()
        self.starts += 1
        log.info("starting the game (start %d): %s", self.starts, " ".join(args))
        try:
            child = subprocess.Popen(args, env=self.env, start_new_session=True,
                                     preexec_fn=_die_with_parent(os.getpid()))
        except OSError as exc:
            log.error("cannot start %s: %s", args[0], exc)
            return "unstartable"
        self._status(f"game started (pid {child.pid}, start {self.starts})")
        try:
            return self._watch(child)
        finally:
            self._end(child)

    def _watch(self, child: subprocess.Popen[bytes]) -> str:
        last_beat: float | None = None
        while not self.stopping:
            code = child.poll()
            if code is not None:
                log.warning("the game exited with code %d", code)
                return "exited"
            for message in self.listener.receive(TICK):
                if "WATCHDOG" in message or "READY" in message:
                    if last_beat is None:
                        log.info("first heartbeat: the game is drawing")
                        self._status("game running")
                    last_beat = time.monotonic()
                    self._ready()
                if "STATUS" in message:
                    self._status(message["STATUS"])
            now = time.monotonic()
            if last_beat is not None and now - last_beat > self.policy.hang_seconds:
                log.error("no heartbeat for %.0f s: the game hangs, restarting it",
                          now - last_beat)
                return "hung"
            self._tick(now)
        return "stopped"

    def _tick(self, now: float) -> None:
        if not self.ready_sent and now - self.started > self.policy.ready_seconds:
            log.warning("no heartbeat after %.0f s: hang detection is off until the game "
                        "calls kiosk.watchdog.beat()", self.policy.ready_seconds)
            self._ready()
        if self.ping_every is not None and now >= self.next_ping:
            self.systemd.send(WATCHDOG=1)
            self.next_ping = now + self.ping_every

    def _ready(self) -> None:
        if not self.ready_sent:
            self.ready_sent = True
            self.systemd.send(READY=1)

    def _status(self, text: str) -> None:
        self.systemd.send(STATUS=text.replace("\n", " "))

    def _after(self, ended_by: str, lasted: float) -> None:
        if ended_by == "hung" or lasted < self.policy.stable_seconds:
            self.bad_streak += 1
        else:
            self.bad_streak = 0
        delay = 1.0 if self.bad_streak == 0 else min(
            2.0 ** (self.bad_streak - 1), self.policy.max_backoff)
        self._status(f"game {ended_by}; restarting in {delay:.0f} s")
        self._idle(delay)

    def _idle(self, seconds: float) -> None:
        """Waits without going silent: systemd must keep hearing from us during a backoff."""
        until = time.monotonic() + seconds
        while not self.stopping and time.monotonic() < until:
            self.listener.receive(min(TICK, max(0.0, until - time.monotonic())))
            self._tick(time.monotonic())

    def _end(self, child: subprocess.Popen[bytes]) -> None:
        """Ends the game first and lets cage follow it; then TERM and KILL what lingers.

        cage leaves by itself when its client is gone, while a SIGTERM makes
        cage 0.1.4 abort (an assertion in wl_display_terminate), so the group
        leader is signalled only if the rest of the group did not take it along.
        """
        group = child.pid
        steps = ((_followers(group), signal.SIGTERM), ([group], signal.SIGTERM))
        for pids, sig in steps:
            if child.poll() is not None or not pids:
                continue
            for pid in pids:
                _signal(pid, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(self.policy.kill_grace)
        if child.poll() is None:
            log.error("the game ignored SIGTERM: killing it")
            _signal_group(group, signal.SIGKILL)
            child.wait()
        _signal_group(group, signal.SIGKILL)


def _followers(group: int) -> list[int]:
    """The processes of a process group but its leader, from /proc (stat's 5th field)."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        pid = int(stat.parent.name)
        if int(fields[2]) == group and pid != group:
            pids.append(pid)
    return pids


def _signal(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, sig)


def _die_with_parent(parent: int) -> Callable[[], None]:
    """Asks the kernel to TERM the child when the supervisor dies, however it dies.

    If systemd's watchdog kills a hung supervisor, nobody is left to stop cage,
    and a cage that outlives it would keep the screen from the next one. The
    libc handle is opened here, before the fork, so the child only calls it.
    """
    prctl = ctypes.CDLL(None, use_errno=True).prctl

    def arm() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGTERM)

    return arm


def _signal_group(group: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, sig)
