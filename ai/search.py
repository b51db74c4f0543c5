"""An anytime information-set Monte Carlo tree search (ISMCTS) that any game's bot plugs into.

A searching level needs the same machinery whatever the game: positions
sampled from its seat's view, a tree of decisions shared by all samples, a
few candidates per node, leaves valued by an evaluation, and a stop when the
thinking time runs out. That machinery lives here, once; a game supplies its
parts through `SearchGame` (Tigris & Euphrates' hard level:
`ai.tigris.hard.TigrisParts`), and nothing here knows a game.

How one decision is searched (`decide`):

- The game deals one sample and ranks the viewer's actions on it
  (`root_candidates`): the root's children, fixed for the decision, with
  the ranking's best first. A single candidate is played at once.
- Each iteration picks a root child by UCB1 (unvisited ones first, in
  ranking order) and takes sample k for its k-th visit: every root child
  meets the same sequence of hidden hands and draws (`Settings.samples` of
  them, dealt once and reused), so candidates are compared on paired
  samples and the differences that decide are not noise.
- Below the root, one tree serves every sample: a node is the sequence of
  actions that reached it. Its children are the mover's `candidates`,
  merged in again at visits 1, g, g², ... (g = `refresh_growth`), because
  a rival's options differ from sample to sample; an action illegal in the
  current sample is skipped there. Progressive widening lets UCB choose
  among the best 2 + √visits children by prior. At busy nodes near the
  root, and wherever the game has no quick score (`None`), the candidates
  are played and valued, and those values order them ahead of the rest.
- The walk stops at a new child, at the game's end, or once more than
  `turns_ahead` turns have begun (`turns_begun`). The leaf is `settle`d
  (pending decisions answered by rules of thumb) and `evaluate`d: one value
  per seat, backed up along the path, each mover maximising its own.
- Anytime: the budget (`ai.bot.Budget`) is checked between iterations, a
  clock deadline in play, a fixed iteration count in tests and the arena (a
  seeded search is then the same on every machine). The answer is the best
  mean among the well-visited root children; if no child reached
  `min_visits`, the game's ranking stands, and with `keep_first` it also
  stands unless another child's mean beats it by that margin; with
  `keep_sigmas` too, the margin is asked of the paired differences (visit k
  of every root child meets sample k, and the ranking's first is kept as
  visited as any other), and their mean must also be that many standard
  errors, so that a lead found on a few noisy samples overrules nothing.
- With `turns_ahead` negative there is no tree: every visit of a root child
  values its sample's leaf at once, and the game's `settle` may play the
  position out (flat Monte Carlo over paired samples), for a game whose
  decisions are too many and too small for a tree of single actions.

The values are in the game's evaluation units: `explore` must be scaled to
them (about the value of one point is a fair start).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .bot import Action, Budget

S = TypeVar("S")

Candidate = tuple[Action, float | None]   # an action and its quick score (None: none known)
Prior = tuple[float, float]   # (1 if played and valued else 0, value): the widening order


class SearchGame(Protocol[S]):
    """A game's parts for one decision of one seat (built from that seat's view).

    `S` is the game's full state. Every method must be deterministic given
    its arguments (the rng passed to `sample` is the only randomness), so
    that a seeded search with an iteration budget always gives one answer.
    """

    @property
    def players(self) -> int:
        """Seats whose values `evaluate` returns."""
        ...

    @property
    def viewer(self) -> int:
        """The seat deciding, whose view the parts were built from."""
        ...

    def sample(self, rng: random.Random) -> S:
        """One full state consistent with the viewer's view: what it cannot see dealt at random."""
        ...

    def root_candidates(self, state: S,
                        out_of_time: Callable[[], bool]) -> list[tuple[Action, float]]:
        """The viewer's actions worth searching in `state` (a sample), best first, each with
        the value that ranked it; cut short, never empty, once `out_of_time()` is true."""
        ...

    def candidates(self, state: S, mover: int, limit: int) -> list[Candidate]:
        """At most `limit` of the mover's actions, best first by a quick score; or every
        legal action, scored None, where the game has no quick score (then each is played
        and valued)."""
        ...

    def apply(self, state: S, action: Action) -> S | None:
        """The state after `action`; None if it is illegal in this sample."""
        ...

    def to_move(self, state: S) -> int | None:
        """The seat that decides in `state`; None once the game is over."""
        ...

    def turns_begun(self, state: S) -> int:
        """How many turns began with the action that led to `state` (the search's horizon)."""
        ...

    def settle(self, state: S) -> S:
        """`state` with its pending decisions answered by rules of thumb, so it can be valued."""
        ...

    def evaluate(self, state: S) -> list[float]:
        """Every seat's value of a settled state, in one unit for all seats."""
        ...

    def key(self, action: Action) -> str:
        """A text naming the action, equal for equal actions (the tree's edge labels)."""
        ...


