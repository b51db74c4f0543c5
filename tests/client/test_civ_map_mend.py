"""The civ table's kept map after computers' actions (issue 22's frame budget): mended
only where pieces changed, and then the same pixels as the map painted from scratch;
an animation running over it draws nothing of the map anew."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from support.apps import closed_after, make_app

from game.app import App
from game.civ.table import CivTable
from game.kit.kept_picture import KeptPicture
from game.scenes.flow import start_new_game


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def pixels(table: CivTable, app: Any, kept: KeptPicture) -> bytes:
    surface = pygame.Surface(app.size)
    table.kept_map, was = kept, table.kept_map
    try:
        table.draw(surface)
    finally:
        table.kept_map = was
    return pygame.image.tobytes(surface.subsurface(table.areas["map"]), "RGB")


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_mended_map_is_the_map_painted_from_scratch(app: Any, zoom: float) -> None:
    table = start_new_game(app, ["computer"] * 5, seed=7, options={"turn_limit": 8})
    assert isinstance(table, CivTable)
    if zoom != 1.0:
        table.board.view.zoom_by(zoom)
        app.run_frames(90)   # the new scale's patches
    kept = KeptPicture()
    pixels(table, app, kept)
    compared = 0
    for _ in range(160):   # one computer's action a frame (tests play them at once)
        state = table.state
        app.run_frames(1)
        if table.state is state or table.board.view.busy:
            continue
        mended = kept.mended
        shown = pixels(table, app, kept)
        assert shown == pixels(table, app, KeptPicture()), table.state.view(None)["phase"]
        compared += kept.mended - mended
    assert compared >= 10


def test_an_animation_over_the_map_keeps_the_map_as_drawn(app: Any) -> None:
    table = start_new_game(app, ["computer"] * 3, seed=7, options={"turn_limit": 8})
    assert isinstance(table, CivTable)
    app.speed_override = "normal"
    animated = 0
    for _ in range(400):
        state = table.state
        drawn = table.kept_map.drawn
        app.run_frames(1)
        if table.animating and table.state is state and not table.board.view.busy:
            animated += 1
            assert table.kept_map.drawn == drawn
    assert animated > 20


def test_the_frame_that_applies_an_action_and_the_next_leave_the_last_picture(
        app: Any) -> None:
    """While the action's animations start: the frame that applies it and the next,
    which readies its pictures, leave the last picture; never for two actions running,
    and the third frame shows the new position whole."""
    table = start_new_game(app, ["computer"] * 3, seed=7, options={"turn_limit": 8})
    assert isinstance(table, CivTable)
    app.speed_override = "normal"
    app.run_frames(3)

    def screen() -> bytes:
        return pygame.image.tobytes(app.screen, "RGB")

    waited = 0
    for _ in range(600):
        before, state = screen(), table.state
        app.run_frames(1)
        if table.state is state or screen() != before:
            continue
        waited += 1
        app.run_frames(1)   # the pictures readied, none drawn
        assert screen() == before
        app.run_frames(1)   # a computer may have acted meanwhile: it draws that position
        shown = screen()
        assert shown != before
        whole = pygame.Surface(app.size)
        table.draw(whole)
        assert shown == pygame.image.tobytes(whole, "RGB")
    assert waited >= 5


def test_pieces_placed_for_an_old_display_are_placed_anew(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cleared picture caches (a new display): the placer's memo keeps none of its parts."""
    from game.civ import table as civ_table

    table = start_new_game(app, ["computer"] * 3, seed=7, options={"turn_limit": 8})
    assert isinstance(table, CivTable)
    app.run_frames(20)
    public, board, placer = table.public(), table.board, table.placer
    placing: list[int] = []
    place = placer._place

    def noting(*args: Any) -> Any:
        placing.append(args[1])
        return place(*args)

    monkeypatch.setattr(placer, "_place", noting)

    def placed() -> int:
        placing.clear()
        found = placer.parts(public, board, set(), lambda _a, _i: False)
        areas.extend(k for k in found if isinstance(k, int))
        return len(placing)

    areas: list[int] = []
    placed()
    assert placed() == 0   # kept
    areas.clear()
    civ_table.clear_caches()
    assert placed() == len(areas) > 0
