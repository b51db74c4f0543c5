"""R2: setting up a game from its player count, seed and options."""

from __future__ import annotations

from typing import Any

from ..errors import quote
from ..rng import SplitMix64, seed_to_int
from .board import SIZE
from .state_data import (
    CATASTROPHES_PER_PLAYER,
    DYNASTIES,
    HAND_SIZE,
    NO_TILE,
    RED,
    TILES_PER_COLOR,
    Options,
    Position,
)

OPTION_KEYS = ("board", "buildings", "english_variant", "wonder", "open_scoring", "dynasties")


def read_options(options: dict[str, Any] | None) -> tuple[Options, tuple[str, ...] | None]:
    """Check the table options; unknown ones raise ValueError (the contract)."""
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be an object of option names, not "
                         f"{type(options).__name__}")
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTION_KEYS))
    if unknown:
        raise ValueError(f"unknown option(s) {unknown}: known ones are {list(OPTION_KEYS)}")
    board = options.get("board", "classic")
    if board not in ("classic", "alternative"):
        raise ValueError(f"option 'board' must be 'classic' or 'alternative', not {quote(board)}")
    flags = {}
    for key in ("buildings", "english_variant", "wonder", "open_scoring"):
        value = options.get(key, False)
        if not isinstance(value, bool):
            raise ValueError(f"option {quote(key)} must be true or false, not {quote(value)}")
        flags[key] = value
    dynasties = options.get("dynasties")
    if dynasties is not None:
        if (not isinstance(dynasties, list | tuple)
                or any(not isinstance(d, str) or d not in DYNASTIES for d in dynasties)
                or len(set(dynasties)) != len(dynasties)):
            raise ValueError(f"option 'dynasties' must list distinct symbols of "
                             f"{list(DYNASTIES)}, not {quote(dynasties)}")
        dynasties = tuple(dynasties)
    return Options(board=board, **flags), dynasties


def setup(pos: Position, players: int, seed: int, options: dict[str, Any] | None) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2, 3 or 4, not {quote(players)}")
    opts, dynasties = read_options(options)
    if dynasties is None:
        dynasties = DYNASTIES[:players]
    if len(dynasties) != players:
        raise ValueError(f"option 'dynasties' names {len(dynasties)} symbols for {players} players")
    rng = SplitMix64(seed_to_int(seed))
    layout = opts.layout
    pos.options = opts
    pos.dynasties = dynasties
    # R2.1: a red temple with a treasure on every treasure square
    pos.tile = [NO_TILE] * SIZE
    for sq in layout.treasures:
        pos.tile[sq] = RED
    pos.treasure = set(layout.treasures)
    pos.down = set()
    pos.catastrophe = set()
    pos.leader_at = {}
    pos.leaders = [[None] * 4 for _ in range(players)]
    # R2.2: the rest in the bag, shuffled by the game's own generator
    counts = list(TILES_PER_COLOR)
    counts[RED] -= len(layout.treasures)
    bag = [color for color in range(4) for _ in range(counts[color])]
    rng.shuffle(bag)
    pos.bag = bag
    # R2.3: six tiles each, in seat order
    pos.hands = [[0, 0, 0, 0] for _ in range(players)]
    for seat in range(players):
        for color in pos.bag[:HAND_SIZE]:
            pos.hands[seat][color] += 1
        del pos.bag[:HAND_SIZE]
    pos.scores = [[0, 0, 0, 0] for _ in range(players)]
    pos.treasures_taken = [0] * players
    pos.catastrophes_left = [CATASTROPHES_PER_PLAYER] * players
    pos.monuments = []
    pos.buildings = [None, None, None, None]
    pos.wonder = None
    # R2.4: the start player from the seed
    pos.active = rng.below(players)
    pos.actions_left = 2
    pos.pending = None
    pos.unification = None
    pos.ended = False
    pos.events = [{"type": "turn_started", "seat": pos.active}]
    pos._regions = None
