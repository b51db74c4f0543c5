"""A part of the screen kept as it was last drawn while what it shows is unchanged.

A table's map with every seat's pieces on it costs several milliseconds a frame to
draw (a hundred and more pictures placed one by one), yet most frames show it as the
last one did. `KeptPicture` draws it through the table's callable when its key (the
position, the view's scale and origin, what is lit...) changes or when the table says
it is busy, keeps a copy, and otherwise blits that copy: one opaque blit.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame


class KeptPicture:
    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._picture: pygame.Surface | None = None
        self.drawn = 0
        """Times drawn anew (for tests and benchmarks)."""

    def forget(self) -> None:
        self._key = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: tuple[object, ...],
             paint: Callable[[pygame.Surface], None], busy: bool = False) -> None:
        """Shows `rect` of the surface as `paint` draws it, or as kept for the same key.
        The key is compared item by item, by identity first (a position is compared
        as the same object, never field by field)."""
        picture = self._picture
        if (not busy and picture is not None and picture.get_size() == rect.size
                and self._key is not None and _same(self._key, key)):
            surface.blit(picture, rect.topleft)
            return
        paint(surface)
        self.drawn += 1
        if busy:
            self._key = None
            return
        if picture is None or picture.get_size() != rect.size:
            picture = pygame.Surface(rect.size)
        picture.blit(surface, (0, 0), rect)
        self._picture = picture
        self._key = key


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))
