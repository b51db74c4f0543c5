"""Advanced Civilization's random level: it answers every decision from its own view, open
ones included, so seeded random games trade (A17) and buy civilization cards (A32), and the
engine, judging the true position, never refuses what it does (the truth rule, A17.2)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

import ai
import engine.civ as civ
from ai.civ.determinize import position_from_view
from ai.civ.random_player import CivRandomBot


@dataclass
class Played:
    """One seeded game between random players: what they answered and what followed."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    refused: list[tuple[dict[str, Any], str]] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    legal_mismatches: int = 0


def play(players: int, seed: int, turns: int) -> Played:
    state = civ.new_game(players, seed, {"turn_limit": turns})
    bots = [ai.make_bot("civ", "random", seed * 10 + seat) for seat in range(players)]
    played = Played()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if len(played.actions) % 7 == 0 and ai.legal_actions("civ", view) != \
                state.legal_actions():
            played.legal_mismatches += 1
        action = bots[seat].choose(view, 0.0)
        refusal = state.check(action)
        if refusal is not None:
            played.refused.append((action, refusal.code))
            action = state.legal_actions()[0]
        played.actions.append(action)
        state = state.apply(action)
        played.events.update(e["type"] for e in state.events)
    return played


@pytest.fixture(scope="module")
def games() -> list[Played]:
    return [play(4, 1, 20), play(6, 2, 16), play(3, 3, 24)]


def test_the_random_level_of_civ_is_its_own_trading_player() -> None:
    assert ai.levels("civ")[0] == "random"
    assert isinstance(ai.make_bot("civ", "random", 1), CivRandomBot)
    with pytest.raises(ValueError, match=r"for civ: use one of random, "):
        ai.make_bot("civ", "grandmaster", 1)


def test_A17_random_players_propose_counter_and_sometimes_trade(games: list[Played]) -> None:
    types = Counter(a["type"] for g in games for a in g.actions)
    assert types["propose"] > 0 and types["counter"] > 0 and types["accept"] > 0
    assert sum(g.events["traded"] for g in games) == types["accept"]
    assert types["reject"] + types["done"] > 0


def test_A32_random_players_buy_civilization_cards(games: list[Played]) -> None:
    bought = [a for g in games for a in g.actions if a["type"] == "purchase" and a["cards"]]
    assert bought
    assert sum(g.events["civ_cards_bought"] for g in games) == len(bought)


def test_A17_2_the_engine_never_refuses_what_the_random_player_proposes(
        games: list[Played]) -> None:
    """The truth rule is the engine's (it refuses lies); the random player never tells one,
    nor asks for more cards than the other seat holds (A17.3)."""
    assert [r for g in games for r in g.refused] == []
    for g in games:
        for a in g.actions:
            if a["type"] in ("propose", "counter"):
                assert not Counter(a["named"]) - Counter(a["give"])


def test_legal_actions_from_a_view_are_the_true_ones(games: list[Played]) -> None:
    assert [g.legal_mismatches for g in games] == [0, 0, 0]


def test_A1_5_a_position_dealt_from_a_view_keeps_what_the_viewer_sees() -> None:
    state = civ.new_game(4, 8, {"turn_limit": 12})
    bots = [CivRandomBot(seat) for seat in range(4)]
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        dealt = civ.from_dict(position_from_view(view, rng))
        assert dealt.view(seat) == view
        state = state.apply(bots[seat].choose(view, 0.0))
