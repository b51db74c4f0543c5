"""Game records: the inputs of `new_game` plus the actions, enough to replay a game.

A record names its game and rules version (`game-module.md`); one without
them is an older Tigris & Euphrates record and keeps loading.
"""

from __future__ import annotations

from typing import Any

from ..errors import BadPosition, IllegalAction, Refusal, quote
from .state import State, new_game

GAME_ID = "tigris"
RULES_VERSION = 1
RECORD_VERSION = 1
RECORD_KEYS = ("players", "seed", "options", "actions")
OPTIONAL_KEYS = ("game", "rules_version", "version")


def new_record(players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"game": GAME_ID, "rules_version": RULES_VERSION, "version": RECORD_VERSION,
            "players": players, "seed": seed, "options": dict(options or {}), "actions": []}


def _refused(code: str, text: str, **params: Any) -> BadPosition:
    return BadPosition(Refusal(code, params, text))


def _check_record(record: object) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise _refused("record/not_an_object", f"a game record must be an object, not "
                       f"{type(record).__name__}", got=type(record).__name__)
    missing = [k for k in RECORD_KEYS if k not in record]
    extra = sorted(str(k) for k in record if k not in RECORD_KEYS + OPTIONAL_KEYS)
    if missing or extra:
        raise _refused("record/keys", f"game record: missing key(s) {missing}, unknown key(s) "
                       f"{extra}", missing=missing, unknown=extra)
    game = record.get("game", GAME_ID)
    if game != GAME_ID:
        raise _refused("record/other_game", f"game record of the game {quote(game)}, not of "
                       f"Tigris & Euphrates ({quote(GAME_ID)})", game=quote(game))
    rules = record.get("rules_version", RULES_VERSION)
    if rules != RULES_VERSION:
        raise _refused("record/rules_version", f"game record made with rules version "
                       f"{quote(rules)}; these rules are version {RULES_VERSION}",
                       rules_version=quote(rules), supported=RULES_VERSION)
    if record.get("version", RECORD_VERSION) != RECORD_VERSION:
        raise _refused("record/version", f"game record version {quote(record['version'])} is not "
                       "supported", version=quote(record["version"]),
                       supported=RECORD_VERSION)
    if not isinstance(record["actions"], list):
        raise _refused("record/actions_not_a_list", "game record: 'actions' must be a list")
    return record


def _start(rec: dict[str, Any]) -> State:
    try:
        return new_game(rec["players"], rec["seed"], rec["options"])
    except ValueError as e:
        raise _refused("record/cannot_start", f"game record: {e}", detail=str(e)) from None


def _next(state: State, index: int, action: object) -> State:
    try:
        return state.apply(action)
    except IllegalAction as e:
        raise _refused("record/illegal_action",
                       f"game record: action {index + 1} ({quote(action)}) is illegal: {e}",
                       index=index + 1, refusal=e.refusal.to_dict()) from None


def replay_states(record: object) -> list[State]:
    """Every state of a recorded game, the start first; BadPosition if it does not replay."""
    rec = _check_record(record)
    states = [_start(rec)]
    for i, action in enumerate(rec["actions"]):
        states.append(_next(states[-1], i, action))
    return states


def replay(record: object) -> State:
    """The state at the end of a game record."""
    rec = _check_record(record)
    state = _start(rec)
    for i, action in enumerate(rec["actions"]):
        state = _next(state, i, action)
    return state


def record_digests(record: object) -> list[str]:
    """The digest after each action (the first is the start position's)."""
    return [s.digest() for s in replay_states(record)]
