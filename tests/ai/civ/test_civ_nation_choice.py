"""How the computer players choose their nations (A6.3), and what that does to the balance of a
game of six: each nation's win share among six medium players should stay within half and
twice par (issue 23), and a nation squeezed between two others cannot."""

from __future__ import annotations

import ai
import engine.civ as civ
from ai.civ.arena import report
from ai.civ.easy import room_around
from engine.civ.map_check import room
from engine.civ.map_schema import load_map


def chosen_nations(players: int, level: str, seed: int) -> list[str]:
    """The nations `players` seats of `level` choose, in the order they choose them."""
    state = civ.new_game(players, seed, {})
    bots = [ai.make_bot("civ", level, seed * 31 + s) for s in range(players)]
    nations = []
    while state.position.pending is not None and state.position.pending["kind"] == "nation":
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.view(seat), 0.0)
        nations.append(action["nation"])
        state = state.apply(action)
    return nations


def test_A6_3_land_a_placed_nation_reaches_first_is_no_room_for_a_later_chooser() -> None:
    state = civ.new_game(6, 1, {})
    empty = room_around(state.position, state.position.board.start_areas("assyria")[0])
    babylon = state.position.board.start_areas("babylon")[0]
    state = state.apply({"type": "nation", "nation": "babylon", "area": babylon})
    beside = room_around(state.position, state.position.board.start_areas("assyria")[0])
    assert beside <= empty / 2  # Assyria's upper Tigris is mostly nearer Babylon's start


def test_A6_3_six_medium_choose_nations_whose_rooms_are_within_a_factor_two() -> None:
    """Before, the second chooser took Assyria beside Babylon (room 24 against Italy's 58.5)
    and left Africa, Illyria and Crete empty."""
    for seed in (1, 2):
        nations = chosen_nations(6, "medium", seed)
        assert len(set(nations)) == 6
        rooms = room(load_map(), "full", nations)
        capacities = [float(r.capacity) for r in rooms.values()]
        assert min(capacities) >= max(capacities) / 2, rooms



def test_the_arena_gives_each_nation_its_score_against_its_games_mean() -> None:
    games = [{"seats egypt": 1.0, "share egypt": 1.0, "score egypt": 1.5, "score2 egypt": 2.25,
              "ast egypt": 9.0, "turn": 40.0},
             {"seats egypt": 1.0, "share egypt": 0.0, "score egypt": 0.5, "score2 egypt": 0.25,
              "ast egypt": 7.0, "turn": 40.0}]
    line = next(line for line in report(games, 6) if line.startswith("  egypt"))
    # mean 1.0, sample spread 0.707, half width 1.96 * 0.707 / sqrt(2) = 0.98
    assert "2 games  50.0%" in line and "score 1.00 [0.02–1.98]" in line
    assert line.endswith("A.S.T. 8.0")
