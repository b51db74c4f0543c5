"""`ziggurat arena`: computer players against each other, in parallel processes.

Prints a pairwise win-rate table with 95% Wilson intervals (two players) or
win shares with their intervals (more), and each level's decision times. A
progress bar goes to stderr so that stdout stays a clean report.

`ziggurat arena civ` plays Advanced Civilization: 5 players and a turn limit
of 40 by default, a win being the best score (A35.3, ties sharing it).
`--bots easy,random*4` seats one easy and four random players; the schedule
rotates them through the seats on each seed. Results are tallied in the
schedule's order, so the report is the same whatever `--jobs` is.

A game's arena-only seats may be named too (`ai.match.arena_levels`; civ:
`medium:notrade`, medium that never trades, and `exploiter`), and a game that
watches its arena games adds their report (civ: offers made and accepted per
pair of levels, the turn games end and the late-game rules that fired, each
nation's win share).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, TextIO

import ai
import engine
from ai.match import GameResult, arena_levels, arena_module, play_game
from ai.tournament import Fixture, Tally, schedule

GAMES = ("tigris", "civ")  # the games with computer players

DEFAULT_BUDGET = ai.DEFAULT_BUDGET
GAME_ID = GAMES[0]  # `--game`'s default


@dataclass(frozen=True)
class Defaults:
    """What an arena of one game plays unless told otherwise."""

    bots: str
    players: int
    seats: tuple[int, ...]
    turn_limit: int | None = None


DEFAULTS = {
    "tigris": Defaults("hard,medium,easy,random", 2, (2, 3, 4)),
    # issue 23 measures civ's levels in 5-player games of 40 turns (A35.1)
    "civ": Defaults("easy,random*4", 5, tuple(range(2, 9)), 40),
}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", default=None,
                        help="comma-separated levels, `level*n` for n seats of one level "
                        f"(default: {DEFAULTS['tigris'].bots} for tigris, "
                        f"{DEFAULTS['civ'].bots} for civ)")
    parser.add_argument("--players", type=int, default=None, choices=range(2, 9),
                        metavar="N", help="seats per game (default: 2 for tigris, up to 4; "
                        "5 for civ, 2 to 8)")
    parser.add_argument("--games", type=int, default=200,
                        help="games per pair of levels (2 players), or in all (more players)")
    parser.add_argument("--turn-limit", type=int, default=None,
                        help="civ: the last turn (A35.1; default 40, 0 for none)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel processes (1: play in this process)")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                        help="seconds per decision for the searching levels")
    parser.add_argument("--iterations", type=int, default=None,
                        help="fixed hard-search size instead of the clock (reproducible runs)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--board", choices=("classic", "alternative"), default="classic",
                        help="tigris: the board")


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


def _play(game_id: str, fixture: Fixture, budget: float, options: dict[str, Any],
          iterations: int | None) -> GameResult:
    return play_game(engine.load(game_id), list(fixture.levels), fixture.seed, budget, options,
                     iterations)


def results(fixtures: list[Fixture], jobs: int, budget: float, options: dict[str, Any],
            iterations: int | None, game_id: str = GAME_ID) -> Iterator[GameResult]:
    """Results in the fixtures' order, whatever order the games finish in; at most `jobs`
    games in flight (and twice that queued)."""
    if jobs <= 1:
        for fixture in fixtures:
            yield _play(game_id, fixture, budget, options, iterations)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[Future[GameResult], int] = {}
        finished: dict[int, GameResult] = {}
        queue = iter(enumerate(fixtures))
        for index, fixture in queue:
            pending[pool.submit(_play, game_id, fixture, budget, options, iterations)] = index
            if len(pending) >= jobs * 2:
                break
        following = 0
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                finished[pending.pop(future)] = future.result()
                nxt = next(queue, None)
                if nxt is not None:
                    index, fixture = nxt
                    pending[pool.submit(_play, game_id, fixture, budget, options,
                                        iterations)] = index
            while following in finished:
                yield finished.pop(following)
                following += 1


def parse_bots(text: str) -> list[str]:
    """`easy,random*4` → ['easy', 'random', 'random', 'random', 'random']."""
    bots: list[str] = []
    for word in (w.strip() for w in text.split(",")):
        level, _, count = word.partition("*")
        if level:
            bots += [level.strip()] * (int(count) if count.strip().isdigit() else 1)
    return bots


def run(args: argparse.Namespace) -> int:
    game_id = getattr(args, "game", GAME_ID)
    defaults = DEFAULTS[game_id]
    levels = arena_levels(game_id)
    bots = parse_bots(args.bots if args.bots is not None else defaults.bots)
    unknown = [b for b in bots if b not in levels]
    if unknown or not bots:
        print(f"unknown level(s) {unknown}: use {', '.join(levels)}", file=sys.stderr)
        return 2
    players = args.players if args.players is not None else defaults.players
    if players not in defaults.seats:
        print(f"{game_id} arenas seat {defaults.seats[0]} to {defaults.seats[-1]} players",
              file=sys.stderr)
        return 2
    if players == 2 and len(set(bots)) < 2:
        print("a two-player arena needs at least two different levels", file=sys.stderr)
        return 2
    fixtures = schedule(bots, players, args.games, args.seed)
    options: dict[str, Any]
    if game_id == "civ":
        limit = args.turn_limit if args.turn_limit is not None else defaults.turn_limit
        options = {"turn_limit": limit or None}
        setting = f"turn limit {limit}" if limit else "no turn limit"
    else:
        options = {"board": args.board}
        setting = f"{args.board} board"
    tally = Tally(list(dict.fromkeys(bots)))
    progress = Progress(len(fixtures))
    started = time.monotonic()
    try:
        for result in results(fixtures, args.jobs, args.budget, options, args.iterations,
                              game_id):
            tally.add(result)
            progress.step()
    finally:
        progress.close()
    wall = time.monotonic() - started
    search = (f"{args.iterations} iterations" if args.iterations is not None
              else f"{args.budget:g} s")
    print(f"{game_id}, {players}-player arena, {setting}: {tally.games} games, "
          f"budget {search} per decision, seed {args.seed}, {args.jobs} job(s), "
          f"{wall:.0f} s wall, {tally.plies / max(1, tally.games):.0f} actions a game")
    if players == 2:
        print("\nwin rate, row against column (draws count half):")
        print("\n".join(tally.matrix()))
        print()
        print("\n".join(tally.pair_lines()))
    else:
        print()
        print("\n".join(tally.share_lines(players)))
    extra = arena_module(game_id)
    if extra is not None and tally.notes:
        print()
        print("\n".join(extra.report(tally.notes, players)))
    print("\ndecision time per level:")
    print("\n".join(tally.timing_lines()))
    return 0
