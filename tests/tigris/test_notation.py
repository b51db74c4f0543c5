"""The one-line text notation: a parse/format pair."""

from __future__ import annotations

import random

import pytest

import engine.tigris as engine


@pytest.mark.parametrize("text,action", [
    ("tile blue D4", {"type": "tile", "color": "blue", "to": "D4"}),
    ("leader red E5", {"type": "leader", "color": "red", "to": "E5"}),
    ("withdraw red", {"type": "leader", "color": "red", "to": None}),
    ("catastrophe E6", {"type": "catastrophe", "to": "E6"}),
    ("swap red red blue", {"type": "swap", "tiles": ["red", "red", "blue"]}),
    ("commit 3", {"type": "commit", "count": 3}),
    ("pass", {"type": "pass"}),
    ("war green", {"type": "war_order", "color": "green"}),
    ("monument E5 red blue", {"type": "monument", "at": "E5", "colors": ["red", "blue"]}),
    ("monument none", {"type": "monument", "at": None}),
    ("treasure A1", {"type": "treasure", "at": "A1"}),
    ("building C4", {"type": "building", "at": "C4"}),
    ("building none", {"type": "building", "at": None}),
    ("wonder H6", {"type": "wonder", "at": "H6"}),
    ("wonder none", {"type": "wonder", "at": None}),
    ("wonderpoint blue", {"type": "wonder_point", "color": "blue"}),
])
def test_parse_and_format_are_inverses(text: str, action: dict[str, object]) -> None:
    assert engine.parse_action(text) == action
    assert engine.format_action(action) == text


def test_parse_is_forgiving_about_case() -> None:
    assert engine.parse_action("Tile BLUE d4") == {"type": "tile", "color": "blue", "to": "D4"}


@pytest.mark.parametrize("text", ["", "fly E5", "tile blue", "tile blue D4 E5", "commit x",
                                  "tile purple D4", "tile blue Z9", "treasure none"])
def test_unreadable_text_raises_illegal_action(text: str) -> None:
    with pytest.raises(engine.IllegalAction):
        engine.parse_action(text)


def test_every_legal_action_of_random_games_round_trips() -> None:
    rng = random.Random(4)
    for seed in range(4):
        state = engine.new_game(2, seed, {"buildings": True, "wonder": True})
        while not state.is_over:
            actions = state.legal_actions()
            for a in actions[:: max(1, len(actions) // 20)]:
                assert engine.parse_action(engine.format_action(a)) == a
            state = state.apply(rng.choice(actions))
