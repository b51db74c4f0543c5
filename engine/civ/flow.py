"""The order of play: phases in turn (A7.1), decisions one at a time (A1.2).

`advance` runs the current phase's automatic steps until a decision is
needed; a decision with a single legal answer is taken at once (A1.2), unless
that answer is single because of its player's hidden hand (`by_hand`). Each
phase's runner returns True when the phase is over, or False after asking a
decision.
"""

from __future__ import annotations

from collections.abc import Callable

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
from .decisions import Decision, Events
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
    while not pos.ended:
        if pos.pending is not None:
            decision = DECISIONS[pos.pending["kind"]]
            answers = [] if decision.open or decision.by_hand else decision.legal(pos)
            if len(answers) != 1:
                return
            decision.answer(pos, answers[0], events)
            continue
        if RUNNERS[pos.phase](pos, events):
            if not pos.ended:
                next_phase(pos, events)
        elif pos.pending is None:
            raise AssertionError(f"phase {pos.phase} stopped without asking anyone")


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
