"""Tiny's AI package, for tests only: what `ai/<game id>/` offers the harness, for Tiny.

The harness finds a game's computer players by importing `ai.<game id>`;
the tests register this module under `ai.tiny` (see `tests/ai/conftest.py`)
so that the worker, the registry, the match and the arena are tested on a
game they were not written for. One level of its own: ``greedy``.
"""

from __future__ import annotations

import threading
from typing import Any

from ai.bot import Action, Bot, View

from . import tinygame

LEVELS: tuple[str, ...] = ("greedy",)
DEFAULT_LEVEL = "greedy"


def legal_actions(view: View) -> list[Action]:
    """The viewer's legal actions: the unseen cards dealt anyhow, which cannot change them."""
    me = view["viewer"]
    unseen = list(tinygame.CARDS)
    for card in [*view["pile"], *view["hands"][me]]:
        unseen.remove(card)
    hands = []
    for seat, size in enumerate(view["hand_sizes"]):
        if seat == me:
            hands.append(view["hands"][me])
        else:
            hands.append(sorted(unseen[:size]))
            del unseen[:size]
    position = {key: view[key] for key in tinygame.TOP_KEYS}
    position.update(hands=hands, deck=unseen, rng=0)
    return tinygame.from_dict(position).legal_actions()


class GreedyBot:
    """Snaps whenever it can, plays its highest card that scores, else draws, else its lowest."""

    level = "greedy"

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        actions = legal_actions(view)
        pile = view["pile"]
        plays = [a for a in actions if a["type"] == "play"]
        scoring = [a for a in plays if not pile or a["card"] > pile[-1]]
        for choice in ([a for a in actions if a["type"] == "snap"], scoring[-1:],
                       [a for a in actions if a["type"] == "draw"], plays[:1]):
            if choice:
                return choice[0]
        return actions[0]


def make_bot(level: str, seed: int, iterations: int | None) -> Bot:
    if level != "greedy":
        raise ValueError(f"unknown Tiny level {level!r}: use one of {', '.join(LEVELS)}")
    return GreedyBot()


def final_scores(state: Any) -> list[int]:
    return [int(score) for score in state.view(None)["scores"]]
