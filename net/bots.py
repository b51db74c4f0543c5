"""Computer players for network seats, and the thread they think in.

`make_bot(level, seed)` is the AI package's (`ai.make_bot`). A bot sees only
its seat's view. Thinking happens in the AI package's worker thread
(`BotWorker` adapts it), so the network thread keeps answering heartbeats.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable
from typing import Any, Protocol

import ai
import engine.tigris as engine

log = logging.getLogger(__name__)

Action = dict[str, Any]
View = dict[str, Any]


class Bot(Protocol):
    def choose(self, view: View, budget_s: float, stop: threading.Event | None = None
               ) -> Action: ...


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of `level` from the AI package; ValueError if it does not know that level."""
    bot: Bot = ai.make_bot(engine.ID, level, secrets.randbits(32) if seed is None else seed)
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


class FailSafeBot:
    """A network seat's bot: when it fails, the first legal action, so no game stalls."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = str(getattr(bot, "level", "unknown"))

    def choose(self, view: View, budget_s: float, stop: threading.Event | None = None
               ) -> Action:
        try:
            return self.bot.choose(view, budget_s, stop)
        except Exception:
            log.exception("a computer player failed; it plays the first legal action")
            return fallback_action(view)


class BotWorker:
    """`ai.BotWorker` for the network loops: answers come back with the caller's ticket.

    The caller's ticket (the ply and digest it was asked for) and seat travel
    with the answer, so the caller can drop answers to a position that has
    moved on; a newer request stops the bot still thinking about an older one.
    """

    def __init__(self, deliver: Deliver, budget_s: float) -> None:
        self._deliver = deliver
        self._budget = budget_s
        self._lock = threading.Lock()
        self._asked: dict[int, tuple[Any, int]] = {}
        self._worker = ai.BotWorker(on_answer=self._answered, name="tigris-bots")

    def request(self, ticket: Any, seat: int, view: View, bot: Bot) -> None:
        # Held across the request, so a quick answer waits until it can be matched.
        with self._lock:
            number = self._worker.request(FailSafeBot(bot), view, self._budget)
            self._asked = {number: (ticket, seat)}

    def close(self) -> None:
        self._worker.close(timeout=5.0)

    def _answered(self, number: int, action: Action) -> None:
        with self._lock:
            asked = self._asked.pop(number, None)
        if asked is not None:
            self._deliver(asked[0], asked[1], action)
