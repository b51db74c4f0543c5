"""Random level: a uniformly random legal action; the yardstick for the others."""

from __future__ import annotations

import random
import threading

import engine.tigris as engine

from .bot import Action, View


class RandomBot:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        return self.rng.choice(engine.state_from_view(view).legal_actions())
