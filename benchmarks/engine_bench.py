"""Engine speed: random 4-player games with legal_actions() enumerated at every decision.

Prints the median and p90 time of one decision (legal_actions + apply) and
complete games per second on one core. Targets (issue 2): median ≤ 200 µs
per decision, ≥ 20 games/s.

    python benchmarks/engine_bench.py [--games N] [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import engine.tigris as engine


def run(games: int, players: int, seed: int) -> dict[str, float]:
    per_decision: list[float] = []
    decisions = 0
    started = time.perf_counter()
    for k in range(games):
        rng = random.Random(seed + k)
        state = engine.new_game(players, seed + k)
        while not state.is_over:
            t0 = time.perf_counter()
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            state = state.apply(action)
            per_decision.append(time.perf_counter() - t0)
            decisions += 1
    elapsed = time.perf_counter() - started
    per_decision.sort()
    return {
        "games": games,
        "decisions": decisions,
        "median_us": statistics.median(per_decision) * 1e6,
        "p90_us": per_decision[int(len(per_decision) * 0.9)] * 1e6,
        "mean_us": statistics.mean(per_decision) * 1e6,
        "games_per_s": games / elapsed,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    r = run(args.games, args.players, args.seed)
    print(f"{r['games']} games of {args.players} players, {r['decisions']} decisions")
    print(f"per decision (legal_actions + apply): median {r['median_us']:.0f} µs, "
          f"p90 {r['p90_us']:.0f} µs, mean {r['mean_us']:.0f} µs   (target: median ≤ 200 µs)")
    print(f"complete games: {r['games_per_s']:.1f} games/s   (target: ≥ 20 games/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
