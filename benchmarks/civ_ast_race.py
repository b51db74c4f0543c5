"""How medium's games are won: the A.S.T. race, and what holds each marker back.

Hard's search values a decision one turn ahead, and nothing it can see in the first
turns names the winner (`civ_eval_fit.py`). This looks at the other end: five medium
seats play to turn 40 and, at every A.S.T. alteration (A34.1), each marker that stays is
counted with what it lacked, as the engine's own `ast_outlook` says (the present epoch's
cities, the next epoch's cities, groups or cards, a Late Iron Age space's card value). It
prints:

- how the games ended (a marker on space 16, A35.1, or the turn limit) and whether the
  first seat to reach space 16 won (A35.3);
- per space, the seat-turns markers stayed on it and what they lacked;
- the winners against the other seats: cities held at a few turns, and the turn each
  epoch's first space was reached.

The true position is read only to measure; every seat is medium playing from its view.

    python benchmarks/civ_ast_race.py [--games 20] [--seed 1000] [--jobs 2] [--turns 40]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.civ as civ
from ai.civ.medium import CivMediumBot
from engine.civ.ast_track import Shortfall, ast_outlook, starts_epoch
from engine.civ.tables import AST_FINISH, AST_START

PLAYERS = 5
TURN_LIMIT = 40
CITY_TURNS = (10, 15, 20, 25, 30)
EPOCH_SPACES = (*(n for n in range(AST_START + 1, AST_FINISH + 1) if starts_epoch(n)),
                AST_FINISH)


@dataclass
class Game:
    """One game's record: what the report needs and nothing of the position."""

    seed: int
    shares: list[float] = field(default_factory=list)
    end_turn: int = 0
    stays: Counter[tuple[int, str]] = field(default_factory=Counter)
    cities: dict[int, list[int]] = field(default_factory=dict)  # turn -> each seat's cities
    reached: list[dict[int, int]] = field(default_factory=list)  # seat -> space -> turn
    unexplained: int = 0  # markers whose move the outlook did not foresee (see `alteration`)

    def first_to_finish(self) -> list[int]:
        """The seats whose markers reached space 16 on the earliest turn any did (A35.1)."""
        turns = {s: r[AST_FINISH] for s, r in enumerate(self.reached) if AST_FINISH in r}
        return [s for s, t in turns.items() if t == min(turns.values())]


def lacked(outlook_step: str, short: tuple[Shortfall, ...]) -> str:
    """A stay's cause in words: the step of A34.1 that held the marker and what it lacked
    ("cities" without more words: those the next epoch asks)."""
    if outlook_step == "cities":
        return "cities (its epoch)"
    return "+".join(s.what for s in short)


def alteration(game: Game, before: civ.State, after: civ.State) -> None:
    """Phase 13 ran inside the last action: each seat's outlook on its space before it,
    with the cities and cards it held at the end of the turn. A marker that moved
    otherwise than foreseen (a revolt of the next turn's tax collection, A8, changed its
    cities in the same action) is counted apart rather than guessed at."""
    pos, was = after.position, before.position
    turn = was.turn
    game.cities[turn] = [len(pos.cities_of(s)) for s in range(PLAYERS)]
    for seat in pos.active_seats():
        at, now = was.seats[seat].ast, pos.seats[seat].ast
        outlook = ast_outlook(at, len(pos.cities_of(seat)), pos.seats[seat].cards)
        if outlook.to != now:
            game.unexplained += 1
        elif now == at and outlook.step != "finish":
            game.stays[(at, lacked(outlook.step, outlook.short))] += 1
        if now > at:
            game.reached[seat].setdefault(now, turn)


def play(seed: int, turns: int = TURN_LIMIT) -> Game:
    state = civ.new_game(PLAYERS, seed, {"turn_limit": turns})
    bots = [CivMediumBot(seed * 31 + seat) for seat in range(PLAYERS)]
    game = Game(seed, reached=[{} for _ in range(PLAYERS)])
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        after = state.apply(bots[seat].choose(state.view(seat), 1.0))
        if state.position.turn >= 1 and (after.is_over
                                          or after.position.turn != state.position.turn):
            alteration(game, state, after)
        state = after
    winners = state.ranking()[0]  # A35.3
    game.shares = [1.0 / len(winners) if s in winners else 0.0 for s in range(PLAYERS)]
    game.end_turn = state.position.turn
    return game


def mean_cell(values: list[float]) -> str:
    return f"{statistics.fmean(values):.1f}" if values else "-"


def report(games: list[Game], turns: int) -> None:
    finished = [g for g in games if g.first_to_finish()]
    ends = [g.end_turn for g in finished]
    print(f"{len(games)} games of {PLAYERS} medium, turn limit {turns} "
          f"(seeds {games[0].seed}-{games[-1].seed})")
    if finished:
        won = sum(max(g.shares[s] for s in g.first_to_finish()) for g in finished)
        print(f"ended by a marker on space {AST_FINISH}: {len(finished)}, turns "
              f"{min(ends)}-{max(ends)}, median {statistics.median(ends)}; "
              f"the first seat there won {won:g} of them")
    unexplained = sum(g.unexplained for g in games)
    if unexplained:
        print(f"markers moved otherwise than foreseen (not counted below): {unexplained}")
    stays: Counter[tuple[int, str]] = Counter()
    for g in games:
        stays.update(g.stays)
    print("\nseat-turns a marker stayed on a space, and what it lacked (A34.1):")
    for space in sorted({s for s, _ in stays}):
        here = sorted(((n, why) for (s, why), n in stays.items() if s == space), reverse=True)
        total = sum(n for n, _ in here)
        print(f"  space {space:2}: {total:5}  " + ", ".join(f"{why} {n}" for n, why in here))
    win_seats = [(g, s) for g in games for s in range(PLAYERS) if g.shares[s] > 0]
    rest = [(g, s) for g in games for s in range(PLAYERS) if g.shares[s] == 0]
    print("\nwinners against the other seats:")
    for turn in CITY_TURNS:
        cells = [mean_cell([g.cities[turn][s] for g, s in group if turn in g.cities])
                 for group in (win_seats, rest)]
        print(f"  cities at turn {turn:2}: {cells[0]:>5} against {cells[1]:>5}")
    for space in EPOCH_SPACES:
        cells = []
        for group in (win_seats, rest):
            when = [g.reached[s][space] for g, s in group if space in g.reached[s]]
            cells.append(f"{mean_cell([float(t) for t in when]):>5} ({len(when)} of {len(group)})")
        print(f"  turn space {space:2} was reached: {cells[0]} against {cells[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--turns", type=int, default=TURN_LIMIT)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        report(list(pool.map(partial(play, turns=args.turns), seeds)), args.turns)


if __name__ == "__main__":
    main()
