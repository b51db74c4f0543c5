"""A big board painted in patches within a frame's budget, for the kit's viewport.

Some boards cost tens or hundreds of milliseconds to paint at a zoomed-in scale (a
map of polygons and labels several screens wide), far more than a frame at 60 per
second. A viewport given a `PatchPainter` (`Viewport.patches`) therefore:

- keeps the whole board painted at the scale where it fits (the base, painted once:
  the first frame's cost, and the minimap's picture);
- paints a zoomed-in board in square patches, those in sight first and then the ring
  around them (so a pan finds them painted), spending at most `budget` seconds of a
  frame on it (at least one patch in sight a frame, so the view always gets sharp);
- while patches in sight are missing (a zoom just changed the scale, a pan ran ahead),
  shows the last complete picture and the base, scaled to the view, under the patches
  done so far: a zoom is smooth and gets sharp a few frames later;
- paints a scale only once the view stayed on it for a frame and no pinch is under
  way, so a pinch or a spin of the wheel paints no scale it only passes through.

A board art may also offer `prepare_board(scale)`, an iterator of the work to do once
before painting at a scale (placing its labels, say): it is run in the same budget.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.kit.viewport import BoardArt, Viewport

PATCH = 256          # pixels a side
BUDGET = 0.004      # seconds of painting a frame, beyond the first patch in sight
KEEP_PATCHES = 160    # patches kept at the current scale (40 MB at 32 bits a pixel; the
                      # sight and its ring at 1920×1080 are about 60)

Key = tuple[int, int]
_DONE = object()


class PatchPainter:
    """What a viewport shows of a big board, painted in patches and in slices."""

    def __init__(self, patch: int = PATCH, budget: float = BUDGET,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.patch = patch
        self.budget = budget
        self.clock = clock
        self.painted = 0
        """Patches painted so far (for tests and benchmarks)."""
        self._base: tuple[float, pygame.Surface] | None = None
        self._scale: float | None = None          # the scale the patches are painted at
        self._patches: OrderedDict[Key, pygame.Surface] = OrderedDict()
        self._preparing: Iterator[None] | None = None
        self._seen_scale: float | None = None     # the view's scale at the previous frame
        self._sharp: tuple[float, tuple[float, float], pygame.Surface] | None = None

    def invalidate(self) -> None:
        """The board's picture changed: every painting is stale."""
        self._base = None
        self._scale = None
        self._patches.clear()
        self._preparing = None
        self._sharp = None

    # ----- what is painted ------------------------------------------------------------

    def base(self, view: Viewport, art: BoardArt) -> tuple[float, pygame.Surface]:
        """The whole board at the fitting scale, painted now if it is not yet."""
        scale = view.fit_scale
        if self._base is None or self._base[0] != scale:
            size = (max(1, math.ceil(view.board_w * scale)),
                    max(1, math.ceil(view.board_h * scale)))
            picture = pygame.Surface(size)
            art.paint_board(picture, scale, (0.0, 0.0))
            self._base = (scale, picture)
        return self._base

    def in_sight(self, view: Viewport) -> list[Key]:
        """The patches of the current scale the rect shows, row by row."""
        return self._keys(view, 0)

    def missing(self, view: Viewport) -> list[Key]:
        """The patches in sight not painted at the view's scale yet."""
        if not view.zoomed:
            return []
        if self._scale != view.scale:
            return self.in_sight(view)
        return [k for k in self.in_sight(view) if k not in self._patches]

    def busy(self, view: Viewport) -> bool:
        """Whether frames to come will paint: a patch in sight or in the ring round it is
        missing (a table that keeps its last frame must draw anew meanwhile)."""
        if not view.zoomed:
            return self._base is None or self._base[0] != view.fit_scale
        if self._scale != view.scale or self._preparing is not None:
            return True
        return any(k not in self._patches for k in self._keys(view, 1))

    def _keys(self, view: Viewport, ring: int) -> list[Key]:
        s, t = view.scale, self.patch
        vx, vy, vw, vh = view.visible()
        columns = max(1, math.ceil(view.board_w * s / t))
        rows = max(1, math.ceil(view.board_h * s / t))
        i0 = max(0, math.floor(vx * s / t) - ring)
        j0 = max(0, math.floor(vy * s / t) - ring)
        i1 = min(columns - 1, math.floor(((vx + vw) * s - 1) / t) + ring)
        j1 = min(rows - 1, math.floor(((vy + vh) * s - 1) / t) + ring)
        return [(i, j) for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)]

    # ----- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: Viewport, art: BoardArt) -> None:
        """Shows the board in the view's rect (the caller clips to it)."""
        start = self.clock()
        base_scale, base = self.base(view, art)
        s = view.scale
        vx, vy = view.origin
        settled = s == self._seen_scale and not view.pinching
        self._seen_scale = s
        if not view.zoomed:
            surface.blit(base, (view.rect.x - round(vx * base_scale),
                                view.rect.y - round(vy * base_scale)))
            return
        if settled and self._scale != s:
            self._scale = s
            self._patches.clear()
            prepare = getattr(art, "prepare_board", None)
            self._preparing = prepare(s) if prepare is not None else None
        sight = self.in_sight(view)
        if self._scale == s:
            self._paint(view, art, [k for k in sight if k not in self._patches], start,
                        at_least_one=True)
        ready = self._scale == s and all(k in self._patches for k in sight)
        if not ready:
            self._draw_scaled(surface, view, base_scale, base)
        left, top = round(vx * s), round(vy * s)
        if self._scale == s:
            for key in sight:
                patch = self._patches.get(key)
                if patch is not None:
                    self._patches.move_to_end(key)
                    surface.blit(patch, (view.rect.x + key[0] * self.patch - left,
                                        view.rect.y + key[1] * self.patch - top))
        if ready:
            self._keep_sharp(surface, view)
            ahead = [k for k in self._keys(view, 1) if k not in self._patches]
            self._paint(view, art, ahead, start, at_least_one=False)

    def _paint(self, view: Viewport, art: BoardArt, keys: list[Key], start: float,
               at_least_one: bool) -> None:
        """Prepares the scale, then paints patches, until the frame's budget is spent."""
        first = at_least_one
        while self._preparing is not None:
            if not first and self.clock() - start > self.budget:
                return
            first = False
            if next(self._preparing, _DONE) is _DONE:
                self._preparing = None
        s, t = view.scale, self.patch
        whole_w = max(1, math.ceil(view.board_w * s))
        whole_h = max(1, math.ceil(view.board_h * s))
        for i, j in keys:
            if not first and self.clock() - start > self.budget:
                return
            first = False
            size = (min(t, whole_w - i * t), min(t, whole_h - j * t))
            patch = pygame.Surface((max(1, size[0]), max(1, size[1])))
            art.paint_board(patch, s, (i * t / s, j * t / s))
            self.painted += 1
            self._patches[(i, j)] = patch
            while len(self._patches) > KEEP_PATCHES:
                self._patches.popitem(last=False)

    def _keep_sharp(self, surface: pygame.Surface, view: Viewport) -> None:
        """Keeps the complete picture just drawn, to scale while the next one is painted."""
        kept = self._sharp
        if kept is not None and kept[0] == view.scale and kept[1] == view.origin \
                and kept[2].get_size() == view.rect.size:
            return
        picture = kept[2] if kept is not None and kept[2].get_size() == view.rect.size \
            else pygame.Surface(view.rect.size)
        picture.blit(surface, (0, 0), view.rect)
        self._sharp = (view.scale, view.origin, picture)

    def _draw_scaled(self, surface: pygame.Surface, view: Viewport, base_scale: float,
                     base: pygame.Surface) -> None:
        """What stands in for missing patches: the base, then the last complete picture,
        each scaled to the view."""
        sharp = self._sharp
        covered = sharp is not None and _covers(view, sharp[0], sharp[1], sharp[2])
        if not covered:
            _blit_scaled(surface, view, base, base_scale, (0.0, 0.0))
        if sharp is not None:
            _blit_scaled(surface, view, sharp[2], sharp[0], sharp[1])

    def small(self, view: Viewport, art: BoardArt, size: tuple[int, int]) -> pygame.Surface:
        """The whole board at a minimap's size, from the base (no painting of its own)."""
        return pygame.transform.smoothscale(self.base(view, art)[1], size)


