"""Game records (game-module.md, "Records"): the inputs of `new_game` plus the actions."""

from __future__ import annotations

from typing import Any

from ..errors import BadPosition, IllegalAction, Refusal, quote
from .position import GAME_ID
from .state import State, new_game

RULES_VERSION = 6
# the records these rules replay: 3's actions play the same game as 4's (4 only keeps more
# in the position: what a trade phase heard, the scores the end announced); both were
# played on the Mediterranean's first edition, which 5 changed in the east (docs/civ-map.md),
# so they replay on it (`start_options`) and their saves go on; 5's actions play the same game
# as 6's (6 keeps in the position what everyone counted going under the stacks, A32.6). A
# peer of another version is refused at the LAN's hello, as its positions' digests differ
READABLE_VERSIONS = (3, 4, 5, RULES_VERSION)
FIRST_EDITION = "mediterranean_1"  # the board of rules 3 and 4, kept under its own name
RECORD_KEYS = ("game", "rules_version", "players", "seed", "options", "actions")


def new_record(players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"game": GAME_ID, "rules_version": RULES_VERSION, "players": players, "seed": seed,
            "options": dict(options or {}), "actions": []}


def start_options(record: dict[str, Any]) -> Any:
    """The options a record's game starts with, its board named as its rules knew it: a
    record of rules 3 or 4 that names no other map was played on the first edition. Options
    that are no mapping go on as they are, for `new_game` to refuse by name."""
    options = record["options"]
    if record["rules_version"] < 5 and isinstance(options, dict) \
            and options.get("map", "mediterranean") == "mediterranean":
        return {**options, "map": FIRST_EDITION}
    return options


def _refused(code: str, message: str, **params: Any) -> BadPosition:
    return BadPosition(Refusal(code, params, message))


def _check_record(record: object) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise _refused("record/not_an_object", f"a game record must be an object, not "
                       f"{type(record).__name__}", got=type(record).__name__)
    missing = [k for k in RECORD_KEYS if k not in record]
    extra = sorted(str(k) for k in record if k not in RECORD_KEYS)
    if missing or extra:
        raise _refused("record/keys", f"game record: missing key(s) {missing}, unknown key(s) "
                       f"{extra}", missing=missing, unknown=extra)
    if record["game"] != GAME_ID:
        raise _refused("record/other_game", f"game record of the game {quote(record['game'])}, not "
                       f"of Advanced Civilization ({quote(GAME_ID)})", game=quote(record["game"]))
    if record["rules_version"] not in READABLE_VERSIONS:
        raise _refused("record/rules_version", f"game record made with rules version "
                       f"{quote(record['rules_version'])}; these rules are version {RULES_VERSION}",
                       rules_version=quote(record["rules_version"]),
                       supported=RULES_VERSION)
    if not isinstance(record["actions"], list):
        raise _refused("record/actions_not_a_list", "game record: 'actions' must be a list")
    return record


def replay(record: object) -> State:
    """The state at the end of a game record; BadPosition naming what does not replay."""
    rec = _check_record(record)
    try:
        state = new_game(rec["players"], rec["seed"], start_options(rec))
    except ValueError as e:
        raise _refused("record/cannot_start", f"game record: {e}", detail=str(e)) from None
    for i, action in enumerate(rec["actions"]):
        try:
            state = state.apply(action)
        except IllegalAction as e:
            raise _refused("record/illegal_action", f"game record: action {i + 1} is illegal: "
                           f"{e}", index=i + 1, refusal=e.refusal.to_dict()) from None
    return state
