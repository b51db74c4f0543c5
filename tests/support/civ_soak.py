"""Headless Advanced Civilization games between mixed computer levels, every invariant checked
(issue 23: "1,000 headless games of mixed levels, 2–8 players: no illegal action, no stall,
every invariant checked"). Used by benchmarks/civ_soak.py (the thousand) and a few by
tests/ai/civ/test_civ_measured.py.

After every action: the action was legal (`check`, A1.2), every piece and card is in exactly
one place (`check_accounting`, A2.1, A2.3, A2.7, A4.2), and play did not stop (someone is to
move until the game is over). When phase 8 ends: no area over its limit, no tokens beside a
city, every city supported (A15, A7.5). Every `view_every` actions: each seat's view shows no
other hand and no stack (A1.5), and the position reads back from its dictionary to the same
digest. At the end: the record replays to the same state, and each seat has a score (A35.2).
A game past the arena's loop guard (`ai.civ.plies_cap`) is a stall.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import ai
import engine.civ as civ
from ai.civ import final_scores, plies_cap
from ai.match import Timing
from engine.civ.position import PHASES

LEVELS = ("random", "easy", "medium")  # ai.levels("civ") less any searching level (time)
AFTER_SURPLUS = PHASES[PHASES.index("surplus") + 1]


@dataclass(frozen=True)
class Soak:
    """One game of the soak: seats' levels, seed, options."""

    levels: tuple[str, ...]
    seed: int
    options: dict[str, Any]


def soak_games(games: int, seed: int, turn_limit: int | None, levels: tuple[str, ...] = LEVELS
               ) -> list[Soak]:
    """`games` games, 2 to 8 players in turn, each seat's level drawn; with an odd count
    every other such game has its last seat enter late (A36.2)."""
    rng = random.Random(seed)
    plan = []
    for k in range(games):
        players = 2 + k % 7
        late = [players - 1] if players % 2 and (k // 7) % 2 else []
        plan.append(Soak(tuple(rng.choice(levels) for _ in range(players)), seed + k,
                         {"turn_limit": turn_limit, "late_seats": late}))
    return plan


@dataclass
class Checked:
    """What one soaked game did and broke."""

    soak: Soak
    actions: int = 0
    turns: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    timings: dict[str, Timing] = field(default_factory=dict)  # per level: decision times


def _after_phase_8(pos: Any) -> list[str]:
    found = []
    for area, here in pos.tokens.items():
        if area in pos.cities and here:
            found.append(f"A15: tokens beside the city in area {area}")
        if len(here) == 1:
            side, n = next(iter(here.items()))
            agriculture = isinstance(side, int) and side >= 0 and \
                "agriculture" in pos.seats[side].cards
            if n > pos.board.area(area).limit + agriculture:
                found.append(f"A15: {n} tokens over the limit of area {area}")
    for seat in pos.active_seats():
        if pos.tokens_on_board(seat) < 2 * len(pos.cities_of(seat)):
            found.append(f"A7.5: seat {seat}'s cities unsupported")
    return found


def _views_hide(state: civ.State) -> list[str]:
    found = []
    for viewer in range(len(state.position.seats)):
        v = state.view(viewer)
        if any(s["hand"] is not None for i, s in enumerate(v["seats"]) if i != viewer):
            found.append(f"A1.5: seat {viewer}'s view shows another hand")
        if v["stacks"] is not None:
            found.append(f"A1.5: seat {viewer}'s view shows the stacks")
    return found


def play_soak(soak: Soak, view_every: int = 50) -> Checked:
    """Play one game with every check; problems are collected, the first illegal action or
    stall ends the game."""
    players = len(soak.levels)
    out = Checked(soak)
    bots = [ai.make_bot("civ", level, soak.seed * 31 + seat)
            for seat, level in enumerate(soak.levels)]
    state = civ.new_game(players, soak.seed, soak.options)
    record = civ.new_record(players, soak.seed, soak.options)
    cap = plies_cap(players, soak.options)
    while not state.is_over:
        seat = state.to_move
        if seat is None:
            out.problems.append(f"stall: nobody to move in phase {state.position.phase}")
            return out
        pending = state.pending
        assert pending is not None
        started = time.perf_counter()
        action = bots[seat].choose(state.view(seat), 0.0)
        out.timings.setdefault(soak.levels[seat], Timing()).add(time.perf_counter() - started)
        refusal = state.check(action)
        if refusal is not None:
            out.problems.append(f"illegal {soak.levels[seat]} action {action} at "
                                f"{pending['kind']}: {refusal}")
            return out
        out.kinds[pending["kind"]] += 1
        phase = state.position.phase
        state = state.apply(action)
        record["actions"].append(action)
        out.actions += 1
        try:
            civ.check_accounting(state.position)
        except civ.BadPosition as exc:
            out.problems.append(f"accounting after action {out.actions}: {exc}")
            return out
        if phase == "surplus" and state.position.phase == AFTER_SURPLUS:
            out.problems += _after_phase_8(state.position)
        if out.actions % view_every == 0:
            out.problems += _views_hide(state)
            if civ.from_dict(state.to_dict()).digest() != state.digest():
                out.problems.append(f"read-back differs after action {out.actions}")
        if out.actions > cap:
            out.problems.append(f"stall: {out.actions} actions passed the loop guard {cap}")
            return out
    out.turns = state.position.turn
    if civ.replay(record).digest() != state.digest():
        out.problems.append("the record replays to another state")
    if len(final_scores(state)) != players:
        out.problems.append("A35.2: not every seat scored")
    return out
