"""`ziggurat selfplay civ`: random Advanced Civilization games between random players.

The players are the computer players' random level (`ai.civ`), which also
proposes trades and buys civilization cards from its seat's view. After
every action the engine's own checks run: every token, city and trade card
accounted for (`check_accounting`, A2, A4.2), and the position read back
from its JSON text equal to the one played (same digest, same legal
actions). An action of a random player the engine refuses is a failure
too, and every game's record must replay to the same final position. A
failure is reported with the game's seed and record, never raised. Every
second game has a late entrant in its last seat (A36.2), who enters at the
first turn start and waits for a Civil War; random players also leave now
and then (A36.1), so both are played and counted.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import engine.civ as civ
from ai.civ.random_player import CivRandomBot
from engine.civ.tables import AST_FINISH

ENDINGS = ("A.S.T. finish", "turn limit", "no units on the board")


@dataclass
class CivGameResult:
    seed: int
    decisions: int
    turns: int
    ended_by: str
    ast: list[int] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    late: bool = False
    failure: str | None = None
    record: dict[str, Any] = field(default_factory=dict)


def check_round_trip(state: civ.State) -> None:
    """The position read back from its JSON text is the position played."""
    again = civ.from_dict(json.loads(json.dumps(state.to_dict())))
    if again.digest() != state.digest() or again.legal_actions() != state.legal_actions():
        raise AssertionError("from_dict(to_dict(s)) differs from s")


def ending(state: civ.State) -> str:
    """A35.1: why the game ended: a marker on the last space, the turn limit, or else (the
    engine's decision) no unit left on the board."""
    pos = state.position
    if any(pos.seats[s].ast == AST_FINISH for s in pos.active_seats()):
        return ENDINGS[0]
    return ENDINGS[1] if pos.turn == pos.options.turn_limit else ENDINGS[2]


def play_random_game(players: int, seed: int, turns: int, late: bool = False) -> CivGameResult:
    """One game of random players, every check after every action; with `late`, the last
    seat is a late entrant (A36.2)."""
    options = {"turn_limit": turns, "late_seats": [players - 1] if late else []}
    state = civ.new_game(players, seed, options)
    record = civ.new_record(players, seed, options)
    bots = [CivRandomBot(seed * 10 + seat) for seat in range(players)]
    events: Counter[str] = Counter()
    try:
        while not state.is_over:
            seat = state.to_move
            if seat is None:
                raise AssertionError(f"nobody is asked anything in {state.position.phase}")
            action = bots[seat].choose(state.view(seat), 0.0)
            refusal = state.check(action)
            if refusal is not None:
                raise AssertionError(f"seat {seat}'s random player played "
                                     f"{civ.format_action(action)!r}: {refusal.text}")
            state = state.apply(action)
            record["actions"].append(action)
            events.update(e["type"] for e in state.events)
            civ.check_accounting(state.position)
            check_round_trip(state)
        if civ.replay(record).digest() != state.digest():
            raise AssertionError("replaying the record gives another final position")
    except (AssertionError, civ.IllegalAction, civ.BadPosition) as e:
        return CivGameResult(seed, len(record["actions"]), state.position.turn, "failure",
                             events=events, late=late, failure=str(e), record=record)
    pos = state.position
    return CivGameResult(seed, len(record["actions"]), pos.turn, ending(state),
                         [pos.seats[s].ast for s in pos.active_seats()], events, late)


def mean_or_none(values: Iterable[int]) -> str:
    """The mean to two places, or "none" when every seat left every game (A36.1)."""
    values = list(values)
    return f"{statistics.mean(values):.2f}" if values else "none"


def summary(results: list[CivGameResult], elapsed: float, players: int) -> str:
    decisions = sum(r.decisions for r in results)
    good = [r for r in results if not r.failure]
    lines = [
        f"{len(results)} games of {players} players in {elapsed:.1f} s: "
        f"{len(results) / elapsed:.2f} games/s, {decisions / elapsed:.0f} decisions/s",
        f"invariant failures: {len(results) - len(good)}",
    ]
    if good:
        ended = Counter(r.ended_by for r in good)
        per_game = len(good)
        lines += [
            f"game length: {statistics.mean(r.decisions for r in good):.0f} decisions, "
            f"{statistics.mean(r.turns for r in good):.1f} turns on average",
            "ended by: " + ", ".join(f"{why} {ended[why]}" for why in ENDINGS),
            f"A.S.T. space at the end: average {mean_or_none(a for r in good for a in r.ast)}, "
            f"leader's average {mean_or_none(max(r.ast) for r in good if r.ast)}",
            f"leaving and late entry (A36): {sum(r.events['left'] for r in good)} seats left, "
            f"{sum(r.late for r in good)} games with a late seat, "
            f"{sum(r.events['entered'] for r in good)} entered, "
            f"{sum(r.events['entered_play'] for r in good)} took over in a civil war",
            "per game: " + ", ".join(
                f"{sum(r.events[kind] for r in good) / per_game:.1f} {label}"
                for kind, label in (("proposal", "proposals"), ("traded", "trades made"),
                                    ("civ_cards_bought", "purchases of civilization cards"),
                                    ("city_built", "cities built"),
                                    ("calamity", "calamities"))),
        ]
    return "\n".join(lines)
