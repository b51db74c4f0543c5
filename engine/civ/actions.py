"""Actions: their fields, the check that an action is well formed, and the one-line notation.

Whether a well-formed action is *legal* is the rules' business; this module
only says whether it can be read at all, so every malformed action gets an
`action/...` refusal and every unreadable text a `notation/...` one
(docs/civ-engine-api.md, "Actions and their text").
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalAction, Refusal, quote
from .tables import (
    CARD_ORDER,
    CIV_CARD_BY_ID,
    COMMODITY_BY_ID,
    NATION_IDS,
    STACKS,
    TOKENS_PER_NATION,
)

# Field kinds: "area" (area id), "seat", "count" (whole number >= 0), "ship" (1-4),
# "nation", "cards" (trade card ids), "civ_cards", "card" (one trade card),
# "commodity_or_none", "area_or_none", "areas" (area ids, repeats allowed), or a tuple of
# allowed strings/values.
FIELDS: dict[str, dict[str, Any]] = {
    "nation": {"nation": "nation", "area": "area"},
    "stay": {},
    "leave": {},
    "enter": {"nation": "nation"},
    "wait": {},
    "tax": {"rate": (1, 2, 3)},
    "city": {"area": "area"},
    "grow": {"area": "area"},
    "place": {"areas": "areas"},
    "upkeep": {"ship": "ship", "pay": ("treasury", "board", "release")},
    "build_ship": {"area": "area", "board": (0, 1, 2), "coast": (None, "a", "b")},
    "move": {"from": "area", "to": "area", "count": "count"},
    "road": {"from": "area", "via": "area", "to": "area", "count": "count"},
    "sail": {"ship": "ship", "to": "area"},
    "load": {"ship": "ship", "count": "count"},
    "unload": {"ship": "ship", "count": "count"},
    "pillage": {"count": (0, 1, 2, 3)},
    "build": {"area": "area"},
    "buy": {},
    "propose": {"to": "seat", "give": "cards", "named": "cards", "want": "count",
                "want_named": "cards"},
    "counter": {"give": "cards", "named": "cards", "want": "count", "want_named": "cards"},
    "accept": {"give": "cards"},
    "reject": {},
    "pass": {},
    "show_grain": {"count": "count"},
    "lose": {"unit": ("token", "destroy", "reduce"), "area": "area"},
    "select": {"unit": ("token", "city"), "area": "area"},
    "assign": {"seat": "seat", "points": "count"},
    "keep": {"faction": (1, 2)},
    "area": {"area": "area"},
    "quake": {"area": "area", "other": "area_or_none"},
    "convert": {"area": "area"},
    "purchase": {"cards": "civ_cards", "pay": "cards", "mining": "commodity_or_none"},
    "return": {"card": "card"},
    "done": {},
}


RECORD_ACTIONS = 32_000
"""The most actions a record holds, as LAN play checks one (`game-module.md`): about twice
the longest whole game measured. Seats of the random level, which trade at every chance and
never finish the A.S.T. (A35.1), played to the end: 8 seats 8,095 to 16,222 actions (8
games, up to 736 turns), 6 seats 5,808 to 7,568 (4 games) and 16,191 in 504 turns over the
LAN, 4 seats up to 8,854, 2 seats up to 2,485 (`benchmarks/civ_record_size.py`,
`benchmarks/lan_civ_table.py`). A game of people, over in a few dozen turns, takes a few
thousand."""


def _action_bounds() -> dict[str, int]:
    """The largest well-formed action, as LAN play checks a frame (`game-module.md`): its
    type and the most fields of a type (`propose`: 6); a list of cards holds at most every
    trade card of the nine stacks (A2.10: 126; a hand, a proposal's `give`, `named` and
    `want_named`, a purchase's `pay`), every civilization card (A32) or an area per token
    of a nation's stock (A9.2 `place`: 55); a string is a type, a field or a word of the
    fields' kinds, the longest an id; a record holds RECORD_ACTIONS."""
    words = [*FIELDS, *(name for kinds in FIELDS.values() for name in kinds),
             *(v for kinds in FIELDS.values() for kind in kinds.values()
               if isinstance(kind, tuple) for v in kind if isinstance(v, str)),
             *NATION_IDS, *CARD_ORDER, *CIV_CARD_BY_ID, *COMMODITY_BY_ID]
    return {"entries": 1 + max(len(kinds) for kinds in FIELDS.values()),
            "list": max(sum(len(stack.cards) for stack in STACKS), len(CIV_CARD_BY_ID),
                        TOKENS_PER_NATION),
            "text": max(len(word) for word in words), "record": RECORD_ACTIONS}


ACTION_BOUNDS: dict[str, int] = _action_bounds()


def _refuse(code: str, message: str, **params: Any) -> Refusal:
    return Refusal(code, params, message)


def _field_problem(kind: Any, value: Any) -> bool:
    """True when `value` is not of field kind `kind`."""
    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)
    if isinstance(kind, tuple):
        return not any(v == value and type(v) is type(value) for v in kind)
    if kind in ("area", "seat", "ship"):
        low = 1 if kind != "seat" else 0
        return not whole(value) or value < low or (kind == "ship" and value > 4)
    if kind == "count":
        return not whole(value) or value < 0
    if kind == "nation":
        return value not in NATION_IDS
    if kind == "card":
        return not isinstance(value, str) or value not in CARD_ORDER
    if kind in ("cards", "civ_cards"):
        known = CARD_ORDER if kind == "cards" else CIV_CARD_BY_ID
        return not isinstance(value, list) or any(
            not isinstance(c, str) or c not in known for c in value)
    if kind == "commodity_or_none":
        return value is not None and (not isinstance(value, str) or value not in COMMODITY_BY_ID)
    if kind == "areas":
        return not isinstance(value, list) or not value or any(
            not whole(v) or v < 1 for v in value)
    if kind == "area_or_none":
        return value is not None and (not whole(value) or value < 1)
    raise AssertionError(f"unknown field kind {quote(kind)}")


