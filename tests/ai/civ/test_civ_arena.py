"""`ziggurat arena civ`: 5-player games with a turn limit (A35.1), seats and seeds rotated,
win shares with Wilson intervals, the same report whatever the number of processes."""

from __future__ import annotations

import argparse
from collections import Counter

import pytest

import ai.match
import engine
from ai.match import play_game, plies_cap
from ai.stats import wilson
from ai.tournament import Tally, schedule
from ziggurat_cli import arena
from ziggurat_cli.main import game_word_as_option


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    arena.configure(parser)
    parser.add_argument("--game", default="tigris")
    return parser.parse_args(game_word_as_option(["arena", *argv])[1:])


def report(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[str]:
    assert arena.run(parse(argv)) == 0
    return capsys.readouterr().out.splitlines()


def without_clock(lines: list[str]) -> list[str]:
    """The report less what the clock and the job count set: wall time, decision times."""
    cut = lines.index("decision time per level:")
    head = lines[0].split(", ")
    return [", ".join(part for part in head if "job" not in part and "wall" not in part),
            *lines[1:cut]]


def test_civ_arena_defaults_to_five_players_and_forty_turns() -> None:
    args = parse(["civ"])
    assert args.game == "civ"
    assert arena.DEFAULTS["civ"].players == 5 and arena.DEFAULTS["civ"].turn_limit == 40
    assert arena.parse_bots(arena.DEFAULTS["civ"].bots) == ["easy", *["random"] * 4]


def test_bots_shorthand_seats_several_players_of_one_level() -> None:
    assert arena.parse_bots("easy, random*3,medium") == ["easy", "random", "random", "random",
                                                         "medium"]


def test_a_short_civ_arena_is_the_same_in_one_process_and_in_two(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["civ", "--bots", "random*5", "--games", "3", "--turn-limit", "3"]
    alone = report(capsys, [*argv, "--jobs", "1"])
    pooled = report(capsys, [*argv, "--jobs", "2"])
    assert alone[0].startswith("civ, 5-player arena, turn limit 3: 3 games")
    assert any("random" in line and "–" in line and "%" in line for line in alone)
    assert without_clock(alone) == without_clock(pooled)


def test_results_come_in_schedule_order_whatever_finishes_first() -> None:
    fixtures = schedule(["random"] * 3, 3, 4, seed=5)
    options = {"turn_limit": 2}
    pooled = list(arena.results(fixtures, 2, 0.0, options, None, "civ"))
    inline = list(arena.results(fixtures, 1, 0.0, options, None, "civ"))
    assert [(r.seed, r.scores, r.plies) for r in pooled] == \
        [(r.seed, r.scores, r.plies) for r in inline]
    assert [r.seed for r in pooled] == [f.seed for f in fixtures]


def test_arena_refuses_a_seat_count_the_game_does_not_seat(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.run(parse(["tigris", "--players", "5"])) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_five_player_schedule_rotates_seats_and_plays_each_seed_from_every_seat() -> None:
    fixtures = schedule(["easy", *["random"] * 4], 5, 10, seed=3)
    assert len(fixtures) == 10
    assert Counter(f.levels.index("easy") for f in fixtures) == {s: 2 for s in range(5)}
    by_seed: dict[int, list[int]] = {}
    for f in fixtures:
        by_seed.setdefault(f.seed, []).append(f.levels.index("easy"))
    assert by_seed == {3: [0, 4, 3, 2, 1], 4: [0, 4, 3, 2, 1]}


def test_A35_3_tied_best_scores_share_the_win_and_the_interval_is_wilsons() -> None:
    tally = Tally(["easy", "random"])
    result = play_game(engine.load("civ"), ["random"] * 5, 1, 0.0, {"turn_limit": 1})
    result.levels = ["easy", *["random"] * 4]
    result.ranking = [[0, 2], [1, 3, 4]]
    tally.add(result)
    result.ranking = [[1], [0, 2, 3, 4]]
    tally.add(result)
    assert tally.shares == {"easy": 0.5, "random": 1.5}
    assert tally.seats == {"easy": 2, "random": 8}
    lo, hi = wilson(0.5, 2)
    easy = next(line for line in tally.share_lines(5) if line.split()[0] == "easy")
    assert easy.split()[2] == "25.0%"
    assert easy.split()[3] == f"{100 * lo:.1f}–{100 * hi:.1f}%"


def test_a_civ_game_is_capped_by_its_turn_limit_not_by_max_plies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    civ = engine.load("civ")
    assert plies_cap(civ, 5, {"turn_limit": 40}) > ai.match.MAX_PLIES
    assert plies_cap(civ, 5, {"turn_limit": 40}) > plies_cap(civ, 5, {"turn_limit": 10})
    monkeypatch.setattr(ai.match, "MAX_PLIES", 20)
    result = play_game(civ, ["random"] * 5, 2, 0.0, {"turn_limit": 4})
    assert result.plies > 20 and result.ranking


def test_decision_times_give_a_median_and_p99_9_within_five_percent() -> None:
    timing, other = ai.match.Timing(), ai.match.Timing()
    for ms in range(1, 1001):
        cpu = 0.5 if ms == 8 else ms / 4000
        (timing if ms % 2 else other).add(ms / 1000, f"action {ms}", cpu=cpu)
    timing.merge(other)
    assert timing.count == 1000 and timing.worst == 1.0 and timing.worst_at == "action 1000"
    assert timing.worst_cpu == 0.25 and (timing.most_cpu, timing.most_cpu_at) == (0.5, "action 8")
    assert timing.quantile(0.5) == pytest.approx(0.5, rel=0.05)
    assert timing.quantile(0.999) == pytest.approx(0.999, rel=0.05)
    assert timing.quantile(1.0) == 1.0
