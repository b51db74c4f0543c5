"""Bots see only their seat's view, and a seeded bot is a function of that view.

Two positions that differ only in what the viewer cannot see (the other
hands, the bag order, hidden VP) give equal views, so a bot must choose the
same action in both; and a bot must not read anything but the dict it is
given, nor change it.
"""

from __future__ import annotations

import copy
import inspect
import random

import pytest

import ai
import engine.tigris as engine
from positions import placed_at_random

LEVELS = ai.levels(engine.ID)


def midgame(seed: int, plies: int) -> engine.State:
    """A position after some plausible play (random tiles and leaders, not swaps)."""
    state = placed_at_random(seed, plies)
    while state.to_dict()["pending"] is not None:
        state = state.apply(state.legal_actions()[0])
    return state


def reshuffled(state: engine.State, seed: int) -> engine.State:
    """The same position with the hidden tiles dealt differently and other VP changed."""
    d = state.to_dict()
    viewer = state.to_move
    hidden = [c for i, p in enumerate(d["players"]) if i != viewer for c in p["hand"]] + d["bag"]
    random.Random(seed).shuffle(hidden)
    at = 0
    for i, p in enumerate(d["players"]):
        if i == viewer:
            continue
        n = len(p["hand"])
        p["hand"] = sorted(hidden[at:at + n], key=engine.COLORS.index)
        p["score"] = {c: v + 3 for c, v in p["score"].items()}
        at += n
    d["bag"] = hidden[at:]
    return engine.from_dict(d)


def bot_for(level: str, seed: int = 9) -> ai.Bot:
    return ai.make_bot(engine.ID, level, seed, iterations=60)


def test_the_view_holds_nothing_hidden() -> None:
    state = midgame(3, 40)
    view = state.view(state.to_move)
    assert view["bag"] is None
    for i, p in enumerate(view["players"]):
        if i != view["viewer"]:
            assert p["hand"] is None and p["score"] is None


@pytest.mark.parametrize("level", LEVELS)
def test_choose_takes_only_a_view_a_budget_and_a_stop_event(level: str) -> None:
    params = list(inspect.signature(bot_for(level).choose).parameters)
    assert params == ["view", "budget_s", "stop"]


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_information_does_not_change_the_choice(level: str) -> None:
    state = midgame(5, 50)
    other = reshuffled(state, 1)
    seat = state.to_move
    assert state.digest() != other.digest()
    assert state.view(seat) == other.view(seat)
    first = bot_for(level).choose(state.view(seat), 5.0)
    second = bot_for(level).choose(other.view(seat), 5.0)
    assert first == second


@pytest.mark.parametrize("level", LEVELS)
def test_the_bot_does_not_change_the_view(level: str) -> None:
    state = midgame(7, 30)
    view = state.view(state.to_move)
    before = copy.deepcopy(view)
    bot_for(level).choose(view, 5.0)
    assert view == before


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_bot_repeats_itself(level: str) -> None:
    state = midgame(8, 60)
    view = state.view(state.to_move)
    runs = [bot_for(level, seed=4).choose(copy.deepcopy(view), 5.0) for _ in range(2)]
    assert runs[0] == runs[1]

