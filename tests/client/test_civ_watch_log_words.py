"""The civ table's log reads as words in every language: no field of an event left as its
raw "{name}" (watching five medium players at the table, every calamity was logged as
"{calamity} strikes Babylon.": the event names its card "card")."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest

import engine.civ as civ
from ai.civ.random_player import CivRandomBot
from game import i18n
from game.civ import words

RAW = re.compile(r"[{}]")


@functools.cache
def random_game_events(players: int, seed: int, turns: int) -> list[tuple[Any, list[Any]]]:
    """Each action's events in a random game, with the spectator's view after it."""
    state = civ.new_game(players, seed, {"turn_limit": turns})
    bots = [CivRandomBot(seed * 10 + seat) for seat in range(players)]
    told = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), 0.0))
        told.append((state.view(None), list(state.events)))
    return told


@pytest.fixture
def language() -> Iterator[None]:
    before = i18n.current_language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("code", sorted(i18n.languages()))
def test_A1_5_every_logged_event_fills_its_words(code: str, language: None) -> None:
    i18n.set_language(code)
    told: set[str] = set()
    for seed in (1, 2):
        for view, events in random_game_events(6, seed, 24):
            for event in events:
                for line in words.narrate([event], view, None, private=True):
                    assert not RAW.search(str(line)), (event, str(line))
                    told.add(event["type"])
    assert {"calamity", "city_reduced", "traded", "grown", "game_over"} <= told


def test_A1_5_one_token_or_card_reads_in_the_singular() -> None:
    """Watched at the table: "Thrace returned 1 trade cards.", "Africa lost 1 tokens in
    Cirta." Counted lines take their language's plural forms."""
    view = civ.new_game(3, 1, {"turn_limit": 2}).view(None)
    one = [{"type": "tokens_removed", "owner": 0, "area": 9, "count": 1},
           {"type": "tokens_placed", "owner": 0, "area": 9, "count": 1},
           {"type": "tokens_changed_hands", "from": 0, "to": 1, "area": 9, "count": 1},
           {"type": "cards_drawn", "seat": 0, "count": 1},
           {"type": "cards_returned", "seat": 0, "count": 1}]
    lines = [str(line) for line in words.narrate(one, view, None)]
    assert len(lines) == 5
    for line in lines:
        assert "1 token " in line or "1 trade card." in line, line
    two = [dict(event, count=2) for event in one]
    lines = [str(line) for line in words.narrate(two, view, None)]
    for line in lines:
        assert "2 tokens " in line or "2 trade cards." in line, line
