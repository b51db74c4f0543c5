"""The registry of computer players: each game's levels, found by the game's id.

A game's own levels live in its AI package `ai/<game id>/`, imported here by
name, so the harness never imports a game's package. That package offers
(see `GameAI`): `LEVELS`, its levels weakest first; `DEFAULT_LEVEL`, what a
new computer seat plays; `legal_actions(view)`, the legal actions of the
viewer, who is to move; `make_bot(level, seed, iterations)`; and
`final_scores(state)`, one number per seat for the arena's tables. The
random level is the harness's own and plays every game; a game whose
`legal_actions` lists only the fixed answers of its open decisions offers
its own random level as `random_bot(seed)`, so random players still make
the open answers (Advanced Civilization's trades and purchases).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, cast

from .bot import Action, Bot, View
from .random_bot import RandomBot

RANDOM = "random"
OFFERED = ("LEVELS", "DEFAULT_LEVEL", "legal_actions", "make_bot", "final_scores")


class GameAI(Protocol):
    """What a game's AI package (`ai/<game id>/__init__.py`) offers the harness."""

    LEVELS: tuple[str, ...]
    DEFAULT_LEVEL: str

    def legal_actions(self, view: View) -> list[Action]: ...

    def make_bot(self, level: str, seed: int, iterations: int | None) -> Bot: ...

    def final_scores(self, state: Any) -> list[int]: ...


def game_ai(game_id: str) -> GameAI:
    """The AI package of a game; ValueError if the project has no computer players for it."""
    if not isinstance(game_id, str) or not game_id.isidentifier():
        raise ValueError(f"no computer players for game {game_id!r}: a game id is a name "
                         "like 'tigris'")
    name = f"{__package__}.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise ValueError(f"no computer players for game {game_id!r}: there is no "
                         f"ai/{game_id}/ package") from None
    missing = [attr for attr in OFFERED if not hasattr(module, attr)]
    if missing:
        raise ValueError(f"no computer players for game {game_id!r}: ai.{game_id} lacks "
                         f"{', '.join(missing)}")
    return cast(GameAI, module)


def levels(game_id: str) -> tuple[str, ...]:
    """The levels a game's computer players offer, weakest first (random for every game)."""
    return (RANDOM, *game_ai(game_id).LEVELS)


def default_level(game_id: str) -> str:
    """The level a new computer seat of this game plays."""
    return game_ai(game_id).DEFAULT_LEVEL


def legal_actions(game_id: str, view: View) -> list[Action]:
    """The legal actions of `view["viewer"]`, who must be to move, read from the view alone."""
    return game_ai(game_id).legal_actions(view)


def make_bot(game_id: str, level: str, seed: int, iterations: int | None = None) -> Bot:
    """A seeded bot of `level` for a game; `iterations` fixes a search size, not the clock."""
    game = game_ai(game_id)
    if level == RANDOM:
        own_random: Callable[[int], Bot] | None = getattr(game, "random_bot", None)
        return own_random(seed) if own_random else RandomBot(seed, game.legal_actions)
    if level not in game.LEVELS:
        raise ValueError(f"unknown level {level!r} for {game_id}: use one of "
                         f"{', '.join(levels(game_id))}")
    return game.make_bot(level, seed, iterations)


def bot_factory(game_id: str) -> Callable[[str, int], Bot]:
    """`factory(level, seed)` for one game's bots, as LAN play takes it; checks the game now."""
    game_ai(game_id)
    return partial(make_bot, game_id)
