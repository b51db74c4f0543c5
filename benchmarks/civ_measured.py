"""Issue 23's "Measured" lines beyond raw strength, each an arena run (`ziggurat arena civ`)
with the seats, players and turn limit it needs, its target printed above the report:

    trading   three medium against three medium that never trade (6 players, 40 turns)
    milk      an exploiter among four medium (5 players, 40 turns); medium's offers to medium
    ast       six medium without a turn limit: the turn it ends, the late-game rules that fired
    nations   six medium, their nations drawn by lot, 40 turns: each nation's win share
              against par (medium's own choice seats the same six nations in every game)
    hard      hard against four medium (5 players, 40 turns) at the default thinking time
    timing    easy and medium decision times (5 players, 40 turns)
    eight     eight medium without a turn limit: one game's wall time

The arena's own report carries the figures (win shares with 95% intervals, offers made and
accepted per pair of levels, the end turn and the late rules, nation shares, decision times).
`--games` and `--seed` override a line's size and first seed, `--iterations` fixes hard's
search at a number of iterations; the exact arena command is printed first, so that a line
can be re-run alone.

    python benchmarks/civ_measured.py trading [--games 200] [--jobs 2]
"""

from __future__ import annotations

import argparse
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ziggurat_cli import arena
from ziggurat_cli.main import game_word_as_option


@dataclass(frozen=True)
class Line:
    target: str
    argv: tuple[str, ...]
    games: int


LINES = {
    "trading": Line("the three traders (medium) together win >= 60% of the games",
                    ("--bots", "medium*3,medium:notrade*3", "--players", "6"), 200),
    "milk": Line("the exploiter's win share <= par + 3 points (23%); medium>medium offers "
                 "accepted >= 50%", ("--bots", "exploiter,medium*4"), 200),
    "ast": Line("every game ends by A.S.T. (A35.1); report the median turn and the late rules",
                ("--bots", "medium*6", "--players", "6", "--turn-limit", "0"), 20),
    "nations": Line("each nation's win share within half and twice par (8.3%-33.3%)",
                    ("--bots", "medium:drawn*6", "--players", "6"), 300),
    "hard": Line("hard's win share >= 40% (twice par) against four medium",
                 ("--bots", "hard,medium*4"), 200),
    "timing": Line("easy and medium: median <= 20 ms, p99.9 <= 500 ms per decision",
                   ("--bots", "easy*2,medium*3"), 40),
    "eight": Line("an 8-medium game to its end in <= 2 minutes (the wall time, one job)",
                  ("--bots", "medium*8", "--players", "8", "--turn-limit", "0", "--jobs", "1"),
                  1),
}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("line", choices=sorted(LINES))
    p.add_argument("--games", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--iterations", type=int, default=None,
                   help="searches at this many iterations instead of the clock: hard's games "
                        "are then the same on any machine, under any load")
    args = p.parse_args(argv)
    line = LINES[args.line]
    words = ["civ", *line.argv, "--games", str(args.games or line.games), "--seed",
             str(args.seed)]
    if "--jobs" not in words:
        words += ["--jobs", str(args.jobs)]
    if args.iterations is not None:
        words += ["--iterations", str(args.iterations)]
    print(f"{args.line}: target {line.target}")
    print(f"  ziggurat arena {shlex.join(words)}\n", flush=True)
    parser = argparse.ArgumentParser()
    arena.configure(parser)
    parser.add_argument("--game", default=arena.GAME_ID)
    return arena.run(parser.parse_args(game_word_as_option(["arena", *words])[1:]))


if __name__ == "__main__":
    sys.exit(main())
