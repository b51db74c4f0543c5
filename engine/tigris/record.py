"""Game records: the inputs of `new_game` plus the actions, enough to replay a game."""

from __future__ import annotations

from typing import Any

from ..errors import BadPosition, IllegalAction
from .state import State, new_game

RECORD_KEYS = ("version", "players", "seed", "options", "actions")


def new_record(players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"version": 1, "players": players, "seed": seed, "options": dict(options or {}),
            "actions": []}


def _check_record(record: object) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise BadPosition(f"a game record must be an object, not {type(record).__name__}")
    missing = [k for k in RECORD_KEYS if k not in record]
    extra = sorted(str(k) for k in record if k not in RECORD_KEYS)
    if missing or extra:
        raise BadPosition(f"game record: missing key(s) {missing}, unknown key(s) {extra}")
    if record["version"] != 1:
        raise BadPosition(f"game record version {record['version']!r} is not supported")
    if not isinstance(record["actions"], list):
        raise BadPosition("game record: 'actions' must be a list")
    return record


def replay_states(record: object) -> list[State]:
    """Every state of a recorded game, the start first; BadPosition if it does not replay."""
    rec = _check_record(record)
    try:
        state = new_game(rec["players"], rec["seed"], rec["options"])
    except ValueError as e:
        raise BadPosition(f"game record: {e}") from None
    states = [state]
    for i, action in enumerate(rec["actions"]):
        try:
            state = state.apply(action)
        except IllegalAction as e:
            raise BadPosition(f"game record: action {i + 1} ({action!r}) is illegal: {e}") from None
        states.append(state)
    return states


def replay(record: object) -> State:
    """The state at the end of a game record."""
    rec = _check_record(record)
    try:
        state = new_game(rec["players"], rec["seed"], rec["options"])
    except ValueError as e:
        raise BadPosition(f"game record: {e}") from None
    for i, action in enumerate(rec["actions"]):
        try:
            state = state.apply(action)
        except IllegalAction as e:
            raise BadPosition(f"game record: action {i + 1} ({action!r}) is illegal: {e}") from None
    return state


def record_digests(record: object) -> list[str]:
    """The digest after each action (the first is the start position's)."""
    return [s.digest() for s in replay_states(record)]