def action_problem(action: object) -> Refusal | None:
    """Why `action` is malformed (an `action/...` refusal), or None when it can be read."""
    if not isinstance(action, dict):
        return _refuse("action/not_an_object", f"an action is an object with a type, not "
                       f"{type(action).__name__}", got=type(action).__name__)
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        return _refuse("action/unknown_type", f"unknown action type {quote(kind)}",
                       type=quote(kind), known=sorted(FIELDS))
    fields = FIELDS[kind]
    missing = [f for f in fields if f not in action]
    if missing:
        return _refuse("action/missing_field", f"a {kind} action needs {', '.join(missing)}",
                       type=kind, fields=missing)
    unknown = sorted(str(f) for f in action if f != "type" and f not in fields)
    if unknown:
        return _refuse("action/unknown_field", f"a {kind} action has no {', '.join(unknown)}",
                       type=kind, fields=unknown)
    for name, field_kind in fields.items():
        if _field_problem(field_kind, action[name]):
            return _refuse("action/bad_value",
                           f"{kind}: {name} {quote(action[name])} cannot be read",
                           type=kind, field=name, value=quote(action[name]))
    return None


# --- notation -------------------------------------------------------------------------

MAX_TEXT = 200  # longer than any action's text (a proposal names at most a hand's cards)
_WORDS = {"show_grain": "show", "build_ship": "ship"}
_TYPES = {word: kind for kind, word in _WORDS.items()}
_POSITIONAL = {
    "nation": ("nation", "area"), "tax": ("rate",), "city": ("area",), "grow": ("area",),
    "upkeep": ("ship", "pay"), "move": ("from", "to", "count"),
    "road": ("from", "via", "to", "count"), "sail": ("ship", "to"), "load": ("ship", "count"),
    "unload": ("ship", "count"), "pillage": ("count",), "build": ("area",),
    "show_grain": ("count",), "lose": ("unit", "area"), "select": ("unit", "area"),
    "assign": ("seat", "points"), "keep": ("faction",), "area": ("area",),
    "quake": ("area", "other"), "convert": ("area",), "return": ("card",),
    "buy": (), "reject": (), "pass": (), "done": (),
    "stay": (), "leave": (), "enter": ("nation",), "wait": (),
}
_TEXT_FIELDS = {"nation", "pay", "unit", "card"}


def format_action(action: dict[str, Any]) -> str:
    """The one-line text of a well-formed action."""
    problem = action_problem(action)
    if problem is not None:
        raise IllegalAction(problem)
    kind = action["type"]
    words = [_WORDS.get(kind, kind)]
    if kind == "build_ship":
        words += [str(action["area"]), str(action["board"])]
        words += [action["coast"]] if action["coast"] else []
    elif kind in ("propose", "counter"):
        words += [str(action["to"])] if kind == "propose" else []
        words += ["give", *action["give"], "named", *action["named"],
                  "want", str(action["want"]), *action["want_named"]]
    elif kind == "accept":
        words += ["give", *action["give"]]
    elif kind == "place":
        words += [str(a) for a in action["areas"]]
    elif kind == "purchase":
        words += action["cards"] or ["none"]
        words += ["pay", *action["pay"]] if action["pay"] else []
        words += ["mining", action["mining"]] if action["mining"] else []
    else:
        words += ["none" if action[f] is None else str(action[f]) for f in _POSITIONAL[kind]]
    return " ".join(words)


