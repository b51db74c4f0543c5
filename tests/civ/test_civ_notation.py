"""The one-line notation of docs/civ-engine-api.md: every action's text reads back to it."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction
from engine.civ.actions import FIELDS, action_problem, format_action, parse_action

EXAMPLES: list[tuple[dict[str, Any], str]] = [
    ({"type": "nation", "nation": "italy", "area": 12}, "nation italy 12"),
    ({"type": "stay"}, "stay"),
    ({"type": "leave"}, "leave"),
    ({"type": "enter", "nation": "crete"}, "enter crete"),
    ({"type": "wait"}, "wait"),
    ({"type": "tax", "rate": 3}, "tax 3"),
    ({"type": "city", "area": 12}, "city 12"),
    ({"type": "grow", "area": 12}, "grow 12"),
    ({"type": "place", "areas": [12, 12, 14]}, "place 12 12 14"),
    ({"type": "upkeep", "ship": 2, "pay": "treasury"}, "upkeep 2 treasury"),
    ({"type": "build_ship", "area": 12, "board": 1, "coast": None}, "ship 12 1"),
    ({"type": "build_ship", "area": 12, "board": 0, "coast": "a"}, "ship 12 0 a"),
    ({"type": "move", "from": 12, "to": 13, "count": 2}, "move 12 13 2"),
    ({"type": "road", "from": 12, "via": 13, "to": 14, "count": 2}, "road 12 13 14 2"),
    ({"type": "sail", "ship": 1, "to": 30}, "sail 1 30"),
    ({"type": "load", "ship": 1, "count": 3}, "load 1 3"),
    ({"type": "unload", "ship": 1, "count": 3}, "unload 1 3"),
    ({"type": "pillage", "count": 2}, "pillage 2"),
    ({"type": "build", "area": 12}, "build 12"),
    ({"type": "buy"}, "buy"),
    ({"type": "propose", "to": 2, "give": ["salt", "salt", "oil"], "named": ["salt", "salt"],
      "want": 4, "want_named": ["gold", "gold"]},
     "propose 2 give salt salt oil named salt salt want 4 gold gold"),
    ({"type": "counter", "give": ["iron", "iron", "iron"], "named": ["iron", "iron"],
      "want": 3, "want_named": ["salt", "salt"]},
     "counter give iron iron iron named iron iron want 3 salt salt"),
    ({"type": "accept", "give": ["gold", "gold", "iron"]}, "accept give gold gold iron"),
    ({"type": "reject"}, "reject"),
    ({"type": "pass"}, "pass"),
    ({"type": "show_grain", "count": 2}, "show 2"),
    ({"type": "lose", "unit": "token", "area": 12}, "lose token 12"),
    ({"type": "select", "unit": "city", "area": 12}, "select city 12"),
    ({"type": "assign", "seat": 3, "points": 8}, "assign 3 8"),
    ({"type": "keep", "faction": 1}, "keep 1"),
    ({"type": "area", "area": 12}, "area 12"),
    ({"type": "quake", "area": 12, "other": 14}, "quake 12 14"),
    ({"type": "quake", "area": 12, "other": None}, "quake 12 none"),
    ({"type": "convert", "area": 12}, "convert 12"),
    ({"type": "purchase", "cards": ["music", "deism"], "pay": ["grain", "grain"],
      "mining": "iron"}, "purchase music deism pay grain grain mining iron"),
    ({"type": "purchase", "cards": [], "pay": [], "mining": None}, "purchase none"),
    ({"type": "purchase", "cards": ["music"], "pay": [], "mining": None}, "purchase music"),
    ({"type": "return", "card": "salt"}, "return salt"),
    ({"type": "done"}, "done"),
]


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_notation_formats_and_parses_back(action: dict[str, Any], text: str) -> None:
    assert action_problem(action) is None
    assert format_action(action) == text
    assert parse_action(text) == action


def test_notation_covers_every_action_type() -> None:
    assert {a["type"] for a, _ in EXAMPLES} == set(FIELDS)


@pytest.mark.parametrize(("text", "code"), [
    ("", "notation/empty"),
    ("x" * 201, "notation/too_long"),
    ("fly 12", "notation/unknown_word"),
    ("show_grain 2", "notation/unknown_word"),
    ("move 12 13", "notation/word_count"),
    ("tax x", "notation/bad_number"),
    ("tax 4", "action/bad_value"),
    ("propose 2 give salt salt salt named salt salt", "notation/too_few_words"),
    ("nation rome 3", "action/bad_value"),
    ("purchase chariots", "action/bad_value"),
])
def test_notation_refuses_unreadable_text_with_a_code(text: str, code: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        parse_action(text)
    assert caught.value.refusal.code == code


@pytest.mark.parametrize(("action", "code"), [
    ("tax 3", "action/not_an_object"),
    ({"type": "fly"}, "action/unknown_type"),
    ({"type": "tax"}, "action/missing_field"),
    ({"type": "tax", "rate": 2, "why": 1}, "action/unknown_field"),
    ({"type": "tax", "rate": True}, "action/bad_value"),
    ({"type": "move", "from": 1, "to": 2, "count": -1}, "action/bad_value"),
    ({"type": "accept", "give": ["salt", 3]}, "action/bad_value"),
])
def test_malformed_actions_get_an_action_refusal(action: object, code: str) -> None:
    problem = action_problem(action)
    assert problem is not None and problem.code == code
