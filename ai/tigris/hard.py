"""Hard level: information-set Monte Carlo tree search over sampled positions.

Each iteration takes one sample of the hidden hands and bag (`determinize`),
walks one tree of decisions shared by all samples (the viewer's and the
rivals'), and values the leaf with the medium evaluation after settling any
pending decisions by rules of thumb (a cut-off playout). The tree reaches to
the end of the next player's turn: far enough to see a rival's revolt, war
or catastrophe answer a move, short enough for hundreds of iterations a
second.

- Root: the medium ranking's best few actions (at most a few per plan, so
  that different plans are compared), chosen among by UCB1. A candidate's
  k-th visit always meets sample k, so candidates are compared on the same
  hidden hands and draws: the differences that decide are paired, not noise.
- Inner nodes: the cheap quick scores of `candidates` shortlist actions,
  with progressive widening; at busy nodes near the root the shortlist is
  played and evaluated to order it. An action illegal in a sample (a rival's
  tile colour it may not hold) is skipped there.
- Choice: the best mean among well-visited root actions. Most of the gain
  over medium comes from here: a move the medium ranking likes but a rival
  can punish next turn scores badly in the tree and is dropped.
"""

from __future__ import annotations

import math
import random
import threading

import engine.tigris as engine

from ..bot import Action, Budget, View
from .analysis import Analysis
from .candidates import prune
from .decisions import default_decision
from .determinize import sample_state
from .evaluation import DEFAULT_WEIGHTS, Context, Weights, evaluate
from .ranking import rank_actions

ROOT_KEEP = 8          # root candidates taken from the medium ranking
INNER_KEEP = 8         # candidates kept at inner nodes
EXPLORE = 1.2          # UCB exploration, in evaluation units (about one VP)
TURNS_AHEAD = 1        # the tree stops when this many further turns have started
MIN_VISITS = 4         # below this for every root candidate, trust the medium ranking
WELL_VISITED = 0.3     # share of the most visits a root candidate needs to be chosen
SAME_PLAN = 3          # root candidates of one kind and colour (e.g. "leader black")
BUDGET_SHARE = 0.9     # part of the budget spent searching; the rest is margin
SETTLE_STEPS = 16      # pending decisions settled before a leaf is valued
SCREEN = 12            # near the root, quick-scored actions that are played and evaluated
SCREEN_DEPTH = 2       # how near: this many actions below the root
SCREEN_AFTER = 3       # and how busy: visits before a node is screened
REFRESH_GROWTH = 4     # a node's candidates are merged in again at visits 1, 4, 16...
SAMPLES = 48           # hidden-information samples, reused in turn by the iterations


Prior = tuple[float, float]   # (1 if played and evaluated else 0, value): widening order


class Child:
    """An edge of the tree: one action, its statistics, and the node it leads to."""

    __slots__ = ("action", "node", "prior", "totals", "visits")

    def __init__(self, action: Action, prior: Prior, players: int) -> None:
        self.action = action
        self.prior = prior
        self.visits = 0
        self.totals = [0.0] * players
        self.node: Node | None = None


class Node:
    """A decision point shared by every sample that reaches it by the same actions."""

    __slots__ = ("children", "refresh", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Child] = {}
        self.visits = 0
        self.refresh = 1   # candidates are merged in again at this visit count


def action_key(action: Action) -> str:
    return engine.format_action(action)


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
        ctx = Context.from_view(view, self.weights)
        state = sample_state(view, self.rng, ctx.pool)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if view["pending"] is None:
            # Most promising first, so that a short budget cuts off only the least promising.
            actions = [a for a, _ in prune(Analysis(view), view["viewer"], actions, len(actions),
                                           screen_all=True)]
        ranked = rank_actions(state, ctx, actions,
                              out_of_time=lambda: budget.remaining() < 0 or budget.stopped())
        top = diverse(actions, ranked)
        if len(top) == 1:
            return top[0][0]
        search = Search(view, ctx, self.rng, top)
        done = 0
        while not budget.exhausted(done):
            search.iterate()
            done += 1
        self.last_iterations = done
        return search.best(fallback=top[0][0])


def diverse(actions: list[Action], ranked: list[tuple[float, int]]) -> list[tuple[Action, float]]:
    """The best-ranked actions, at most SAME_PLAN per plan, so the search compares plans."""
    out: list[tuple[Action, float]] = []
    plans: dict[tuple[str, str], int] = {}
    for value, i in ranked:
        action = actions[i]
        plan = (action["type"], str(action.get("color")))
        if plans.get(plan, 0) >= SAME_PLAN:
            continue
        plans[plan] = plans.get(plan, 0) + 1
        out.append((action, value))
        if len(out) == ROOT_KEEP:
            break
    return out


