"""Bots for testing what runs bots (the worker threads): one that dawdles, one that fails."""

from __future__ import annotations

import threading
from collections.abc import Callable

from ai.bot import Action, View


class SlowBot:
    """Thinks until told to stop (or for `seconds`), then plays the first legal action."""

    level = "slow"

    def __init__(self, seconds: float, legal_actions: Callable[[View], list[Action]]) -> None:
        self.seconds = seconds
        self.legal_actions = legal_actions
        self.started = threading.Event()
        self.stopped = threading.Event()

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        assert stop is not None
        self.started.set()
        if stop.wait(self.seconds):
            self.stopped.set()
        return self.legal_actions(view)[0]


class BrokenBot:
    level = "broken"

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        raise ValueError("no idea")
