"""The rules screen's pictures: a few squares of board with the game's own pieces on them
(the pieces, a kingdom, a revolt, a war, a monument), each under the rule it shows.

A picture is data (squares of river, pieces on squares, numbers on leaders, an arrow)
drawn with `game.tigris.art`, so it looks like the table. Every leader stands beside a temple
(R3.4), and the strengths written on the leaders are the ones R7.2 and R8.3 count for
the position shown.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.art import palette as pal
from game.tigris import art
from game.tigris.art import palette as te_pal
from game.ui import text


@dataclass(frozen=True)
class Picture:
    cols: int
    rows: int
    pieces: tuple[tuple[int, int, str], ...]   # (col, row, "tile:red" / "leader:archer:red"
    #                                            / "catastrophe" / "treasure" / "unification"
    #                                            / "monument:blue:red" (its top-left square))
    river: frozenset[tuple[int, int]] = frozenset()
    badges: tuple[tuple[int, int, str], ...] = ()   # a number on a square's corner
    arrows: tuple[int, ...] = ()   # columns holding an arrow to the right, half-way down


# The section each picture follows, and the picture.
PICTURES: dict[str, tuple[int, Picture]] = {
    "pieces": (1, Picture(10, 1, (
        (0, 0, "tile:red"), (1, 0, "tile:blue"), (2, 0, "tile:green"), (3, 0, "tile:black"),
        (4, 0, "leader:archer:black"), (5, 0, "leader:archer:red"),
        (6, 0, "leader:archer:blue"), (7, 0, "leader:archer:green"),
        (8, 0, "catastrophe"), (9, 0, "tile:red"), (9, 0, "treasure")))),
    "kingdom": (3, Picture(8, 3, (
        (1, 0, "tile:red"), (2, 0, "leader:archer:black"), (3, 0, "tile:blue"),
        (1, 1, "tile:black"), (2, 1, "tile:green"), (3, 1, "tile:black"),
        (6, 0, "tile:blue"), (6, 1, "tile:red")),
        river=frozenset({(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2)}))),
    "revolt": (7, Picture(7, 3, (
        (0, 1, "tile:red"), (1, 0, "tile:red"), (1, 1, "leader:archer:red"),
        (2, 1, "tile:blue"), (3, 1, "tile:green"), (4, 0, "tile:red"),
        (4, 1, "leader:bull:red"), (5, 1, "tile:black")),
        badges=((1, 1, "2"), (4, 1, "1")))),
    "war": (8, Picture(9, 3, (
        (0, 1, "tile:black"), (1, 0, "tile:black"), (1, 1, "leader:archer:black"),
        (2, 1, "tile:blue"), (3, 1, "tile:red"), (4, 1, "tile:green"),
        (4, 1, "unification"), (5, 1, "tile:black"), (6, 1, "leader:bull:black"),
        (6, 0, "tile:black"), (7, 1, "tile:black"), (6, 2, "tile:red"), (1, 2, "tile:red")),
        badges=((1, 1, "2"), (6, 1, "3")))),
    "monument": (10, Picture(8, 2, (
        (0, 0, "tile:blue"), (1, 0, "tile:blue"), (0, 1, "tile:blue"), (1, 1, "tile:blue"),
        (2, 0, "leader:archer:blue"), (2, 1, "tile:red"),
        (4, 0, "monument:blue:red"), (6, 0, "leader:archer:blue"), (6, 1, "tile:red")),
        arrows=(3,))),
}


def pictures_after(section: int) -> list[str]:
    """The names of the pictures shown under rules section R<section>."""
    return [name for name, (after, _) in PICTURES.items() if after == section]


def picture_cell(name: str, px: int, width: int) -> int:
    """The side of a square in a picture: about two lines of text, the picture no wider
    than `width`."""
    cols = PICTURES[name][1].cols
    return max(12, min(int(px * 2.6), width // cols))


def draw_picture(name: str, cell: int) -> pygame.Surface:
    """The picture at `cell` px a square: board squares, then the pieces over them."""
    picture = PICTURES[name][1]
    surface = pygame.Surface((picture.cols * cell, picture.rows * cell), pygame.SRCALPHA)
    for col in range(picture.cols):
        for row in range(picture.rows):
            rect = pygame.Rect(col * cell, row * cell, cell, cell)
            land = te_pal.LAND if (col + row) % 2 else te_pal.LAND_ALT
            pygame.draw.rect(surface, te_pal.RIVER if (col, row) in picture.river else land, rect)
            pygame.draw.rect(surface, te_pal.GRID_LINE, rect, 1)
    for col, row, piece in picture.pieces:
        at = (col * cell, row * cell)
        kind, _, rest = piece.partition(":")
        if kind == "tile":
            surface.blit(art.tile_surface(rest, cell), at)
        elif kind == "leader":
            dynasty, color = rest.split(":")
            surface.blit(art.leader_surface(dynasty, color, cell), at)
        elif kind == "catastrophe":
            surface.blit(art.catastrophe_surface(cell), at)
        elif kind == "treasure":
            surface.blit(art.treasure_surface(cell), at)
        elif kind == "unification":
            surface.blit(art.unification_surface(cell), at)
        elif kind == "monument":
            low, high = rest.split(":")
            surface.blit(art.monument_surface((low, high), 2 * cell), at)
    for col in picture.arrows:
        _arrow(surface, pygame.Rect(col * cell, (picture.rows - 1) * cell // 2, cell, cell))
    for col, row, label in picture.badges:
        _badge(surface, label, (col * cell + cell - cell // 5, row * cell + cell // 5), cell)
    pygame.draw.rect(surface, te_pal.FRAME, surface.get_rect(), max(2, cell // 16))
    return surface


def _arrow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    u = rect.w / 10
    x, y = rect.x, rect.centery
    points = [(x + 2 * u, y - u), (x + 5 * u, y - u), (x + 5 * u, y - 2.5 * u),
              (x + 8 * u, y), (x + 5 * u, y + 2.5 * u), (x + 5 * u, y + u), (x + 2 * u, y + u)]
    pygame.draw.polygon(surface, pal.INK, points)


def _badge(surface: pygame.Surface, label: str, center: tuple[int, int], cell: int) -> None:
    r = max(7, cell // 5)
    pygame.draw.circle(surface, pal.EMBER, center, r)
    pygame.draw.circle(surface, pal.INK, center, r, max(1, r // 6))
    text.blit(surface, label, "bold", max(9, int(r * 1.4)), pal.IVORY, center, "center")
