"""Advanced Civilization's computer players: the random level, which trades and buys,
easy (`easy`: greedy play from its own view), medium (`medium`: planned play, the
purchase optimiser and valued trade) and hard (`hard`: medium's play, the decisions that
matter searched over dealt hidden cards by the harness's `ai.search`).

`legal_actions(view)` answers from a position dealt to match the view
(`determinize`): the seat's own hand, the public board, the hidden cards
placed at random. The harness's random level would only pass at the open
decisions of trade and purchase (A17, A32), so this package offers its own
(`random_bot`), which builds random truthful proposals and affordable
purchases and lets the engine's `check` judge them.
"""

from __future__ import annotations

import random
from typing import Any

import engine.civ as civ
from engine.civ.scoring import final_scores as civ_final_scores

from ..bot import Action, Bot, View
from .determinize import state_from_view
from .easy import CivEasyBot
from .hard import CivHardBot
from .medium import CivMediumBot
from .random_player import CivRandomBot

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
DEFAULT_LEVEL = "medium"  # hard is not yet shown to beat it over enough games (issue 23)


def legal_actions(view: View) -> list[Action]:
    return state_from_view(view, random.Random(0), plausible=False).legal_actions()


def random_bot(seed: int) -> Bot:
    return CivRandomBot(seed)


def make_bot(level: str, seed: int, iterations: int | None) -> Bot:
    if level == "easy":
        return CivEasyBot(seed)
    if level == "medium":
        return CivMediumBot(seed)
    if level == "hard":
        return CivHardBot(seed, iterations)
    raise ValueError(f"unknown Advanced Civilization level {level!r}: use random, easy, "
                     "medium or hard")


PLIES_PER_SEAT_TURN = 300  # a seat's actions in one turn: moves, trades, losses; random plays ~10
UNLIMITED_TURNS = 150  # a game without turn limit ends by the A.S.T. (A35.1) long before


def plies_cap(players: int, options: dict[str, Any]) -> int:
    """The arena's loop guard, derived from the turn limit (A35.1): far above a real game of
    this length, so that only a stall reaches it."""
    turns = options.get("turn_limit") or UNLIMITED_TURNS
    return int(turns) * players * PLIES_PER_SEAT_TURN


def final_scores(state: civ.State) -> list[int]:
    """A35.2: each seat's score (0 for a late entrant who never entered play, A36.2)."""
    scores = civ_final_scores(state.position)
    return [scores.get(seat, 0) for seat in range(len(state.position.seats))]
