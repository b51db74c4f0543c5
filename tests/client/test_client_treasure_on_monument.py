"""R10.3: a treasure on a temple turned face down under a monument stays in play, so the
board draws it on top of the monument (issue 21, bug 1: it was painted under it)."""

from __future__ import annotations

from typing import Any

import pygame

import engine.tigris as engine
from game.tigris.art.board import board_grid_rect
from game.tigris.layout import TableLayout
from game.tigris.ui.board_painter import BoardPainter
from game.ui import skin
from positions import build

SIZE = (1000, 700)


def painted(monument_over_treasure: bool) -> tuple[pygame.Surface, pygame.Rect]:
    """The board's layer with a red-blue monument on the 2×2 whose top-left is I7, a
    starting temple (R2.1), its treasure still there or already taken (R1.5)."""
    i7 = "r_*" if monument_over_treasure else "r_"
    state = build({"I7": i7, "J7": "r_", "I8": "r_", "J8": "r_"},
                  monuments=[{"at": "I7", "colors": ["red", "blue"]}],
                  taken=[0, 0] if monument_over_treasure else [1, 0])
    grid = board_grid_rect(*SIZE)
    layout = TableLayout(*SIZE, grid.w // 16, board=grid, bar=pygame.Rect(0, 0, 0, 0),
                         side=pygame.Rect(0, 0, 0, 0), frame=pygame.Rect(0, 0, *SIZE))
    painter = BoardPainter(engine.board_layout("classic"))
    painter.set_layout(layout, skin.table(*SIZE))
    return painter.layer(state.view(0), 1, frozenset(), False, False).copy(), \
        painter.square_rect("I7")


def distance(one: pygame.Color, two: pygame.Color) -> int:
    """Colours told apart by eye, not by the monument's shading of what lies under it."""
    return max(abs(a - b) for a, b in zip(one[:3], two[:3], strict=True))


def test_r10_3_a_treasure_on_a_monument_is_drawn_over_it():
    pygame.init()
    with_treasure, i7 = painted(True)
    without, _ = painted(False)
    assert i7.w > 0
    inner = i7.inflate(-i7.w // 2, -i7.h // 2)  # inside the monument's frame
    changed = sum(distance(with_treasure.get_at((x, y)), without.get_at((x, y))) > 60
                  for x in range(inner.left, inner.right) for y in range(inner.top, inner.bottom))
    assert changed > inner.w * inner.h // 4, "the treasure shows on the monument"


def test_r11_1_the_treasures_left_are_counted_beside_the_bag_at_the_desk_and_the_tabletop(
        data_dir, monkeypatch):
    """Issue 21, bug 1: the game ends with one or two treasures left (R11.1), so their count
    sits beside the bag's; one taken (here by seat 0) leaves nine."""
    from support.apps import make_app

    from game.scenes.flow import start_from_position
    from game.tigris.driver import Driver
    from game.tigris.ui import supplies

    drawn: list[list[tuple[str, int]]] = []
    count = supplies.supplies

    def counted(view: dict[str, Any]) -> list[tuple[str, int]]:
        drawn.append(count(view))
        return drawn[-1]

    monkeypatch.setattr(supplies, "supplies", counted)
    position = build({"I7": None, "H4": "r", "H5": "0k"}, taken=[1, 0]).to_dict()
    for size, tabletop in (((1280, 800), False), ((1920, 1080), True)):
        app = make_app(size, tabletop=tabletop)
        try:
            table = start_from_position(app, position, ["human", "computer"])
            Driver(app).frames(3)
            bag = table.view["bag_size"]
            assert drawn and drawn[-1] == [("bag", bag), ("treasure", 9)], size
        finally:
            app.close()
        drawn.clear()
