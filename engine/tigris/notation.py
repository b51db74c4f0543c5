"""The one-line text notation for actions, for logs, tests and people.

`format_action` and `parse_action` are inverses on every legal action;
`docs/engine-api.md` tables the forms.
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalAction, Refusal, quote
from .actions import read_action

_NONE = "none"
WORDS = ("tile", "leader", "withdraw", "catastrophe", "swap", "pass", "commit", "war",
         "monument", "treasure", "building", "wonder", "wonderpoint")


def _unreadable(code: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(Refusal(code, params, message))


def format_action(action: dict[str, Any]) -> str:
    a = read_action(action).to_dict()
    t = a["type"]
    if t == "leader" and a["to"] is None:
        return f"withdraw {a['color']}"
    if t in ("leader", "tile"):
        return f"{t} {a['color']} {a['to']}"
    if t == "catastrophe":
        return f"catastrophe {a['to']}"
    if t == "swap":
        return "swap " + " ".join(a["tiles"])
    if t == "pass":
        return "pass"
    if t == "commit":
        return f"commit {a['count']}"
    if t == "war_order":
        return f"war {a['color']}"
    if t == "wonder_point":
        return f"wonderpoint {a['color']}"
    if t == "monument" and a["at"] is not None:
        return f"monument {a['at']} {a['colors'][0]} {a['colors'][1]}"
    return f"{t} {a['at'] if a['at'] is not None else _NONE}"


MAX_TEXT = 200
"""The longest action text read (the longest real one, a monument, has 25 characters)."""


def parse_action(text: str) -> dict[str, Any]:
    """Read one action; raise IllegalAction naming what could not be read."""
    if not isinstance(text, str) or not text.split():
        raise _unreadable("notation/empty", f"empty action text {quote(text)}", text=quote(text))
    if len(text) > MAX_TEXT:
        raise _unreadable("notation/too_long", f"an action is at most {MAX_TEXT} characters, "
                          f"not {len(text)}", limit=MAX_TEXT, length=len(text))
    word, *args = text.split()
    word = word.lower()
    try:
        action = _parse(word, args)
    except IndexError:
        raise _unreadable("notation/too_few_words",
                          f"{quote(text)}: too few words for {quote(word)}",
                          text=text, word=word) from None
    read_action(action)
    return action


def _square_or_none(value: str) -> str | None:
    return None if value.lower() == _NONE else value.upper()


def _parse(word: str, args: list[str]) -> dict[str, Any]:
    def exactly(n: int) -> None:
        if len(args) != n:
            raise _unreadable("notation/word_count", f"{quote(word)} takes {n} word(s) after it, "
                              f"not {len(args)}", word=word, expected=n, got=len(args))

    if word in ("tile", "leader"):
        exactly(2)
        return {"type": word, "color": args[0].lower(), "to": args[1].upper()}
    if word == "withdraw":
        exactly(1)
        return {"type": "leader", "color": args[0].lower(), "to": None}
    if word == "catastrophe":
        exactly(1)
        return {"type": "catastrophe", "to": args[0].upper()}
    if word == "swap":
        return {"type": "swap", "tiles": [t.lower() for t in args]}
    if word == "pass":
        exactly(0)
        return {"type": "pass"}
    if word == "commit":
        exactly(1)
        if not args[0].isdigit():
            raise _unreadable("notation/bad_number", f"commit takes a whole number, not "
                              f"{quote(args[0])}", word=word, value=args[0])
        return {"type": "commit", "count": int(args[0])}
    if word == "war":
        exactly(1)
        return {"type": "war_order", "color": args[0].lower()}
    if word == "wonderpoint":
        exactly(1)
        return {"type": "wonder_point", "color": args[0].lower()}
    if word == "monument":
        if len(args) == 1:
            return {"type": "monument", "at": _square_or_none(args[0])}
        exactly(3)
        return {"type": "monument", "at": args[0].upper(),
                "colors": [args[1].lower(), args[2].lower()]}
    if word in ("treasure", "building", "wonder"):
        exactly(1)
        at = _square_or_none(args[0])
        if word == "treasure" and at is None:
            raise _unreadable("notation/square_needed", "treasure takes a square (R9.1)",
                              word=word)
        return {"type": word, "at": at}
    raise _unreadable("notation/unknown_word", f"unknown action word {quote(word)}: use "
                      f"{', '.join(WORDS[:-1])} or {WORDS[-1]}", word=word, known=list(WORDS))
