"""`ziggurat arena`: computer players against each other, in parallel processes.

Prints a pairwise win-rate table with 95% Wilson intervals (two players) or
win shares (three or four), and each level's decision times. A progress bar
goes to stderr so that stdout stays a clean report.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TextIO

import ai
import engine
from ai.match import GameResult, play_game
from ai.tournament import Fixture, Tally, schedule

GAMES = ("tigris",)  # the games with computer players

DEFAULT_BUDGET = ai.DEFAULT_BUDGET
GAME_ID = GAMES[0]  # the only game `--game` can name here
LEVELS = ai.levels(GAME_ID)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", default="hard,medium,easy,random",
                        help=f"comma-separated levels among {', '.join(LEVELS)}")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=200,
                        help="games per pair of levels (2 players), or in all (3-4 players)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel processes (1: play in this process)")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                        help="seconds per decision for the searching levels")
    parser.add_argument("--iterations", type=int, default=None,
                        help="fixed hard-search size instead of the clock (reproducible runs)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--board", choices=("classic", "alternative"), default="classic")


class Progress:
    """A one-line bar on a terminal stream; no dependency needed for one line."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.started = time.monotonic()
        self.done = 0

    def step(self) -> None:
        self.done += 1
        elapsed = time.monotonic() - self.started
        eta = elapsed / self.done * (self.total - self.done)
        filled = self.width * self.done // max(1, self.total)
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} games "
                          f"{elapsed:6.0f}s elapsed, ~{eta:.0f}s left ")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def _play(fixture: Fixture, budget: float, options: dict[str, Any],
          iterations: int | None) -> GameResult:
    return play_game(engine.load(GAME_ID), list(fixture.levels), fixture.seed, budget, options,
                     iterations)


def results(fixtures: list[Fixture], jobs: int, budget: float, options: dict[str, Any],
            iterations: int | None) -> Iterator[GameResult]:
    """Results in completion order; at most `jobs` games in flight."""
    if jobs <= 1:
        for fixture in fixtures:
            yield _play(fixture, budget, options, iterations)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[GameResult]] = set()
        queue = iter(fixtures)
        for fixture in queue:
            pending.add(pool.submit(_play, fixture, budget, options, iterations))
            if len(pending) >= jobs * 2:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(_play, nxt, budget, options, iterations))


def run(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in LEVELS]
    if unknown or not bots:
        print(f"unknown level(s) {unknown}: use {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    if args.players == 2 and len(set(bots)) < 2:
        print("a two-player arena needs at least two different levels", file=sys.stderr)
        return 2
    fixtures = schedule(bots, args.players, args.games, args.seed)
    options = {"board": args.board}
    tally = Tally(list(dict.fromkeys(bots)))
    progress = Progress(len(fixtures))
    started = time.monotonic()
    try:
        for result in results(fixtures, args.jobs, args.budget, options, args.iterations):
            tally.add(result)
            progress.step()
    finally:
        progress.close()
    wall = time.monotonic() - started
    search = (f"{args.iterations} iterations" if args.iterations is not None
              else f"{args.budget:g} s")
    print(f"{args.players}-player arena, {args.board} board: {tally.games} games, "
          f"budget {search} per decision, seed {args.seed}, {args.jobs} job(s), "
          f"{wall:.0f} s wall, {tally.plies / max(1, tally.games):.0f} actions a game")
    if args.players == 2:
        print("\nwin rate, row against column (draws count half):")
        print("\n".join(tally.matrix()))
        print()
        print("\n".join(tally.pair_lines()))
    else:
        print()
        print("\n".join(tally.share_lines(args.players)))
    print("\ndecision time per level:")
    print("\n".join(tally.timing_lines()))
    return 0
