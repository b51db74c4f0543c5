"""Advanced Civilization (game id "civ"): its rules, tables and map, by `shared/docs/aciv/rules.md`.

The game module of `shared/docs/game-module.md`, registered in
`engine.games()`; `docs/civ-engine-api.md` documents its formats. Built:
set-up, all 13 phases with every calamity, leaving and late entry (A36).
"""

from ..errors import BadPosition, IllegalAction
from .actions import ACTION_BOUNDS, format_action, parse_action
from .position import DEFAULT_OPTIONS, GAME_ID, check_accounting
from .record import FIRST_EDITION, RULES_VERSION, new_record, replay
from .reveals import undo_barrier
from .state import State, from_dict, new_game

ID = GAME_ID
PLAYERS = range(2, 9)
OPTIONS: dict[str, object] = dict(DEFAULT_OPTIONS)

__all__ = [
    "ACTION_BOUNDS",
    "FIRST_EDITION",
    "ID",
    "OPTIONS",
    "PLAYERS",
    "RULES_VERSION",
    "BadPosition",
    "IllegalAction",
    "State",
    "check_accounting",
    "format_action",
    "from_dict",
    "new_game",
    "new_record",
    "parse_action",
    "replay",
    "undo_barrier",
]
