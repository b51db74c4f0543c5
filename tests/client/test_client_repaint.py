"""The desk table repaints its cached picture in stages: an action's frame paints
nothing, then the board, the bar and panels, and the log each get a frame of their
own, so no frame pays for two (the frame benchmark's p99 is those frames)."""

from __future__ import annotations

import pygame
from support.apps import make_app

from game.scenes.flow import start_new_game
from game.tigris.driver import Driver
from game.tigris.scenes.table import TableScene
from game.tigris.scenes.table_drawing import TableDrawing

STAGES = ("_paint_board", "_paint_ui", "_paint_log_area")


def test_after_an_action_board_panels_and_log_are_painted_in_frames_of_their_own(
        data_dir, monkeypatch) -> None:
    app = make_app(size=(1280, 800))
    try:
        table = start_new_game(app, ["human", "computer"], seed=3)
        assert isinstance(table, TableScene)
        driver = Driver(app)
        driver.frames(3)
        painted: list[str] = []
        for stage in STAGES:
            original = getattr(TableDrawing, stage)

            def spy(self: TableDrawing, target: pygame.Surface, _original=original,
                    _stage=stage) -> None:
                painted.append(_stage)
                _original(self, target)

            monkeypatch.setattr(TableDrawing, stage, spy)
        action = next(a for a in table.session.state.legal_actions() if a["type"] == "tile")
        log_before = len(table.log)
        assert table.act(action)
        per_frame: list[list[str]] = []
        for _ in range(6):
            painted.clear()
            driver.frames(1)
            per_frame.append(list(painted))
        assert per_frame[:4] == [[], ["_paint_board"], ["_paint_ui"], ["_paint_log_area"]]
        assert per_frame[4:] == [[], []]
        assert len(table.log) > log_before
        shown = [line for _, line in table.drawing.log_hits.lines]
        assert table.log[-1] in shown, "the log painted in its own frame shows the action"
    finally:
        app.close()


def test_choosing_a_log_filter_repaints_only_the_log(data_dir, monkeypatch) -> None:
    app = make_app(size=(1280, 800))
    try:
        table = start_new_game(app, ["human", "computer"], seed=3)
        driver = Driver(app)
        driver.frames(3)
        painted: list[str] = []
        for stage in STAGES:
            original = getattr(TableDrawing, stage)
            monkeypatch.setattr(TableDrawing, stage,
                                lambda self, target, _o=original, _s=stage:
                                (painted.append(_s), _o(self, target))[1])
        panel = pygame.image.tobytes(app.screen.subsurface(table.layout.side_.panels[0]),
                                     "RGB")
        driver.tap(table.drawing.log_hits.filters["scores"].center)
        driver.frames(2)
        assert painted == ["_paint_ui", "_paint_log_area"], "the press, then the tap"
        assert table.log_filter == "scores"
        assert pygame.image.tobytes(app.screen.subsurface(table.layout.side_.panels[0]),
                                    "RGB") == panel
    finally:
        app.close()
