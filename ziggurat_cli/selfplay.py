"""`ziggurat selfplay`: random legal games to the end, invariants checked.

Advanced Civilization's games are `civ_selfplay`'s. For Tigris & Euphrates,
uniformly random: every action is followed by the engine's invariant checks and the tile
ledger (all 153 tiles accounted for); every game is replayed from its record
and must reach the same digest; every 25th position makes a round trip
through the position format. Any failure is printed with the game's seed
and record, so it can be replayed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import engine.civ as civ
import engine.tigris as engine

from . import civ_selfplay
from .progress import Progress

GAMES = ("tigris", civ.ID)  # the games whose rules are checked here
TIGRIS_PLAYERS = (2, 3, 4)


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=4, choices=civ.PLAYERS,
                   help="2 to 4 for tigris, 2 to 8 for civ")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game")
    p.add_argument("--turns", type=int, default=None,
                   help="civ: the turn limit of every game (A35.1; default 40)")
    p.add_argument("--board", choices=("classic", "alternative"), default="classic")
    p.add_argument("--buildings", action="store_true", help="R13 civilization buildings")
    p.add_argument("--english-variant", action="store_true", help="R6.3")
    p.add_argument("--wonder", action="store_true", help="R15")
    p.add_argument("--open-scoring", action="store_true", help="R16")
    p.add_argument("--mixed-options", action="store_true",
                   help="vary the options from game to game (overrides the option flags)")


@dataclass
class GameResult:
    seed: int
    decisions: int
    turns: int
    ended_by: str
    scores: list[int]
    failure: str | None = None
    record: dict[str, Any] = field(default_factory=dict)


def options_for(args: argparse.Namespace, seed: int) -> dict[str, Any]:
    if args.mixed_options:
        return {"board": "alternative" if seed % 4 == 0 else "classic",
                "buildings": seed % 2 == 0, "wonder": seed % 3 == 0,
                "english_variant": seed % 5 == 0, "open_scoring": seed % 7 == 0}
    return {"board": args.board, "buildings": args.buildings, "wonder": args.wonder,
            "english_variant": args.english_variant, "open_scoring": args.open_scoring}


def play_random_game(players: int, seed: int, options: dict[str, Any]) -> GameResult:
    """One random game with every check; a broken invariant is reported, not raised."""
    chooser = random.Random(seed)
    state = engine.new_game(players, seed, options)
    record = engine.new_record(players, seed, options)
    ledger = engine.TileLedger()
    turns = 1
    try:
        while not state.is_over:
            action = chooser.choice(state.legal_actions())
            state = state.apply(action)
            record["actions"].append(action)
            ledger.record(state.events)
            engine.check_invariants(state)
            ledger.check(state)
            turns += sum(1 for e in state.events if e["type"] == "turn_started")
            if len(record["actions"]) % 25 == 0:
                again = engine.from_dict(json.loads(json.dumps(state.to_dict())))
                if again.digest() != state.digest() or again.legal_actions() != \
                        state.legal_actions():
                    raise AssertionError("from_dict(to_dict(s)) differs from s")
        if engine.replay(record).digest() != state.digest():
            raise AssertionError("replaying the record gives another final position")
    except (AssertionError, engine.IllegalAction, engine.BadPosition) as e:
        return GameResult(seed, len(record["actions"]), turns, "failure", [], str(e), record)
    ended_by = "treasures" if sum(
        1 for cell in state.to_dict()["board"].values() if cell.get("treasure")) <= 2 else "bag"
    scores = [s["score"] for s in state.final_scores()]
    return GameResult(seed, len(record["actions"]), turns, ended_by, scores)


CIV_TURNS = 40  # random players never reach the A.S.T.'s end; a limit ends their games


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("--games must be at least 1")
        return 2
    if args.game == civ.ID:
        return run_civ(args)
    if args.players not in TIGRIS_PLAYERS:
        print(f"Tigris & Euphrates is for 2 to 4 players, not {args.players}")
        return 2
    if args.turns is not None:
        print("--turns is for civ: Tigris & Euphrates ends by its own rules")
        return 2
    progress = Progress(args.games, "selfplay")
    results: list[GameResult] = []
    started = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        results.append(play_random_game(args.players, seed, options_for(args, seed)))
        progress.advance()
    progress.close()
    elapsed = time.perf_counter() - started
    print(summary(results, elapsed, args.players))
    return report_failures(results)


def run_civ(args: argparse.Namespace) -> int:
    turns = CIV_TURNS if args.turns is None else args.turns
    if turns < 1:
        print("--turns must be at least 1")
        return 2
    progress = Progress(args.games, "selfplay civ")
    results: list[civ_selfplay.CivGameResult] = []
    started = time.perf_counter()
    for k in range(args.games):
        results.append(civ_selfplay.play_random_game(args.players, args.seed + k, turns,
                                                     late=k % 2 == 1))
        progress.advance()
    progress.close()
    elapsed = time.perf_counter() - started
    print(civ_selfplay.summary(results, elapsed, args.players))
    return report_failures(results)


def report_failures(results: list[GameResult] | list[civ_selfplay.CivGameResult]) -> int:
    """The first five failures with the seed and record that replay them; 1 if any."""
    failures = [r for r in results if r.failure]
    for r in failures[:5]:
        print(f"\nFAILED seed {r.seed} after {r.decisions} decisions: {r.failure}")
        print("record:", json.dumps(r.record))
    return 1 if failures else 0


def summary(results: list[GameResult], elapsed: float, players: int) -> str:
    decisions = sum(r.decisions for r in results)
    good = [r for r in results if not r.failure]
    lines = [
        f"{len(results)} games of {players} players in {elapsed:.1f} s: "
        f"{len(results) / elapsed:.1f} games/s, {decisions / elapsed:.0f} decisions/s",
        f"invariant failures: {len(results) - len(good)}",
    ]
    if good:
        ended = {reason: sum(1 for r in good if r.ended_by == reason)
                 for reason in ("treasures", "bag")}
        all_scores = [s for r in good for s in r.scores]
        winners = [max(r.scores) for r in good]
        lines += [
            f"game length: {statistics.mean(r.decisions for r in good):.0f} decisions, "
            f"{statistics.mean(r.turns for r in good):.1f} turns on average",
            f"ended by: treasures {ended['treasures']}, empty bag {ended['bag']}",
            f"final score (lowest colour): average {statistics.mean(all_scores):.2f}, "
            f"winner's average {statistics.mean(winners):.2f}",
        ]
    return "\n".join(lines)
