"""The kit's kept picture mended under the parts that changed (issue 22's frame budget):
the mended picture is the whole painting's pixels, and only a change of look paints."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.kit.kept_picture import KeptPicture


class Piece(NamedTuple):
    rects: tuple[pygame.Rect, ...]
    look: object


AREA = pygame.Rect(10, 20, 200, 120)


def pieces(where: dict[str, tuple[int, int, tuple[int, int, int, int]]]) -> dict[str, Piece]:
    return {name: Piece((pygame.Rect(x, y, 30, 20),), (x, y, colour))
            for name, (x, y, colour) in where.items()}


def painter(shown: list[dict[str, Piece]], painted: list[pygame.Rect]) -> object:
    """A board (a gradient, so a misplaced pixel shows) and half-transparent pieces that
    overlap, drawn under the surface's clip as a whole painting would there."""
    def paint(surface: pygame.Surface) -> None:
        painted.append(surface.get_clip())
        for y in range(AREA.top, AREA.bottom):
            pygame.draw.line(surface, (y % 256, 90, 200 - y % 100), (AREA.left, y),
                             (AREA.right - 1, y))
        for piece in shown[0].values():
            x, y, colour = piece.look  # type: ignore[misc]
            square = pygame.Surface((30, 20), pygame.SRCALPHA)
            square.fill(colour)
            surface.blit(square, (x, y))
    return paint


def frame(kept: KeptPicture, paint: object, parts: dict[str, Piece]) -> bytes:
    surface = pygame.Surface((240, 160))
    surface.fill((5, 6, 7))   # what lies under the picture (a table's chrome)
    kept.draw(surface, AREA, ("view",), paint, parts=parts)  # type: ignore[arg-type]
    return pygame.image.tobytes(surface, "RGB")


def whole(paint: object, parts: dict[str, Piece]) -> bytes:
    return frame(KeptPicture(), paint, parts)


def test_a_changed_part_is_mended_to_the_whole_paintings_pixels() -> None:
    painted: list[pygame.Rect] = []
    shown = [pieces({"a": (20, 30, (255, 0, 0, 140)), "b": (35, 40, (0, 255, 0, 140)),
                     "c": (150, 100, (0, 0, 255, 255))})]
    paint = painter(shown, painted)
    kept = KeptPicture()
    frame(kept, paint, shown[0])
    assert kept.drawn == 1
    # "a" moves onto "c"; "b", overlapping where "a" was, is drawn again there too
    shown[0] = {**shown[0], **pieces({"a": (140, 95, (255, 0, 0, 140))})}
    painted.clear()
    mended = frame(kept, paint, shown[0])
    assert kept.drawn == 1 and kept.mended == 1
    assert painted and all(r.w * r.h < AREA.w * AREA.h // 4 for r in painted)
    assert mended == whole(paint, shown[0])


def test_the_same_looks_paint_nothing_and_a_new_view_paints_whole() -> None:
    painted: list[pygame.Rect] = []
    shown = [pieces({"a": (20, 30, (255, 0, 0, 140))})]
    paint = painter(shown, painted)
    kept = KeptPicture()
    frame(kept, paint, shown[0])
    painted.clear()
    frame(kept, paint, pieces({"a": (20, 30, (255, 0, 0, 140))}))   # equal, not the same
    assert painted == [] and kept.mended == 0
    surface = pygame.Surface((240, 160))
    kept.draw(surface, AREA, ("another view",), paint, parts=shown[0])  # type: ignore[arg-type]
    assert kept.drawn == 2


def test_a_change_over_most_of_the_picture_paints_it_whole() -> None:
    painted: list[pygame.Rect] = []
    shown = [{f"p{i}": Piece((pygame.Rect(AREA.x + 30 * (i % 6), AREA.y + 20 * (i // 6),
                                          30, 20),), (0, 0, (i, 0, 0, 255)))
              for i in range(36)}]
    paint = painter(shown, painted)
    kept = KeptPicture()
    frame(kept, paint, shown[0])
    shown[0] = {name: Piece(p.rects, (0, 0, (0, 9, 0, 255))) for name, p in shown[0].items()}
    frame(kept, paint, shown[0])
    assert kept.drawn == 2 and kept.mended == 0


def test_what_lies_under_is_put_there_only_where_the_picture_is_painted() -> None:
    """A table blits its chrome round the kept picture and gives `under` for the rest."""
    painted: list[pygame.Rect] = []
    shown = [pieces({"a": (20, 30, (255, 0, 0, 140)), "b": (150, 100, (0, 0, 255, 140))})]
    paint = painter(shown, painted)
    chrome = pygame.Surface((240, 160))
    chrome.fill((5, 6, 7))
    asked: list[pygame.Rect] = []

    def under(rect: pygame.Rect) -> None:
        asked.append(rect)
        screen.blit(chrome, rect, rect)

    kept = KeptPicture()
    for moved in (None, (60, 60)):
        if moved is not None:
            shown[0] = {**shown[0], **pieces({"a": (*moved, (255, 0, 0, 140))})}
        screen = pygame.Surface((240, 160))
        screen.fill((200, 0, 200))   # the last frame's leftovers
        asked.clear()
        kept.draw(screen, AREA, ("view",), paint, parts=shown[0],  # type: ignore[arg-type]
                  under=under)
        assert asked and all(AREA.contains(r) for r in asked)
        got = pygame.image.tobytes(screen.subsurface(AREA), "RGB")
        want = pygame.Surface((240, 160))
        want.blit(pygame.image.frombytes(whole(paint, shown[0]), (240, 160), "RGB"), (0, 0))
        assert got == pygame.image.tobytes(want.subsurface(AREA), "RGB")
    assert kept.drawn == 1 and kept.mended == 1
