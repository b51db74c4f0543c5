"""Reading a position dict: the refusals every game's `from_dict` gives for what it cannot read.

A position arrives from a save, a peer or a test, and may be anything. Each
game checks its own fields with these, so a missing key, an unknown key, a
number out of range or a wrong type is refused alike in every game: a
`BadPosition` whose code says which kind of fault and whose params say where.
"""

from __future__ import annotations

from typing import Any

from .errors import BadPosition, Refusal, quote


def bad_position(code: str, message: str, **params: Any) -> BadPosition:
    return BadPosition(Refusal(code, params, message))


def breaks_rule(where: str, rule: str, message: str) -> BadPosition:
    """A position that breaks a rule of the game (`rule` is its id)."""
    return bad_position("position/breaks_rule", message, where=where, rule=rule)


def bad_value(where: str, value: object, message: str) -> BadPosition:
    return bad_position("position/bad_value", message, where=where, value=quote(value))


def exact_keys(obj: object, keys: tuple[str, ...], where: str) -> dict[str, Any]:
    """`obj` as an object holding exactly `keys` (which name each key once)."""
    if isinstance(obj, dict) and len(obj) == len(keys) and all(k in obj for k in keys):
        return obj  # the usual case, checked first: a position read holds hundreds of objects
    if not isinstance(obj, dict):
        raise bad_position("position/not_an_object", f"{where} must be an object, not "
                           f"{type(obj).__name__}", where=where)
    missing = [k for k in keys if k not in obj]
    extra = sorted(str(k) for k in obj if k not in keys)
    if missing:
        raise bad_position("position/missing_keys", f"{where}: missing key(s) {missing}",
                           where=where, keys=missing)
    if extra:
        raise bad_position("position/unknown_keys", f"{where}: unknown key(s) {extra}",
                           where=where, keys=extra)
    return obj


def whole_number(value: object, where: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (
            high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"≥ {low}"
        raise bad_value(where, value,
                        f"{where} must be a whole number {bound}, not {quote(value)}")
    return value


def boolean(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise bad_value(where, value, f"{where} must be true or false, not {quote(value)}")
    return value
