"""The arena's schedule and statistics, and its tables over games of Tiny."""

from __future__ import annotations

import threading
import time
from collections import Counter
from types import ModuleType

import pytest
from support import tinyai

from ai.bot import Action, View
from ai.match import play_game
from ai.stats import wilson
from ai.tournament import Tally, schedule


def test_two_player_schedule_plays_each_deal_from_both_seats() -> None:
    fixtures = schedule(["hard", "medium", "easy"], 2, 4, seed=10)
    assert len(fixtures) == 3 * 4
    pair = [f for f in fixtures if set(f.levels) == {"hard", "medium"}]
    assert [f.levels for f in pair] == [("hard", "medium"), ("medium", "hard")] * 2
    assert [f.seed for f in pair] == [10, 10, 11, 11]


def test_four_player_schedule_rotates_the_seats() -> None:
    fixtures = schedule(["hard", "medium", "easy", "random"], 4, 8, seed=0)
    first_seats = Counter(f.levels[0] for f in fixtures)
    assert first_seats == {"hard": 2, "medium": 2, "easy": 2, "random": 2}
    assert all(sorted(f.levels) == sorted(["hard", "medium", "easy", "random"])
               for f in fixtures)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.404, abs=1e-3) and hi == pytest.approx(0.596, abs=1e-3)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and lo == pytest.approx(0.839, abs=1e-3)


def test_tally_tables_a_tiny_arena(tiny: ModuleType) -> None:
    tally = Tally(["greedy", "random"])
    for fixture in schedule(["greedy", "random"], 2, 4, seed=1):
        tally.add(play_game(tiny, list(fixture.levels), fixture.seed, 0.01))
    assert tally.games == 4 and tally.seats == {"greedy": 4, "random": 4}
    assert tally.pair_games == {("greedy", "random"): 4, ("random", "greedy"): 4}
    assert tally.pair_wins["greedy", "random"] + tally.pair_wins["random", "greedy"] == 4
    assert [line.split()[:3] for line in tally.pair_lines()] == [["greedy", "vs", "random"]]
    table = tally.timing_lines()
    assert [line.split()[0] for line in table[1:3]] == ["greedy", "random"]
    # each level's slowest decision, and the one that took most CPU, is named by its game and
    # action, to be looked up there
    lines = iter(table[3:])
    for level in ["greedy", "random"]:
        t = tally.timings[level]
        slowest, most = next(lines), next(lines)
        assert slowest.split()[:2] == [level, "slowest"] and f"{t.worst:.3f} s (" in slowest
        assert f"{t.worst_cpu:.3f} s CPU" in slowest
        assert most.split()[:3] == [level, "most", "CPU"] and f"{t.most_cpu:.3f} s" in most
        for at in (t.worst_at, t.most_cpu_at):
            where, action = at.split(": ", 1)
            assert where.startswith("seed ") and tiny.parse_action(action)
    assert next(lines, None) is None


def test_a_decision_kept_waiting_by_the_machine_is_told_from_a_decision_at_work(
        tiny: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision slow on the wall clock but not in CPU was the machine's, not the bot's: a
    sleep stands for the time another process held the core."""
    choose = tinyai.GreedyBot.choose

    def kept_waiting(bot: tinyai.GreedyBot, view: View, budget_s: float,
                     stop: threading.Event | None = None) -> Action:
        time.sleep(0.05)
        return choose(bot, view, budget_s, stop)
    monkeypatch.setattr(tinyai.GreedyBot, "choose", kept_waiting)
    timing = play_game(tiny, ["greedy", "random"], 1, 0.01).timings["greedy"]
    assert timing.worst >= 0.05 and timing.worst_cpu < 0.025
    assert timing.most_cpu < 0.025 and timing.most_cpu_at.startswith("seed 1 action ")
