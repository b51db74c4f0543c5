"""What every game's rules say when they refuse: a `Refusal`, and the two errors carrying it.

A refusal is a value, not a sentence: its `code` is stable and
machine-readable, so the client translates by code and params and a network
peer can send it on; its `text` is the English a log or a developer reads,
naming the rule. The errors' `str()` is that text.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass, field
from typing import Any


class _ShortRepr(reprlib.Repr):
    """reprlib's bounded repr, also for integers too long for `str` (Python's 4,300-digit cap)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<an integer of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 40
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 3, 6, 4


def quote(value: object) -> str:
    """A value as a refusal shows it: its repr, cut short and never deeper than three levels.

    Refusals quote what they were given, and what they are given may be
    hostile (a 100 KB colour name, an action nested a thousand deep): a plain
    `repr` would copy it whole into the message, or overflow the stack.
    """
    return _SHORT.repr(value)


@dataclass(frozen=True)
class Refusal:
    """Why an action or a position is refused.

    `code` ("tile/not_on_river") never changes once published; `params` holds
    the JSON-safe values it is about ({"square": "H7"}); `text` is one English
    sentence naming the rule id.
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    __hash__ = None  # type: ignore[assignment]  # params is a dict: equal, not hashable

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        """The refusal as JSON-safe data, for a wire or a log."""
        return {"code": self.code, "params": dict(self.params), "text": self.text}


class _Refused(ValueError):
    """An error carrying a Refusal; its message is the refusal's text."""

    def __init__(self, refusal: Refusal) -> None:
        if not isinstance(refusal, Refusal):
            raise TypeError(f"{type(self).__name__} takes a Refusal, not {type(refusal).__name__}")
        super().__init__(refusal.text)
        self.refusal = refusal

    def __reduce__(self) -> tuple[type[_Refused], tuple[Refusal]]:
        return (type(self), (self.refusal,))


class IllegalAction(_Refused):
    """An action that is malformed or not legal in the position; nothing changed."""


class BadPosition(_Refused):
    """A position or a record that cannot be read or breaks a rule (the refusal names it)."""
