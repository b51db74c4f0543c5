"""The client's computer players: levels of the `ai` package, thinking off the UI thread.

A computer player sees exactly what its seat may see (`state.view(seat)`).
The table never blocks on it: the choice runs in `ai.BotWorker`'s thread and
the table polls for the answer. This module only names the levels the
setup screen offers and builds a bot for a seat.
"""

from __future__ import annotations

import ai

ComputerPlayer = ai.Bot
ComputerWorker = ai.BotWorker


def available_levels() -> tuple[str, ...]:
    """The computer levels the setup screen offers."""
    return tuple(ai.LEVELS)


def default_level() -> str:
    return "medium"


def make_player(level: str, seed: int | None = None) -> ComputerPlayer:
    """The bot for a level; an unknown level (an old save) plays at random."""
    if level not in ai.LEVELS:
        level = "random"
    return ai.make_bot(level, seed or 0)


def fallback_player(seed: int) -> ComputerPlayer:
    """What plays a seat whose bot failed: legal moves at random, so the game goes on."""
    return ai.make_bot("random", seed)
