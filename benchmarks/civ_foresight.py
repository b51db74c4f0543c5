"""How well medium foresees whether another medium seat takes its trade opening (A17.3-A17.4).

Medium opens only with terms taken in enough worlds dealt from its view (`ai.civ.acceptance`).
For each such opening in arena games this prints three things side by side, per band of the
foreseen chance:

- the chance, from fresh worlds dealt from the proposer's view;
- whether the true seat took it;
- whether the same answer model took it on the true position, with the hidden hands as
  they are ("true hands").

When the model on true hands agrees with the true answers and the foreseen chance does not,
the error lies wholly in how the worlds deal the hidden hands, not in how the answer is
modelled. The true position is read here only to measure; no bot sees it.

    python benchmarks/civ_foresight.py [--games 4] [--seed 2001] [--players 5] [--no-exploiter]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.civ as civ
from ai.civ.acceptance import Foresight
from ai.civ.easy import Turn
from ai.civ.exploiter import CivExploiterBot
from ai.civ.medium import WORLDS, CivMediumBot, foreseen_answerer

BANDS = ((0.0, 0.45), (0.45, 0.6), (0.6, 0.75), (0.75, 1.01))


def openings(players: int, seed: int, exploiter: bool) -> list[tuple[float, bool, bool]]:
    """(foreseen chance, taken by the true seat, taken by the model on true hands) of each
    medium opening to a medium seat in one 40-turn game."""
    state = civ.new_game(players, seed, {"turn_limit": 40})
    bots: list[CivMediumBot | CivExploiterBot] = [
        CivExploiterBot(seed) if exploiter and i == 0 else CivMediumBot(seed + i)
        for i in range(players)]
    medium = {i for i, bot in enumerate(bots) if isinstance(bot, CivMediumBot)}
    rows: list[tuple[float, bool, bool]] = []
    waiting: tuple[float, bool] | None = None
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        bot = bots[seat]
        kind = (state.pending or {}).get("kind")
        action = bot.choose(view, 1.0)
        if waiting is not None and kind == "trade_answer":
            rows.append((waiting[0], action["type"] == "accept", waiting[1]))
            waiting = None
        if kind == "trade_open" and action["type"] == "propose" and seat in medium \
                and action["to"] in medium:
            assert isinstance(bot, CivMediumBot)
            answer = foreseen_answerer(Turn(state, view), bot.wary(int(view["turn"])))
            worlds = Foresight(view, WORLDS, random.Random(seed * 7919 + len(rows)),
                               state.position.board)
            chance = worlds.chance(action, action["to"], answer)
            on_true_hands = answer(state.apply(action), action["to"])["type"] == "accept"
            waiting = (chance, on_true_hands)
        state = state.apply(action)
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=2001)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--no-exploiter", action="store_true",
                   help="medium in every seat (default: an exploiter in seat 0, as `milk`)")
    args = p.parse_args(argv)
    rows = [row for g in range(args.games)
            for row in openings(args.players, args.seed + g, not args.no_exploiter)]
    print(f"{args.games} games of {args.players} players from seed {args.seed}"
          f"{'' if args.no_exploiter else ', an exploiter in seat 0'}: "
          f"{len(rows)} medium openings to medium")
    print("foreseen chance   openings   taken   taken by the model on true hands")
    for low, high in BANDS:
        band = [r for r in rows if low <= r[0] < high]
        if band:
            taken = sum(r[1] for r in band) / len(band)
            model = sum(r[2] for r in band) / len(band)
            print(f"  {low:.2f}-{min(high, 1.0):.2f}      {len(band):8d}   {taken:5.0%}   "
                  f"{model:5.0%}")
    agree = Counter(r[1] == r[2] for r in rows)
    if rows:
        print(f"the model on true hands gave the true answer in {agree[True]} of {len(rows)} "
              f"openings ({agree[True] / len(rows):.0%}); mean foreseen chance "
              f"{sum(r[0] for r in rows) / len(rows):.0%}, taken "
              f"{sum(r[1] for r in rows) / len(rows):.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
