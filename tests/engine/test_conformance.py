"""The guarantees every game module gives (game-module.md, "Conformance"), for every game.

Parametrized over every module of `engine.games()` and the test-only Tiny
game, so a new game gets the shared checks at once. Games are played by a
seeded generator choosing among the legal actions; malformed input comes from
seeded mutations of real actions and positions. What counts as hidden, and
how to deal it anew, is the per-game table in `hidden.py`.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hidden import SECRETS, at
from support import tinygame
from support.board_events import BOARD_EVENTS

import ai
import engine

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
MODULES: dict[str, ModuleType] = {**engine.games(), tinygame.ID: tinygame}
"""Every registered game and the test-only Tiny."""
PLAY_OPTIONS: dict[str, dict[str, Any]] = {"civ": {"turn_limit": 2}}
"""Options of the random games played here: random Advanced Civilization players never
reach the A.S.T.'s last space, so their games end by the turn limit (A35)."""
MAX_ACTIONS = 5000
JUNK: list[Any] = [None, -1, 0, 7, 2**70, 1.5, True, "", "zz", "A1", "red", [], [1], {}, {"a": 1}]


def nested(depth: int, leaf: Any) -> Any:
    for k in range(depth):
        leaf = [leaf] if k % 2 else {"type": leaf}
    return leaf


HOSTILE: list[Any] = [nested(2000, "red"), "r" * 100_000, 10**5000, -(2**200), float("nan"),
                      float("inf"), "\x00\ud800", ["red"] * 10_000]
MAX_MESSAGE = 1000
"""A refusal's text and params stay this short whatever they quote (issue 13)."""


@pytest.fixture(params=sorted(MODULES), ids=sorted(MODULES))
def mod(request: pytest.FixtureRequest) -> ModuleType:
    return MODULES[request.param]


def seat_counts(mod: ModuleType) -> list[int]:
    return sorted({min(mod.PLAYERS), max(mod.PLAYERS)})


def random_game(mod: ModuleType, players: int, seed: int) -> Iterator[tuple[Any, Any, Any]]:
    """(state before, action, state after) along one seeded random game, to its end."""
    rng = random.Random(seed)
    state = mod.new_game(players, seed, PLAY_OPTIONS.get(mod.ID, {}))
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        actions = state.legal_actions()
        assert actions, f"{mod.ID}: seat {state.to_move} has no legal action but the game goes on"
        action = actions[rng.randrange(len(actions))]
        after = state.apply(action)
        yield state, action, after
        state = after
    raise AssertionError(f"{mod.ID}: no end after {MAX_ACTIONS} actions")


def play_out(mod: ModuleType, players: int, seed: int) -> tuple[list[Any], list[Any]]:
    states: list[Any] = []
    actions: list[Any] = []
    for before, action, after in random_game(mod, players, seed):
        if not states:
            states.append(before)
        actions.append(action)
        states.append(after)
    return states, actions


def mutations(rng: random.Random, value: Any, depth: int = 0) -> Any:
    """One random malformation of a JSON-like value: a key dropped or added, a value swapped."""
    if isinstance(value, dict) and value and depth < 4 and rng.random() < 0.8:
        value = dict(value)
        key = rng.choice(sorted(value, key=str))
        roll = rng.random()
        if roll < 0.2:
            del value[key]
        elif roll < 0.3:
            value["unexpected"] = rng.choice(JUNK)
        else:
            value[key] = mutations(rng, value[key], depth + 1)
        return value
    if isinstance(value, list) and value and depth < 4 and rng.random() < 0.7:
        value = list(value)
        i = rng.randrange(len(value))
        if rng.random() < 0.2:
            del value[i]
        else:
            value[i] = mutations(rng, value[i], depth + 1)
        return value
    return copy.deepcopy(rng.choice(JUNK))


# --- determinism --------------------------------------------------------------------

