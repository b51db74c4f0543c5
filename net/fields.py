"""Per-field checks for decoded messages: types, ranges and sizes, never trust.

Each checker takes the decoded value and the field's name and returns the
value (or a cleaned copy) or raises `ProtocolError` naming the field. The
engine judges an action's legality; these checks only make sure that what
reaches the engine is small and of the expected shape, so a hostile peer
cannot make us allocate, recurse or loop much.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

from .errors import MSG_FIELD, ProtocolError

Checker = Callable[[Any, str], Any]

MAX_NAME = 40
MAX_TEXT = 400
MAX_WORD = 24
MAX_SEATS = 8
MAX_GAMES = 16
DIGEST_LEN = 64
NONCE_LEN = 32


def _fail(name: str, why: str) -> ProtocolError:
    return ProtocolError(MSG_FIELD, f"field {name!r}: {why}")


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def integer(lo: int, hi: int) -> Checker:
    def check(value: Any, name: str) -> int:
        if not is_int(value) or not lo <= value <= hi:
            raise _fail(name, f"must be an integer in [{lo}, {hi}]")
        return int(value)
    return check


def text(max_len: int) -> Checker:
    def check(value: Any, name: str) -> str:
        if not isinstance(value, str) or len(value) > max_len:
            raise _fail(name, f"must be a string of at most {max_len} characters")
        return value
    return check


UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories a name may not hold: control characters (newlines, escapes), format
characters (bidirectional overrides, zero widths), surrogates, private or unassigned code
points, line and paragraph separators. A name is printed in other people's consoles and
logs: any of these could forge a line there or hide what it says."""


def unprintable(value: str) -> str:
    """The first character of `value` a name may not hold, or ""."""
    return next((c for c in value if unicodedata.category(c) in UNPRINTABLE), "")


def person_name(value: Any, field: str) -> str:
    """A person's name: at most MAX_NAME characters, none unprintable."""
    value = text(MAX_NAME)(value, field)
    bad = unprintable(value)
    if bad:
        raise _fail(field, f"must not hold control or format characters (U+{ord(bad):04X})")
    return str(value)


def binary(length: int) -> Checker:
    def check(value: Any, name: str) -> bytes:
        if not isinstance(value, bytes) or len(value) != length:
            raise _fail(name, f"must be {length} bytes")
        return value
    return check


