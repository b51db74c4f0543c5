"""Tigris & Euphrates' computer players: easy, medium and hard (the harness adds random).

- ``easy``: greedy on what an action scores at once, with some randomness.
- ``medium``: every legal action tried one ply ahead and judged by the full
  evaluation (`evaluation`: weakest colour after treasures, leader support,
  conflict odds, monuments), conflicts weighted by their odds.
- ``hard``: the harness's information-set Monte Carlo tree search
  (`ai.search`) over sampled hidden hands and bags, to the end of the next
  player's turn, leaves valued by the medium evaluation; spends its time
  budget (or a fixed iteration count).

A bot sees only its seat's view; when it needs the hidden hands and bag to
search it samples them (`determinize`). This package is what the harness's
registry (`ai.levels`) asks of a game.
"""

from __future__ import annotations

from typing import cast

import engine.tigris as engine

from ..bot import Action, Bot, View
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
DEFAULT_LEVEL = "medium"


def legal_actions(view: View) -> list[Action]:
    return engine.state_from_view(view).legal_actions()


def make_bot(level: str, seed: int, iterations: int | None) -> Bot:
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        return HardBot(seed, iterations=iterations)
    raise ValueError(f"unknown Tigris & Euphrates level {level!r}: use one of {', '.join(LEVELS)}")


def final_scores(state: engine.State) -> list[int]:
    """R12.1: each seat's score (its weakest colour after treasures)."""
    return [int(cast(int, s["score"])) for s in engine.final_scores(state)]
