"""Random level: a uniformly random legal action; the yardstick for every game's levels.

It knows no game: the game's AI package tells it the legal actions of the
seat a view belongs to, so it plays any game that has one.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

from .bot import Action, View

LegalActions = Callable[[View], list[Action]]


class RandomBot:
    level = "random"

    def __init__(self, seed: int, legal_actions: LegalActions) -> None:
        self.rng = random.Random(seed)
        self.legal_actions = legal_actions

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        return self.rng.choice(self.legal_actions(view))
