"""Decision time of Advanced Civilization's hard level at a thinking time (issue 23: ≤ 1 s at
the default, 1 s).

Plays seeded 5-player games of one hard seat against four medium (seats rotated by seed)
and times every hard decision: wall-clock seconds (what the table waits), the process's
CPU seconds (what the search itself cost, apart from other processes sharing the
machine) and the search's iterations, per decision kind. Prints per kind the count, the
median, p99.9 and worst wall time, the median CPU time, the median iterations and how
many searches overruled medium's answer (where the search pays), and the same over all
hard decisions. `--iterations N` fixes the search's size (the clock then only measures).

    python benchmarks/civ_hard_bench.py [--games N] [--turns T] [--budget S] [--seed S]
                                        [--iterations N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engine.civ as civ
from ai.civ.hard import CivHardBot


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--budget", type=float, default=ai.DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None,
                        help="fixed search size instead of the clock")
    args = parser.parse_args()
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    iterations: dict[str, list[int]] = defaultdict(list)
    overruled: dict[str, int] = defaultdict(int)
    for g in range(args.games):
        seed = args.seed + g
        hard_seat = g % 5
        bots = [ai.make_bot("civ", "hard", seed * 31 + s, args.iterations) if s == hard_seat
                else ai.make_bot("civ", "medium", seed * 31 + s) for s in range(5)]
        state = civ.new_game(5, seed, {"turn_limit": args.turns})
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            bot = bots[seat]
            pending = state.pending
            assert pending is not None
            kind = pending["kind"]
            started, used = time.perf_counter(), time.process_time()
            action = bot.choose(state.view(seat), args.budget)
            if isinstance(bot, CivHardBot):
                wall[kind].append(time.perf_counter() - started)
                cpu[kind].append(time.process_time() - used)
                iterations[kind].append(bot.last_iterations)
                overruled[kind] += bot.last_overruled
            state = state.apply(action)
    print(f"hard against four medium: {args.games} game(s) of {args.turns} turns, "
          f"budget {args.budget:g} s")
    print(f"{'decision':14s} {'n':>5s} {'median':>8s} {'p99.9':>8s} {'max':>8s} "
          f"{'cpu med':>8s} {'iter med':>8s} {'overruled':>9s}")
    kinds = sorted(wall, key=lambda k: -sum(wall[k]))
    for kind in [*kinds, "all"]:
        w = [t for k in kinds for t in wall[k]] if kind == "all" else wall[kind]
        c = [t for k in kinds for t in cpu[k]] if kind == "all" else cpu[kind]
        it = [n for k in kinds for n in iterations[k]] if kind == "all" else iterations[kind]
        over = sum(overruled.values()) if kind == "all" else overruled[kind]
        print(f"{kind:14s} {len(w):5d} {statistics.median(w):8.3f} {quantile(w, 0.999):8.3f} "
              f"{max(w):8.3f} {statistics.median(c):8.3f} {statistics.median(it):8.1f} "
              f"{over:9d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
