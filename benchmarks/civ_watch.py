"""One Advanced Civilization game between computer players, summed up as a player would
look at it: per seat, its nation, cities at turn 12 and at the end, A.S.T. space, the
civilization cards it bought (and when), trades made, and the final scores (A35.2).

    python benchmarks/civ_watch.py [--levels easy,random*4] [--seed 1] [--turns 40]

Issue 23 asks how a level's play looks ("does it look like people's?"): this is the text
version of watching the table.
"""

from __future__ import annotations

import argparse
from collections import Counter

import ai
import engine.civ as civ
from ai.civ import final_scores
from ziggurat_cli.arena import parse_bots

LOOK_AT = 12  # the turn the issue looks at the cities (random seats had 0-1 there)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", default="easy,random*4")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--turns", type=int, default=40, help="turn limit (0: none)")
    args = p.parse_args(argv)
    levels = parse_bots(args.levels)
    state = civ.new_game(len(levels), args.seed, {"turn_limit": args.turns or None})
    bots = [ai.make_bot("civ", level, args.seed * 31 + s) for s, level in enumerate(levels)]
    bought: dict[int, list[str]] = {s: [] for s in range(len(levels))}
    trades: Counter[int] = Counter()
    at_look: list[int] | None = None
    while not state.is_over:
        if at_look is None and state.position.turn > LOOK_AT:
            at_look = [len(state.position.cities_of(s)) for s in range(len(levels))]
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.view(seat), ai.DEFAULT_BUDGET)
        turn = state.position.turn
        if action["type"] == "purchase" and action["cards"]:
            bought[seat] += [f"{card}@{turn}" for card in action["cards"]]
        state = state.apply(action)
        for event in state.events:
            if event["type"] == "traded":
                trades.update([event["a"], event["b"]])
    pos = state.position
    scores = final_scores(state)
    print(f"seed {args.seed}, {len(levels)} players, ended after turn {pos.turn}; "
          f"ranking {state.ranking()}")
    print(f"{'seat':>4} {'level':>7} {'nation':>8} {'cities@12':>9} {'cities':>6} {'A.S.T.':>6} "
          f"{'cards':>5} {'trades':>6} {'score':>6}  bought")
    for s, level in enumerate(levels):
        seat_ = pos.seats[s]
        print(f"{s:>4} {level:>7} {seat_.nation or '-':>8} {(at_look or [0] * 9)[s]:>9} "
              f"{len(pos.cities_of(s)):>6} {seat_.ast:>6} {len(seat_.cards):>5} "
              f"{trades[s]:>6} {scores[s]:>6}  {' '.join(bought[s])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
