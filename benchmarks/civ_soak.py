"""Issue 23's soak: headless Advanced Civilization games of mixed levels (random, easy,
medium), 2 to 8 players in turn, every invariant checked after every action
(tests/support/civ_soak.py says which): no illegal action, no stall.

Prints a line per player count (games, actions, turns, problems), the first problems met,
and a summary line; exits 1 if anything broke.

    python benchmarks/civ_soak.py [--games 1000] [--turn-limit 20] [--seed 1] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.match import Timing
from tests.support.civ_soak import Checked, play_soak, soak_games


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--turn-limit", type=int, default=20, help="A35.1; 0 for none")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    plan = soak_games(args.games, args.seed, args.turn_limit or None)
    started = time.monotonic()
    results: list[Checked] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for checked in pool.map(play_soak, plan, chunksize=4):
            results.append(checked)
            if len(results) % 50 == 0:
                print(f"  {len(results)}/{len(plan)} games, "
                      f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    wall = time.monotonic() - started
    print(f"{len(plan)} games, levels random/easy/medium drawn per seat, turn limit "
          f"{args.turn_limit or 'none'}, seeds {args.seed}–{args.seed + len(plan) - 1}, "
          f"{args.jobs} job(s), {wall:.0f} s wall")
    print("players  games  actions  median turns  late entry  problems")
    for players in range(2, 9):
        mine = [c for c in results if len(c.soak.levels) == players]
        if not mine:
            continue
        turns = sorted(c.turns for c in mine)
        late = sum(1 for c in mine if c.soak.options["late_seats"])
        print(f"{players:7}  {len(mine):5}  {sum(c.actions for c in mine):7}  "
              f"{turns[len(turns) // 2]:12}  {late:10}  {sum(len(c.problems) for c in mine):8}")
    broken = [c for c in results if c.problems]
    for c in broken[:5]:
        print(f"  seed {c.soak.seed} {c.soak.levels}: {c.problems[:2]}")
    levels = Counter(level for c in results for level in c.soak.levels)
    kinds = Counter[str]()
    for c in results:
        kinds.update(c.kinds)
    print(f"decisions met: {len(kinds)} kinds, {sum(kinds.values())} in all; seats: "
          + ", ".join(f"{n} {level}" for level, n in sorted(levels.items())))
    timings: dict[str, Timing] = {}
    for c in results:
        for level, t in c.timings.items():
            timings.setdefault(level, Timing()).merge(t)
    for level, t in sorted(timings.items()):
        print(f"decision time, {level}: {t.count} decisions, median {1e3 * t.quantile(0.5):.2f} "
              f"ms, p99.9 {1e3 * t.quantile(0.999):.1f} ms, worst {1e3 * t.worst:.1f} ms")
    print(f"summary: {len(results)} games, {sum(c.actions for c in results)} actions, "
          f"{len(broken)} with a problem (illegal action, stall or broken invariant)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
