"""Hard level: the shared tree search (`ai.search`) over sampled positions, with T&E's parts.

Each iteration takes one sample of the hidden hands and bag (`determinize`),
walks one tree of decisions shared by all samples (the viewer's and the
rivals'), and values the leaf with the medium evaluation after settling any
pending decisions by rules of thumb (a cut-off playout). The tree reaches to
the end of the next player's turn: far enough to see a rival's revolt, war
or catastrophe answer a move, short enough for hundreds of iterations a
second.

What T&E brings to the search (`TigrisParts`):

- Root: the medium ranking's best few actions (at most a few per plan, a
  plan being an action's kind and colour, so that different plans are
  compared). Main actions are quick-scored first, so that a short budget
  cuts off only the least promising.
- Inner nodes: the cheap quick scores of `candidates` shortlist actions; a
  pending answer (commitments, war order, treasures...) has no quick
  score, so the search plays and values each one. An action illegal in a
  sample (a rival's tile colour it may not hold) is skipped there.
- Leaves: `default_decision` settles what is pending, `evaluate` values it.

Most of the gain over medium comes from the search's choice: a move the
medium ranking likes but a rival can punish next turn scores badly in the
tree and is dropped.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import engine.tigris as engine

from ..bot import Action, Budget, View
from ..search import Candidate, Settings, decide, diverse
from .analysis import Analysis
from .candidates import prune
from .decisions import default_decision
from .determinize import sample_state
from .evaluation import DEFAULT_WEIGHTS, Context, Weights, evaluate
from .ranking import rank_actions

ROOT_KEEP = 8          # root candidates taken from the medium ranking
SAME_PLAN = 3          # root candidates of one kind and colour (e.g. "leader black")
BUDGET_SHARE = 0.9     # part of the budget spent searching; the rest is margin
SETTLE_STEPS = 16      # pending decisions settled before a leaf is valued
SETTINGS = Settings(
    explore=1.2,       # about one VP
    turns_ahead=1,     # to the end of the next player's turn
    min_visits=4,
    well_visited=0.3,
    inner_keep=8,
    screen=12,
    screen_depth=2,
    screen_after=3,
    refresh_growth=4,
    samples=48,        # each costs ~0.5 ms to deal, once
)


class TigrisParts:
    """T&E's side of the search for one decision: the viewer's view and the evaluation context."""

    def __init__(self, view: View, ctx: Context) -> None:
        self.view = view
        self.ctx = ctx

    @property
    def players(self) -> int:
        return self.ctx.players

    @property
    def viewer(self) -> int:
        return self.ctx.viewer

    def sample(self, rng: random.Random) -> engine.State:
        return sample_state(self.view, rng, self.ctx.pool)

    def root_candidates(self, state: engine.State,
                        out_of_time: Callable[[], bool]) -> list[tuple[Action, float]]:
        actions = state.legal_actions()
        if len(actions) == 1:
            return [(actions[0], 0.0)]
        if self.view["pending"] is None:
            # Most promising first, so that a short budget cuts off only the least promising.
            actions = [a for a, _ in prune(Analysis(self.view), self.viewer, actions,
                                           len(actions), screen_all=True)]
        ranked = rank_actions(state, self.ctx, actions, out_of_time=out_of_time)
        return diverse(((actions[i], value) for value, i in ranked), plan, SAME_PLAN, ROOT_KEEP)

    def candidates(self, state: engine.State, mover: int, limit: int) -> list[Candidate]:
        actions = state.legal_actions()
        pos = state.to_dict()
        if pos["pending"] is not None:
            return [(a, None) for a in actions]
        return list(prune(Analysis(pos), mover, actions, limit))

    def apply(self, state: engine.State, action: Action) -> engine.State | None:
        try:
            return state.apply(action)
        except engine.IllegalAction:
            return None

    def to_move(self, state: engine.State) -> int | None:
        return state.to_move

    def turns_begun(self, state: engine.State) -> int:
        return sum(1 for e in state.events if e["type"] == "turn_started")

    def settle(self, state: engine.State) -> engine.State:
        for _ in range(SETTLE_STEPS):
            if state.is_over or state.pending is None:
                break
            mover = state.to_move
            assert mover is not None
            state = state.apply(default_decision(state.to_dict(), state.legal_actions(), mover))
        return state

    def evaluate(self, state: engine.State) -> list[float]:
        return evaluate(state.to_dict(), self.ctx)

    def key(self, action: Action) -> str:
        return engine.format_action(action)


def plan(action: Action) -> tuple[str, str]:
    """What an action sets out to do: its kind and colour (e.g. "leader black")."""
    return (action["type"], str(action.get("color")))


class HardBot:
    level = "hard"

    def __init__(self, seed: int, iterations: int | None = None,
                 weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.weights = weights
        self.last_iterations = 0

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        budget = Budget.start(budget_s * BUDGET_SHARE, self.iterations, stop)
        parts = TigrisParts(view, Context.from_view(view, self.weights))
        outcome = decide(parts, self.rng, budget, SETTINGS)
        self.last_iterations = outcome.iterations
        return outcome.action
