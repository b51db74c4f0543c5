"""One game between bots, each seeing only its own seat's view: the arena's unit of work.

Kept free of printing and processes so that the arena can run it in a pool
and the tests can run it inline. It plays any game module (`engine.load`)
whose AI package the registry finds.

A game's AI package may hold an `arena` module (`ai/<game id>/arena.py`) for
what only the arena needs: `ARENA_LEVELS`, seats it may name beside the
levels a table offers (variants kept for measurement, such as a level that
never trades), made by its `make_bot(level, seed, iterations)`; a
`Watch(levels)` that sees each action (`see(before, seat, action, after)`)
and returns the game's notes (`finish(state, shares)`, numbers by name); and
`report(notes, players)`, the lines the arena prints from all the notes.
"""

from __future__ import annotations

import importlib
import math
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from .bot import Bot
from .levels import game_ai, levels, make_bot

MAX_PLIES = 5000  # far above any real game; a loop past it is a bug, not a long game
PLIES_CAP = "plies_cap"  # the optional hook of a game's AI package for a cap of its own


BUCKET_GROWTH = 1.05  # a decision time is kept to within 5%, so a histogram stays small


@dataclass
class Timing:
    """Decision times of one level in one game: count, total, worst, and a histogram of
    5%-wide buckets from which the arena reads the median and p99.9 of thousands of games.
    The worst keeps where it was taken (`worst_at`): one slow decision among thousands is
    found by its game and action, not by replaying them all. Beside the wall-clock time the
    table waits, each decision's CPU time in its own thread tells the bot's work from time
    the machine gave to other processes: the slowest decision's (`worst_cpu`), and the
    most any decision took and where (`most_cpu`, `most_cpu_at`)."""

    count: int = 0
    total: float = 0.0
    worst: float = 0.0
    worst_at: str = ""
    worst_cpu: float = 0.0
    most_cpu: float = 0.0
    most_cpu_at: str = ""
    buckets: dict[int, int] = field(default_factory=dict)

    def add(self, seconds: float, at: str = "", cpu: float = 0.0) -> None:
        self.count += 1
        self.total += seconds
        if seconds > self.worst:
            self.worst, self.worst_at, self.worst_cpu = seconds, at, cpu
        if cpu > self.most_cpu:
            self.most_cpu, self.most_cpu_at = cpu, at
        bucket = math.ceil(math.log(max(seconds, 1e-7), BUCKET_GROWTH))
        self.buckets[bucket] = self.buckets.get(bucket, 0) + 1

    def merge(self, other: Timing) -> None:
        self.count += other.count
        self.total += other.total
        if other.worst > self.worst:
            self.worst, self.worst_at, self.worst_cpu = other.worst, other.worst_at, \
                other.worst_cpu
        if other.most_cpu > self.most_cpu:
            self.most_cpu, self.most_cpu_at = other.most_cpu, other.most_cpu_at
        for bucket, n in other.buckets.items():
            self.buckets[bucket] = self.buckets.get(bucket, 0) + n

    def quantile(self, q: float) -> float:
        """The time that a share `q` of the decisions took at most (to within 5%, never
        past the worst)."""
        if not self.count:
            return 0.0
        wanted = q * self.count
        seen = 0
        for bucket in sorted(self.buckets):
            seen += self.buckets[bucket]
            if seen >= wanted:
                return float(min(self.worst, BUCKET_GROWTH ** bucket))
        return self.worst


@dataclass
class GameResult:
    levels: list[str]                 # per seat
    seed: int
    ranking: list[list[int]]
    scores: list[int]
    plies: int
    timings: dict[str, Timing] = field(default_factory=dict)
    notes: dict[str, float] = field(default_factory=dict)  # the game's arena Watch's

    def shares(self) -> list[float]:
        """Per seat, its share of the win: 1 to a sole winner, split among tied winners."""
        winners = self.ranking[0]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(self.levels))]


def plies_cap(game: ModuleType, players: int, options: dict[str, Any] | None) -> int:
    """The most actions a game may take before it counts as a loop.

    MAX_PLIES suits a game of fixed length; a game whose length grows with its
    players and an option (Advanced Civilization's turn limit: a 5-player game
    of 40 turns takes thousands of actions) offers `plies_cap(players, options)`
    in its AI package, so that no cap ends a real game early."""
    own = getattr(game_ai(game.ID), PLIES_CAP, None)
    return MAX_PLIES if own is None else max(MAX_PLIES, int(own(players, options or {})))


def arena_module(game_id: str) -> ModuleType | None:
    """The game's optional `ai/<game id>/arena.py` (see above), or None."""
    game_ai(game_id)
    name = f"{__package__}.{game_id}.arena"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def arena_levels(game_id: str) -> tuple[str, ...]:
    """The seats an arena may name: the game's levels, then its arena-only seats."""
    extra = arena_module(game_id)
    return (*levels(game_id), *(extra.ARENA_LEVELS if extra is not None else ()))


def arena_bot(game_id: str, level: str, seed: int, iterations: int | None = None) -> Bot:
    """`levels.make_bot`, or one of the game's arena-only seats."""
    extra = arena_module(game_id)
    if extra is not None and level in extra.ARENA_LEVELS:
        bot: Bot = extra.make_bot(level, seed, iterations)
        return bot
    return make_bot(game_id, level, seed, iterations=iterations)


def play_game(game: ModuleType, levels: list[str], seed: int, budget_s: float,
              options: dict[str, Any] | None = None,
              iterations: int | None = None) -> GameResult:
    """Play `levels` (one per seat) on game `seed`; every bot is seeded from the game seed."""
    cap = plies_cap(game, len(levels), options)
    state = game.new_game(len(levels), seed, options)
    bots = [arena_bot(game.ID, level, seed * 31 + seat, iterations=iterations)
            for seat, level in enumerate(levels)]
    extra = arena_module(game.ID)
    watch = extra.Watch(levels) if extra is not None else None
    timings: dict[str, Timing] = {level: Timing() for level in levels}
    plies = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        started, used = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(state.view(seat), budget_s)
        timings[levels[seat]].add(time.perf_counter() - started,
                                  f"seed {seed} action {plies + 1}: {game.format_action(action)}",
                                  cpu=time.thread_time() - used)
        after = state.apply(action)
        if watch is not None:
            watch.see(state, seat, action, after)
        state = after
        plies += 1
        if plies > cap:
            raise RuntimeError(f"game {seed} with {levels} passed {cap} actions")
    scores = game_ai(game.ID).final_scores(state)
    result = GameResult(list(levels), seed, state.ranking(), scores, plies, timings)
    if watch is not None:
        result.notes = watch.finish(state, result.shares())
    return result
