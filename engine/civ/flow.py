"""The order of play: phases in turn (A7.1), decisions one at a time (A1.2).

`advance` runs the current phase's automatic steps until a decision is
needed; a decision with a single legal answer is taken at once (A1.2), unless
that answer is single because of its player's hidden hand (`by_hand`). Each
phase's runner returns True when the phase is over, or False after asking a
decision.

A decision answered in steps (`Decision.stepped`: a loss unit by unit, a
city at a time) is taken by the engine too when every way of finishing it
ends in the same position: it is then only the order that is left to choose,
and that is no choice (A1.2). `settled_path` finds out by trying the steps
on copies, a position reached twice being tried once, after two quick dives
that show most real choices at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable

from . import (
    acquisition,
    calamities,
    cities,
    civil_war,
    conflict,
    growth,
    losses,
    movement,
    purchases,
    setup,
    ships,
    support,
    surplus,
    tax,
    trade,
    turn_start,
)
from .ast_track import run_ast
from .census import run_census
from .decisions import Action, Decision, Events
from .position import PHASES, SETUP, TURN_START, Position

RUNNERS: dict[str, Callable[[Position, Events], bool]] = {
    SETUP: setup.run_setup,
    TURN_START: turn_start.run_turn_start,
    "tax": tax.run_tax,
    "growth": growth.run_growth,
    "census": run_census,
    "ships": ships.run_ships,
    "movement": movement.run_movement,
    "conflict": conflict.run_conflict,
    "cities": cities.run_cities,
    "surplus": surplus.run_surplus,
    "acquisition": acquisition.run_acquisition,
    "trade": trade.run_trade,
    "calamities": calamities.run_calamities,
    "civ_cards": purchases.run_civ_cards,
    "ast": run_ast,
}
DECISIONS: dict[str, Decision] = {**setup.DECISIONS, **turn_start.DECISIONS, **tax.DECISIONS,
                                  **growth.DECISIONS, **ships.DECISIONS, **movement.DECISIONS,
                                  **conflict.DECISIONS, **cities.DECISIONS, **support.DECISIONS,
                                  **acquisition.DECISIONS, **trade.DECISIONS,
                                  **losses.DECISIONS, **calamities.DECISIONS, **civil_war.DECISIONS,
                                  **purchases.DECISIONS}
CARRIED = {"ships": ("census",), "movement": ("census",)}
"""phase_state keys a phase keeps from the phase before it (A10.1: the census order)."""


def advance(pos: Position, events: Events) -> None:
    """Run automatic steps and forced answers until a seat must choose or play stops."""
    while True:
        answers = to_question(pos, events)
        if len(answers) < 2 or pos.pending is None:
            return
        decision = DECISIONS[pos.pending["kind"]]
        path = None if decision.stepped is None else settled_path(pos, answers)
        if path is None:
            return
        for i, answer in enumerate(path):
            if i:
                to_question(pos, events)
            decision.answer(pos, answer, events)


def to_question(pos: Position, events: Events) -> list[Action]:
    """Run automatic steps and single answers up to a question; its legal answers ([] for an
    open decision, or once play has stopped)."""
    while True:
        to_pending(pos, events)
        if pos.ended or pos.pending is None:
            return []
        decision = DECISIONS[pos.pending["kind"]]
        if decision.open:
            return []
        answers = decision.legal(pos)
        if len(answers) != 1 or decision.by_hand:
            return answers
        decision.answer(pos, answers[0], events)


def to_pending(pos: Position, events: Events) -> None:
    """Run automatic steps until someone is asked something or play stops."""
    while not pos.ended and pos.pending is None:
        if RUNNERS[pos.phase](pos, events):
            if not pos.ended:
                next_phase(pos, events)
        elif pos.pending is None:
            raise AssertionError(f"phase {pos.phase} stopped without asking anyone")


SETTLE_STEPS = 600
"""The most steps `settled_path` tries before it gives up and asks: far more than a
decision of a game needs, as it stops at the second end it finds and a position reached
twice is tried once."""


def settled_path(pos: Position, answers: list[Action]) -> list[Action] | None:
    """A1.2: the answers that finish the stepped decision asked in `pos` if every way of
    finishing it ends in the same position, else None (a real choice: it is asked).

    The decision ends when a step leads, through automatic steps and its own single
    answers, to anything but one more step of it: another decision, another seat's, or the
    end of play; its end is the position then, when the next question is put. Each answer is
    first followed to an end by first answers only, so that a real choice shows at once;
    only when all those ends agree is every way tried.

    Before that, the first answer is followed by first answers and the last by last
    answers: where units are taken in area order those two leave different units, while
    the dives above can all leave the last area's (a Civil War selection of 20 of 21
    points, the last area holding two tokens, tried hundreds of steps, 40 ms an answer,
    before asking). Two ends differ only in a real choice, so the result is the same;
    those steps are not counted against `SETTLE_STEPS`, so no search is cut shorter than
    before.
    """
    assert pos.pending is not None
    kind, seat = pos.pending["kind"], pos.pending["seat"]
    stepped = DECISIONS[kind].stepped
    assert stepped is not None
    under_way = stepped(pos)
    ends: dict[Hashable, list[Action]] = {}
    tried: set[Hashable] = set()
    steps = 0

    def step(node: Position, answer: Action) -> tuple[list[Action], bool]:
        """Take `answer` in `node`: the next step's answers, and whether the decision goes on."""
        nonlocal steps
        while True:
            steps += 1
            DECISIONS[kind].answer(node, answer, [])
            to_pending(node, [])
            pending = node.pending
            if node.ended or pending is None or pending["kind"] != kind \
                    or pending["seat"] != seat or stepped(node) != under_way:
                return [], False
            next_answers = DECISIONS[kind].legal(node)
            if len(next_answers) != 1:
                return next_answers, bool(next_answers)  # none: stuck, an end of its own
            answer = next_answers[0]

    def extreme_end(answer: Action, pick: int) -> Hashable | None:
        """The end reached by `answer`, then always the answer at `pick`; None if that
        takes longer than a whole search may."""
        node = pos.copy()
        next_answers, more = step(node, answer)
        while more and steps <= SETTLE_STEPS:
            next_answers, more = step(node, next_answers[pick])
        return None if more else fingerprint(node)

    def end(node: Position, path: list[Action]) -> bool:
        """Record an end; False once two differ or the steps run out."""
        ends.setdefault(fingerprint(node), path)
        return len(ends) == 1 and steps <= SETTLE_STEPS

    def one_end(node: Position, node_answers: list[Action], path: list[Action]) -> bool:
        going_on = []
        # the last answer right after the first: the likeliest to end elsewhere than the
        # dives, which take first answers
        for answer in [*node_answers[:1], *node_answers[:0:-1]]:
            trial = node.copy()
            next_answers, more = step(trial, answer)
            if not more:
                if not end(trial, [*path, answer]):
                    return False
                continue
            key = fingerprint(trial)
            if key in tried:
                continue
            tried.add(key)
            going_on.append((trial, next_answers, [*path, answer]))
            dive, dive_answers, dive_path = trial.copy(), next_answers, [*path, answer]
            while more:
                dive_path.append(dive_answers[0])
                dive_answers, more = step(dive, dive_answers[0])
            if not end(dive, dive_path):
                return False
        return all(one_end(*child) for child in going_on)

    first, last = extreme_end(answers[0], 0), extreme_end(answers[-1], -1)
    if first is not None and last is not None and first != last:
        return None
    steps = 0
    if not one_end(pos, answers, []) or len(ends) != 1:
        return None
    return next(iter(ends.values()))