DIGESTS_SCRIPT = """
import importlib, json, random, sys
sys.path[:0] = [{root!r}, {tests!r}]
from support import tinygame
mod = tinygame if {game!r} == tinygame.ID else importlib.import_module("engine." + {game!r})
rng = random.Random(5)
state = mod.new_game({players}, 11, {options!r})
digests = [state.digest()]
while not state.is_over:
    actions = state.legal_actions()
    state = state.apply(actions[rng.randrange(len(actions))])
    digests.append(state.digest())
print(json.dumps(digests))
"""


def digests_in_a_process(mod: ModuleType, players: int, hashseed: str) -> list[str]:
    script = DIGESTS_SCRIPT.format(root=str(ROOT), tests=str(TESTS), game=mod.ID,
                                   players=players, options=PLAY_OPTIONS.get(mod.ID, {}))
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True, timeout=300)
    digests: list[str] = json.loads(out.stdout)
    return digests


def test_the_same_game_gives_the_same_digests_in_two_processes(mod: ModuleType) -> None:
    players = max(mod.PLAYERS)
    first = digests_in_a_process(mod, players, "0")
    assert len(first) > 2
    assert first == digests_in_a_process(mod, players, "4242")
    states, _ = play_out(mod, players, 11)
    assert states[0].digest() == first[0]


# --- positions -------------------------------------------------------------------------

def test_from_dict_of_to_dict_keeps_digest_and_legal_actions(mod: ModuleType) -> None:
    for players in seat_counts(mod):
        for state, _, _ in random_game(mod, players, 3):
            again = mod.from_dict(json.loads(json.dumps(state.to_dict())))
            assert again.digest() == state.digest()
            assert again.legal_actions() == state.legal_actions()
            assert again.to_move == state.to_move


def test_malformed_positions_raise_bad_position_only(mod: ModuleType) -> None:
    rng = random.Random(17)
    states, _ = play_out(mod, max(mod.PLAYERS), 4)
    for k in range(400):
        broken = mutations(rng, states[k % len(states)].to_dict())
        try:
            state = mod.from_dict(broken)
        except engine.BadPosition as e:
            assert isinstance(e.refusal, engine.Refusal) and "/" in e.refusal.code
            assert str(e) == e.refusal.text and e.refusal.text
            json.dumps(e.refusal.to_dict())
        else:
            state.legal_actions()
            state.digest()
    for junk in JUNK:
        with pytest.raises(engine.BadPosition):
            mod.from_dict(junk)


# --- actions ---------------------------------------------------------------------------

def test_every_listed_legal_action_applies_and_check_agrees(mod: ModuleType) -> None:
    for players in seat_counts(mod):
        for state, _, _ in random_game(mod, players, 5):
            for action in state.legal_actions():
                assert state.check(action) is None, (action, state.check(action))
                state.apply(action)


def assert_refused_cleanly(state: Any, action: Any) -> bool:
    """check agrees with apply; a refused apply leaves the state as it was. True if legal."""
    before = state.digest()
    problem = state.check(action)
    try:
        state.apply(action)
    except engine.IllegalAction as e:
        assert problem == e.refusal, (action, problem, e.refusal)
        assert str(e) == e.refusal.text and e.refusal.text
        json.dumps(e.refusal.to_dict())
        assert state.digest() == before
        return False
    assert problem is None, (action, problem)
    assert state.digest() == before
    return True


def test_mutated_actions_are_refused_cleanly_and_check_agrees(mod: ModuleType) -> None:
    rng = random.Random(23)
    refused = 0
    for state, action, _ in random_game(mod, max(mod.PLAYERS), 6):
        for _ in range(3):
            refused += not assert_refused_cleanly(state, mutations(rng, action))
        for other in JUNK:
            refused += not assert_refused_cleanly(state, other)
    assert refused > 100


def test_actions_of_another_seat_or_after_the_end_are_refused(mod: ModuleType) -> None:
    states, actions = play_out(mod, min(mod.PLAYERS), 8)
    final = states[-1]
    assert final.is_over and final.to_move is None and final.legal_actions() == []
    for action in actions[-5:]:
        assert final.check(action) is not None
        with pytest.raises(engine.IllegalAction):
            final.apply(action)


