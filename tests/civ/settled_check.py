"""A1.2 checked from outside: every decision the engine asks has two answers whose completed
outcomes differ.

An answer is completed by the engine's own continuation (`State.apply`) and, while the
decision answered in steps goes on (the same kind, seat and `Decision.stepped`), by every
way of finishing it. Its outcome is the position then and what the events show happened
on the way, in any order: steps taken in another order are the same outcome, while a city
built and reduced at once for want of support (A7.5), or tokens moved into an area whose
surplus is then removed (A15), are not the same as doing nothing, though the positions
agree (those are counted apart, as `same_position`). Used by
tests/civ/test_a01_2_settled_property.py (a few games) and benchmarks/civ_decisions.py
(200 games per player count).
"""



from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import engine.civ as civ
from engine.civ.flow import DECISIONS

BUDGET = 400
"""The most answers tried for one decision before it counts as unchecked."""


@dataclass
class Tally:
    games: int = 0
    decisions: int = 0
    checked: int = 0
    unchecked: int = 0
    violations: list[dict[str, Any]] = field(default_factory=list)
    stepped: int = 0
    """Decisions checked that are answered in steps (`Decision.stepped`)."""
    same_position: int = 0
    """Decisions checked whose answers all lead to one position, their events differing."""


Outcome = tuple[str, str]


def outcomes(state: civ.State, budget: int = BUDGET) -> tuple[set[Outcome], bool]:
    """The completed outcomes (two at most) of the decision asked in `state`, each the
    position's digest and the events' in any order, and whether they are all of them (False:
    the budget ran out before a second one)."""
    pending = state.pending
    assert pending is not None
    kind, seat = pending["kind"], pending["seat"]
    stepped = DECISIONS[kind].stepped
    under_way = None if stepped is None else stepped(state.position)
    found: set[Outcome] = set()
    seen: set[str] = set()
    tried = 0

    def going_on(s: civ.State) -> bool:
        p = s.pending
        return (stepped is not None and not s.is_over and p is not None and p["kind"] == kind
                and p["seat"] == seat and stepped(s.position) == under_way)

    def explore(s: civ.State, events: list[str]) -> bool:
        nonlocal tried
        answers = s.legal_actions()
        for answer in [*answers[:1], *answers[:0:-1]]:
            tried += 1
            after = s.apply(answer)
            shown = events + [json.dumps(e, sort_keys=True) for e in after.events]
            if going_on(after):
                key = after.digest() + json.dumps(sorted(shown))
                if key not in seen:
                    seen.add(key)
                    if not explore(after, shown):
                        return False
            else:
                found.add((after.digest(), json.dumps(sorted(shown))))
            if len(found) > 1 or tried > budget:
                return False
        return True

    complete = explore(state, [])
    return found, complete or len(found) > 1


def checked(state: civ.State) -> bool:
    """Decisions A1.2 speaks of: closed ones whose answers do not come from a hidden hand."""
    pending = state.pending
    if pending is None or state.is_over:
        return False
    decision = DECISIONS[pending["kind"]]
    return not decision.open and not decision.by_hand


def check(state: civ.State, players: int, seed: int, tally: Tally) -> None:
    """Check the decision asked in `state`, if A1.2 speaks of it, into `tally`."""
    if not checked(state):
        return
    assert state.pending is not None
    tally.stepped += DECISIONS[state.pending["kind"]].stepped is not None
    found, complete = outcomes(state)
    if len(found) > 1:
        tally.checked += 1
        tally.same_position += len({digest for digest, _ in found}) == 1
    elif complete:
        tally.checked += 1
        tally.violations.append({"players": players, "seed": seed, "pending": state.pending,
                                 "position": state.to_dict()})
    else:
        tally.unchecked += 1


def check_game(players: int, seed: int, turns: int, tally: Tally) -> None:
    """One random game (every seat stays, A36.1); every decision asked is checked."""
    rng = random.Random(seed)
    late = [players - 1] if players % 2 else []
    state = civ.new_game(players, seed, {"turn_limit": turns, "late_seats": late})
    tally.games += 1
    while not state.is_over:
        answers = state.legal_actions()
        tally.decisions += 1
        check(state, players, seed, tally)
        if {"type": "stay"} in answers:
            state = state.apply({"type": "stay"})
        elif answers:
            state = state.apply(answers[rng.randrange(len(answers))])
        else:
            break  # an open decision with no fixed answer: play stops here


def check_calamities(players: int, seed: int, tally: Tally) -> None:
    """Phase 11 from a random position (tests/civ/test_a18_calamity_stress.py): the
    decisions answered in steps come thick there."""
    from test_a18_calamity_stress import calamity_position

    state, rng = calamity_position(players, seed)
    tally.games += 1
    while not state.is_over and state.to_dict()["phase"] == "calamities":
        answers = state.legal_actions()
        tally.decisions += 1
        check(state, players, seed, tally)
        if not answers:
            break
        state = state.apply(rng.choice(answers))
