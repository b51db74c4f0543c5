"""Who plays whom in the arena, and the tables its results make.

Two-player arenas play every pair of levels; game k of a pair swaps the
seats of game k-1 on the same seed, so each deal is played from both sides
and the luck of the deal cancels out. Arenas of more seats rotate the levels
through the seats, each seed played once from every rotation. Kept apart
from the command line so tests can check the schedule and the tables
without processes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from .match import GameResult, Timing
from .stats import wilson


@dataclass(frozen=True)
class Fixture:
    levels: tuple[str, ...]   # per seat
    seed: int


def schedule(bots: list[str], players: int, games: int, seed: int) -> list[Fixture]:
    """Two players: `games` per pair of bots. More: `games` in all, seats rotating, each
    seed played from every rotation (one seed a game when every seat plays one level)."""
    fixtures: list[Fixture] = []
    if players == 2:
        for a, b in combinations(bots, 2):
            for k in range(games):
                seats: tuple[str, ...] = (a, b) if k % 2 == 0 else (b, a)
                fixtures.append(Fixture(seats, seed + k // 2))
        return fixtures
    groups = (list(combinations(bots, players)) if len(bots) >= players
              else [tuple(bots[i % len(bots)] for i in range(players))])
    for k in range(games):
        group = groups[k % len(groups)]
        turn = (k // len(groups)) % players
        seats = tuple(group[(i + turn) % players] for i in range(players))
        # seats all of one level look the same from every rotation: each game a new deal
        fixtures.append(Fixture(seats, seed + (k if len(set(group)) == 1 else k // players)))
    return fixtures


@dataclass
class Tally:
    """Results as they come in, in any order."""

    bots: list[str]
    pair_wins: dict[tuple[str, str], float] = field(default_factory=dict)
    pair_games: dict[tuple[str, str], int] = field(default_factory=dict)
    shares: dict[str, float] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    timings: dict[str, Timing] = field(default_factory=dict)
    games: int = 0
    plies: int = 0
    notes: list[dict[str, float]] = field(default_factory=list)  # per game, in order

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.plies += result.plies
        self.notes.append(result.notes)
        shares = result.shares()
        for seat, level in enumerate(result.levels):
            self.shares[level] = self.shares.get(level, 0.0) + shares[seat]
            self.seats[level] = self.seats.get(level, 0) + 1
            self.scores[level] = self.scores.get(level, 0) + result.scores[seat]
        for level, timing in result.timings.items():
            self.timings.setdefault(level, Timing()).merge(timing)
        if len(result.levels) == 2 and result.levels[0] != result.levels[1]:
            a, b = result.levels
            for me, other, share in ((a, b, shares[0]), (b, a, shares[1])):
                self.pair_wins[me, other] = self.pair_wins.get((me, other), 0.0) + share
                self.pair_games[me, other] = self.pair_games.get((me, other), 0) + 1

    def pair_lines(self) -> list[str]:
        lines = []
        for a, b in combinations(self.bots, 2):
            n = self.pair_games.get((a, b), 0)
            if not n:
                continue
            wins = self.pair_wins[a, b]
            lo, hi = wilson(wins, n)
            lines.append(f"{a:>7} vs {b:<7} {wins:6.1f}/{n:<4} = {100 * wins / n:5.1f}% "
                         f"[95% CI {100 * lo:5.1f}–{100 * hi:5.1f}%]")
        return lines

    def matrix(self) -> list[str]:
        """Row's win rate against column (draws count half)."""
        width = 20
        lines = [" " * 8 + "".join(f"{b:>{width}}" for b in self.bots)]
        for a in self.bots:
            cells = []
            for b in self.bots:
                n = self.pair_games.get((a, b), 0)
                if a == b or not n:
                    cells.append(f"{'—':>{width}}")
                    continue
                wins = self.pair_wins[a, b]
                lo, hi = wilson(wins, n)
                cells.append(f"{f'{100 * wins / n:.0f}% [{100 * lo:.0f}–{100 * hi:.0f}]':>{width}}")
            lines.append(f"{a:>8}" + "".join(cells))
        return lines

    def share_lines(self, players: int) -> list[str]:
        lines = [f"{'level':>8} {'seats':>6} {'win share':>10} {'95% CI':>14} {'avg score':>10}"
                 f"   (a fair share is {100 / players:.0f}%)"]
        for level in self.bots:
            n = self.seats.get(level, 0)
            if not n:
                continue
            share = self.shares[level]
            lo, hi = wilson(share, n)
            lines.append(f"{level:>8} {n:>6} {100 * share / n:>9.1f}% "
                         f"{f'{100 * lo:.1f}–{100 * hi:.1f}%':>14} {self.scores[level] / n:>10.1f}")
        return lines

    def timing_lines(self) -> list[str]:
        lines = [f"{'level':>8} {'decisions':>10} {'avg s':>8} {'median s':>9} {'p99.9 s':>8} "
                 f"{'max s':>8}"]
        for level in self.bots:
            t = self.timings.get(level)
            if t is None or not t.count:
                continue
            lines.append(f"{level:>8} {t.count:>10} {t.total / t.count:>8.3f} "
                         f"{t.quantile(0.5):>9.4f} {t.quantile(0.999):>8.3f} {t.worst:>8.3f}")
        for level in self.bots:
            t = self.timings.get(level)
            if t is not None and t.worst_at:
                lines.append(f"{level:>8} slowest {t.worst:.3f} s ({t.worst_cpu:.3f} s CPU): "
                             f"{t.worst_at}")
                lines.append(f"{level:>8} most CPU {t.most_cpu:.3f} s: {t.most_cpu_at}")
        return lines
