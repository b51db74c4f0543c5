"""Decision times of each bot level on positions from a medium-vs-medium game.

Run: .venv/bin/python benchmarks/ai_bench.py [--budget S] [--positions N]
Reports per level the mean and worst wall time per decision, and for the
hard level the search iterations it managed, so a slow machine (a kiosk)
can pick a budget.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engine.tigris as engine
from ai.tigris.hard import HardBot


def positions(count: int, seed: int) -> list[dict[str, object]]:
    """Views of main-action decisions spread over one game."""
    state = engine.new_game(2, seed)
    bots = [ai.make_bot(engine.ID, "medium", 1), ai.make_bot(engine.ID, "medium", 2)]
    views = []
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        if view["pending"] is None:
            views.append(view)
        state = state.apply(bots[seat].choose(view, 1.0))
    step = max(1, len(views) // count)
    return views[::step][:count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=ai.DEFAULT_BUDGET)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    views = positions(args.positions, args.seed)
    print(f"{len(views)} positions, budget {args.budget:g} s")
    for level in ai.levels(engine.ID):
        bot = ai.make_bot(engine.ID, level, 1)
        times = []
        iterations = []
        for view in views:
            started = time.perf_counter()
            bot.choose(view, args.budget)
            times.append(time.perf_counter() - started)
            if isinstance(bot, HardBot):
                iterations.append(bot.last_iterations)
        extra = f", {sum(iterations) / len(iterations):.0f} iterations" if iterations else ""
        print(f"{level:>7}: mean {sum(times) / len(times):.3f} s, "
              f"worst {max(times):.3f} s{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
