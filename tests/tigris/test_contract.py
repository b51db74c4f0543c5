"""The engine contract: bad input, round trips, digests, views, records."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from typing import Any

import pytest

import engine.tigris as engine
from positions import build, build_dict, play

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("action,message", [
    ("tile blue D4", "must be a dict"),
    ({}, "unknown action type"),
    ({"type": "fly"}, "unknown action type"),
    ({"type": "tile", "color": "red"}, "missing field"),
    ({"type": "tile", "color": "red", "to": "A1", "x": 1}, "unknown field"),
    ({"type": "tile", "color": "purple", "to": "A1"}, "'color' must be one of"),
    ({"type": "tile", "color": "red", "to": "Z99"}, "'to' must be a square"),
    ({"type": "tile", "color": "red", "to": 5}, "'to' must be a square"),
    ({"type": "tile", "color": "red", "to": "a1"}, "'to' must be a square"),
    ({"type": "swap", "tiles": []}, "1 to 6"),
    ({"type": "swap", "tiles": "red"}, "1 to 6"),
    ({"type": "commit", "count": True}, "whole number"),
    ({"type": "commit", "count": -1}, "whole number"),
    ({"type": "monument", "at": "A1", "colors": ["red"]}, "two different colours"),
    ({"type": "pass", "extra": None}, "unknown field"),
    (None, "must be a dict"),
    ({"type": "commit", "count": 0}, "no decision is pending"),
])
def test_malformed_actions_raise_illegal_action_and_change_nothing(
        action: Any, message: str) -> None:
    state = build()
    before = state.digest()
    with pytest.raises(engine.IllegalAction, match=message):
        state.apply(action)
    assert state.digest() == before


def test_illegal_action_in_a_decision_leaves_the_position_alone() -> None:
    state = play(build({"H7": "1r", "K7": "r"}), "leader red J7")
    before = state.to_dict()
    for bad in ({"type": "commit", "count": 9}, {"type": "pass"},
                {"type": "war_order", "color": "red"}):
        with pytest.raises(engine.IllegalAction):
            state.apply(bad)
    assert state.to_dict() == before


def _broken(change: str) -> dict[str, Any]:
    d = build_dict({"H7": "0r"})
    if change == "extra key":
        d["colour"] = 1
    elif change == "missing key":
        del d["bag"]
    elif change == "blue on land":
        d["board"]["A1"] = {"tile": "blue"}
    elif change == "leader without temple":
        d["board"]["A1"] = {"leader": {"dynasty": "bull", "color": "red"}}
    elif change == "too many tiles":
        d["bag"] += ["green"] * 5
    elif change == "unknown square":
        d["board"]["Q1"] = {"tile": "red"}
    elif change == "two same leaders":
        d["board"]["J7"] = {"leader": {"dynasty": "bull", "color": "red"}}
    elif change == "bad version":
        d["version"] = 99
    elif change == "not a dict":
        return [1, 2]  # type: ignore[return-value]
    elif change == "bad hand":
        d["players"][0]["hand"] = ["red"] * 7
    elif change == "treasure off its square":
        d["board"]["A1"] = {"tile": "red", "treasure": True}
        d["bag"].remove("red")
    elif change == "bad pending":
        d["pending"] = {"kind": "dance"}
    return d


@pytest.mark.parametrize("change,message", [
    ("extra key", "unknown key"), ("missing key", "missing key"),
    ("blue on land", "R5.2"), ("leader without temple", "R3.4"),
    ("too many tiles", "R1.2"), ("unknown square", "square"),
    ("two same leaders", "R3.3"), ("bad version", "version"), ("not a dict", "object"),
    ("bad hand", "at most 6"), ("treasure off its square", "R2.1"),
    ("bad pending", "pending"),
])
def test_broken_positions_raise_bad_position_naming_the_problem(change: str,
                                                                message: str) -> None:
    with pytest.raises(engine.BadPosition, match=message):
        engine.from_dict(_broken(change))


def _random_states(seed: int, players: int, options: dict[str, Any]) -> list[engine.State]:
    import random
    rng = random.Random(seed)
    state = engine.new_game(players, seed, options)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_to_dict_from_dict_round_trip_through_json_keeps_digest_and_legal_actions() -> None:
    states = _random_states(5, 3, {"buildings": True, "wonder": True})
    for state in [*states[::7], states[-1]]:
        again = engine.from_dict(json.loads(json.dumps(state.to_dict())))
        assert again.digest() == state.digest()
        assert again.legal_actions() == state.legal_actions()
        assert again.to_move == state.to_move


def test_every_pending_kind_survives_a_round_trip() -> None:
    seen = set()
    for seed in range(12):
        for state in _random_states(seed, 2, {"buildings": True, "wonder": True}):
            if state.pending and state.pending["kind"] not in seen:
                seen.add(state.pending["kind"])
                again = engine.from_dict(copy.deepcopy(state.to_dict()))
                assert again.legal_actions() == state.legal_actions()
    assert {"commit", "war_order", "treasure", "building"} <= seen


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    state = build()
    before = state.to_dict()
    after = play(state, "tile black A1")
    assert state.to_dict() == before and after.to_dict() != before


def test_view_hides_other_hands_the_bag_and_hidden_scores() -> None:
    state = build(hands=["rrbbgk", "kkkkkk"])
    v = state.view(0)
    assert v["viewer"] == 0 and v["bag"] is None and v["bag_size"] == len(state.to_dict()["bag"])
    assert v["players"][1]["hand"] is None and v["players"][1]["hand_size"] == 6
    assert v["players"][1]["score"] is None
    assert "black" not in json.dumps(v["players"][1])


def test_state_from_view_gives_the_viewers_legal_actions() -> None:
    state = build(hands=["rrbbgk", "kkkkkk"])
    assert engine.state_from_view(state.view(0)).legal_actions() == state.legal_actions()


def test_record_replays_to_the_same_positions() -> None:
    states = _random_states(9, 4, {})
    record = engine.new_record(4, 9, {})
    import random
    rng = random.Random(9)
    state = engine.new_game(4, 9, {})
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        record["actions"].append(action)
        state = state.apply(action)
    assert engine.replay(record).digest() == states[-1].digest()
    assert engine.record_digests(record) == [s.digest() for s in states]


def test_a_broken_record_raises_bad_position() -> None:
    with pytest.raises(engine.BadPosition, match="illegal"):
        engine.replay({"version": 1, "players": 2, "seed": 1, "options": {},
                       "actions": [{"type": "commit", "count": 1}]})
    with pytest.raises(engine.BadPosition):
        engine.replay({"players": 2})


DIGEST_SCRIPT = """
import json, random, sys
import engine.tigris as engine
rng = random.Random(3)
state = engine.new_game(3, 3, {"buildings": True})
out = []
while not state.is_over and len(out) < 150:
    state = state.apply(rng.choice(state.legal_actions()))
    out.append(state.digest())
print(json.dumps(out))
"""


def test_digests_are_the_same_in_processes_with_different_hash_seeds() -> None:
    results = []
    for hashseed in ("1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", DIGEST_SCRIPT], env=env, cwd=ROOT,
                             capture_output=True, text=True, check=True, timeout=120)
        results.append(json.loads(out.stdout))
    assert results[0] == results[1] and len(results[0]) == 150


def test_position_format_refuses_what_only_looks_like_its_values() -> None:
    """Issue 13: each was read before, or raised TypeError instead of BadPosition."""
    start = engine.new_game(2, 1).to_dict()
    for path, value in ((("version",), True), (("options", "board"), ["classic"]),
                        (("options", "board"), {"classic": 1}),
                        (("players", 0, "score", "red"), 2**70)):
        position = copy.deepcopy(start)
        *parents, last = path
        holder: Any = position
        for key in parents:
            holder = holder[key]
        holder[last] = value
        with pytest.raises(engine.BadPosition) as refused:
            engine.from_dict(position)
        assert refused.value.refusal.code in ("position/version", "position/bad_value"), path
