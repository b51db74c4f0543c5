"""The action format: reading an action dict strictly, and writing it back.

Every malformed action (not a dict, unknown type, missing or extra field, a
value of the wrong kind) becomes one `IllegalAction` whose refusal says what
was wrong, before any rule is asked. Legality is judged elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import IllegalAction, Refusal, quote
from .board import SQUARE_NAMES, square_index
from .state_data import COLOR_INDEX, COLORS, HAND_SIZE

# type -> (required fields, optional fields)
FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "leader": (frozenset({"color", "to"}), frozenset()),
    "tile": (frozenset({"color", "to"}), frozenset()),
    "catastrophe": (frozenset({"to"}), frozenset()),
    "swap": (frozenset({"tiles"}), frozenset()),
    "pass": (frozenset(), frozenset()),
    "commit": (frozenset({"count"}), frozenset()),
    "war_order": (frozenset({"color"}), frozenset()),
    "monument": (frozenset({"at"}), frozenset({"colors"})),
    "treasure": (frozenset({"at"}), frozenset()),
    "building": (frozenset({"at"}), frozenset()),
    "wonder": (frozenset({"at"}), frozenset()),
    "wonder_point": (frozenset({"color"}), frozenset()),
}
MAIN_ACTIONS = frozenset({"leader", "tile", "catastrophe", "swap", "pass"})


RECORD_ACTIONS = 4000
"""The most actions a record holds, as LAN play checks one (`game-module.md`): a random game
of 2 to 4 seats takes 180 to 250; the limit leaves room for ten times the longest."""


def _action_bounds() -> dict[str, int]:
    """The largest well-formed action, as LAN play checks a frame (`game-module.md`): its
    type and the most fields of a type (`monument`: 3); a list is a swap's tiles, at most a
    hand (R5.4), or a monument's two colours; a string is a type, a field, a colour or a
    square, the longest a type; a record holds RECORD_ACTIONS."""
    words = [*FIELDS, *(name for required, optional in FIELDS.values()
                        for name in required | optional), *COLORS, *SQUARE_NAMES]
    return {"entries": 1 + max(len(required | optional) for required, optional in FIELDS.values()),
            "list": max(HAND_SIZE, 2), "text": max(len(word) for word in words),
            "record": RECORD_ACTIONS}


ACTION_BOUNDS: dict[str, int] = _action_bounds()


@dataclass(frozen=True)
class Action:
    """An action read and checked for form: squares and colours as indices."""

    type: str
    color: int | None = None
    square: int | None = None
    tiles: tuple[int, ...] = ()
    count: int = 0
    colors: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        sq = SQUARE_NAMES[self.square] if self.square is not None else None
        t = self.type
        if t in ("leader", "tile"):
            assert self.color is not None
            return {"type": t, "color": COLORS[self.color], "to": sq}
        if t == "catastrophe":
            return {"type": t, "to": sq}
        if t == "swap":
            return {"type": t, "tiles": [COLORS[c] for c in self.tiles]}
        if t == "pass":
            return {"type": t}
        if t == "commit":
            return {"type": t, "count": self.count}
        if t in ("war_order", "wonder_point"):
            assert self.color is not None
            return {"type": t, "color": COLORS[self.color]}
        if t == "monument" and self.colors is not None:
            return {"type": t, "at": sq, "colors": [COLORS[c] for c in self.colors]}
        return {"type": t, "at": sq}


def _malformed(code: str, text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Refusal(code, params, text))


def _color(a: dict[str, Any], field: str) -> int:
    value = a[field]
    if not isinstance(value, str) or value not in COLOR_INDEX:
        raise _malformed("action/bad_color", f"{a['type']}: {quote(field)} must be one of "
                         f"{list(COLORS)}, not {quote(value)}",
                         type=a["type"], field=field, value=quote(value))
    return COLOR_INDEX[value]


def _square(a: dict[str, Any], field: str, nullable: bool) -> int | None:
    value = a[field]
    if value is None and nullable:
        return None
    sq = square_index(value)
    if sq is None or not isinstance(value, str) or value != SQUARE_NAMES[sq]:
        what = "a square like 'E5' (columns A-P, rows 1-11)"
        if nullable:
            what += " or null"
        raise _malformed("action/bad_square", f"{a['type']}: {quote(field)} must be {what}, "
                         f"not {quote(value)}", type=a["type"], field=field, value=quote(value))
    return sq


def read_action(a: object) -> Action:
    """Check an action's form and return it in index form; raise IllegalAction if malformed."""
    if not isinstance(a, dict):
        raise _malformed("action/not_an_object", f"an action must be a dict with a 'type', "
                         f"not {type(a).__name__}", got=type(a).__name__)
    kind = a.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise _malformed("action/unknown_type", f"unknown action type {quote(kind)}: use one of "
                         f"{sorted(FIELDS)}", type=quote(kind), known=sorted(FIELDS))
    required, optional = FIELDS[kind]
    keys = set(a) - {"type"}
    missing = required - keys
    extra = keys - required - optional
    if missing:
        raise _malformed("action/missing_field", f"{kind}: missing field(s) {sorted(missing)}",
                         type=kind, fields=sorted(missing))
    if extra:
        names = sorted(str(k) for k in extra)
        raise _malformed("action/unknown_field", f"{kind}: unknown field(s) {names}",
                         type=kind, fields=names)
    if kind in ("leader", "tile"):
        return Action(kind, color=_color(a, "color"),
                      square=_square(a, "to", nullable=kind == "leader"))
    if kind == "catastrophe":
        return Action(kind, square=_square(a, "to", nullable=False))
    if kind == "swap":
        tiles = a["tiles"]
        if not isinstance(tiles, list) or not 1 <= len(tiles) <= 6:
            raise _malformed("swap/tile_count", "swap: 'tiles' must be a list of 1 to 6 colours "
                             "(R5.4)", low=1, high=6)
        if any(not isinstance(t, str) or t not in COLOR_INDEX for t in tiles):
            raise _malformed("action/bad_color", f"swap: every tile must be one of "
                             f"{list(COLORS)}, not {quote(tiles)}",
                             type=kind, field="tiles", value=quote(tiles))
        return Action(kind, tiles=tuple(sorted(COLOR_INDEX[t] for t in tiles)))
    if kind == "pass":
        return Action(kind)
    if kind == "commit":
        count = a["count"]
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise _malformed("action/bad_count", f"commit: 'count' must be a whole number ≥ 0, "
                             f"not {quote(count)}", type=kind, field="count", value=quote(count))
        return Action(kind, count=count)
    if kind in ("war_order", "wonder_point"):
        return Action(kind, color=_color(a, "color"))
    square = _square(a, "at", nullable=True)
    if kind == "monument":
        colors = a.get("colors")
        if square is None:
            if colors is not None:
                raise _malformed("monument/declined_with_colors",
                                 "monument: a declined monument takes no 'colors' (R10.1)")
            return Action(kind)
        if (not isinstance(colors, list) or len(colors) != 2
                or any(not isinstance(c, str) or c not in COLOR_INDEX for c in colors)
                or colors[0] == colors[1]):
            raise _malformed("monument/bad_colors", f"monument: 'colors' must be two different "
                             f"colours of {list(COLORS)}, not {quote(colors)} (R1.4)",
                             value=quote(colors))
        pair = tuple(sorted(COLOR_INDEX[c] for c in colors))
        return Action(kind, square=square, colors=(pair[0], pair[1]))
    return Action(kind, square=square)
