"""A background thread that runs bots, so the UI thread never waits for one.

The caller hands over (bot, view, budget) and gets a ticket back at once;
the answer arrives on a queue (read with `poll`, or `wait` in tests and
headless runs) or, when a callback is given, through that callback alone, run
on the worker thread (a bot that raises is then dropped: give one that
does not, as `net.bots` does).
A new request or `cancel` sets the running bot's stop event, so it returns
within milliseconds, and its answer is dropped because its ticket is stale.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass

from .bot import Action, Bot, View

Answer = Action | BaseException


@dataclass
class _Job:
    ticket: int
    bot: Bot
    view: View
    budget_s: float
    stop: threading.Event


class BotWorker:
    """One daemon thread answering requests in order; only the latest ticket counts."""

    def __init__(self, on_answer: Callable[[int, Action], None] | None = None,
                 name: str = "bot-worker") -> None:
        self._on_answer = on_answer
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._answers: queue.Queue[tuple[int, Answer]] = queue.Queue()
        self._lock = threading.Lock()
        self._ticket = 0
        self._current: _Job | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def ticket(self) -> int:
        """The ticket of the request whose answer is wanted now."""
        return self._ticket

    @property
    def busy(self) -> bool:
        """True from a request until its answer is read or it is cancelled."""
        with self._lock:
            return self._current is not None

    def request(self, bot: Bot, view: View, budget_s: float) -> int:
        """Ask `bot` for an action in `view`; returns at once with the request's ticket."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot worker is closed")
            if self._current is not None:
                self._current.stop.set()
            self._ticket += 1
            job = _Job(self._ticket, bot, view, budget_s, threading.Event())
            self._current = job
        self._jobs.put(job)
        return job.ticket

    def cancel(self) -> None:
        """Stop the bot thinking now (a game closed, an undo) and forget its answer."""
        with self._lock:
            if self._current is not None:
                self._current.stop.set()
            self._current = None
            self._ticket += 1

    def poll(self) -> Action | None:
        """The current request's action once ready, else None; re-raises what the bot raised."""
        while True:
            try:
                ticket, answer = self._answers.get_nowait()
            except queue.Empty:
                return None
            result = self._accept(ticket, answer)
            if result is not None:
                return result

    def wait(self, timeout: float | None = None) -> Action | None:
        """Block for the current request's action (tests and headless runs only)."""
        while True:
            try:
                ticket, answer = self._answers.get(timeout=timeout)
            except queue.Empty:
                return None
            result = self._accept(ticket, answer)
            if result is not None:
                return result

    def close(self, timeout: float = 2.0) -> None:
        """Cancel, then end the thread; safe to call twice."""
        self.cancel()
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._jobs.put(None)
        self._thread.join(timeout)

    def _accept(self, ticket: int, answer: Answer) -> Action | None:
        with self._lock:
            if ticket != self._ticket:
                return None
            self._current = None
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if job.stop.is_set():
                continue
            try:
                answer: Answer = job.bot.choose(job.view, job.budget_s, job.stop)
            except Exception as exc:  # handed to the caller, who decides what a failure means
                answer = exc
            if self._on_answer is None:
                self._answers.put((job.ticket, answer))
                continue
            with self._lock:
                current = job.ticket == self._ticket
                if current:
                    self._current = None
            if current and not isinstance(answer, BaseException):
                self._on_answer(job.ticket, answer)
