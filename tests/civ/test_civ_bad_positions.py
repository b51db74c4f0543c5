"""A bad position is a BadPosition naming the field, never another exception (issue 19).

A deterministic sweep: positions of every phase and pending decision (from
random games, and from random positions of phase 11 for the calamities'
steps), each also as its phase's start and as the middle of the phase with
nobody asked; in each, every key is removed, retyped or put out of range in
turn. `from_dict` either refuses it with a BadPosition whose `where` names a
field of the position, or gives a state whose questions, view and position
work, and whose first answer plays. A hypothesis test tries random paths and
values on top.
"""

from __future__ import annotations

import copy
import functools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from civ_world import position, seat, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_a18_calamity_stress import calamity_position

import engine.civ as civ
from engine.civ.flow import CARRIED
from engine.civ.position import TOP_KEYS
from engine.errors import BadPosition

Path = tuple[str | int, ...]
RETYPED: list[Any] = [None, "zz", 7, [], {}]
OUT_OF_RANGE: list[Any] = [-1, 10**6]
CHUNKS = 6


@functools.cache
def positions() -> list[dict[str, Any]]:
    """One position per phase, pending decision and calamity step met, each also with
    nobody asked (the middle of its phase) and as its phase's start."""
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}

    def keep(d: dict[str, Any]) -> None:
        current = d["phase_state"].get("current") or {}
        key = (d["phase"], (d["pending"] or {}).get("kind"), current.get("card"),
               current.get("step"))
        seen.setdefault(key, d)

    for players in (2, 4, 8):
        rng = random.Random(players)
        state = civ.new_game(players, players, {"turn_limit": 3})
        while not state.is_over:
            keep(state.to_dict())
            state = state.apply(rng.choice(state.legal_actions()))
    for seed in range(0, 30, 2):  # then the turns after it, with cities and cards
        state, rng = calamity_position(2 + seed % 7, seed)
        for _ in range(300):
            if state.is_over:
                break
            keep(state.to_dict())
            state = state.apply(rng.choice(state.legal_actions()))
    result = []
    for d in seen.values():
        asked_nobody = {**d, "pending": None}
        start = {**asked_nobody, "phase_state": {
            k: v for k, v in d["phase_state"].items() if k in CARRIED.get(d["phase"], ())}}
        result += [d, asked_nobody, start]
    return result


@functools.cache
def swept() -> list[tuple[dict[str, Any], tuple[str, ...]]]:
    """Each position with the top keys swept in it: its bookkeeping always (`phase_state`
    and `pending`, read per phase and decision), the rest (read alike in every phase) in
    the first position of each phase."""
    first = {}
    for i, d in enumerate(positions()):
        first.setdefault(d["phase"], i)
    return [(d, TOP_KEYS if first[d["phase"]] == i else ("phase_state", "pending"))
            for i, d in enumerate(positions())]


