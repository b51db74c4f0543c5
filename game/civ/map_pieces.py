"""The pieces on the civ map as parts, one per area (and the ships), each part the
pictures it places and where.

Issue 22's frame budget: a computer's action changes the pieces of a few areas, yet
drawing every area's pieces anew took most of the frame that showed it. The table
hands these parts to its kept map (`game.kit.kept_picture`), which compares them with
those it shows and paints again only where a part's look changed. The parts are also
what the table draws, so what is compared is what is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from engine.civ.tables import BARBARIAN

if TYPE_CHECKING:
    from game.civ.table import CivBoard

Blit = tuple[pygame.Surface, tuple[int, int]]


class Part(NamedTuple):
    """What one area shows: its pictures in the order drawn, and each one's rect."""

    rects: tuple[pygame.Rect, ...]
    look: tuple[Blit, ...]


class Pictures(NamedTuple):
    """The table's pictures of the pieces (kept by size, so the same piece at the same
    size is the same surface: a look compares by identity)."""

    stack: Callable[[str, int, int], pygame.Surface]
    city: Callable[[str, int], pygame.Surface]
    ship: Callable[[str, int], pygame.Surface]
    over: Callable[[int], pygame.Surface]
    short: Callable[[int], pygame.Surface]


def piece_size(scale: float) -> int:
    return max(12, min(32, int(scale * 0.8)))


MEMO = 4000   # area looks kept per view (a game's worth of positions at one zoom)
_generation = [0]   # bumped when the pictures' caches are cleared (a new display)


def clear() -> None:
    """The pictures kept so far are for an old display: no placer reuses them."""
    _generation[0] += 1


Look = tuple[int, str | None, bool, bool, tuple[tuple[str, int], ...]]
"""An area's look: its id, its city's side, the short-of-support and over-limit marks,
each side's count (what decides where its pictures go)."""


def looks(view: dict[str, Any], short: set[int],
          over: Callable[[dict[str, Any], int], bool]) -> tuple[list[Look], list[tuple[int, str]]]:
    """Each area's look in drawing order, and each ship's area and side: read once per
    position, placed again only when the view moves."""
    nation = [s["nation"] for s in view["seats"]]
    found: list[Look] = []
    for a in view["areas"]:
        city, tokens = a["city"], a["tokens"]
        if not city and not tokens:
            continue
        owner = None if not city else city["owner"]
        found.append((a["id"], owner if owner is None or owner == BARBARIAN else nation[owner],
                      owner in short, over(a, a["id"]),
                      tuple((o if o == BARBARIAN else nation[int(o)], n)
                            for o, n in sorted(tokens.items()))))
    return found, [(s["area"], nation[s["owner"]]) for s in view["ships"]]


class Placer:
    """Places the pieces, each area's part kept per view by its look, so a position
    after an action places only the areas it changed."""

    def __init__(self, pictures: Pictures) -> None:
        self.pictures = pictures
        self._geometry: tuple[object, ...] | None = None
        self._memo: dict[Look, Part | None] = {}

    def parts(self, view: dict[str, Any], board: CivBoard, short: set[int],
              over: Callable[[dict[str, Any], int], bool]) -> dict[object, Part]:
        return self.place(looks(view, short, over), board)

    def place(self, seen: tuple[list[Look], list[tuple[int, str]]],
              board: CivBoard) -> dict[object, Part]:
        """Every area's pieces in sight (a city, its short-of-support mark (A7.5), the
        over-limit mark (A15.1), each side's stack), then each sea's ships, in drawing
        order. Zoomed in, most areas are out of sight: their pieces are not placed (nor
        made)."""
        geometry = (board.view.scale, board.view.origin, tuple(board.view.rect), _generation[0])
        moved = geometry != self._geometry   # a pan or a zoom under way: kept for nothing
        if moved or len(self._memo) > MEMO:
            self._geometry = geometry
            self._memo = {}
        memo = self._memo
        size = piece_size(board.view.scale)
        sight = board.view.rect.inflate(4 * size, 4 * size)
        found: dict[object, Part] = {}
        for look in seen[0]:
            if moved:
                part = self._place(board, size, sight, *look)
            elif look in memo:
                part = memo[look]
            else:
                part = memo[look] = self._place(board, size, sight, *look)
            if part is not None:
                found[look[0]] = part
        shapes = board.shape.shapes
        ships: dict[int, list[Blit]] = {}
        for area, side in seen[1]:
            x, y = board.screen(shapes[area].tokens)
            pic = self.pictures.ship(side, size)
            ships.setdefault(area, []).append(
                (pic, pic.get_rect(center=(x - size, y + size)).topleft))
        for area in sorted(ships):   # by area, so no change of the ships' order elsewhere moves one
            found[("ships", area)] = _part(ships[area])
        return found

    def _place(self, board: CivBoard, size: int, sight: pygame.Rect, area: int,
               city: str | None, short: bool, over: bool,
               sides: tuple[tuple[str, int], ...]) -> Part | None:
        shape = board.shape.shapes[area]
        x, y = board.screen(shape.tokens)
        if not sight.collidepoint(x, y):
            return None
        pictures = self.pictures
        look: list[Blit] = []
        if city is not None:
            pic = pictures.city(city, size)
            at = pic.get_rect(center=board.screen(shape.city))
            look.append((pic, at.topleft))
            if short:
                mark = pictures.short(max(10, size // 2))
                look.append((mark, mark.get_rect(center=at.topright).topleft))
        if over:
            mark = pictures.over(max(10, size // 2))
            look.append((mark, mark.get_rect(center=(x - size // 2 - 4, y - size // 2)).topleft))
        for j, (side, n) in enumerate(sides):
            pic = pictures.stack(side, n, size)
            look.append((pic, pic.get_rect(center=(x + j * (size + 2), y)).topleft))
        return _part(look)


def _part(look: list[Blit]) -> Part:
    return Part(tuple(pygame.Rect(at, pic.get_size()) for pic, at in look), tuple(look))


def draw(surface: pygame.Surface, found: dict[object, Part]) -> None:
    """The parts' pictures, in order, skipping those outside the surface's clip (a mend
    of the kept map draws only under its clip)."""
    clip = surface.get_clip()
    for part in found.values():
        for rect, blit in zip(part.rects, part.look, strict=True):
            if clip.colliderect(rect):
                surface.blit(*blit)