def _covers(view: Viewport, scale: float, origin: tuple[float, float],
            picture: pygame.Surface) -> bool:
    vx, vy, vw, vh = view.visible()
    w, h = picture.get_size()
    return (origin[0] <= vx and origin[1] <= vy and origin[0] + w / scale >= vx + vw
            and origin[1] + h / scale >= vy + vh)


def _blit_scaled(surface: pygame.Surface, view: Viewport, picture: pygame.Surface,
                 scale: float, origin: tuple[float, float]) -> None:
    """The part of `picture` (painted at `scale`, board point `origin` at its top-left)
    that the view shows, scaled to the view's scale."""
    vx, vy, vw, vh = view.visible()
    want = pygame.Rect(math.floor((vx - origin[0]) * scale), math.floor((vy - origin[1]) * scale),
                       math.ceil(vw * scale) + 2, math.ceil(vh * scale) + 2)
    part = want.clip(picture.get_rect())
    if part.w <= 0 or part.h <= 0:
        return
    ratio = view.scale / scale
    size = (max(1, round(part.w * ratio)), max(1, round(part.h * ratio)))
    at = view.to_screen((origin[0] + part.x / scale, origin[1] + part.y / scale))
    surface.blit(pygame.transform.scale(picture.subsurface(part), size),
                 (round(at[0]), round(at[1])))
