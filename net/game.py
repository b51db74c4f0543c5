"""What the network layer needs of a game module, and the records it makes from one.

LAN play is the same for every game: it only hosts, sequences, checks
digests and saves records. The game arrives as a module of the interface
in `shared/docs/game-module.md` (`engine.games()` lists them), and a
computer player arrives as a factory the caller hands in, so nothing in
`net/` imports a game's package or picks its bots.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from ai import Bot

from .fields import MAX_SEATS

GameModule = ModuleType
Games = Mapping[str, ModuleType]
State = Any
"""A game module's State (`game-module.md`, A state): net only asks what every game offers."""
Action = dict[str, Any]
View = dict[str, Any]

LEGACY_GAME = "tigris"
"""The game of a record or autosave that names none: they were all Tigris & Euphrates."""


BotFactory = Callable[[str, int], Bot]
"""`factory(level, seed)`: a game's computer player of that level; ValueError if unknown."""


def new_record(game: GameModule, players: int, seed: int, options: Mapping[str, Any]
               ) -> dict[str, Any]:
    """The record a game starts from (`game-module.md`, Records)."""
    return {"game": game.ID, "rules_version": game.RULES_VERSION, "players": players,
            "seed": seed, "options": copy.deepcopy(dict(options)), "actions": []}


def game_of(record: Mapping[str, Any]) -> str:
    """The id of the game a record or autosave belongs to."""
    return str(record.get("game", LEGACY_GAME))


def setup_problem(game: GameModule, players: int, options: Mapping[str, Any]) -> str:
    """Why `game` cannot start with these seats and options, or "" when it can."""
    allowed: range = game.PLAYERS
    if players not in allowed or players > MAX_SEATS:
        top = min(allowed[-1], MAX_SEATS)
        return (f"{game.ID} is played by {allowed[0]} to {top} players, not {players}")
    unknown = sorted(set(options) - set(game.OPTIONS))
    if unknown:
        return (f"{game.ID} has no option(s) {', '.join(unknown)}; its options are "
                f"{', '.join(sorted(game.OPTIONS)) or 'none'}")
    try:
        game.new_game(players, 0, copy.deepcopy(dict(options)))
    except ValueError as exc:
        return str(exc)
    return ""


def rules_versions(games: Games) -> dict[str, int]:
    """What a joining peer offers: each game it can play, by id, with its rules version."""
    return {game_id: int(module.RULES_VERSION) for game_id, module in games.items()}
