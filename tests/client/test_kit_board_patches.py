"""A big board in the kit's viewport painted in patches (game/kit/board_patches.py): a frame
paints what its budget allows (on a clock the test drives), missing patches show the
board scaled rather than a hole, a pinch or a spin of the wheel paints no scale it
passes through, and a pan over patches painted ahead paints nothing."""

from __future__ import annotations

import pygame
import pytest

from game.kit.board_patches import PatchPainter
from game.kit.viewport import BoardPoint, Viewport

RECT = pygame.Rect(10, 20, 400, 300)
BOARD = (200.0, 150.0)   # fits RECT at 2 px a unit
COST = 0.003             # seconds of the test's clock a patch's painting takes
BUDGET = 0.004
LAND = (200, 180, 120)
HOLE = (0, 0, 0)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class CostlyArt:
    """A plain board whose every painting costs COST on the clock; it notes each one, and
    needs `steps` slices of preparation before a new scale."""

    board_size = BOARD

    def __init__(self, clock: Clock, steps: int = 0) -> None:
        self.clock = clock
        self.steps = steps
        self.paints: list[tuple[float, BoardPoint, tuple[int, int]]] = []
        self.prepared: list[float] = []

    def paint_board(self, surface: pygame.Surface, scale: float, origin: BoardPoint) -> None:
        self.clock.now += COST
        self.paints.append((scale, origin, surface.get_size()))
        surface.fill(LAND)

    def prepare_board(self, scale: float):  # type: ignore[no-untyped-def]
        for _ in range(self.steps):
            self.clock.now += COST
            yield
        self.prepared.append(scale)


def setup(steps: int = 0) -> tuple[Viewport, CostlyArt, Clock, pygame.Surface]:
    clock = Clock()
    view = Viewport(BOARD, RECT, max_scale=40.0)
    view.patches = PatchPainter(patch=64, budget=BUDGET, clock=clock)
    return view, CostlyArt(clock, steps), clock, pygame.Surface((420, 340))


def frame(view: Viewport, art: CostlyArt, clock: Clock, surface: pygame.Surface) -> int:
    """Draws one frame (the clock starting anew); the patches it painted."""
    clock.now += 1.0
    before = len(art.paints)
    surface.fill(HOLE)
    view.draw(surface, art)
    return len(art.paints) - before


def test_the_first_frame_paints_the_whole_board_at_its_fitting_scale() -> None:
    view, art, clock, surface = setup()
    assert frame(view, art, clock, surface) == 1
    assert art.paints[0] == (view.fit_scale, (0.0, 0.0), (400, 300))
    assert surface.get_at(RECT.center)[:3] == LAND


def test_a_zoom_paints_within_the_budget_and_shows_the_board_scaled_meanwhile() -> None:
    view, art, clock, surface = setup()
    frame(view, art, clock, surface)
    view.zoom_to(16.0)
    assert view.patches is not None
    frames = []
    while view.patches.missing(view):
        frames.append(frame(view, art, clock, surface))
        # no hole where a patch is missing: the base, scaled, stands in
        minimap = view.minimap_rect()
        assert minimap is not None
        for x in range(RECT.left, RECT.right, 16):
            for y in range(RECT.top, RECT.bottom, 16):
                if not minimap.inflate(8, 8).collidepoint(x, y):
                    assert surface.get_at((x, y))[:3] == LAND
        assert len(frames) < 100
    # the first frame at a new scale waits (a zoom may go on); then the first patch
    # in sight, and another while the budget lasts (COST < BUDGET < 2 * COST)
    assert frames[0] == 0 and max(frames) == 2 and len(frames) > 4
    assert all(p[0] == 16.0 and p[2][0] <= 64 and p[2][1] <= 64 for p in art.paints[1:])


def test_patches_are_painted_ahead_so_a_small_pan_paints_nothing() -> None:
    view, art, clock, surface = setup()
    frame(view, art, clock, surface)
    view.zoom_to(16.0, RECT.center)
    for _ in range(200):
        frame(view, art, clock, surface)
    painted = len(art.paints)
    view.pan_by(40, 30)
    assert frame(view, art, clock, surface) == 0
    assert len(art.paints) == painted


def test_a_pinch_and_a_spin_of_the_wheel_paint_no_scale_they_pass_through() -> None:
    view, art, clock, surface = setup()
    frame(view, art, clock, surface)
    for k in range(1, 8):
        view.zoom_to(2.0 * 1.25 ** k)   # a scale a frame
        assert frame(view, art, clock, surface) == 0
    settled = view.scale
    frame(view, art, clock, surface)
    frame(view, art, clock, surface)
    assert {p[0] for p in art.paints[1:]} == {settled}


def test_a_scale_is_prepared_in_slices_before_its_patches() -> None:
    view, art, clock, surface = setup(steps=5)
    frame(view, art, clock, surface)
    view.zoom_to(16.0)
    frame(view, art, clock, surface)   # the zoom's frame
    counts = [frame(view, art, clock, surface) for _ in range(3)]
    # two slices a frame (the budget), so the first patch waits for the third frame
    assert counts == [0, 0, 1] and art.prepared == [16.0]


@pytest.mark.parametrize("steps", [0, 3])
def test_a_new_picture_forgets_every_patch(steps: int) -> None:
    view, art, clock, surface = setup(steps)
    frame(view, art, clock, surface)
    view.zoom_to(16.0)
    for _ in range(50):
        frame(view, art, clock, surface)
    view.invalidate()
    assert view.patches is not None and view.patches.missing(view)


def test_the_same_rect_laid_out_again_keeps_the_painting_and_an_eased_pan() -> None:
    """A table lays itself out anew after every move: that repainted the whole board
    and stopped a pan gliding by the arrow keys."""
    view, art, clock, surface = setup()
    frame(view, art, clock, surface)
    view.zoom_to(16.0, RECT.center)
    for _ in range(100):
        frame(view, art, clock, surface)
    painted = len(art.paints)
    view.pan_by(60, 0, ease=True)
    view.set_rect(pygame.Rect(RECT))
    assert view.update(1 / 60)
    assert frame(view, art, clock, surface) == 0 and len(art.paints) == painted
