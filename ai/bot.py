"""The bot interface every level implements, and the budget a decision runs under."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

Action = dict[str, Any]
View = dict[str, Any]


class Bot(Protocol):
    """A computer player: from its own seat's view to one legal action."""

    level: str

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        """One legal action for `view["viewer"]`, within about `budget_s` seconds.

        If `stop` is set while thinking, the bot returns at once with the best
        action it has so far (the caller will usually drop it).
        """
        ...


@dataclass
class Budget:
    """When a search must stop: a clock deadline, or a fixed number of iterations.

    An iteration limit replaces the clock entirely, so that a seeded bot
    makes the same choice on every machine (the tests rely on it).
    """

    deadline: float | None
    iterations: int | None = None
    stop: threading.Event | None = None

    @classmethod
    def start(cls, seconds: float, iterations: int | None = None,
              stop: threading.Event | None = None) -> Budget:
        deadline = None if iterations is not None else time.perf_counter() + max(0.0, seconds)
        return cls(deadline, iterations, stop)

    def stopped(self) -> bool:
        return self.stop is not None and self.stop.is_set()

    def exhausted(self, done: int) -> bool:
        if self.stopped():
            return True
        if self.iterations is not None:
            return done >= self.iterations
        assert self.deadline is not None
        return time.perf_counter() >= self.deadline

    def remaining(self) -> float:
        if self.deadline is None:
            return float("inf")
        return self.deadline - time.perf_counter()

    def out_of_time(self) -> bool:
        """Whether a search step under way should stop: its deadline passed or the table
        stopped the bot. A fixed number of iterations never runs out here, so a step cut
        short by it plays out whole, the same on every machine."""
        return self.remaining() < 0 or self.stopped()
