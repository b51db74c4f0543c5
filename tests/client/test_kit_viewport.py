"""The kit's board viewport (game/kit/viewport.py): the transform between a board's
units and the screen, and the pan and zoom a player asks for by wheel, drag, pinch,
keys and the minimap, each through the App's input (pygame events become intents
that reach the scene), on a test board and on Tiny's table."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest
from support.apps import make_app
from support.tinyboard import TinyBoard

from game.art import palette as pal
from game.input import InputMapper, Intent
from game.kit.viewport import ZOOM_STEP, BoardPoint, Viewport
from game.scene import Scene
from game.tigris.layout import table_layout

SIZE = (800, 480)
RECT = pygame.Rect(100, 40, 400, 300)


class Grid:
    """A 40×30-unit board (fits RECT at 10 px a unit), with one piece at (5, 5)-(7, 7)
    that the game drags itself."""

    board_size = (40.0, 30.0)

    def __init__(self) -> None:
        self.paints: list[tuple[float, BoardPoint, tuple[int, int]]] = []

    def paint_board(self, surface: pygame.Surface, scale: float, origin: BoardPoint) -> None:
        self.paints.append((scale, origin, surface.get_size()))
        surface.fill((200, 180, 120))

    @staticmethod
    def grabs(point: BoardPoint) -> bool:
        return 5 <= point[0] < 7 and 5 <= point[1] < 7


def board_paints(scene: BoardScene) -> list[tuple[float, BoardPoint, tuple[int, int]]]:
    """The board's paintings for the rect (not the minimap's)."""
    return [p for p in scene.art.paints if p[0] >= scene.view.fit_scale]


class BoardScene(Scene):
    """A table that is only a board in a viewport: what the viewport leaves it, it notes."""

    def __init__(self, app: Any, max_zoom: float = 8.0) -> None:
        super().__init__(app)
        self.art = Grid()
        self.view = Viewport(self.art.board_size, RECT)
        self.view.max_scale = self.view.fit_scale * max_zoom
        self.heard: list[Intent] = []

    def handle(self, intent: Intent) -> None:
        if not self.view.handle(intent, self.art.grabs):
            self.heard.append(intent)

    def update(self, dt: float) -> None:
        self.view.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        self.view.draw(surface, self.art)


@pytest.fixture
def board(data_dir: Any) -> Any:
    app = make_app(SIZE)
    scene = BoardScene(app)
    app.push(scene)
    app.frame(1 / 60)
    yield app, scene
    app.close()


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=1, touch=False)


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                              precise_y=float(y), touch=False, which=0)


def finger(kind: int, pos: tuple[int, int], fid: int) -> pygame.event.Event:
    return pygame.event.Event(kind, x=pos[0] / SIZE[0], y=pos[1] / SIZE[1], dx=0.0, dy=0.0,
                              finger_id=fid, touch_id=1, pressure=1.0)


def key(name: str, char: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0,
                              unicode=char)


def pinch(a: tuple[int, int], a_to: tuple[int, int], b: tuple[int, int],
          b_to: tuple[int, int], steps: int = 10) -> None:
    """Two fingers, down at a and b, moving to a_to and b_to together in small steps (as
    SDL reports them: one finger's motion, then the other's)."""
    post(finger(pygame.FINGERDOWN, a, 1), finger(pygame.FINGERDOWN, b, 2))
    for i in range(1, steps + 1):
        for fid, start, end in ((1, a, a_to), (2, b, b_to)):
            at = (start[0] + (end[0] - start[0]) * i // steps,
                  start[1] + (end[1] - start[1]) * i // steps)
            post(finger(pygame.FINGERMOTION, at, fid))


def frames(app: Any, n: int = 1) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def close(a: tuple[float, float], b: tuple[float, float], tol: float = 1e-6) -> bool:
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


# ----- the transform --------------------------------------------------------------------


def test_screen_and_board_points_round_trip_at_any_zoom_and_pan() -> None:
    view = Viewport((40, 30), RECT, max_scale=80.0)
    for scale, about in ((10.0, (100, 40)), (23.7, (333, 201)), (80.0, (499, 339))):
        view.zoom_to(scale, about)
        for point in ((0.0, 0.0), (12.25, 7.5), (39.9, 29.9)):
            assert close(view.to_board(view.to_screen(point)), point)
        for pos in ((100, 40), (250, 190), (499, 339)):
            assert close(view.to_screen(view.to_board(pos)), pos)


def test_neighbouring_board_rects_share_their_screen_edges() -> None:
    view = Viewport((40, 30), RECT, max_scale=80.0)
    view.zoom_to(13.37, (260, 170))
    left, right = view.board_rect(10, 10, 1, 1), view.board_rect(11, 10, 1, 1)
    below = view.board_rect(10, 11, 1, 1)
    assert left.right == right.left and left.bottom == below.top
    assert view.cell_at(left.center) == (10, 10) and view.cell_at(right.center) == (11, 10)


def test_zoom_keeps_the_point_under_the_pointer_still() -> None:
    view = Viewport((40, 30), RECT, max_scale=80.0)
    about = (180, 90)
    under = view.to_board(about)
    view.zoom_by(3.0, about)
    assert view.scale == pytest.approx(30.0)
    assert close(view.to_screen(under), about)


def test_zoom_is_clamped_between_fitting_and_the_maximum() -> None:
    view = Viewport((40, 30), RECT, max_scale=50.0)
    assert view.fit_scale == 10.0 and view.scale == 10.0
    view.zoom_to(500.0)
    assert view.scale == 50.0
    view.zoom_to(1.0)
    assert view.scale == 10.0 and view.origin == (0.0, 0.0)


def test_pan_never_takes_the_board_out_of_the_rect() -> None:
    view = Viewport((40, 30), RECT, max_scale=50.0)
    view.zoom_to(20.0)
    view.pan_by(-10_000, -10_000)
    assert view.origin == (0.0, 0.0)
    view.pan_by(10_000, 10_000)
    x, y, w, h = view.visible()
    assert (x + w, y + h) == pytest.approx((40.0, 30.0))
    assert view.to_screen((40.0, 30.0)) == pytest.approx(RECT.bottomright)


def test_a_board_narrower_than_the_rect_is_centred_across() -> None:
    view = Viewport((10, 30), RECT, max_scale=50.0)
    assert view.fit_scale == 10.0
    view.pan_by(-500, 0)
    assert view.to_screen((5.0, 0.0))[0] == pytest.approx(RECT.centerx)


def test_a_viewport_without_a_maximum_only_transforms_and_leaves_intents_alone() -> None:
    view = Viewport((16, 11), pygame.Rect(10, 20, 16 * 40, 11 * 40))
    assert view.scale == 40.0 and not view.zoomable
    for intent in (Intent("scroll", pos=(50, 50), amount=1), Intent("key", key="="),
                   Intent("drag_start", pos=(80, 80), origin=(50, 50)),
                   Intent("pinch_start", pos=(50, 50), origin=(50, 50))):
        assert not view.handle(intent)
    assert view.scale == 40.0 and view.origin == (0.0, 0.0)


def test_tigris_squares_are_placed_and_found_through_the_viewport() -> None:
    layout = table_layout(1280, 800)
    c, board = layout.cell, layout.board
    assert layout.view.rect == board and layout.view.scale == c
    assert layout.square_rect(3, 2) == pygame.Rect(board.x + 3 * c, board.y + 2 * c, c, c)
    assert layout.square_at((board.x + 3 * c, board.y + 2 * c + c - 1)) == (3, 2)
    assert layout.square_at((board.right, board.y)) is None


# ----- through the App's input -------------------------------------------------------------


def test_the_wheel_zooms_about_the_pointer(board: Any) -> None:
    app, scene = board
    pos = (220, 120)
    under = scene.view.to_board(pos)
    post(mouse(pygame.MOUSEMOTION, pos), wheel(2))
    frames(app)
    assert scene.view.scale == pytest.approx(10.0 * ZOOM_STEP ** 2)
    assert close(scene.view.to_screen(under), pos)
    post(wheel(-5))
    frames(app)
    assert scene.view.scale == 10.0


def test_the_wheel_outside_the_board_is_the_scenes(board: Any) -> None:
    app, scene = board
    post(mouse(pygame.MOUSEMOTION, (700, 400)), wheel(1))
    frames(app)
    assert scene.view.scale == 10.0
    assert [i.kind for i in scene.heard if i.kind == "scroll"] == ["scroll"]


def test_dragging_empty_board_pans_and_dragging_a_piece_is_the_games(board: Any) -> None:
    app, scene = board
    scene.view.zoom_to(20.0, RECT.topleft)
    start = scene.view.to_board((300, 200))
    post(mouse(pygame.MOUSEBUTTONDOWN, (300, 200)), mouse(pygame.MOUSEMOTION, (280, 190)),
         mouse(pygame.MOUSEMOTION, (250, 170)), mouse(pygame.MOUSEBUTTONUP, (250, 170)))
    frames(app)
    assert close(scene.view.to_screen(start), (250, 170))
    assert not [i for i in scene.heard if i.kind in ("drag_start", "drag", "drop")]
    piece = scene.view.to_screen((6.0, 6.0))
    origin = scene.view.origin
    at = (round(piece[0]), round(piece[1]))
    post(mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEMOTION, (at[0] + 40, at[1])),
         mouse(pygame.MOUSEBUTTONUP, (at[0] + 40, at[1])))
    frames(app)
    assert scene.view.origin == origin
    assert [i.kind for i in scene.heard if i.kind in ("drag_start", "drop")] == [
        "drag_start", "drop"]


def test_a_tap_on_the_board_still_reaches_the_game(board: Any) -> None:
    app, scene = board
    post(mouse(pygame.MOUSEBUTTONDOWN, (150, 90)), mouse(pygame.MOUSEBUTTONUP, (150, 90)))
    frames(app)
    taps = [i for i in scene.heard if i.kind == "tap"]
    assert len(taps) == 1 and scene.view.cell_at(taps[0].pos) == (5, 5)


def test_two_fingers_pinch_zoom_about_their_centre(board: Any) -> None:
    app, scene = board
    a, b = (250, 190), (350, 190)
    centre = (300, 190)
    under = scene.view.to_board(centre)
    pinch(a, (200, 190), b, (400, 190))
    frames(app)
    assert scene.view.scale == pytest.approx(20.0, rel=0.02)
    assert close(scene.view.to_screen(under), centre, tol=1.0)
    post(finger(pygame.FINGERUP, (200, 190), 1), finger(pygame.FINGERUP, (400, 190), 2))
    frames(app)
    assert not [i for i in scene.heard if i.kind in ("tap", "drag_start", "drop")]
    assert board_paints(scene)[-1][0] == scene.view.scale   # painted anew at the new scale


def test_pinching_draws_the_painted_board_scaled_until_the_fingers_lift(board: Any) -> None:
    app, scene = board
    post(finger(pygame.FINGERDOWN, (250, 190), 1), finger(pygame.FINGERDOWN, (350, 190), 2))
    frames(app)
    painted = len(board_paints(scene))
    for step in range(1, 6):
        post(finger(pygame.FINGERMOTION, (250 - 10 * step, 190), 1),
             finger(pygame.FINGERMOTION, (350 + 10 * step, 190), 2))
        frames(app)
    assert len(board_paints(scene)) == painted and scene.view.scale > 10.0
    post(finger(pygame.FINGERUP, (200, 190), 1))
    frames(app)
    assert len(board_paints(scene)) > painted


def test_a_second_finger_that_does_not_move_leaves_the_first_a_tap(board: Any) -> None:
    app, scene = board
    post(finger(pygame.FINGERDOWN, (150, 90), 1), finger(pygame.FINGERDOWN, (350, 190), 2),
         finger(pygame.FINGERUP, (350, 190), 2), finger(pygame.FINGERUP, (150, 90), 1))
    frames(app)
    assert [i.kind for i in scene.heard if i.kind in ("tap", "pinch_start")] == ["tap"]
    assert scene.view.scale == 10.0


def test_keys_zoom_pan_and_fit(board: Any) -> None:
    app, scene = board
    post(key("="))
    frames(app)
    assert scene.view.scale == pytest.approx(10.0 * ZOOM_STEP)
    post(key("="), key("="))
    frames(app)
    before = scene.view.origin
    post(key("right"), key("down"))
    frames(app, 30)                          # the pan eases in
    after = scene.view.origin
    assert after[0] > before[0] and after[1] > before[1]
    post(key("-"))
    frames(app)
    assert scene.view.scale == pytest.approx(10.0 * ZOOM_STEP ** 2)
    post(key("0"))
    frames(app)
    assert scene.view.scale == 10.0 and not scene.view.zoomed


def test_the_minimap_shows_when_zoomed_and_a_tap_on_it_moves_there(board: Any) -> None:
    app, scene = board
    assert scene.view.minimap_rect() is None
    scene.view.zoom_to(40.0, RECT.topleft)
    frames(app)
    box = scene.view.minimap_rect()
    assert box is not None and RECT.contains(box)
    assert tuple(app.screen.get_at((box.x - 2, box.centery)))[:3] == pal.INK   # its frame
    target = (box.x + box.w * 3 // 4, box.y + box.h // 2)
    wanted = scene.view.minimap_to_board(target)
    post(mouse(pygame.MOUSEBUTTONDOWN, target), mouse(pygame.MOUSEBUTTONUP, target))
    frames(app, 60)
    x, y, w, h = scene.view.visible()
    assert math.isclose(x + w / 2, wanted[0], abs_tol=0.05)
    assert math.isclose(y + h / 2, wanted[1], abs_tol=0.05)
    assert not [i for i in scene.heard if i.kind == "tap"]


def test_a_drag_on_the_minimap_follows_the_pointer(board: Any) -> None:
    app, scene = board
    scene.view.zoom_to(40.0, RECT.topleft)
    frames(app)
    box = scene.view.minimap_rect()
    assert box is not None
    start, end = (box.x + 5, box.y + 5), (box.right - 5, box.bottom - 5)
    post(mouse(pygame.MOUSEBUTTONDOWN, start), mouse(pygame.MOUSEMOTION, end))
    frames(app)
    x, y, w, h = scene.view.visible()
    assert (x + w, y + h) == pytest.approx((40.0, 30.0))   # as far as the board goes
    post(mouse(pygame.MOUSEBUTTONUP, end))
    frames(app)
    assert not [i for i in scene.heard if i.kind in ("drag_start", "drop", "tap")]


def test_a_new_window_size_keeps_the_zoom_and_what_is_in_the_middle() -> None:
    view = Viewport((40, 30), RECT, max_scale=100.0)
    view.zoom_to(30.0, (180, 120))
    middle = view.to_board(RECT.center)
    bigger = pygame.Rect(0, 0, 800, 600)
    view.set_rect(bigger)
    assert view.scale / view.fit_scale == pytest.approx(3.0)
    assert close(view.to_board(bigger.center), middle)


def test_a_pan_is_a_blit_of_the_board_painted_once_per_scale(board: Any) -> None:
    app, scene = board
    scene.view.zoom_to(20.0, RECT.topleft)
    frames(app)
    painted = len(board_paints(scene))
    for _ in range(5):
        scene.view.pan_by(15, 10)
        frames(app)
    assert len(board_paints(scene)) == painted


def test_a_board_too_big_to_paint_whole_is_painted_around_what_is_seen(data_dir: Any) -> None:
    app = make_app(SIZE)
    try:
        scene = BoardScene(app, max_zoom=200.0)
        app.push(scene)
        scene.view.zoom_to(1000.0, RECT.center)
        frames(app)
        scale, origin, size = board_paints(scene)[-1]
        assert scale == 1000.0 and size[0] * size[1] < 4 * 4 * RECT.w * RECT.h
        x, y, w, h = scene.view.visible()
        assert origin[0] <= x and origin[1] <= y
        assert origin[0] + size[0] / scale >= x + w and origin[1] + size[1] / scale >= y + h
    finally:
        app.close()


# ----- Tiny's table: the shell's board in a viewport ---------------------------------------


def test_tinys_board_zooms_and_pans_through_the_apps_input(data_dir: Any, tiny: Any) -> None:
    from support import tinyclient, tinygame

    from game.savegame import SeatConfig
    from game.session import GameSession

    app = make_app(SIZE, game="tiny")
    try:
        seats = [SeatConfig("human"), SeatConfig("human")]
        table = tinyclient.TinyTable(app, GameSession.new(2, 1, {}, seats, game=tinygame.ID))
        app.push(table)
        frames(app)
        board: TinyBoard = table.board
        view = board.view
        assert not view.zoomed
        centre = view.rect.center
        post(mouse(pygame.MOUSEMOTION, centre), wheel(3))
        frames(app)
        assert view.zoomed and view.minimap_rect() is not None
        before = view.origin
        post(mouse(pygame.MOUSEBUTTONDOWN, centre),
             mouse(pygame.MOUSEMOTION, (centre[0] - 30, centre[1] - 20)),
             mouse(pygame.MOUSEBUTTONUP, (centre[0] - 30, centre[1] - 20)))
        frames(app)
        assert view.origin[0] > before[0] and view.origin[1] > before[1]
        scale = view.scale
        pinch((centre[0] - 40, centre[1]), (centre[0] - 20, centre[1]),
              (centre[0] + 40, centre[1]), (centre[0] + 20, centre[1]))
        post(finger(pygame.FINGERUP, (centre[0] - 20, centre[1]), 1))
        frames(app)
        assert view.scale == pytest.approx(scale / 2, rel=0.05)
        post(key("0"))
        frames(app)
        assert not view.zoomed
    finally:
        app.close()


# ----- the input mapper's pinch ------------------------------------------------------------


def test_two_moving_fingers_become_a_pinch_and_the_first_makes_no_tap() -> None:
    m = InputMapper(SIZE)
    assert [i.kind for i in m.feed(finger(pygame.FINGERDOWN, (300, 200), 1), 0.0)] == ["press"]
    assert m.feed(finger(pygame.FINGERDOWN, (500, 200), 2), 0.0) == []
    started = m.feed(finger(pygame.FINGERMOTION, (600, 200), 2), 0.1)
    assert [i.kind for i in started] == ["pinch_start", "pinch"]
    assert started[0].pos == (400, 200) and started[1].pos == (450, 200)
    assert started[1].scale == pytest.approx(1.5, abs=0.01)
    moved = m.feed(finger(pygame.FINGERMOTION, (200, 200), 1), 0.2)
    assert moved[0].kind == "pinch" and moved[0].scale == pytest.approx(2.0, abs=0.01)
    assert m.tick(5.0) == []                  # no long press for a finger that pinches
    assert [i.kind for i in m.feed(finger(pygame.FINGERUP, (200, 200), 1), 0.3)] == [
        "pinch_end"]
    assert m.feed(finger(pygame.FINGERMOTION, (650, 220), 2), 0.4) == []
    assert m.feed(finger(pygame.FINGERUP, (650, 220), 2), 0.5) == []
    assert [i.kind for i in m.feed(finger(pygame.FINGERDOWN, (100, 100), 3), 0.6)] == ["press"]


def test_the_first_finger_drags_while_a_second_rests() -> None:
    m = InputMapper(SIZE)
    m.feed(finger(pygame.FINGERDOWN, (300, 200), 1), 0.0)
    m.feed(finger(pygame.FINGERDOWN, (500, 200), 2), 0.0)
    assert m.feed(finger(pygame.FINGERMOTION, (501, 201), 2), 0.1) == []
    moved = m.feed(finger(pygame.FINGERMOTION, (340, 200), 1), 0.1)
    assert [i.kind for i in moved] == ["drag_start", "drag"] and moved[0].origin == (300, 200)
    assert m.feed(finger(pygame.FINGERMOTION, (560, 200), 2), 0.2) == []
    assert [i.kind for i in m.feed(finger(pygame.FINGERUP, (340, 200), 1), 0.3)] == ["drop"]


def test_a_drag_in_progress_ignores_a_second_finger() -> None:
    m = InputMapper(SIZE)
    m.feed(finger(pygame.FINGERDOWN, (300, 200), 1), 0.0)
    assert [i.kind for i in m.feed(finger(pygame.FINGERMOTION, (350, 200), 1), 0.1)] == [
        "drag_start", "drag"]
    assert m.feed(finger(pygame.FINGERDOWN, (500, 200), 2), 0.1) == []
    assert m.feed(finger(pygame.FINGERMOTION, (600, 200), 2), 0.2) == []
    assert [i.kind for i in m.feed(finger(pygame.FINGERMOTION, (360, 210), 1), 0.2)] == ["drag"]
    assert [i.kind for i in m.feed(finger(pygame.FINGERUP, (360, 210), 1), 0.3)] == ["drop"]


def test_every_finger_is_its_own_gesture_at_the_tabletop() -> None:
    m = InputMapper(SIZE, multi=True)
    m.feed(finger(pygame.FINGERDOWN, (300, 200), 1), 0.0)
    assert [i.kind for i in m.feed(finger(pygame.FINGERDOWN, (500, 200), 2), 0.0)] == ["press"]
    moved = m.feed(finger(pygame.FINGERMOTION, (600, 200), 2), 0.1)
    assert [i.kind for i in moved] == ["drag_start", "drag"]


def test_a_pinch_whose_end_was_lost_does_not_outlive_the_next_gesture(board: Any) -> None:
    app, scene = board
    scene.view.handle(Intent("pinch_start", pos=(300, 190), origin=(300, 190)))
    scene.view.handle(Intent("pinch", pos=(300, 190), origin=(300, 190), scale=2.0))
    app.input.reset()                 # what the App does when a scene comes over the table
    post(mouse(pygame.MOUSEMOTION, (300, 190)), wheel(1))
    frames(app)
    assert board_paints(scene)[-1][0] == scene.view.scale == pytest.approx(20.0 * ZOOM_STEP)