def _notation(code: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(Refusal(code, params, message))


def _number(word: str, after: str) -> int:
    if not word.isdigit():
        raise _notation("notation/bad_number", f"{after}: {quote(word)} is not a whole number",
                        word=after, value=quote(word))
    return int(word)


def _split(words: list[str], keyword: str, where: str) -> tuple[list[str], list[str]]:
    if keyword not in words:
        raise _notation("notation/too_few_words", f"{where} needs '{keyword}'",
                        text=" ".join(words), word=keyword)
    i = words.index(keyword)
    return words[:i], words[i + 1:]


def _offer(words: list[str], where: str) -> dict[str, Any]:
    """`give CARDS named CARDS want N CARDS` of a proposal or counter (A17.3)."""
    before, rest = _split(words, "give", where)
    if before:
        raise _notation("notation/unknown_word", f"{where}: unexpected {quote(before[0])}",
                        word=quote(before[0]), known=["give"])
    give, rest = _split(rest, "named", where)
    named, rest = _split(rest, "want", where)
    if not rest:
        raise _notation("notation/too_few_words", f"{where}: 'want' needs a count",
                        text=" ".join(words), word="want")
    return {"give": give, "named": named, "want": _number(rest[0], "want"),
            "want_named": rest[1:]}


def parse_action(text: object) -> dict[str, Any]:
    """The action a one-line text writes; IllegalAction (notation/... or action/...) otherwise."""
    if not isinstance(text, str) or not text.split():
        raise _notation("notation/empty", "an action's text is empty", text=quote(text))
    if len(text) > MAX_TEXT:
        raise _notation("notation/too_long", f"an action is at most {MAX_TEXT} characters, "
                        f"not {len(text)}", limit=MAX_TEXT, length=len(text))
    first, *words = text.split()
    kind = _TYPES.get(first, first)
    if kind not in FIELDS or (kind in _WORDS and first == kind):
        raise _notation("notation/unknown_word", f"{quote(first)} starts no action",
                        word=quote(first), known=sorted(_WORDS.get(k, k) for k in FIELDS))
    action: dict[str, Any] = {"type": kind}
    if kind == "build_ship":
        if len(words) not in (2, 3):
            raise _notation("notation/word_count", "ship takes an area, a count and maybe a "
                            "coast", word=first, expected=2, got=len(words))
        action.update(area=_number(words[0], first), board=_number(words[1], first),
                      coast=words[2] if len(words) == 3 else None)
    elif kind == "propose":
        if not words:
            raise _notation("notation/too_few_words", "propose needs a seat", text=text,
                            word=first)
        action.update(to=_number(words[0], first), **_offer(words[1:], first))
    elif kind == "counter":
        action.update(_offer(words, first))
    elif kind == "accept":
        action["give"] = _split(words, "give", first)[1]
    elif kind == "place":
        if not words:
            raise _notation("notation/too_few_words", "place needs an area per token",
                            text=text, word=first)
        action["areas"] = [_number(word, first) for word in words]
    elif kind == "purchase":
        cards, rest = (words, []) if "pay" not in words else _split(words, "pay", first)
        pay, mining = (rest, []) if "mining" not in rest else _split(rest, "mining", first)
        if "mining" in cards:
            cards, mining = _split(cards, "mining", first)
        if len(mining) > 1:
            raise _notation("notation/word_count", "mining names one commodity", word="mining",
                            expected=1, got=len(mining))
        action.update(cards=[] if cards == ["none"] else cards, pay=pay,
                      mining=mining[0] if mining else None)
    else:
        names = _POSITIONAL[kind]
        if len(words) != len(names):
            raise _notation("notation/word_count", f"{first} takes {len(names)} word(s) after "
                            "it", word=first, expected=len(names), got=len(words))
        for name, word in zip(names, words, strict=True):
            if name in _TEXT_FIELDS:
                action[name] = word
            elif word == "none" and name == "other":
                action[name] = None
            else:
                action[name] = _number(word, first)
    problem = action_problem(action)
    if problem is not None:
        raise IllegalAction(problem)
    return action