@dataclass(frozen=True)
class Settings:
    """The search's shape; a game tunes it to its evaluation and branching."""

    explore: float = 1.0        # UCB exploration, in evaluation units
    turns_ahead: int = 1        # the tree stops when this many further turns have begun
    min_visits: int = 4         # below this for every root child, the game's ranking stands
    well_visited: float = 0.3   # share of the most visits a root child needs to be chosen
    inner_keep: int = 8         # candidates kept at inner nodes
    screen: int = 12            # near the root, candidates that are played and valued
    screen_depth: int = 2       # how near: this many actions below the root
    screen_after: int = 3       # and how busy: visits before a node is screened
    refresh_growth: int = 4     # a node's candidates are merged in again at visits 1, 4, 16...
    samples: int = 48           # hidden-information samples, reused in turn by the iterations
    keep_first: float = 0.0     # the ranking's best stays unless beaten by this much (0: off)
    keep_sigmas: float = 0.0    # and by this many standard errors of the paired differences


@dataclass(frozen=True)
class Outcome:
    """A search's answer and how much searching it rests on."""

    action: Action
    iterations: int


def decide(game: SearchGame[S], rng: random.Random, budget: Budget,
           settings: Settings) -> Outcome:
    """The viewer's action: searched until the budget is spent, or the only candidate."""
    first = game.sample(rng)
    top = game.root_candidates(first, budget.out_of_time)
    if not top:
        raise ValueError("the game offered no root candidate: is the viewer to move?")
    if len(top) == 1:
        return Outcome(top[0][0], 0)
    search = Search(game, rng, top, settings)
    done = 0
    while not budget.exhausted(done):
        search.iterate()
        done += 1
    return Outcome(search.best(fallback=top[0][0]), done)


def diverse(ranked: Iterable[tuple[Action, float]], plan: Callable[[Action], Hashable],
            per_plan: int, keep: int) -> list[tuple[Action, float]]:
    """The best-ranked actions, at most `per_plan` of each plan, `keep` in all.

    A ranking's top is often one idea in several places; capping each plan
    lets the search compare different ideas.
    """
    out: list[tuple[Action, float]] = []
    plans: dict[Hashable, int] = {}
    for action, value in ranked:
        kind = plan(action)
        if plans.get(kind, 0) >= per_plan:
            continue
        plans[kind] = plans.get(kind, 0) + 1
        out.append((action, value))
        if len(out) == keep:
            break
    return out


class Child:
    """An edge of the tree: one action, its statistics, and the node it leads to."""

    __slots__ = ("action", "node", "prior", "seen", "totals", "visits")

    def __init__(self, action: Action, prior: Prior, players: int) -> None:
        self.action = action
        self.prior = prior
        self.visits = 0
        self.totals = [0.0] * players
        self.node: Node | None = None
        self.seen: list[float] = []  # a root child's viewer values, visit by visit (sample k)


