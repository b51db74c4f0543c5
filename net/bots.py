"""Computer players for network seats, and the thread they think in.

Which computer players a game has is the caller's to say: hosting takes a
factory (`HostConfig.bots`, `BotFactory`), so this module never picks a
game's bots. A bot sees only its seat's view. Thinking happens in the AI
harness's worker thread (`BotWorker` adapts it), so the network thread keeps
answering heartbeats. When a bot fails, its seat plays the first legal
action of the position, which the session holds in full.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable
from typing import Any

import ai

from .game import Action, Bot, BotFactory, View

log = logging.getLogger(__name__)

NO_ANSWER: Action = {}
"""What a failed bot answers: no game has an empty action, so the caller plays for it."""


def make_bot(factory: BotFactory | None, level: str, seed: int | None = None) -> Bot:
    """A bot of `level` from the game's factory; ValueError naming the problem if none."""
    if factory is None:
        raise ValueError("this game is hosted without computer players")
    return factory(level, secrets.randbits(32) if seed is None else seed)


def level_problem(factory: BotFactory | None, level: str) -> str:
    """Why `level` cannot be played, or "" when it can."""
    try:
        make_bot(factory, level, 0)
    except ValueError as exc:
        return str(exc)
    return ""


Deliver = Callable[[Any, int, Action | None], None]


class FailSafeBot:
    """A network seat's bot: when it fails it answers NO_ANSWER, so no game stalls."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = str(getattr(bot, "level", "unknown"))

    def choose(self, view: View, budget_s: float, stop: threading.Event | None = None
               ) -> Action:
        try:
            return self.bot.choose(view, budget_s, stop)
        except Exception:
            log.exception("a computer player failed; its seat plays the first legal action")
            return NO_ANSWER


class BotWorker:
    """`ai.BotWorker` for the network loops: answers come back with the caller's ticket.

    The caller's ticket (the ply and digest it was asked for) and seat travel
    with the answer, so the caller can drop answers to a position that has
    moved on; a newer request stops the bot still thinking about an older one.
    A failed bot's answer arrives as None.
    """

    def __init__(self, deliver: Deliver, budget_s: float) -> None:
        self._deliver = deliver
        self._budget = budget_s
        self._lock = threading.Lock()
        self._asked: dict[int, tuple[Any, int]] = {}
        self._worker = ai.BotWorker(on_answer=self._answered, name="net-bots")

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
            self._deliver(asked[0], asked[1], action or None)
