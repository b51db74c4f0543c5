"""Kingdoms as tinted areas (issue 12, "Reading the board"): each kingdom (R3.3) one
translucent area over the union of its squares, outlined only along its outer edge,
clear of every piece's face; the geometry is checked without a window, the painting on
the board's cached layer."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import engine.tigris as engine
from game.art import palette as pal
from game.tigris.art import faces
from game.tigris.art.board import board_grid_rect
from game.tigris.boardmap import coords
from game.tigris.layout import TableLayout
from game.tigris.settings import tigris_settings
from game.tigris.ui.board_painter import BoardPainter
from game.tigris.ui.kingdom_areas import outer_edges, outer_sides, side_strips, square_edges
from game.tigris.ui.kingdom_layer import OUTLINE_SHADE, KingdomStamps, outline_width
from game.tigris.ui.kingdom_tints import kingdom_tints
from game.ui import skin
from positions import build


def pixels(boxes: list[tuple[int, int, int, int]], x: int = 0, y: int = 0) -> set[tuple[int, int]]:
    return {(x + bx + i, y + by + j) for bx, by, w, h in boxes for i in range(w)
            for j in range(h)}


def outline(squares: set[str], cell: int, width: int) -> set[tuple[int, int]]:
    """The outline's pixels on the grid, square by square as the stamps draw it."""
    out: set[tuple[int, int]] = set()
    for square, sides in outer_sides(squares).items():
        col, row = coords(square)
        out |= pixels(side_strips(sides, cell, width), col * cell, row * cell)
    return out


def area(squares: set[str], cell: int) -> set[tuple[int, int]]:
    return {(x, y) for col, row in map(coords, squares)
            for x in range(col * cell, (col + 1) * cell)
            for y in range(row * cell, (row + 1) * cell)}


def test_r3_3_two_neighbouring_squares_of_a_kingdom_are_one_area_without_an_inner_edge():
    kingdom = {"A1", "B1"}
    shared = ((1, 0), (1, 1))
    assert shared in square_edges("A1") and shared in square_edges("B1")
    assert outer_edges(kingdom) == {((0, 0), (1, 0)), ((1, 0), (2, 0)), ((0, 1), (1, 1)),
                                    ((1, 1), (2, 1)), ((0, 0), (0, 1)), ((2, 0), (2, 1))}
    assert outer_sides(kingdom) == {"A1": (True, True, True, False),
                                    "B1": (True, True, False, True)}
    lines = outline(kingdom, 10, 2)
    seam = {(x, y) for x in (9, 10) for y in range(2, 8)}
    assert not seam & lines, "no line where the two squares meet"
    assert {(9, 0), (10, 0), (9, 9), (10, 9), (0, 5), (19, 5)} <= lines


def test_r3_3_kingdoms_touching_at_a_corner_stay_two_areas():
    one, two = {"A1"}, {"B2"}
    assert not outer_edges(one) & outer_edges(two)
    assert not area(one, 10) & area(two, 10)
    line_one, line_two = outline(one, 10, 3), outline(two, 10, 3)
    assert line_one <= area(one, 10) and line_two <= area(two, 10), "each outline inside its area"
    assert (9, 9) in line_one and (10, 10) in line_two


def test_r3_3_the_outer_edge_runs_around_a_kingdom_and_around_a_hole_in_it():
    ring = {"A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3"}
    edges = outer_edges(ring)
    assert len(edges) == 12 + 4
    assert set(square_edges("B2")) <= edges, "the empty square in the middle is outlined"
    assert outer_sides(ring)["B1"] == (True, True, False, False)
    lines = outline(ring, 10, 2)
    assert lines <= area(ring, 10)
    assert (10, 10) not in lines and (9, 15) in lines and (20, 15) in lines


def test_r3_3_an_l_shaped_kingdom_is_outlined_along_its_twelve_outer_sides():
    kingdom = {"B2", "C2", "D2", "D3", "D4"}
    assert len(outer_edges(kingdom)) == 12
    assert sum(sum(sides) for sides in outer_sides(kingdom).values()) == 12
    assert outer_sides(kingdom)["D2"] == (True, False, False, True)
    assert outer_sides(kingdom)["D3"] == (False, False, True, True)


def test_r3_3_a_kingdom_of_one_square_is_outlined_on_all_four_sides():
    assert outer_edges({"H6"}) == set(square_edges("H6"))
    assert outer_sides({"H6"}) == {"H6": (True, True, True, True)}
    lines = pixels(side_strips((True, True, True, True), 12, 2))
    assert {(0, 6), (11, 6), (6, 0), (6, 11)} <= lines
    assert (6, 6) not in lines and (2, 6) not in lines


# --- painted on the board -------------------------------------------------------------------

SIZE = (1000, 700)


def position() -> dict[str, Any]:
    """Kingdom A: H4 temple, H5 king, I5 market, J5 settlement; kingdom B touches J5 at a
    corner only (K6 priest, L6 temple); kingdom C holds a monument on D5-E6; C10 is a
    market on its own."""
    return build({"H4": "r", "H5": "0k", "I5": "g", "J5": "k", "K6": "1r", "L6": "r",
                  "C10": "g", "D5": "r_", "E5": "r_", "D6": "r_", "E6": "r_", "F5": "0b",
                  "F4": "r"}, monuments=[{"at": "D5", "colors": ["red", "blue"]}]).view(0)


