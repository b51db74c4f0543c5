"""Easy level: a greedy player that looks only at what an action does at once.

It takes the VP an action scores now (more for its weakest colours, less
for VP it hands to rivals), likes putting leaders from its supply next to
temples, avoids conflicts it is not clearly stronger in, and answers every
other decision by the rules of thumb in `decisions`. Some randomness (a
noisy score and an occasional second-best choice) keeps it beatable.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from ..bot import Action, View
from .analysis import Analysis
from .decisions import committed_color, default_decision, hand_count, lowest_colors
from .determinize import sample_state
from .geometry import COLORS, SQUARE_INDEX

NOISE = 0.35          # spread of the random term added to every score
SLIP = 0.15           # chance of taking the second-best action


class EasyBot:
    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        state = sample_state(view, self.rng)
        actions = state.legal_actions()
        me = view["viewer"]
        if view["pending"] is not None:
            return default_decision(state.to_dict(), actions, me)
        board = Analysis(view)
        weakest = lowest_colors(view, me)[:2]
        scored: list[tuple[float, Action]] = []
        for action in actions:
            if stop is not None and stop.is_set() and scored:
                break
            score = self._score(state, action, view, board, weakest)
            scored.append((score + self.rng.gauss(0.0, NOISE), action))
        scored.sort(key=lambda t: -t[0])
        if len(scored) > 1 and self.rng.random() < SLIP:
            return scored[1][1]
        return scored[0][1]

    def _score(self, state: Any, action: Action, view: View, board: Analysis,
               weakest: list[str]) -> float:
        me = view["viewer"]
        kind = action["type"]
        if kind == "pass":
            return -5.0
        if kind == "swap":
            return self._swap_score(action, board, me)
        after = state.apply(action)
        score = 0.0
        for e in after.events:
            if e["type"] == "vp":
                gain = e["amount"] * (1.5 if e["color"] in weakest else 1.0)
                score += gain if e["seat"] == me else -0.8 * gain
            elif e["type"] == "leader_withdrawn" and e["reason"] == "no_temple":
                score += -3.0 if e["seat"] == me else 2.0
        if kind == "leader":
            score += self._leader_score(action, board, me)
        elif kind == "catastrophe":
            score -= 1.0
        pending = after.to_dict()["pending"] if not after.is_over else None
        if pending is not None:
            score += self._pending_score(pending, view, me)
        return score

    def _leader_score(self, action: Action, board: Analysis, me: int) -> float:
        color = COLORS.index(action["color"])
        if action["to"] is None:
            return -1.5
        if board.leaders[me][color] is not None:
            return -0.5
        return 1.2 + 0.3 * min(3, board.temples_next_to(SQUARE_INDEX[action["to"]]))

    def _swap_score(self, action: Action, board: Analysis, me: int) -> float:
        """Throwing away colours it has no leader for is mildly useful."""
        useless = [c for c in COLORS if board.leaders[me][COLORS.index(c)] is None]
        if all(t in useless for t in action["tiles"]):
            return 0.1 * len(action["tiles"])
        return -1.0

    def _pending_score(self, pending: dict[str, Any], view: View, me: int) -> float:
        kind = pending["kind"]
        if kind == "monument":
            return 1.5
        if kind != "commit" or pending["attacker"] != me:
            return 0.0
        mine = pending["attacker_strength"] + hand_count(view, me, committed_color(pending))
        return 2.5 if mine >= pending["defender_strength"] + 2 else -3.0
