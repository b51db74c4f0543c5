"""The client's computer players: a game's levels from the `ai` package, thinking off the UI thread.

A computer player sees exactly what its seat may see (`state.view(seat)`).
The table never blocks on it: the choice runs in `ai.BotWorker`'s thread and
the table polls for the answer. This module only names the levels the
setup screen offers for a game and builds a bot for a seat.
"""

from __future__ import annotations

import ai

ComputerPlayer = ai.Bot
ComputerWorker = ai.BotWorker


def available_levels(game_id: str) -> tuple[str, ...]:
    """The computer levels the setup screen offers for a game."""
    return ai.levels(game_id)


def default_level(game_id: str) -> str:
    return ai.default_level(game_id)


def make_player(game_id: str, level: str, seed: int | None = None) -> ComputerPlayer:
    """The bot for a level; an unknown level (an old save) plays at random."""
    if level not in ai.levels(game_id):
        level = "random"
    return ai.make_bot(game_id, level, seed or 0)


def fallback_player(game_id: str, seed: int) -> ComputerPlayer:
    """What plays a seat whose bot failed: legal moves at random, so the game goes on."""
    return ai.make_bot(game_id, "random", seed)