class Board:
    """The board as the table paints it, with and without the kingdoms' tints."""

    def __init__(self, view: dict[str, Any]) -> None:
        grid = board_grid_rect(*SIZE)
        layout = TableLayout(*SIZE, grid.w // 16, board=grid, bar=pygame.Rect(0, 0, 0, 0),
                             side=pygame.Rect(0, 0, 0, 0), frame=pygame.Rect(0, 0, *SIZE))
        self.painter = BoardPainter(engine.board_layout("classic"))
        self.painter.set_layout(layout, skin.table(*SIZE))
        self.cell = layout.cell
        self.tinted = self.painter.layer(view, 1, frozenset(), True, True).copy()
        self.plain = self.painter.layer(view, 2, frozenset(), False, True).copy()
        self.tints = {s: tint for squares, tint in kingdom_tints(view["board"]) for s in squares}

    def rect(self, square: str) -> pygame.Rect:
        return self.painter.square_rect(square)

    def edge_color(self, square: str) -> tuple[int, int, int]:
        return pal.darken(self.tints[square][:3], OUTLINE_SHADE)

    def same(self, box: pygame.Rect) -> bool:
        return (pygame.image.tobytes(self.tinted.subsurface(box), "RGB")
                == pygame.image.tobytes(self.plain.subsurface(box), "RGB"))


@pytest.fixture(scope="module")
def board() -> Board:
    pygame.init()
    return Board(position())


def test_r3_3_the_tint_never_covers_a_symbol_a_leader_or_a_monument(board: Board):
    c = board.cell
    for square in ("H4", "I5", "J5", "L6", "F4"):
        x, y, w, h, _ = faces.tile_face(c)
        face = pygame.Rect(x, y, w, h).move(board.rect(square).topleft)
        assert board.same(face.inflate(-h // 4, -h // 4)), square
    for square in ("H5", "K6", "F5"):
        token = pygame.Rect(faces.leader_faces(c)[0][:4]).move(board.rect(square).topleft)
        assert board.same(token.inflate(-token.w * 3 // 10, -token.h * 3 // 10)), square
    x, y, w, h, corner = faces.monument_face(2 * c)
    monument = pygame.Rect(x, y, w, h).move(board.rect("D5").topleft)
    assert board.same(monument.inflate(-2 * corner, -2 * corner))
    assert board.same(board.rect("C10")), "a tile outside every kingdom is left alone"


def test_r3_3_the_strength_badges_stay_over_the_tint(board: Board):
    px = max(10, board.cell // 3)
    for square in ("H5", "K6", "F5"):
        r = board.rect(square)
        badge = (r.left + px // 2, r.top + px // 2)
        assert board.tinted.get_at(badge) == board.plain.get_at(badge), square


def test_r3_3_neighbouring_tiles_share_one_tint_with_no_line_between_them(board: Board):
    i5, j5 = board.rect("I5"), board.rect("J5")
    edge = board.edge_color("I5")
    row = [(x, i5.centery) for x in range(i5.centerx + board.cell // 2 - board.cell // 8,
                                           j5.left + board.cell // 8)]
    assert all(tuple(board.tinted.get_at(p))[:3] != edge for p in row), "no inner outline"
    assert any(board.tinted.get_at(p) != board.plain.get_at(p) for p in row), "tinted seam"
    assert tuple(board.tinted.get_at((i5.centerx, i5.top)))[:3] == edge
    assert tuple(board.tinted.get_at((i5.centerx, i5.bottom - 1)))[:3] == edge


def test_r3_3_kingdoms_touching_at_a_corner_keep_their_own_outlines(board: Board):
    j5, k6 = board.rect("J5"), board.rect("K6")
    assert board.edge_color("J5") != board.edge_color("K6")
    assert tuple(board.tinted.get_at((j5.right - 1, j5.bottom - 1)))[:3] == board.edge_color("J5")
    assert tuple(board.tinted.get_at(k6.topleft))[:3] == board.edge_color("K6")
    w = outline_width(board.cell)
    assert tuple(board.tinted.get_at((k6.left + w, k6.top + w)))[:3] != board.edge_color("K6")


def test_the_tint_is_painted_once_per_position_not_per_frame(data_dir, monkeypatch):
    from support.apps import make_app

    from game.scenes.flow import start_from_position
    from game.tigris.driver import Driver

    calls: list[int] = []
    paint = KingdomStamps.paint

    def counted(self: KingdomStamps, *args: Any) -> None:
        calls.append(1)
        paint(self, *args)

    monkeypatch.setattr(KingdomStamps, "paint", counted)
    app = make_app((1280, 800))
    try:
        table = start_from_position(app, build({"H4": "r", "H5": "0k", "I5": "g"}).to_dict(),
                                    ["human", "computer"])
        driver = Driver(app)
        driver.frames(3)
        assert len(calls) == 1 and table.painter.fills
        driver.frames(60)
        assert len(calls) == 1, "sixty frames of the same position paint no tint"
        settings = tigris_settings(app.settings)
        table.painter.layer(table.view, table.version, frozenset(), settings.kingdom_outlines,
                            settings.leader_strength)
        assert len(calls) == 1, "the board's layer, tint and all, is kept for its position"
    finally:
        app.close()
