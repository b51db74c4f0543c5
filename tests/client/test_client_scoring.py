"""The scoring screen explains the engine's final scores: where each colour's points came
from (R12.1), read from the engine's events, beside the final board.

Games are random ones played to their end; the breakdown must add up to the engine's
own totals for every seat and colour, and the screen is driven through real taps and
keys.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.apps import make_app

import engine.tigris as engine
from game.savegame import SavedGame, SeatConfig
from game.session import GameSession
from game.tigris.driver import Driver
from game.tigris.points import SOURCES, point_sources, sources_used
from game.tigris.scenes.scoring import ScoringScene


def finished_record(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    record = engine.new_record(players, seed, options)
    state = engine.new_game(players, seed, options)
    chooser = random.Random(seed)
    while not state.is_over:
        action = chooser.choice(state.legal_actions())
        state = state.apply(action)
        record["actions"].append(action)
    return record


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 0, {}), (3, 2, {}), (4, 5, {}), (3, 7, {"wonder": True}),
    (4, 11, {"buildings": True}), (2, 13, {"board": "alternative"}),
])
def test_r12_1_point_sources_add_up_to_the_engines_totals(players: int, seed: int,
                                                          options: dict[str, Any]) -> None:
    record = finished_record(players, seed, options)
    scores = engine.replay(record).final_scores()
    breakdowns = point_sources(record)
    for seat, score in enumerate(scores):
        for color in engine.COLORS:
            by_source = breakdowns[seat][color]
            assert sum(by_source.values()) == score["totals"][color], (seat, color, by_source)
            assert by_source["treasures"] == score["assigned"][color]
            assert by_source["earlier"] == 0


def test_r12_1_random_games_score_from_every_ordinary_source() -> None:
    """Tiles, conflicts, monuments and treasures each show up somewhere: the sources are
    told apart, not lumped together."""
    seen: set[str] = set()
    for seed in range(12):
        for by_color in point_sources(finished_record(3, seed, {})):
            for sources in by_color.values():
                seen |= {source for source, points in sources.items() if points}
    assert {"tiles", "conflicts", "monuments", "treasures"} <= seen


def test_points_a_position_started_with_are_counted_as_earlier() -> None:
    position = engine.new_game(2, 3, {}).to_dict()
    position["players"][0]["score"]["green"] = 4
    record = {"players": 2, "seed": 0, "options": position["options"], "actions": []}
    breakdowns = point_sources(record, position)
    assert breakdowns[0]["green"]["earlier"] == 4
    assert sources_used(breakdowns) == ["tiles", "conflicts", "monuments", "treasures",
                                        "earlier"]
    assert set(SOURCES) >= set(sources_used(breakdowns))


def scoring_screen(size: tuple[int, int], players: int, seed: int) -> tuple[Any, ScoringScene]:
    app = make_app(size)
    session = GameSession(SavedGame(record=finished_record(players, seed, {}),
                                    seats=[SeatConfig() for _ in range(players)]))
    scene = ScoringScene(app, session)
    app.replace(scene)
    return app, scene


@pytest.mark.parametrize("size", [(800, 480), (1280, 800), (600, 900)])
def test_r12_1_scoring_screen_shows_the_final_board_and_each_players_sources(
        size: tuple[int, int]) -> None:
    app, scene = scoring_screen(size, 4, 5)
    driver = Driver(app)
    driver.frames(3)
    assert scene.done_revealing
    assert scene.board.get_size() == scene.board_rect.size
    assert scene.board_rect.colliderect(scene.table_rect) is False
    assert scene.selected == scene.order[0], "the winner's points are explained first"
    for seat in scene.order:
        driver.tap(scene.row_rects[seat].center)
        driver.frames(1)
        assert scene.selected == seat
        shown = scene.source_points(seat)
        totals = scene.scores[seat]["totals"]
        for color in engine.COLORS:
            assert sum(points[color] for points in shown.values()) == totals[color]
    last = scene.order[-1]
    driver.key("down")
    assert scene.selected == scene.order[0]
    driver.key("up")
    assert scene.selected == last
    for rect in scene.row_rects.values():
        assert scene.table_rect.contains(rect)
        assert rect.bottom <= scene.breakdown_top


def test_r12_1_breakdown_reveals_treasures_with_the_scores() -> None:
    app = make_app((1280, 800))
    app.speed_override = "normal"
    session = GameSession(SavedGame(record=finished_record(3, 2, {}),
                                    seats=[SeatConfig() for _ in range(3)]))
    scene = ScoringScene(app, session)
    assert scene.steps, "this game ends with treasures to hand out"
    app.replace(scene)
    seat = scene.steps[0][0]
    scene.selected = seat
    assert sum(scene.source_points(seat)["treasures"].values()) == 0
    Driver(app).tap(scene.row_rects[seat].center)
    assert scene.done_revealing
    assert scene.source_points(seat)["treasures"] == scene.scores[seat]["assigned"]
