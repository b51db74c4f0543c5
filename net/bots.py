"""Computer players for network seats, and the thread they think in.

`make_bot(level, seed)` is the AI package's (`ai.make_bot`). A bot sees only
its seat's view. Thinking happens in a
`BotWorker` thread so the network thread keeps answering heartbeats.
"""

from __future__ import annotations

import queue
import secrets
import threading
from collections.abc import Callable
from typing import Any, Protocol

import ai
import engine

Action = dict[str, Any]
View = dict[str, Any]


class Bot(Protocol):
    def choose(self, view: View, budget_s: float, stop: threading.Event | None = None
               ) -> Action: ...


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of `level` from the AI package; ValueError if it does not know that level."""
    bot: Bot = ai.make_bot(level, secrets.randbits(32) if seed is None else seed)
    return bot


def random_bot() -> Bot:
    """The cheap stand-in for a seat whose level is unknown or whose bot failed."""
    return make_bot("random")


def level_problem(level: str) -> str:
    """Why `level` cannot be played, or "" when it can."""
    try:
        make_bot(level, 0)
    except ValueError as exc:
        return str(exc)
    return ""


def fallback_action(view: View) -> Action:
    """What a seat plays when its bot fails: the first legal action (deterministic)."""
    return engine.state_from_view(view).legal_actions()[0]


Deliver = Callable[[Any, int, Action], None]


class BotWorker:
    """One thread, one job at a time; `cancel` tells a thinking bot to stop early.

    A job carries a ticket chosen by the caller (the ply and digest it was asked
    for); the answer comes back with it, so the caller can drop answers to a
    position that has moved on.
    """

    def __init__(self, deliver: Deliver, budget_s: float) -> None:
        self._deliver = deliver
        self._budget = budget_s
        self._jobs: queue.Queue[tuple[Any, int, View, Bot] | None] = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tigris-bots", daemon=True)
        self._thread.start()

    def request(self, ticket: Any, seat: int, view: View, bot: Bot) -> None:
        self._jobs.put((ticket, seat, view, bot))

    def cancel(self) -> None:
        self._stop.set()

    def close(self) -> None:
        self._stop.set()
        self._jobs.put(None)
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            ticket, seat, view, bot = job
            self._stop.clear()
            try:
                action = bot.choose(view, self._budget, self._stop)
            except Exception:
                action = fallback_action(view)
            self._deliver(ticket, seat, action)
