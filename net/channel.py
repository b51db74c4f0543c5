"""The network thread's frame: one thread owns the ZeroMQ socket; the UI talks by queue.

The UI thread puts commands on a queue and writes one byte to a wake-up
socket pair (the self-pipe trick asyncio uses for `call_soon_threadsafe`), so
the network thread wakes at once instead of polling on a timer; it never
touches a ZeroMQ socket. The network thread puts (event, mirror) pairs on
another queue that the session drains in `poll()`. A failure while handling
one message is logged and counted, never fatal to the thread.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import socket
import threading
import time
from collections import Counter
from typing import Any

import zmq

from .address import endpoint
from .events import Mirror, SessionEvent

log = logging.getLogger("tigris.net")

Command = tuple[Any, ...]


class NetLoop(threading.Thread):
    """Subclasses open `self.sock` in `open_socket` and handle frames, commands and ticks."""

    tick_interval = 0.05

    def __init__(self, name: str) -> None:
        super().__init__(name=name, daemon=True)
        self.commands: queue.SimpleQueue[Command] = queue.SimpleQueue()
        self.events: queue.SimpleQueue[tuple[SessionEvent, Mirror]] = queue.SimpleQueue()
        self.stats: Counter[str] = Counter()
        self.ready = threading.Event()
        self.failure: str = ""
        self.ctx = zmq.Context()
        self.sock: zmq.Socket[bytes] | None = None
        self._poller = zmq.Poller()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._running = True
        self.away = 0.0
        """Before each `on_tick`: the seconds since the previous tick beyond one tick
        interval, when this thread was not listening (handling a long frame, or starved of
        the processor or the GIL). Silence over that time is not the other side's: a frame
        it sent then may not even be read yet, so each loop leaves it out of its timeouts."""

    # --- the UI side --------------------------------------------------------------------
    def post(self, *command: Any) -> None:
        self.commands.put(command)
        with contextlib.suppress(OSError):
            self._wake_w.send(b"!")

    # --- the network side ---------------------------------------------------------------
    def emit(self, kind: str, text: str = "", *, state: Any = None, **data: Any) -> None:
        self.events.put((SessionEvent(kind=kind, text=text, data=data, state=state),
                         self.mirror()))

    def mirror(self) -> Mirror:
        raise NotImplementedError

    def open_socket(self) -> None:
        raise NotImplementedError

    def on_frames(self, frames: list[bytes]) -> None:
        raise NotImplementedError

    def on_command(self, command: Command) -> None:
        raise NotImplementedError

    def on_tick(self, now: float) -> None:
        raise NotImplementedError

    def on_close(self) -> None:
        raise NotImplementedError

    def new_socket(self, kind: int, max_frame: int) -> zmq.Socket[bytes]:
        """A socket that drops a frame larger than `max_frame` (ZeroMQ's MAXMSGSIZE, per
        frame) before it is read, and the connection with it (`protocol.socket_limit`)."""
        sock = self.ctx.socket(kind)
        sock.setsockopt(zmq.LINGER, 200)
        sock.setsockopt(zmq.MAXMSGSIZE, max_frame)
        return sock

    def dial(self, host: str, port: int, max_frame: int) -> None:
        """A DEALER connected to a host (IPv6 where the address says so) made the socket
        polled: a peer's and a watcher's one way in."""
        sock = self.new_socket(zmq.DEALER, max_frame)
        if ":" in host:
            sock.setsockopt(zmq.IPV6, 1)
        sock.connect(endpoint(host, port))
        self.use_socket(sock)

    def use_socket(self, sock: zmq.Socket[bytes]) -> None:
        """Make `sock` the one polled, closing the previous one (a peer's reconnect)."""
        if self.sock is not None:
            self._poller.unregister(self.sock)
            self.sock.close(linger=0)
        self.sock = sock
        self._poller.register(sock, zmq.POLLIN)

    def stop(self) -> None:
        self._running = False

    def run(self) -> None:
        try:
            self.open_socket()
        except Exception as exc:
            self.failure = f"{type(exc).__name__}: {exc}"
            log.error("network thread could not start: %s", self.failure)
            self.ready.set()
            self._shutdown()
            return
        self._poller.register(self._wake_r, zmq.POLLIN)
        self.ready.set()
        next_tick = last_tick = time.monotonic()
        while self._running:
            wait = max(0.0, next_tick - time.monotonic())
            ready = dict(self._poller.poll(int(wait * 1000) + 1))
            if self._wake_r in ready or self._wake_r.fileno() in ready:
                self._drain_wake()
            self._read_socket()
            self._read_commands()
            now = time.monotonic()
            if now >= next_tick:
                self.away = max(0.0, now - last_tick - self.tick_interval)
                self._guarded(self.on_tick, now)
                last_tick, next_tick = now, now + self.tick_interval
        self._guarded(self.on_close)
        self._shutdown()

    def _drain_wake(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except OSError:
            pass

    def _read_socket(self) -> None:
        for _ in range(1000):
            sock = self.sock
            if sock is None:
                return
            try:
                frames = sock.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return
            self._guarded(self.on_frames, frames)

    def _read_commands(self) -> None:
        while True:
            try:
                command = self.commands.get_nowait()
            except queue.Empty:
                return
            self._guarded(self.on_command, command)

    def _guarded(self, handler: Any, *args: Any) -> None:
        try:
            handler(*args)
        except Exception:
            self.stats["internal_errors"] += 1
            log.exception("network thread: %s failed", getattr(handler, "__name__", handler))

    def _shutdown(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        self.ctx.term()
        self._wake_r.close()
        self._wake_w.close()
        self._running = False