class Node:
    """A decision point shared by every sample that reaches it by the same actions."""

    __slots__ = ("children", "refresh", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Child] = {}
        self.visits = 0
        self.refresh = 1   # candidates are merged in again at this visit count


class Search(Generic[S]):
    """One decision's tree."""

    def __init__(self, game: SearchGame[S], rng: random.Random,
                 root_actions: list[tuple[Action, float]], settings: Settings) -> None:
        self.game = game
        self.rng = rng
        self.settings = settings
        self.players = game.players
        self.viewer = game.viewer
        self.samples: list[S] = []
        self.root = Node()
        self.root.refresh = -1     # the root's candidates are fixed
        for action, value in root_actions:
            self.root.children[game.key(action)] = Child(action, (1.0, value), self.players)

    def best(self, fallback: Action) -> Action:
        """The best mean among well-visited root actions; `fallback` if the search was thin.

        Not simply the most visited: a child whose value rose late in the
        search (a rival reply found to fail) has fewer visits than it deserves.
        """
        children = list(self.root.children.values())
        most = max(c.visits for c in children)
        least = self.settings.min_visits
        if most < least:
            return fallback
        viewer = self.viewer
        sure = [c for c in children if c.visits >= max(least, self.settings.well_visited * most)]
        def mean(c: Child) -> float:
            return c.totals[viewer] / c.visits
        chosen = max(sure, key=lambda c: (mean(c), c.visits))
        first = children[0]
        margin = self.settings.keep_first
        keep = first in sure or self.settings.keep_sigmas > 0  # a thin first is kept, too
        if margin > 0 and keep and not self._beats(chosen, first, margin):
            return first.action
        return chosen.action

    def _beats(self, chosen: Child, first: Child, margin: float) -> bool:
        """Whether `chosen` beats `first` by `margin`, and, with `keep_sigmas`, by that many
        standard errors of their differences on the samples both met (visit k of each
        met sample k: the hidden cards and the playout's draws are common to both, so the
        difference is the candidates' own, not the deal's)."""
        viewer = self.viewer
        if chosen is first:
            return False
        if self.settings.keep_sigmas <= 0:
            return chosen.totals[viewer] / chosen.visits \
                >= first.totals[viewer] / first.visits + margin
        diffs = [a - b for a, b in zip(chosen.seen, first.seen, strict=False)]
        n = len(diffs)
        if n < max(2, self.settings.min_visits):
            return False
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        return mean >= margin and mean >= self.settings.keep_sigmas * spread

    def _sample(self, k: int) -> S:
        """Sample k of a fixed sequence: a root candidate's k-th visit always meets sample k,
        so candidates are compared on the same hidden information (paired), and each sample
        is dealt only once."""
        k %= self.settings.samples
        while len(self.samples) <= k:
            self.samples.append(self.game.sample(self.rng))
        return self.samples[k]

    def _select_root(self) -> Child:
        """UCB1 over the root candidates, unvisited ones first in ranking order; with
        `keep_sigmas`, the ranking's first is visited whenever another has more visits,
        so that every candidate's differences with it are paired on all its samples."""
        viewer = self.viewer
        if self.settings.keep_sigmas > 0:
            first, *others = self.root.children.values()
            if others and first.visits < max(c.visits for c in others):
                return first
        explore = self.settings.explore
        log_n = math.log(self.root.visits + 1)
        best, best_score = None, -math.inf
        for i, child in enumerate(self.root.children.values()):
            if child.visits == 0:
                score = 1e9 - i
            else:
                score = (child.totals[viewer] / child.visits
                         + explore * math.sqrt(log_n / child.visits))
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def iterate(self) -> None:
        """One walk from the root to a leaf on one sample, and its value backed up."""
        game = self.game
        first = self._select_root()
        sample = self._sample(first.visits)
        self.root.visits += 1
        path = [first]
        after = game.apply(sample, first.action)
        if after is None:  # a root action is the viewer's own: legal in every sample
            state, path = sample, []
        else:
            state = after
        turns = game.turns_begun(state) if path else 0
        if path and first.visits > 0 and game.to_move(state) is not None \
                and turns <= self.settings.turns_ahead:
            if first.node is None:
                first.node = Node()
            self._descend(first.node, state, path, turns)
            return
        self._backup(path, self._leaf(state))

    def _descend(self, node: Node, state: S, path: list[Child], turns: int) -> None:
        game = self.game
        while True:
            mover = game.to_move(state)
            assert mover is not None
            chosen = self._select(node, state, mover, len(path))
            if chosen is None:
                break
            child, state = chosen
            path.append(child)
            node.visits += 1
            turns += game.turns_begun(state)
            if child.visits == 0 or game.to_move(state) is None \
                    or turns > self.settings.turns_ahead:
                break
            if child.node is None:
                child.node = Node()
            node = child.node
        self._backup(path, self._leaf(state))

    def _backup(self, path: list[Child], values: list[float]) -> None:
        if path and self.settings.keep_sigmas > 0:
            path[0].seen.append(values[self.viewer])
        for child in path:
            child.visits += 1
            for seat in range(self.players):
                child.totals[seat] += values[seat]

    def _select(self, node: Node, state: S, mover: int, depth: int) -> tuple[Child, S] | None:
        """UCB over the widened, prior-ordered children that are legal in this sample."""
        if node.visits + 1 >= node.refresh > 0:
            self._refresh(node, state, mover, depth)
            node.refresh *= self.settings.refresh_growth
        children = sorted(node.children.values(), key=lambda c: c.prior, reverse=True)
        width = 2 + int(math.sqrt(node.visits))
        log_n = math.log(node.visits + 1)
        explore = self.settings.explore
        ranked = []
        for i, child in enumerate(children[:width]):
            if child.visits == 0:
                score = 1e9 - i
            else:
                mean = child.totals[mover] / child.visits
                score = mean + explore * math.sqrt(log_n / child.visits)
            ranked.append((score, i))
        ranked.sort(reverse=True)
        tried = {i for _, i in ranked}
        order = [i for _, i in ranked] + [i for i in range(len(children)) if i not in tried]
        for i in order:
            child = children[i]
            after = self.game.apply(state, child.action)
            if after is not None:
                return child, after
        return None

    def _refresh(self, node: Node, state: S, mover: int, depth: int) -> None:
        """Merge this sample's candidates into the node's (rivals' options differ per sample).

        The quick scores pick the candidates. At the busy nodes near the root
        they only shortlist: each shortlisted action is played and valued, and
        the mover's value ranks those children ahead of the others.
        """
        settings = self.settings
        near = depth <= settings.screen_depth and node.visits >= settings.screen_after
        found = self.game.candidates(state, mover, settings.screen if near else settings.inner_keep)
        scored = [(action, score) for action, score in found if score is not None]
        if near or len(scored) < len(found):
            options = self._screen(state, mover, [action for action, _ in found])
        else:
            options = [(action, (0.0, score)) for action, score in scored]
        for action, prior in options[:settings.inner_keep]:
            key = self.game.key(action)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Child(action, prior, self.players)
            elif prior > child.prior:
                child.prior = prior

    def _screen(self, state: S, mover: int, actions: list[Action]) -> list[tuple[Action, Prior]]:
        valued: list[tuple[Action, Prior]] = []
        for action in actions:
            after = self.game.apply(state, action)
            if after is None:
                continue
            valued.append((action, (1.0, self._leaf(after)[mover])))
        valued.sort(key=lambda t: t[1], reverse=True)
        return valued

    def _leaf(self, state: S) -> list[float]:
        """The cut-off playout: pending decisions settled by rules of thumb, then valued."""
        return self.game.evaluate(self.game.settle(state))