def paths(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every key of `value`, nested; of a list, the first and last item."""
    if isinstance(value, dict):
        for key in value:
            yield (*path, key), value[key]
            yield from paths(value[key], (*path, key))
    elif isinstance(value, list):
        for i in sorted({0, len(value) - 1} if value else set()):
            yield (*path, i), value[i]
            yield from paths(value[i], (*path, i))


def changed(d: dict[str, Any], path: Path, value: Any = None,
            remove: bool = False) -> dict[str, Any]:
    d = copy.deepcopy(d)
    inner: Any = d
    for key in path[:-1]:
        inner = inner[key]
    if remove:
        del inner[path[-1]]
    else:
        inner[path[-1]] = value
    return d


def mutants(d: dict[str, Any], tops: tuple[str, ...] = TOP_KEYS,
            ) -> Iterator[tuple[Path, str, dict[str, Any]]]:
    for path, value in paths(d):
        if path[0] not in tops:
            continue
        yield path, "removed", changed(d, path, remove=True)
        for other in RETYPED:
            if type(other) is not type(value):
                yield path, repr(other), changed(d, path, other)
        if isinstance(value, int) and not isinstance(value, bool):
            for other in (*OUT_OF_RANGE, value + 1):
                yield path, repr(other), changed(d, path, other)


def judged(d: dict[str, Any]) -> None:
    """A BadPosition naming a field of the position, or a state that works."""
    try:
        state = civ.from_dict(d)
    except BadPosition as refused:
        where, keys = refused.refusal.params.get("where"), refused.refusal.params.get("keys")
        named = [where] if where != "position" else keys  # a missing or unknown top key
        assert isinstance(named, list) and named and all(
            isinstance(w, str) and re.split(r"[.\[]", w)[0] in TOP_KEYS for w in named), \
            refused.refusal
        return
    actions = state.legal_actions()
    state.view(0)
    assert civ.from_dict(state.to_dict()).digest() == state.digest()
    if actions:
        state.apply(actions[0])


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_key_removed_retyped_or_out_of_range_is_refused_by_name(chunk: int) -> None:
    for d, tops in swept()[chunk::CHUNKS]:
        for path, how, mutant in mutants(d, tops):
            try:
                judged(mutant)
            except AssertionError:
                raise
            except Exception as exc:
                raise AssertionError(f"{d['phase']} {d['pending']}: {path} {how}: "
                                     f"{type(exc).__name__}: {exc}") from exc


def test_the_sweep_covers_every_phase_and_the_calamities_steps() -> None:
    phases = {d["phase"] for d in positions()}
    assert phases >= {"setup", "start", "tax", "growth", "ships", "movement", "cities",
                      "surplus", "trade", "calamities", "civ_cards"}, phases
    steps = {(d["phase_state"].get("current") or {}).get("card") for d in positions()}
    assert len(steps - {None}) >= 8


@pytest.mark.parametrize("phase", ["ships", "movement"])
def test_A10_1_phases_4_and_5_without_the_census_order_are_refused_by_name(phase: str) -> None:
    d = position([seat("africa"), seat("italy")], tokens={1: {0: 2}, 3: {1: 2}}, phase=phase)
    with pytest.raises(BadPosition) as refused:
        state(d)
    assert refused.value.refusal.params["where"] == "phase_state.census"
    state({**d, "phase_state": {"census": [0, 1]}})  # with it, the phase runs


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_values_anywhere_are_refused_by_name_or_played(data: st.DataObject) -> None:
    d = data.draw(st.sampled_from(positions()))
    path, _ = data.draw(st.sampled_from(list(paths(d))))
    junk = data.draw(st.one_of(
        st.none(), st.booleans(), st.integers(-3, 10**9), st.text(max_size=5),
        st.lists(st.integers(-1, 90), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(-1, 9), max_size=2)))
    judged(changed(d, path, junk))


def test_A18_3_the_calamity_under_way_is_refused_down_to_its_own_key() -> None:
    d = next(d for d in positions() if d["phase_state"].get("current"))
    for key, value in (("victim", None), ("step", 7), ("surprise", 1)):
        with pytest.raises(BadPosition) as refused:
            civ.from_dict(changed(d, ("phase_state", "current", key), value))
        assert refused.value.refusal.params["where"] == f"phase_state.current.{key}"
    with pytest.raises(BadPosition) as refused:
        civ.from_dict(changed(d, ("phase_state", "current", "card"), remove=True))
    assert refused.value.refusal.params["where"] == "phase_state.current.card"


def test_A7_6_A18_3_bookkeeping_that_cannot_go_on_names_its_missing_key() -> None:
    """With nobody asked, the phase runs on from the bookkeeping; a key it then misses is
    named (position/inconsistent)."""
    for key, d in (("picker", next(d for d in positions() if d["pending"] is None and (
                       d["phase_state"].get("current") or {}).get("picker") is not None)),
                   ("target", next(d for d in positions() if d["pending"] is None and (
                       d["phase_state"].get("loss") or {}).get("target") is not None))):
        part = "current" if key == "picker" else "loss"
        with pytest.raises(BadPosition) as refused:
            civ.from_dict(changed(d, ("phase_state", part, key), remove=True))
        assert refused.value.refusal.code == "position/inconsistent"
        assert refused.value.refusal.params["where"] == f"phase_state.{part}.{key}"
