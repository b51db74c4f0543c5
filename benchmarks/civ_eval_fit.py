"""Whether a position's worth, as hard's search values it, tells who will win.

Hard's search (`ai.civ.hard`) values a searched decision where its playout stops: at the
start of the calamities (A18) or of the next turn, by `evaluate` (standing, the hand's
sets, tokens on the board, credits, the calamities about to strike). A search can only add
wins where that value says who wins in the end. This plays five medium seats for 40 turns,
records every seat's parts of that value at both points of each turn, and prints, per band
of turns, how often the seat each valuation ranks first is the game's winner (A35.3), for:

- the public standing alone (A35.2 less the hand);
- hard's `evaluate` (each seat's lead over the best other);
- a linear fit of the final score to the same parts, each weight a + b * (turns left /
  turn limit), fitted on two games in three and tried on the third, so that it reports
  what such a fit would know of games it has not seen.

Par is one in five. The fitted weights follow the table. The true position is read only to
measure; no bot sees it.

    python benchmarks/civ_eval_fit.py [--games 30] [--seed 1000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.civ as civ
from ai.civ.easy import standing, tokens_worth
from ai.civ.hard import calamity_costs, evaluate
from ai.civ.medium import CivMediumBot
from ai.civ.purchase import future_credit
from ai.civ.trade_value import hand_worth

PLAYERS = 5
TURN_LIMIT = 40
PARTS = ("standing", "hand", "tokens", "cities", "credit", "calamities", "ast")
POINTS = ("turn start", "calamities")
BAND = 8  # turns per band of the table
RIDGE = 1e-6  # keeps the normal equations solvable when a part never varies

Row = tuple[int, list[list[float]], list[float]]  # turn, each seat's parts, `evaluate`'s


def parts(state: civ.State, seat: int, costs: dict[int, float]) -> list[float]:
    pos = state.position
    s = pos.seats[seat]
    cities = len(pos.cities_of(seat))
    return [standing(pos, seat), hand_worth(s.hand, cities, s.cards),
            tokens_worth(pos, seat), float(cities), float(future_credit((), s.cards)),
            costs.get(seat, 0.0), float(s.ast)]


def play(seed: int) -> tuple[list[float], dict[str, list[Row]]]:
    """One game of five medium seats: the final scores, and each point's rows."""
    state = civ.new_game(PLAYERS, seed, {"turn_limit": TURN_LIMIT})
    bots = [CivMediumBot(seed * 31 + seat) for seat in range(PLAYERS)]
    rows: dict[str, list[Row]] = {point: [] for point in POINTS}
    seen: set[tuple[int, str]] = set()
    while not state.is_over:
        pos = state.position
        point = POINTS[1] if pos.phase == "calamities" else POINTS[0]
        if pos.turn >= 2 and (pos.turn, point) not in seen:
            seen.add((pos.turn, point))
            costs = calamity_costs(state)
            rows[point].append((pos.turn, [parts(state, s, costs) for s in range(PLAYERS)],
                                evaluate(state)))
        seat = state.to_move
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), 1.0))
    scores = state.final_scores()
    return [float(scores.get(s, 0)) for s in range(PLAYERS)], rows


def centred(values: list[float]) -> list[float]:
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def design(turn: int, seat_parts: list[list[float]]) -> list[list[float]]:
    """Each seat's parts against the table's mean, and again times the turns left."""
    left = max(0, TURN_LIMIT - turn) / TURN_LIMIT
    columns = [centred([p[k] for p in seat_parts]) for k in range(len(PARTS))]
    return [[c[s] for c in columns] + [c[s] * left for c in columns]
            for s in range(len(seat_parts))]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(games: list[tuple[list[float], list[Row]]]) -> list[float]:
    """Least squares of each seat's final score (against the table's mean) on its parts."""
    k = 2 * len(PARTS)
    xtx = [[RIDGE if i == j else 0.0 for j in range(k)] for i in range(k)]
    xty = [0.0] * k
    for final, rows in games:
        y = centred(final)
        for turn, seat_parts, _ in rows:
            for x, target in zip(design(turn, seat_parts), y, strict=True):
                for i in range(k):
                    xty[i] += x[i] * target
                    for j in range(k):
                        xtx[i][j] += x[i] * x[j]
    return solve(xtx, xty)


def first(values: list[float]) -> int:
    return max(range(len(values)), key=lambda s: values[s])


def report(point: str, games: list[tuple[list[float], list[Row]]]) -> None:
    train = [g for i, g in enumerate(games) if i % 3]
    test = [g for i, g in enumerate(games) if not i % 3]
    weights = fit(train)
    bands: dict[int, list[int]] = {}
    for final, rows in test:
        winners = {s for s, v in enumerate(final) if v == max(final)}
        for turn, seat_parts, hard_values in rows:
            fitted = [sum(w * x for w, x in zip(weights, row, strict=True))
                      for row in design(turn, seat_parts)]
            tally = bands.setdefault((turn - 1) // BAND, [0, 0, 0, 0])
            tally[0] += 1
            for i, values in enumerate(([p[0] for p in seat_parts], hard_values, fitted), 1):
                tally[i] += first(values) in winners
    print(f"\nAt the {point}: the seat ranked first is the winner, in {len(test)} games "
          f"not fitted on (fitted on {len(train)})")
    print(f"  {'turns':>7}  {'positions':>9}  {'standing':>8}  {'hard':>6}  {'fitted':>6}")
    for band in sorted(bands):
        n, *right = bands[band]
        lo, hi = max(2, band * BAND + 1), band * BAND + BAND
        print(f"  {lo:>3}-{hi:<3}  {n:>9}  " + "  ".join(
            f"{r / n:>{w}.0%}" for r, w in zip(right, (8, 6, 6), strict=True)))
    print("  fitted weights, a + b * turns left / turn limit: " + ", ".join(
        f"{name} {weights[i]:.2f}{weights[i + len(PARTS)]:+.2f}b"
        for i, name in enumerate(PARTS)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        played = list(pool.map(play, seeds))
    for point in POINTS:
        report(point, [(final, rows[point]) for final, rows in played])


if __name__ == "__main__":
    main()
