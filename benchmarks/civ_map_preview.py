"""Pictures of the civ map as painted in code, to look at (issue 22): the whole map fit
to 800×480 and to 1920×1080, a zoomed view of the Aegean with pieces of six nations,
barbarians, a pirate city and both warnings, and a sheet of every side's pieces.

    python benchmarks/civ_map_preview.py [OUTPUT_DIR]   (default: a new temporary folder)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.art import palette as pal
from game.civ import pieces
from game.civ.geometry import BoardShape, board_shape
from game.civ.map_art import Sizes, paint_map

ZOOM = 4.0
"""The zoomed view's scale, as a multiple of the 1280×800 fit."""
# (nation, area name, tokens, city?) placed in the zoomed view
PLACED = (
    ("thrace", "Byzantium", 3, True), ("thrace", "Chersonese", 2, False),
    ("asia", "Troas", 1, True), ("asia", "Mysia", 4, False), ("asia", "Lydia", 2, False),
    ("illyria", "Macedonia", 5, False), ("crete", "Cyclades", 1, False),
    ("babylon", "Phrygia", 3, False), ("assyria", "Pisidia", 2, False),
    ("babylon", "Lycaonia", 1, True), ("illyria", "Thessaly", 4, True),
    ("assyria", "Lycia", 1, False), ("crete", "Caria", 2, True),
)
CONTESTED = (("asia", "Ionia", 2), ("crete", "Ionia", 1))


def fit_view(shape: BoardShape, width: int, height: int) -> pygame.Surface:
    view = pygame.Surface((width, height))
    view.fill(pal.TABLE)
    scale = shape.fit_scale(width, height)
    board = paint_map(scale)
    view.blit(board, board.get_rect(center=view.get_rect().center))
    return view


def zoom_view(shape: BoardShape, width: int, height: int, centre: tuple[float, float]
              ) -> pygame.Surface:
    scale = shape.fit_scale(1280, 800) * ZOOM
    board = paint_map(scale).copy()
    size = Sizes.at(scale).piece
    named = {s.area.name: s for s in shape.shapes.values()}

    def at(point: tuple[float, float]) -> tuple[int, int]:
        x, y = shape.to_pixel(*point, scale)
        return round(x), round(y)

    for nation, name, count, has_city in PLACED:
        s = named[name]
        if has_city:
            piece = pieces.city(nation, size)
            board.blit(piece, piece.get_rect(center=at(s.city)))
        stack = pieces.token_stack(nation, count, size)
        board.blit(stack, stack.get_rect(center=at(s.tokens)))
    ionia = named["Ionia"]
    x, y = at(ionia.tokens)
    for k, (nation, _name, count) in enumerate(CONTESTED):
        stack = pieces.token_stack(nation, count, size)
        board.blit(stack, stack.get_rect(center=(x - size + 2 * size * k, y)))
    marker = pieces.over_limit_marker(round(size * 0.7))
    board.blit(marker, marker.get_rect(center=(x + size * 2, y - size // 2)))
    pirate = pieces.pirate_city(size)
    board.blit(pirate, pirate.get_rect(center=at(named["Rhodes"].city)))
    barbarians = pieces.barbarian_tokens(6, size)
    board.blit(barbarians, barbarians.get_rect(center=at(named["Galatia"].tokens)))
    troas = at(named["Troas"].city)
    short = pieces.short_of_support_marker(round(size * 0.7))
    board.blit(short, short.get_rect(center=(troas[0] - size, troas[1] - size // 2)))
    for nation, point in (("asia", (20.3, 39.2)), ("crete", (20.6, 36.7)),
                          ("thrace", (20.6, 39.8))):
        boat = pieces.ship(nation, size)
        board.blit(boat, boat.get_rect(center=at(point)))
    cx, cy = at(centre)
    view = pygame.Surface((width, height))
    view.blit(board, (0, 0), pygame.Rect(cx - width // 2, cy - height // 2, width, height))
    return view


def sheet() -> pygame.Surface:
    sides = pieces.sides()
    size = 40
    out = pygame.Surface((100 + 70 * 6, 30 + 76 * len(sides)))
    out.fill(pal.SAND_LIGHT)
    for row, look in enumerate(sides):
        y = 20 + 76 * row
        surfaces = [pieces.token(look.id, size), pieces.token_stack(look.id, 7, size),
                    pieces.city(look.id, size), pieces.ship(look.id, size),
                    pieces.token(look.id, 16), pieces.city(look.id, 16)]
        for col, piece in enumerate(surfaces):
            out.blit(piece, piece.get_rect(center=(60 + 70 * col, y + 28)))
    out.blit(pieces.over_limit_marker(32), (40 + 70 * 6, 30))
    out.blit(pieces.short_of_support_marker(32), (40 + 70 * 6, 90))
    return out


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(tempfile.mkdtemp(prefix="civ-map-"))
    folder.mkdir(parents=True, exist_ok=True)
    pygame.init()
    shape = board_shape()
    pictures = {
        "civ-map-800x480.png": fit_view(shape, 800, 480),
        "civ-map-1920x1080.png": fit_view(shape, 1920, 1080),
        "civ-map-zoom-pieces.png": zoom_view(shape, 1920, 1080, (24.2, 38.4)),
        "civ-pieces.png": sheet(),
    }
    for name, picture in pictures.items():
        pygame.image.save(picture, str(folder / name))
        print(folder / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
