"""The civ map painted in parts (issue 22's frame budget): a part painted alone is the
whole painting's pixels there, labels placed in slices are those placed at once, and
the table zooms by the wheel painting patches, never the whole map in one frame."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from support.apps import closed_after, make_app

from game.app import App
from game.civ import map_art
from game.civ.geometry import board_shape
from game.civ.table import CivTable
from game.kit.board_patches import PATCH
from game.scenes.flow import start_new_game


@pytest.mark.parametrize("zoom", [1.0, 3.0])
def test_a_part_painted_alone_is_the_whole_paintings_pixels_there(zoom: float) -> None:
    """Only anti-aliased edges may differ by a shade where a line's run starts anew."""
    scale = board_shape().fit_scale(800, 480) * zoom
    whole = map_art.paint_map(scale)
    w, h = whole.get_size()
    for at in ((0, 0), (w // 3, h // 4), (w - 100, h - 90)):
        part = pygame.Surface((160, 120))
        map_art.paint_part(part, scale, at)
        size = (min(160, w - at[0]), min(120, h - at[1]))
        cut = whole.subsurface(pygame.Rect(at, size))
        a = pygame.image.tobytes(cut, "RGB")
        b = pygame.image.tobytes(part.subsurface(pygame.Rect((0, 0), size)), "RGB")
        differ = sum(x != y for x, y in zip(a[::3], b[::3], strict=True))
        assert differ <= 0.02 * size[0] * size[1], (at, differ)


def test_labels_placed_in_slices_are_the_labels_placed_at_once() -> None:
    scale = board_shape().fit_scale(1280, 800) * 2.5
    map_art.clear_cache()
    at_once = map_art.labels(scale)
    map_art.clear_cache()
    slices = sum(1 for _ in map_art.place_labels(scale))
    assert slices > 50
    assert map_art.labels(scale) == at_once
    assert sum(1 for _ in map_art.place_labels(scale)) == 0   # placed: nothing to do


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def test_the_table_zooms_by_the_wheel_painting_patches_never_the_whole_map(app: Any) -> None:
    table = start_new_game(app, ["computer", "computer"], seed=2, options={"turn_limit": 2})
    assert isinstance(table, CivTable)
    app.run_frames(2)
    board = table.board
    painted: list[tuple[int, int]] = []
    paint = board.paint_board

    def noting(surface: pygame.Surface, scale: float, origin: tuple[float, float]) -> None:
        painted.append(surface.get_size())
        paint(surface, scale, origin)

    board.paint_board = noting  # type: ignore[method-assign]
    ticks = itertools.count()
    assert board.view.patches is not None   # a clock of 0.25 ms a reading: the budget
    board.view.patches.clock = lambda: next(ticks) / 4000   # of a frame is alike anywhere
    at = board.view.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(4):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0,
                                             precise_y=0.0, flipped=False))
        app.run_frames(2)
    assert board.view.scale > board.view.fit_scale * 2
    app.run_frames(30)
    assert painted and all(w <= PATCH and h <= PATCH for w, h in painted)
    assert board.view.patches is not None and not board.view.patches.missing(board.view)


def test_a_frame_at_rest_shows_the_kept_map_and_a_change_draws_it_anew(app: Any) -> None:
    """The map and its pieces cost most of a frame; at rest it is one blit of the last
    one, the same pixels as drawn anew."""
    table = start_new_game(app, ["human", "computer"], seed=2, options={"turn_limit": 2})
    assert isinstance(table, CivTable)
    app.run_frames(5)
    kept = table.kept_map
    drawn = kept.drawn
    app.run_frames(5)
    assert kept.drawn == drawn
    surface = pygame.Surface(app.size)
    table.draw(surface)
    again = pygame.Surface(app.size)
    kept.forget()
    table.draw(again)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(again, "RGB")
    drawn = kept.drawn
    table.board.view.zoom_by(1.25)
    app.run_frames(1)
    assert kept.drawn == drawn + 1
    app.run_frames(60)   # the new scale's patches
    drawn = kept.drawn
    table.board.view.pan_by(10, 0)
    app.run_frames(1)
    assert kept.drawn == drawn + 1


def test_the_minimap_shows_over_the_pieces(app: Any) -> None:
    """Zoomed in, pieces of areas under the minimap's corner covered it."""
    table = start_new_game(app, ["human", "computer"], seed=2, options={"turn_limit": 2})
    assert isinstance(table, CivTable)
    app.run_frames(2)
    table.board.view.zoom_by(3.0)

    def pieces_everywhere(surface: pygame.Surface) -> None:
        surface.fill((255, 0, 0), table.areas["map"])

    table.draw_pieces = pieces_everywhere  # type: ignore[method-assign]
    surface = pygame.Surface(app.size)
    table.draw(surface)
    box = table.board.view.minimap_rect()
    assert box is not None
    assert surface.get_at(box.center)[:3] != (255, 0, 0)
