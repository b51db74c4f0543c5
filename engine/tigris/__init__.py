"""The rules of Tigris & Euphrates, pure and deterministic (game id "tigris").

This package is the game module of `shared/docs/game-module.md`, filled in as
`shared/docs/engine-contract.md` says: no I/O, no
clock, no global randomness, nothing outside the standard library. Other
parts of the project use only what is exported here (and documented in
`docs/engine-api.md`).
"""

from ..errors import BadPosition, IllegalAction
from .actions import ACTION_BOUNDS
from .board import NEIGHBOURS, SQUARE_NAMES, board_layout, board_regions
from .invariants import TileLedger, check_invariants
from .notation import format_action, parse_action
from .record import new_record, record_digests, replay, replay_states
from .state import State, from_dict, new_game, state_from_view
from .state_data import COLORS, DYNASTIES, TILES_PER_COLOR

ID = "tigris"
RULES_VERSION = 1
PLAYERS = range(2, 5)
OPTIONS: dict[str, object] = {"board": "classic", "buildings": False, "english_variant": False,
                              "wonder": False, "open_scoring": False, "dynasties": None}


def final_scores(state: State) -> list[dict[str, object]]:
    """R12.1: each seat's colours, treasures as assigned, and the sorted score vector."""
    return state.final_scores()


__all__ = [
    "ACTION_BOUNDS",
    "COLORS",
    "DYNASTIES",
    "ID",
    "NEIGHBOURS",
    "OPTIONS",
    "PLAYERS",
    "RULES_VERSION",
    "SQUARE_NAMES",
    "TILES_PER_COLOR",
    "BadPosition",
    "IllegalAction",
    "State",
    "TileLedger",
    "board_layout",
    "board_regions",
    "check_invariants",
    "final_scores",
    "format_action",
    "from_dict",
    "new_game",
    "new_record",
    "parse_action",
    "record_digests",
    "replay",
    "replay_states",
    "state_from_view",
]
