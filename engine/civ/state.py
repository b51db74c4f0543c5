"""The public game state of game-module.md over the position: check, apply, views, digest."""

from __future__ import annotations

from typing import Any

from ..errors import BadPosition, IllegalAction, Refusal
from . import position as position_format
from .actions import action_problem
from .decisions import not_offered
from .flow import DECISIONS, advance
from .map_schema import CivMap
from .phase_check import CURRENT, phase_state_problem
from .position import Position
from .scoring import final_ranking, final_scores
from .setup import setup


class State:
    """A position plus the questions the interface asks of it; immutable from outside."""

    __slots__ = ("_legal", "_pos", "events")

    def __init__(self, pos: Position, events: list[dict[str, Any]] | None = None) -> None:
        self._pos = pos
        self.events: list[dict[str, Any]] = events or []
        self._legal: list[dict[str, Any]] | None = None

    @property
    def position(self) -> Position:
        """The position data (read it, never change it: states are shared)."""
        return self._pos

    @property
    def players(self) -> int:
        """The number of seats (game-module.md); a session begun from a position reads it."""
        return len(self._pos.seats)

    @property
    def to_move(self) -> int | None:
        """The one seat that must decide now; None once the game is over."""
        pending = self._pos.pending
        return None if self._pos.ended or pending is None else int(pending["seat"])

    @property
    def pending(self) -> dict[str, Any] | None:
        return None if self._pos.pending is None else dict(self._pos.pending)

    @property
    def is_over(self) -> bool:
        return self._pos.ended

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every legal answer of `to_move` (for an open decision, its fixed answers)."""
        if self._legal is None:
            pending = self._pos.pending
            self._legal = [] if self._pos.ended or pending is None else \
                DECISIONS[pending["kind"]].legal(self._pos)
        return [dict(a) for a in self._legal]

    def check(self, action: object) -> Refusal | None:
        """None if `action` is legal now, else the refusal `apply` would raise; never raises."""
        problem = action_problem(action)
        if problem is not None:
            return problem
        assert isinstance(action, dict)
        pos = self._pos
        if pos.ended:
            return Refusal("game/over", {}, "A35.1: the game has ended.")
        pending = pos.pending
        if pending is None:
            return Refusal("turn/no_decision_pending", {"type": action["type"]},
                           "no decision is asked of anyone now.")
        decision = DECISIONS[pending["kind"]]
        if action["type"] not in decision.answers:
            return Refusal("turn/decision_pending",
                           {"type": action["type"], "pending": pending["kind"],
                            "seat": pending["seat"]},
                           f"{decision.rule}: seat {pending['seat']} must answer "
                           f"{pending['kind']} ({', '.join(decision.answers)}), not "
                           f"{action['type']}.")
        if action in self.legal_actions():
            return None
        if decision.judge is not None:
            return decision.judge(pos, action)
        if decision.shortcut is not None:
            return decision.shortcut(pos, action)
        return not_offered(decision.rule, pending["kind"], action)

    def apply(self, action: object) -> State:
        """The next state; IllegalAction (nothing changed) if the action is not legal now."""
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        assert isinstance(action, dict) and self._pos.pending is not None
        pos = self._pos.copy()
        events: list[dict[str, Any]] = []
        DECISIONS[self._pos.pending["kind"]].answer(pos, dict(action), events)
        advance(pos, events)
        return State(pos, events)

    def ranking(self) -> list[list[int]]:
        """A35.3: seats by score, best first, equal scores sharing a place; [] until the end.

        Seats that left come after those who stayed, and late entrants who never entered
        play last (docs/civ-engine-api.md)."""
        return final_ranking(self._pos) if self._pos.ended else []

    def final_scores(self) -> dict[int, int]:
        """A35.2: each seat's score as the end would count it (every seat that has played;
        a late entrant still waiting has none); at the end, `game_over`'s scores."""
        return final_scores(self._pos)

    def to_dict(self) -> dict[str, Any]:
        return position_format.to_dict(self._pos)

    def digest(self) -> str:
        return position_format.digest(self._pos)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The position as `seat` may see it (A1.5); None: a spectator's."""
        return position_format.view(self._pos, seat)


def new_game(players: int, seed: object, options: dict[str, Any] | None = None,
             board: CivMap | None = None) -> State:
    """A6: a new game; ValueError on a bad player count, seed or option.

    `board` plays on a map of one's own instead of the shipped map `options["map"]` names
    (docs/civ-engine-api.md, "Small maps")."""
    pos = setup(players, seed, options, board)
    events: list[dict[str, Any]] = []
    advance(pos, events)
    return State(pos, events)


def from_dict(d: object, board: CivMap | None = None, *, played: bool = False) -> State:
    """The state of a position dict; BadPosition naming what is wrong.

    A position asking nobody anything in a phase with steps left (a phase's
    start, as a test or an editor writes it) runs on to its next decision;
    the events of that run are the state's events. Positions play reaches
    always ask someone, so for them this changes nothing.

    `played`: the caller vouches that play asked the position's question (a
    world a computer player deals from its view, whose hidden cards alone
    differ from the game's), so it stands as asked and is not run on: a
    written question with one answer would be answered, and a stepped one
    (a loss, A7.6) first played out every way to see whether they all end
    alike (A1.2), tens of milliseconds that play has spent already.
    """
    pos = position_format.from_dict(d, board)
    problem = phase_state_problem(pos)
    if problem is not None:
        where, why = problem
        code = "position/bad_pending" if where.startswith("pending") else "position/bad_value"
        raise BadPosition(Refusal(code, {"where": where}, why))
    kept = {k: set(v) for k, v in pos.phase_state.items() if k in ("current", "loss") and v}
    events: list[dict[str, Any]] = []
    try:
        if not (played and pos.pending is not None):
            advance(pos, events)
        state = State(pos, events)
        state.legal_actions()
    except _MISFIT as exc:
        if isinstance(exc, BadPosition):
            raise
        where = _bookkeeping(pos.phase_state, kept, exc)
        raise BadPosition(Refusal("position/inconsistent", {"where": where}, (
            f"{where} does not fit the rest of the position: the phase cannot go on "
            f"from it ({type(exc).__name__})"))) from None
    return state


_MISFIT = (ArithmeticError, AssertionError, AttributeError, LookupError, StopIteration,
           TypeError, ValueError)
"""What running a phase from bookkeeping that does not fit the board raises.

`phase_check` reads each key of `phase_state` and `pending` by its kind of value;
whether the values fit together and with the board (a calamity's step naming a city
that is not there, an index past the order) is learnt by running the phase from them,
as `from_dict` does anyway, so that such a position is a BadPosition naming the
bookkeeping rather than a crash in play."""


def _bookkeeping(phase_state: dict[str, Any], kept: dict[str, set[str]],
                 exc: Exception) -> str:
    """The bookkeeping the phase could not go on from: the key of a calamity under way
    (A18.3) or of its loss (A7.6) that was missing, else the calamity or the loss, else
    the phase's state."""
    missing = exc.args[0] if isinstance(exc, KeyError) and exc.args else None
    if isinstance(missing, str):
        key = "current" if missing in CURRENT[0] else "loss"
        if key in kept and missing not in kept[key]:
            return f"phase_state.{key}.{missing[:40]}"
    for key in ("current", "loss"):
        if key in kept:
            return f"phase_state.{key}"
    return "phase_state"
