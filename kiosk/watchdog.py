"""The game's side of the kiosk watchdog: a heartbeat sent from the frame loop.

A game that hangs (a deadlock, an endless loop, a driver stuck in a call)
looks alive to a process monitor; only a loop that keeps saying so proves it
is drawing. So the client calls `beat()` once per frame, which sends
`WATCHDOG=1` to NOTIFY_SOCKET at most once per interval (one clock read per
frame otherwise); the first beat also sends `READY=1`, meaning "the first
frame is on screen". `position()` reports the game being shown, which
`systemctl status` displays and the resume tests compare.

Under the kiosk, NOTIFY_SOCKET is the supervisor's socket (kiosk.supervisor),
not systemd's. Without NOTIFY_SOCKET (a desktop game) everything here is a
no-op, so the calls can stay in the client unconditionally.

The client's integration is one line at the end of `App.frame`:

    kiosk.watchdog.beat()

and, wherever the table's position changes or a game is resumed:

    kiosk.watchdog.position(ply, state.digest())
"""

from __future__ import annotations

import time
from collections.abc import Callable

from kiosk.sdnotify import Notifier, watchdog_interval

DEFAULT_INTERVAL = 1.0


class Heartbeat:
    """Rate-limited WATCHDOG=1 pings, plus READY=1 once and STATUS on request."""

    def __init__(self, notifier: Notifier, interval: float = DEFAULT_INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.notifier = notifier
        self.interval = interval
        self.clock = clock
        self.ready_sent = False
        self._next = float("-inf")

    @classmethod
    def from_env(cls) -> Heartbeat:
        """Pings four times per systemd deadline when systemd watches this very process."""
        deadline = watchdog_interval()
        interval = DEFAULT_INTERVAL if deadline is None else min(DEFAULT_INTERVAL, deadline / 4)
        return cls(Notifier.from_env(), interval)

    def beat(self) -> None:
        if not self.notifier.enabled:
            return
        now = self.clock()
        if now < self._next:
            return
        self._next = now + self.interval
        if self.ready_sent:
            self.notifier.send(WATCHDOG=1)
        else:
            self.ready_sent = self.notifier.send(READY=1, WATCHDOG=1)

    def position(self, ply: int, digest: str) -> None:
        """STATUS for people, TIGRIS_PLY/TIGRIS_DIGEST for programs."""
        self.notifier.send(STATUS=f"playing, ply {ply}, position {digest[:12]}",
                           TIGRIS_PLY=ply, TIGRIS_DIGEST=digest)

    def status(self, text: str) -> None:
        """STATUS for people when no saved game is on the table (the attract mode)."""
        self.notifier.send(STATUS=text)


_default: Heartbeat | None = None


def default() -> Heartbeat:
    """The process's heartbeat, made on first use so the environment is read once."""
    global _default
    if _default is None:
        _default = Heartbeat.from_env()
    return _default


def beat() -> None:
    """Call once per frame; cheap when not due and a no-op outside the kiosk."""
    default().beat()


def position(ply: int, digest: str) -> None:
    """Call when the position on the table changes (and after resuming a game)."""
    default().position(ply, digest)


def status(text: str) -> None:
    """Call when the screen shows something other than a game being played."""
    default().status(text)