def fingerprint(pos: Position) -> Hashable:
    """The position as a value to compare: equal exactly when the positions are equal,
    whatever order their dicts were filled in (the map and options, never changed, left out).
    """
    return (pos.rng, pos.turn, pos.phase, pos.ended,
            tuple((*(tuple(v) if isinstance(v, list) else v for v in vars(s).values()),)
                  for s in pos.seats),
            tuple(sorted((a, tuple(sorted(here.items()))) for a, here in pos.tokens.items())),
            tuple(sorted((a, c.owner, c.new) for a, c in pos.cities.items())),
            tuple(sorted(tuple(vars(sh).values()) for sh in pos.ships)),
            tuple(map(tuple, pos.stacks)), tuple(map(tuple, pos.returns)),
            tuple(map(tuple, pos.returns_shown)), tuple(map(tuple, pos.under)),
            tuple(sorted(pos.traders.items())),
            json.dumps(pos.phase_state, sort_keys=True), json.dumps(pos.pending, sort_keys=True))


def next_phase(pos: Position, events: Events) -> None:
    """A7.1: the next phase; after phase 13, the start of the next turn (A36), then phase 1."""
    if pos.phase == TURN_START:
        pos.phase = PHASES[0]
    elif pos.phase == SETUP or pos.phase == PHASES[-1]:
        pos.turn += 1
        pos.phase = TURN_START
        for city in pos.cities.values():
            city.new = False  # A7.4: new only in the turn it came
        for seat in pos.seats:
            seat.cards_new = []
            seat.mining_used = seat.architecture_used = False
            seat.grain_shown = 0
    else:
        pos.phase = PHASES[PHASES.index(pos.phase) + 1]
    kept = {k: pos.phase_state[k] for k in CARRIED.get(pos.phase, ()) if k in pos.phase_state}
    pos.phase_state = kept
    events.append({"type": "phase", "turn": pos.turn, "phase": pos.phase})