def test_notation_round_trips_and_refuses_gibberish(mod: ModuleType) -> None:
    for state, action, _ in random_game(mod, min(mod.PLAYERS), 9):
        assert mod.parse_action(mod.format_action(action)) == action
        for legal in state.legal_actions():
            assert mod.parse_action(mod.format_action(legal)) == legal
    for text in ["", "   ", "fly to the moon", "play", "tile", "commit x", "pass pass", "\x00"]:
        with pytest.raises(engine.IllegalAction):
            mod.parse_action(text)


# --- hostile input (what a malicious peer or a corrupt file may send) -----------------------

def assert_named_and_short(error: engine.IllegalAction | engine.BadPosition) -> None:
    assert isinstance(error.refusal, engine.Refusal) and "/" in error.refusal.code
    assert len(error.refusal.text) <= MAX_MESSAGE, error.refusal.text[:200]
    assert len(json.dumps(error.refusal.to_dict())) <= 2 * MAX_MESSAGE


def test_hostile_actions_are_refused_by_name_in_a_short_message(mod: ModuleType) -> None:
    states, actions = play_out(mod, min(mod.PLAYERS), 15)
    state = states[len(states) // 2]
    for junk in HOSTILE:
        shapes = [junk] + [{**action, key: junk} for action in actions[:40]
                           for key in action]
        for action in shapes:
            before = state.digest()
            with pytest.raises(engine.IllegalAction) as refused:
                state.apply(action)
            assert_named_and_short(refused.value)
            assert state.check(action) == refused.value.refusal
            assert state.digest() == before
    for text in ("tile " + "r" * 100_000, "x" * 100_000, "tile red " * 10_000):
        with pytest.raises(engine.IllegalAction) as refused:
            mod.parse_action(text)
        assert_named_and_short(refused.value)


def test_hostile_positions_and_records_are_refused_by_name(mod: ModuleType) -> None:
    rng = random.Random(29)
    states, actions = play_out(mod, max(mod.PLAYERS), 16)
    for k in range(3000):
        position = states[k % len(states)].to_dict()
        broken = mutations(rng, position)
        if k % 3 == 0:
            broken = plant(rng, broken, rng.choice(HOSTILE))
        try:
            state = mod.from_dict(broken)
        except engine.BadPosition as e:
            assert_named_and_short(e)
        else:
            assert mod.from_dict(state.to_dict()).digest() == state.digest()
    record = {"game": mod.ID, "rules_version": mod.RULES_VERSION, "players": 2, "seed": 1,
              "options": PLAY_OPTIONS.get(mod.ID, {}), "actions": actions[:5]}
    for junk in HOSTILE:
        for key in record:
            if key == "seed" and isinstance(junk, int):
                continue  # any integer is a seed: a huge one is folded (game-module.md)
            with pytest.raises(engine.BadPosition) as refused:
                mod.replay({**record, key: junk})
            assert_named_and_short(refused.value)


def plant(rng: random.Random, value: Any, junk: Any) -> Any:
    """`value` with one leaf, at a random path, replaced by `junk`."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value, key=str))
        return {**value, key: plant(rng, value[key], junk)}
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        return [*value[:i], plant(rng, value[i], junk), *value[i + 1:]]
    return junk


# --- hidden information ------------------------------------------------------------------

def test_views_hide_what_the_game_hides(mod: ModuleType) -> None:
    secrets = SECRETS[mod.ID]
    for players in seat_counts(mod):
        for state, _, _ in random_game(mod, players, 12):
            position = state.to_dict()
            for seat in [None, *range(players)]:
                view = state.view(seat)
                assert view["viewer"] == seat
                for path in secrets.paths(position, seat):
                    assert at(view, path) is None, (mod.ID, seat, path)
                json.dumps(view)
            own = state.view(state.to_move)
            assert all(at(own, p) == at(position, p)
                       for p in secrets.paths(position, None)
                       if p not in secrets.paths(position, state.to_move))


def test_private_events_are_marked_and_secrets_travel_only_in_them(mod: ModuleType) -> None:
    secrets = SECRETS[mod.ID]
    seen: set[str] = set()
    for players in seat_counts(mod):
        for _, _, after in random_game(mod, players, 13):
            for event in after.events:
                assert isinstance(event.get("type"), str)
                json.dumps(event)
                private = "private_to" in event
                assert private == (event["type"] in secrets.private_events), event
                if private:
                    seat = event["private_to"]
                    assert isinstance(seat, int) and not isinstance(seat, bool)
                    assert 0 <= seat < players
                    seen.add(event["type"])
    assert seen == secrets.private_events - secrets.beyond_random_play


# --- events ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(BOARD_EVENTS))
def test_events_rebuild_the_board_after_every_action(game: str) -> None:
    """Every change on the board has an event: the events of each action, applied to the
    board before it by the game's own reading of them (`board_events.py`), give the board
    after it, from the start position on."""
    mod, replayer = MODULES[game], BOARD_EVENTS[game]
    for players in mod.PLAYERS:
        states, actions = play_out(mod, players, 40 + players)
        board = replayer.board(states[0].to_dict())
        for action, after in zip(actions, states[1:], strict=True):
            for event in after.events:
                replayer.apply(board, event)
            assert board == replayer.board(after.to_dict()), (game, players, action)


# --- records and the end -------------------------------------------------------------------

def test_replay_of_a_record_equals_play(mod: ModuleType) -> None:
    for players in seat_counts(mod):
        states, actions = play_out(mod, players, 14)
        record = {"game": mod.ID, "rules_version": mod.RULES_VERSION, "players": players,
                  "seed": 14, "options": PLAY_OPTIONS.get(mod.ID, {}), "actions": actions}
        assert mod.replay(json.loads(json.dumps(record))).digest() == states[-1].digest()
        assert mod.replay({**record, "actions": actions[:7]}).digest() == states[7].digest()
        for wrong in ({"game": "another-game"}, {"rules_version": mod.RULES_VERSION + 1}):
            with pytest.raises(engine.BadPosition):
                mod.replay({**record, **wrong})
        with pytest.raises(engine.BadPosition):
            mod.replay({**record, "actions": [*actions[:3], {"type": "no such action"}]})
        for junk in JUNK:
            with pytest.raises(engine.BadPosition):
                mod.replay(junk)


def test_random_games_reach_the_end_with_a_ranking_of_every_seat(mod: ModuleType) -> None:
    for players in mod.PLAYERS:
        states, _ = play_out(mod, players, 100 + players)
        final = states[-1]
        assert final.is_over and final.to_move is None
        ranking = final.ranking()
        assert sorted(seat for place in ranking for seat in place) == list(range(players))


def test_new_game_refuses_unknown_options_and_seat_counts(mod: ModuleType) -> None:
    with pytest.raises(ValueError):
        mod.new_game(min(mod.PLAYERS), 1, {"no_such_option": True})
    for players in (min(mod.PLAYERS) - 1, max(mod.PLAYERS) + 1):
        with pytest.raises(ValueError):
            mod.new_game(players, 1, {})
    state = mod.new_game(min(mod.PLAYERS), 1, dict(mod.OPTIONS))
    assert state.to_move in range(min(mod.PLAYERS)) and state.legal_actions()
    assert state.pending is None or isinstance(state.pending.get("kind"), str)


# --- hidden information dealt anew (A1.5; issue 19) --------------------------------------

HIDDEN_GAMES: dict[str, list[tuple[int, int, dict[str, Any]]]] = {
    "civ": [(2, 42, {"turn_limit": 30}), (4, 45, {"turn_limit": 30})]}
"""(players, seed, options) of the games played here, where the default (the fewest and the
most seats) will not do: Advanced Civilization's run long enough for cities, hands, trade,
calamities (traded ones, Famine against Pottery) and purchases; its random level builds its
first cities after some ten turns."""
HIDDEN_TRIES = 4
"""Legal answers (besides the one played) tried on a position and on its variant."""


def hidden_games(mod: ModuleType) -> list[tuple[int, int, dict[str, Any]]]:
    default = [(p, 40 + p, PLAY_OPTIONS.get(mod.ID, {})) for p in seat_counts(mod)]
    return HIDDEN_GAMES.get(mod.ID, default)


def hidden_game(mod: ModuleType, players: int, seed: int,
                options: dict[str, Any]) -> Iterator[tuple[Any, Any]]:
    """(state, the action played) along a seeded game of the game's random level in `ai`
    (Advanced Civilization's trades and buys); Tiny, which has none, plays random legal
    actions."""
    rng = random.Random(seed)
    state = mod.new_game(players, seed, options)
    bots = [ai.make_bot(mod.ID, "random", seed * 10 + s) for s in range(players)] \
        if mod.ID in engine.games() else None
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        seat = state.to_move
        action = bots[seat].choose(state.view(seat), 0.0) if bots else \
            rng.choice(state.legal_actions())
        yield state, action
        state = state.apply(action)
    raise AssertionError(f"{mod.ID}: no end after {MAX_ACTIONS} actions")


def seen_by(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [e for e in events if e.get("private_to", seat) == seat]


def tried_answers(mod: ModuleType, state: Any, played: Any, rng: random.Random) -> list[Any]:
    """What the seat to move may send: a sample of its legal answers, malformed and mutated
    ones, the game's probes of its hand-built answers, and the answer it played."""
    legal = state.legal_actions()
    sample = rng.sample(legal, min(len(legal), 12))
    return [*sample, *(mutations(rng, a) for a in sample for _ in range(2)), played,
            *SECRETS[mod.ID].probes(state.view(state.to_move))]


def test_dealing_hidden_cards_anew_changes_nothing_a_seat_sees(mod: ModuleType) -> None:
    """A1.5, A1.2: deal anew, keeping every size, what one seat cannot see (the others'
    hands, the stacks' or the bag's order); then its view, the refusals of what it may send,
    and after an answer the events it sees and its view are the same — unless a rule showed
    hidden cards at that moment (`reveals`) or a seat saw cards of its own (private events).
    A refusal quoting another's hand, a pending decision carrying a hidden card, or a
    question skipped because of a hidden hand shows up here."""
    secrets = SECRETS[mod.ID]
    dealt = compared = 0
    for players, seed, options in hidden_games(mod):
        rng = random.Random(seed)
        for state, played in hidden_game(mod, players, seed, options):
            seat = rng.randrange(players) if rng.random() < 0.5 else state.to_move
            other = mod.from_dict(secrets.variant(state.to_dict(), seat, rng))
            dealt += other.digest() != state.digest()
            assert other.view(seat) == state.view(seat), (mod.ID, seat)
            tries = [played, *rng.sample(state.legal_actions(),
                                         min(HIDDEN_TRIES, len(state.legal_actions())))]
            if seat == state.to_move:
                assert other.legal_actions() == state.legal_actions()
                for action in tried_answers(mod, state, played, rng):
                    assert other.check(action) == state.check(action), (mod.ID, seat, action)
            for action in tries:
                if state.check(action) is not None or other.check(action) is not None:
                    continue
                after, other_after = state.apply(action), other.apply(action)
                types = {e["type"] for e in [*after.events, *other_after.events]}
                if types & (secrets.reveals | secrets.private_events):
                    continue
                assert seen_by(other_after.events, seat) == seen_by(after.events, seat), \
                    (mod.ID, seat, action)
                assert other_after.view(seat) == after.view(seat), (mod.ID, seat, action)
                compared += 1
    assert dealt > 100 and compared > 100
