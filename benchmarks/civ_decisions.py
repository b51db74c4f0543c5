"""A1.2 over many random games: every decision Advanced Civilization's engine asks has two
answers whose completed outcomes differ (tests/civ/settled_check.py says how an answer is
completed and compared).

Plays N random games per player count (every seat stays) and N random phase-11 positions
(calamities, where the decisions answered in steps come thick), and prints per player count
the games, decisions, decisions checked (of them answered in steps), decisions left
unchecked (too many ways to try), violations, and decisions whose answers all lead to one
position with different events (a city built and reduced at once, tokens moved and removed
as surplus: different outcomes, counted apart).

    python benchmarks/civ_decisions.py [--games 200] [--turns 12] [--players 2-8]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "civ"))

from settled_check import Tally, check_calamities, check_game


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--turns", type=int, default=12)
    p.add_argument("--players", default="2-8")
    args = p.parse_args(argv)
    low, _, high = args.players.partition("-")
    total = Tally()
    print("players  kind        games  decisions  checked  stepped  unchecked  violations  "
          "same position  seconds")
    for players in range(int(low), int(high or low) + 1):
        for kind, run in (("games", lambda s, t, p=players: check_game(p, s, args.turns, t)),
                          ("phase 11", lambda s, t, p=players: check_calamities(p, s, t))):
            tally = Tally()
            started = time.perf_counter()
            for seed in range(args.games):
                run(seed, tally)
            print(f"{players:7}  {kind:9}  {tally.games:6}  {tally.decisions:9}  "
                  f"{tally.checked:7}  {tally.stepped:7}  {tally.unchecked:9}  "
                  f"{len(tally.violations):10}  {tally.same_position:13}  "
                  f"{time.perf_counter() - started:7.1f}", flush=True)
            for v in tally.violations[:3]:
                print(f"         violation: seed {v['seed']}, {v['pending']}")
            for name in ("games", "decisions", "checked", "stepped", "unchecked",
                         "same_position"):
                setattr(total, name, getattr(total, name) + getattr(tally, name))
            total.violations += tally.violations
    print(f"all: {total.games} games and positions, {total.decisions} decisions, "
          f"{total.checked} checked ({total.stepped} answered in steps), {total.unchecked} "
          f"unchecked, {len(total.violations)} violations, {total.same_position} with one "
          f"position")
    return 1 if total.violations else 0


if __name__ == "__main__":
    sys.exit(main())