def boolean(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(name, "must be true or false")
    return value


def optional(inner: Checker) -> Checker:
    def check(value: Any, name: str) -> Any:
        return None if value is None else inner(value, name)
    return check


def list_of(inner: Checker, max_len: int) -> Checker:
    def check(value: Any, name: str) -> list[Any]:
        if not isinstance(value, list) or len(value) > max_len:
            raise _fail(name, f"must be a list of at most {max_len} items")
        return [inner(item, f"{name}[{i}]") for i, item in enumerate(value)]
    return check


def digest(value: Any, name: str) -> str:
    """A position digest in hex, or "" before any game exists."""
    if not isinstance(value, str) or len(value) not in (0, DIGEST_LEN):
        raise _fail(name, f"must be {DIGEST_LEN} hex digits or empty")
    if value and any(c not in "0123456789abcdef" for c in value):
        raise _fail(name, "must be lowercase hex")
    return value


TOKEN_LEN = 32


def token(value: Any, name: str) -> str:
    """A seat's secret, TOKEN_LEN lowercase hex digits, or "" for none."""
    if not isinstance(value, str) or len(value) not in (0, TOKEN_LEN):
        raise _fail(name, f"must be {TOKEN_LEN} hex digits or empty")
    if value and any(c not in "0123456789abcdef" for c in value):
        raise _fail(name, "must be lowercase hex")
    return value


ActionBounds = Mapping[str, int]
"""A game module's `ACTION_BOUNDS` (`docs/game-module.md`): its largest action, as checked
here — "entries" (keys in an action), "list" (items in one of its lists), "text"
(characters in one of its strings or keys) — and "record", the most actions a record of
one game holds."""

BOUND_KEYS = ("entries", "list", "text", "record")
CEILING: dict[str, int] = {"entries": 32, "list": 256, "text": 64, "record": 64_000}
"""The most any game may declare, and what a reader checks actions against before it knows
the game (a tool, a peer's first welcome): it keeps a hostile frame small whatever the
game."""
MAX_NUMBER = 1000
"""A number inside an action or the options: areas, counts, seats of every game fit."""


def action_bounds(game: Any) -> dict[str, int]:
    """`game.ACTION_BOUNDS`, checked against the ceiling; ValueError says what is wrong, so a
    module that declares none or too much cannot be hosted or joined."""
    bounds = getattr(game, "ACTION_BOUNDS", None)
    if not isinstance(bounds, Mapping) or set(bounds) != set(BOUND_KEYS):
        raise ValueError(f"game {getattr(game, 'ID', '?')}: ACTION_BOUNDS must map "
                         f"{', '.join(BOUND_KEYS)} to numbers")
    for key in BOUND_KEYS:
        value = bounds[key]
        if not is_int(value) or not 0 <= value <= CEILING[key]:
            raise ValueError(f"game {getattr(game, 'ID', '?')}: ACTION_BOUNDS[{key!r}] must "
                             f"be an integer in [0, {CEILING[key]}], not {value!r}")
    return {key: int(bounds[key]) for key in BOUND_KEYS}


def widest(bounds: Iterable[ActionBounds]) -> dict[str, int]:
    """Bounds that admit every action of each of `bounds` (a peer offering several games
    reads the host's welcome with them, before it knows which game is played)."""
    listed = list(bounds)
    return {key: max((b[key] for b in listed), default=CEILING[key]) for key in BOUND_KEYS}


def _number(value: Any, name: str) -> int:
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise _fail(name, "number out of range")
    return int(value)


def _value(bounds: ActionBounds) -> Checker:
    """Values inside actions and options: scalars, or a list of words or numbers."""
    word = text(bounds["text"])

    def item(value: Any, name: str) -> Any:
        if is_int(value):
            return _number(value, name)
        return word(value, name)

    items = list_of(item, bounds["list"])

    def check(value: Any, name: str) -> Any:
        if value is None or isinstance(value, bool):
            return value
        if is_int(value):
            return _number(value, name)
        if isinstance(value, str):
            return word(value, name)
        if isinstance(value, list):
            return items(value, name)
        raise _fail(name, f"unexpected {type(value).__name__}")
    return check


def small_map(bounds: ActionBounds) -> Checker:
    value_check = _value(bounds)
    max_keys, max_text = bounds["entries"], bounds["text"]

    def check(value: Any, name: str) -> dict[str, Any]:
        if not isinstance(value, dict) or len(value) > max_keys:
            raise _fail(name, f"must be a map of at most {max_keys} entries")
        out = {}
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > max_text:
                raise _fail(name, f"keys must be strings of at most {max_text} characters")
            out[key] = value_check(item, f"{name}.{key}")
        return out
    return check


@cache
def _action(entries: int, items: int, chars: int) -> Checker:
    return small_map({"entries": entries, "list": items, "text": chars})


def action(bounds: ActionBounds) -> Checker:
    """The check of one action of a game whose `ACTION_BOUNDS` are `bounds`."""
    return _action(bounds["entries"], bounds["list"], bounds["text"])


options = small_map({"entries": 8, "list": 8, "text": MAX_WORD})


RECORD_KEYS = {"players", "seed", "options", "actions"}
RECORD_HEAD: dict[str, Checker] = {"game": text(MAX_WORD), "rules_version": integer(1, 2**31),
                                   "version": integer(1, 1)}


def record(bounds: ActionBounds) -> Checker:
    """The check of a game record (the snapshot) whose actions are of a game with these
    bounds (at most `bounds["record"]` of them): its shape and sizes, not whether it
    replays."""
    actions = list_of(action(bounds), bounds["record"])

    def check(value: Any, name: str) -> dict[str, Any]:
        if not isinstance(value, dict) or not RECORD_KEYS <= set(value) <= RECORD_KEYS | set(
                RECORD_HEAD):
            raise _fail(name, "must be a game record {[game, rules_version, version,] players, "
                              "seed, options, actions}")
        head = {key: checker(value[key], f"{name}.{key}")
                for key, checker in RECORD_HEAD.items() if key in value}
        return {
            **head,
            "players": integer(2, MAX_SEATS)(value["players"], f"{name}.players"),
            "seed": integer(0, 2**64 - 1)(value["seed"], f"{name}.seed"),
            "options": options(value["options"], f"{name}.options"),
            "actions": actions(value["actions"], f"{name}.actions"),
        }
    return check


SEAT_KEYS = {"kind": text(MAX_WORD), "level": optional(text(MAX_WORD)),
             "name": person_name, "status": text(MAX_WORD)}


def seat_entry(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != set(SEAT_KEYS):
        raise _fail(name, f"must be a seat {{{', '.join(sorted(SEAT_KEYS))}}}")
    return {key: check(value[key], f"{name}.{key}") for key, check in SEAT_KEYS.items()}


seats = list_of(seat_entry, MAX_SEATS)


MAX_PUBLIC = 1024
"""Entries in a map, or items in a list, of a public position or event (`public_map`):
a board of squares (Tigris & Euphrates: 176) with room to spare."""
MAX_PUBLIC_DEPTH = 8
MAX_PUBLIC_INT = 2**53


def public_map(value: Any, name: str) -> dict[str, Any]:
    """A game's public position (`view(None)`) or one of its public events, as a watcher
    receives them: maps with string keys, lists, strings, integers, booleans and nil, at
    most MAX_PUBLIC_DEPTH deep; its game's own shape is the game's business."""
    if not isinstance(value, dict):
        raise _fail(name, "must be a map")
    out: dict[str, Any] = _public(value, name, 0)
    return out


def _public(value: Any, name: str, depth: int) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if is_int(value):
        if not -MAX_PUBLIC_INT <= value <= MAX_PUBLIC_INT:
            raise _fail(name, "number out of range")
        return int(value)
    if isinstance(value, str):
        return text(MAX_TEXT)(value, name)
    if depth >= MAX_PUBLIC_DEPTH:
        raise _fail(name, f"nested deeper than {MAX_PUBLIC_DEPTH}")
    if isinstance(value, list):
        if len(value) > MAX_PUBLIC:
            raise _fail(name, f"more than {MAX_PUBLIC} items")
        return [_public(item, f"{name}[{i}]", depth + 1) for i, item in enumerate(value)]
    if isinstance(value, dict):
        if len(value) > MAX_PUBLIC:
            raise _fail(name, f"more than {MAX_PUBLIC} entries")
        out = {}
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > MAX_WORD * 2:
                raise _fail(name, f"keys must be strings of at most {MAX_WORD * 2} characters")
            out[key] = _public(item, f"{name}.{key}", depth + 1)
        return out
    raise _fail(name, f"unexpected {type(value).__name__}")


def pid_pair(payload: Checker) -> Checker:
    """[participant id, payload]: participants are seats, the host is -1."""
    def check(value: Any, name: str) -> list[Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise _fail(name, "must be a [participant, value] pair")
        return [integer(-1, MAX_SEATS - 1)(value[0], f"{name}[0]"), payload(value[1], f"{name}[1]")]
    return check


def games(value: Any, name: str) -> dict[str, int]:
    """The games a peer can play: {game id: rules version}."""
    if not isinstance(value, dict) or not 0 < len(value) <= MAX_GAMES:
        raise _fail(name, f"must be a map of 1 to {MAX_GAMES} games")
    out = {}
    for key, version in value.items():
        game_id = text(MAX_WORD)(key, f"{name} key")
        out[game_id] = integer(1, 2**31)(version, f"{name}.{game_id}")
    return out


nonce_list = list_of(pid_pair(binary(NONCE_LEN)), MAX_SEATS + 1)
