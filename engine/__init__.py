"""The games' rules, one package per game, behind one interface.

Each game's rules live in their own package (`engine.tigris`, ...) and offer
the interface of `shared/docs/game-module.md`, so the client shell, LAN play,
the computer-player harness, saves, replays and the tests work with any of
them without knowing which. This package holds only what every game shares:
the registry of games, the refusal a game gives and the errors carrying it.
Like every game module it is pure: standard library only, no I/O, no clock,
no global randomness.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .errors import BadPosition, IllegalAction, Refusal, quote

GAME_IDS = ("tigris", "civ")


def games() -> dict[str, ModuleType]:
    """Every registered game module by its id, in a stable order."""
    return {game_id: load(game_id) for game_id in GAME_IDS}


def load(game_id: object) -> ModuleType:
    """The rules module of one game; ValueError naming the known ids otherwise."""
    if not isinstance(game_id, str) or game_id not in GAME_IDS:
        raise ValueError(f"unknown game {quote(game_id)}: the known games are "
                         f"{', '.join(GAME_IDS)}")
    return importlib.import_module(f"{__name__}.{game_id}")


__all__ = ["GAME_IDS", "BadPosition", "IllegalAction", "Refusal", "games", "load", "quote"]
