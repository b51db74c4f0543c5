"""Medium level: the best action one ply ahead under the full evaluation.

It samples one position consistent with its view (for the legal moves and
the draws at the end of its turn), tries every legal action, resolves what
each leaves pending with `Lookahead`, and takes the highest value.
"""

from __future__ import annotations

import random
import threading

from ..bot import Action, View
from .determinize import sample_state
from .evaluation import DEFAULT_WEIGHTS, Context, Weights
from .ranking import rank_actions


class MediumBot:
    level = "medium"

    def __init__(self, seed: int, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        state = sample_state(view, self.rng)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        ctx = Context.from_view(view, self.weights)
        ranked = rank_actions(state, ctx, actions,
                              out_of_time=stop.is_set if stop is not None else None)
        return actions[ranked[0][1]]
