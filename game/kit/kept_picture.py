"""A part of the screen kept as it was last drawn while what it shows is unchanged.

A table's map with every seat's pieces on it costs several milliseconds a frame to
draw (a hundred and more pictures placed one by one), yet most frames show it as the
last one did. `KeptPicture` draws it through the table's callable when its key (the
view's scale and origin, what is lit...) changes or when the table says it is busy,
keeps a copy, and otherwise blits that copy: one opaque blit.

A table may also hand over its pieces as parts (a name → the rects a part covers and
its look, any value compared with ==): when only some parts' looks changed (an action
moved a few pieces), the picture is mended, painted again only under those parts' old
and new rects, each painted through the same callable clipped to it, which then must
draw everything under the surface's clip as a whole painting would there.

`SectionedPicture` keeps the still parts round a board (panels, tracks...) the same
way: sections drawn in order over a background, one painted again only when what it
shows (its key) changed, with whatever shares its rect.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

MEND_SHARE = 0.4   # above this share of the picture's area, a mend paints it whole


class Part(Protocol):
    @property
    def rects(self) -> Sequence[pygame.Rect]: ...
    @property
    def look(self) -> object: ...


Parts = Mapping[Hashable, Part]


class KeptPicture:
    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._parts: Parts | None = None
        self._picture: pygame.Surface | None = None
        self.drawn = 0
        """Times drawn anew (for tests and benchmarks)."""
        self.mended = 0
        """Times mended under changed parts (for tests and benchmarks)."""

    def forget(self) -> None:
        self._key = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: tuple[object, ...],
             paint: Callable[[pygame.Surface], None], busy: bool = False,
             parts: Parts | None = None,
             under: Callable[[pygame.Rect], object] | None = None) -> None:
        """Shows `rect` of the surface as `paint` draws it over what the surface holds
        there (or what `under` puts under a rect first: a table need not draw what the
        kept picture covers), or as kept for the same key and parts. The key is compared
        item by item, by identity first (a position is compared as the same object, never
        field by field); parts, when the same object, are not compared at all."""
        picture = self._picture
        kept = (not busy and picture is not None and picture.get_size() == rect.size
                and self._key is not None and _same(self._key, key))
        if kept and picture is not None and parts is not self._parts:
            dirty = _changed(self._parts, parts, rect)
            if dirty is not None:
                self._mend(surface, rect, picture, dirty, paint, under)
                self._parts = parts
            else:
                kept = False
        if kept and picture is not None:
            surface.blit(picture, rect.topleft)
            return
        if under is not None:
            under(rect)
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
        self._parts = parts

    def _mend(self, surface: pygame.Surface, rect: pygame.Rect, picture: pygame.Surface,
              dirty: list[pygame.Rect], paint: Callable[[pygame.Surface], None],
              under: Callable[[pygame.Rect], object] | None) -> None:
        """Paints under each dirty rect, keeps those pixels in the picture (the surface
        holds what lies under the picture there, as for a whole painting)."""
        if not dirty:
            return
        clip = surface.get_clip()
        for r in dirty:
            surface.set_clip(r.clip(clip))
            if under is not None:
                under(r)
            paint(surface)
            picture.blit(surface, (r.x - rect.x, r.y - rect.y), r)
        surface.set_clip(clip)
        self.mended += 1


def around(whole: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The rects of `whole` round `hole` (above, below, left, right): what to blit of a
    picture under a kept one."""
    return [r for r in (pygame.Rect(whole.x, whole.y, whole.w, hole.y - whole.y),
                        pygame.Rect(whole.x, hole.bottom, whole.w, whole.bottom - hole.bottom),
                        pygame.Rect(whole.x, hole.y, hole.x - whole.x, hole.h),
                        pygame.Rect(hole.right, hole.y, whole.right - hole.right, hole.h))
            if r.w > 0 and r.h > 0]


def _changed(old: Parts | None, new: Parts | None, rect: pygame.Rect) -> list[pygame.Rect] | None:
    """The rects (within `rect`, merged where they overlap) where parts were, or are,
    that changed their look; None when the picture is better painted whole."""
    if old is None or new is None:
        return None
    rects: list[pygame.Rect] = []
    for name in old.keys() | new.keys():
        was, now = old.get(name), new.get(name)
        if was is not None and now is not None and (was.look is now.look
                                                     or was.look == now.look):
            continue
        for part in (was, now):
            if part is not None:
                rects.extend(r.clip(rect) for r in part.rects)
    merged = _merge([r for r in rects if r.w > 0 and r.h > 0])
    if sum(r.w * r.h for r in merged) > MEND_SHARE * rect.w * rect.h:
        return None
    return merged


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rects joined into their union's bounds until none overlap (fewer
    paintings, each one a pass over every part)."""
    merged: list[pygame.Rect] = []
    for r in rects:
        r = r.copy()
        joined = True
        while joined:
            joined = False
            for i, m in enumerate(merged):
                if m.colliderect(r):
                    r.union_ip(merged.pop(i))
                    joined = True
                    break
        merged.append(r)
    return merged


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class Section:
    """One part of a `SectionedPicture`: where it draws (nothing outside `rect`), what it
    shows (`key`, compared item by item as `KeptPicture`'s), and how to draw it."""

    name: str
    rect: pygame.Rect
    key: tuple[object, ...]
    paint: Callable[[pygame.Surface], None]


class SectionedPicture:
    """A picture of sections drawn in order over a background (a table's panels round its
    board), kept between frames: a section whose key or rect changed is painted again
    under its old and new rects, with the background and every section there in order,
    so the picture is the whole painting's pixels, and an action that changed one
    seat's numbers costs that section alone."""

    def __init__(self) -> None:
        self._picture: pygame.Surface | None = None
        self._background: pygame.Surface | None = None
        self._opaque: pygame.Surface | None = None
        self._shown: dict[str, tuple[pygame.Rect, tuple[object, ...]]] = {}
        self.painted: list[str] = []
        """The sections painted by the last call (for tests and benchmarks)."""

    def forget(self) -> None:
        """The next picture is painted whole."""
        self._picture = None

    def picture(self, background: pygame.Surface, sections: Sequence[Section]) -> pygame.Surface:
        """The picture of these sections: painted whole the first time (or on a new
        background), else mended where sections changed. The same surface is returned
        each time: blit it before the next call."""
        picture = self._picture
        whole = picture is None or self._background is not background \
            or picture.get_size() != background.get_size()
        shown = self._shown
        self._shown = {s.name: (s.rect.copy(), s.key) for s in sections}
        if self._background is not background or self._opaque is None:
            # in the screen's format, without alpha: blitted whole every frame, 1.5x faster
            self._opaque = background.convert() if pygame.display.get_surface() is not None \
                else background.copy()
        self._background = background
        background = self._opaque
        if whole or picture is None:
            picture = self._picture = background.copy()
            for s in sections:
                s.paint(picture)
            self.painted = [s.name for s in sections]
            return picture
        rects: list[pygame.Rect] = []
        for name in shown.keys() | self._shown.keys():
            was, now = shown.get(name), self._shown.get(name)
            if was is not None and now is not None and was[0] == now[0] \
                    and _same(was[1], now[1]):
                continue
            rects.extend(r for r in (was and was[0], now and now[0]) if r)
        self.painted = []
        for dirty in _merge(rects):
            picture.set_clip(dirty)
            picture.blit(background, dirty, dirty)
            for s in sections:
                if s.rect.colliderect(dirty):
                    s.paint(picture)
                    self.painted.append(s.name)
        picture.set_clip(None)
        return picture