class Search:
    """One decision's tree."""

    def __init__(self, view: View, ctx: Context, rng: random.Random,
                 root_actions: list[tuple[Action, float]]) -> None:
        self.view = view
        self.ctx = ctx
        self.rng = rng
        self.players = ctx.players
        self.samples: list[engine.State] = []
        self.root = Node()
        self.root.refresh = -1     # the root's candidates are fixed
        for action, value in root_actions:
            self.root.children[action_key(action)] = Child(action, (1.0, value), self.players)

    def best(self, fallback: Action) -> Action:
        """The best mean among well-visited root actions; medium's choice if the search was thin.

        Not simply the most visited: a child whose value rose late in the
        search (a rival reply found to fail) has fewer visits than it deserves.
        """
        children = list(self.root.children.values())
        most = max(c.visits for c in children)
        if most < MIN_VISITS:
            return fallback
        viewer = self.ctx.viewer
        sure = [c for c in children if c.visits >= max(MIN_VISITS, WELL_VISITED * most)]
        return max(sure, key=lambda c: (c.totals[viewer] / c.visits, c.visits)).action

    def _sample(self, k: int) -> engine.State:
        """Sample k of a fixed sequence: a root candidate's k-th visit always meets sample k,
        so candidates are compared on the same hidden hands and draws (paired), and each
        sample costs its ~0.5 ms only once."""
        k %= SAMPLES
        while len(self.samples) <= k:
            self.samples.append(sample_state(self.view, self.rng, self.ctx.pool))
        return self.samples[k]

    def _select_root(self) -> Child:
        """UCB1 over the root candidates, unvisited ones first in ranking order."""
        viewer = self.ctx.viewer
        log_n = math.log(self.root.visits + 1)
        best, best_score = None, -math.inf
        for i, child in enumerate(self.root.children.values()):
            if child.visits == 0:
                score = 1e9 - i
            else:
                score = (child.totals[viewer] / child.visits
                         + EXPLORE * math.sqrt(log_n / child.visits))
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def iterate(self) -> None:
        first = self._select_root()
        sample = self._sample(first.visits)
        self.root.visits += 1
        path = [first]
        try:
            state = sample.apply(first.action)
        except engine.IllegalAction:  # a root action is the viewer's own: legal in every sample
            state = sample
            path = []
        turns = sum(1 for e in state.events if e["type"] == "turn_started") if path else 0
        if path and first.visits > 0 and not state.is_over and turns <= TURNS_AHEAD:
            if first.node is None:
                first.node = Node()
            self._descend(first.node, state, path, turns)
            return
        self._backup(path, self._leaf(state))

    def _descend(self, node: Node, state: engine.State, path: list[Child], turns: int) -> None:
        while True:
            mover = state.to_move
            assert mover is not None
            chosen = self._select(node, state, mover, len(path))
            if chosen is None:
                break
            child, state = chosen
            path.append(child)
            node.visits += 1
            turns += sum(1 for e in state.events if e["type"] == "turn_started")
            if child.visits == 0 or state.is_over or turns > TURNS_AHEAD:
                break
            if child.node is None:
                child.node = Node()
            node = child.node
        self._backup(path, self._leaf(state))

    def _backup(self, path: list[Child], values: list[float]) -> None:
        for child in path:
            child.visits += 1
            for seat in range(self.players):
                child.totals[seat] += values[seat]

    def _select(self, node: Node, state: engine.State, mover: int,
                depth: int) -> tuple[Child, engine.State] | None:
        """UCB over the widened, prior-ordered children that are legal in this sample."""
        if node.visits + 1 >= node.refresh > 0:
            self._refresh(node, state, mover, depth)
            node.refresh *= REFRESH_GROWTH
        children = sorted(node.children.values(), key=lambda c: c.prior, reverse=True)
        width = 2 + int(math.sqrt(node.visits))
        log_n = math.log(node.visits + 1)
        ranked = []
        for i, child in enumerate(children[:width]):
            if child.visits == 0:
                score = 1e9 - i
            else:
                mean = child.totals[mover] / child.visits
                score = mean + EXPLORE * math.sqrt(log_n / child.visits)
            ranked.append((score, i))
        ranked.sort(reverse=True)
        tried = {i for _, i in ranked}
        order = [i for _, i in ranked] + [i for i in range(len(children)) if i not in tried]
        for i in order:
            child = children[i]
            try:
                return child, state.apply(child.action)
            except engine.IllegalAction:
                continue
        return None

    def _refresh(self, node: Node, state: engine.State, mover: int, depth: int) -> None:
        """Merge this sample's candidates into the node's (rivals' hands differ per sample).

        The quick scores pick the candidates. At the busy nodes near the root
        they only shortlist: each shortlisted action is played and evaluated,
        and the mover's value ranks those children ahead of the others.
        """
        actions = state.legal_actions()
        pos = state.to_dict()
        if pos["pending"] is not None:
            options = self._screen(state, mover, [(a, 0.0) for a in actions])
        elif depth <= SCREEN_DEPTH and node.visits >= SCREEN_AFTER:
            options = self._screen(state, mover, prune(Analysis(pos), mover, actions, SCREEN))
        else:
            options = [(a, (0.0, q)) for a, q in prune(Analysis(pos), mover, actions, INNER_KEEP)]
        for action, prior in options[:INNER_KEEP]:
            key = action_key(action)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Child(action, prior, self.players)
            elif prior > child.prior:
                child.prior = prior

    def _screen(self, state: engine.State, mover: int,
                options: list[tuple[Action, float]]) -> list[tuple[Action, Prior]]:
        valued: list[tuple[Action, Prior]] = []
        for action, _ in options:
            try:
                after = state.apply(action)
            except engine.IllegalAction:
                continue
            valued.append((action, (1.0, self._leaf(after)[mover])))
        valued.sort(key=lambda t: t[1], reverse=True)
        return valued

    def _leaf(self, state: engine.State) -> list[float]:
        """The cut-off playout: settle pending decisions by rules of thumb, then evaluate."""
        for _ in range(SETTLE_STEPS):
            if state.is_over:
                break
            pos = state.to_dict()
            if pos["pending"] is None:
                return evaluate(pos, self.ctx)
            mover = state.to_move
            assert mover is not None
            state = state.apply(default_decision(pos, state.legal_actions(), mover))
        return evaluate(state.to_dict(), self.ctx)
