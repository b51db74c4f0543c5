"""Advanced Civilization's engine speed: random games with legal_actions() at every decision.

Prints the median and p90 time of one decision (legal_actions + apply), the
seconds of a whole game, and the turns and decisions it took. Targets (issue
11): median ≤ 1 ms per decision; a random 6-player game of 40 turns ≤ 20 s.
Random players build few cities and trade little, so these games are lighter
than real ones. Every seat stays at each turn start (A36.1): a uniform choice
would have half the seats leave each turn and the game empty out.

    python benchmarks/civ_bench.py [--games N] [--players P] [--turns T] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import engine.civ as civ


def play(players: int, turns: int, seed: int) -> tuple[list[float], float, int]:
    """One random game: each decision's seconds, the game's seconds, the turns it lasted."""
    rng = random.Random(seed)
    state = civ.new_game(players, seed, {"turn_limit": turns})
    per_decision: list[float] = []
    started = time.perf_counter()
    while not state.is_over:
        t0 = time.perf_counter()
        actions = state.legal_actions()
        stay = {"type": "stay"} in actions
        state = state.apply({"type": "stay"} if stay else actions[rng.randrange(len(actions))])
        per_decision.append(time.perf_counter() - t0)
    return per_decision, time.perf_counter() - started, state.to_dict()["turn"]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--turns", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    decisions: list[float] = []
    game_seconds: list[float] = []
    lengths: list[int] = []
    for k in range(args.games):
        per_decision, seconds, turns = play(args.players, args.turns, args.seed + k)
        decisions += per_decision
        game_seconds.append(seconds)
        lengths.append(turns)
    decisions.sort()
    print(f"{args.games} random games of {args.players} players, turn limit {args.turns}: "
          f"{len(decisions)} decisions, turns played {min(lengths)}–{max(lengths)}")
    print(f"per decision (legal_actions + apply): median "
          f"{statistics.median(decisions) * 1e3:.2f} ms, p90 "
          f"{decisions[int(len(decisions) * 0.9)] * 1e3:.2f} ms   (target: median ≤ 1 ms)")
    print(f"a whole game: median {statistics.median(game_seconds):.1f} s, "
          f"slowest {max(game_seconds):.1f} s   (target: ≤ 20 s for 40 turns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
