"""Shared machinery of the art package: caching, supersampling, textures, shapes.

Everything is drawn with pygame.draw at a multiple of the requested size and scaled
down with smoothscale, which gives anti-aliased edges without any image files.
Nothing here may need a display: surfaces are converted to the display's pixel
format only when a display mode is already set.
"""

from __future__ import annotations

import functools
import math
import random
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ParamSpec

import pygame

from game.art.palette import RGB, darken, lighten

P = ParamSpec("P")
Point = tuple[float, float]

_CACHES: list[Callable[[], None]] = []


def display_ready() -> bool:
    """True when convert_alpha() is allowed (a display mode has been set)."""
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display format when possible: blits of converted surfaces are
    several times faster, which matters on the Raspberry Pi kiosk."""
    if display_ready():
        return surface.convert_alpha()
    return surface


def cached(func: Callable[P, pygame.Surface] | None = None, *, maxsize: int = 512) -> Any:
    """Memoise a surface factory on its arguments and on whether a display exists,
    so surfaces made before set_mode() are remade in the display format afterwards.

    At most `maxsize` results are kept, least recently used dropped first: a window
    being resized asks for many board sizes, and each board is megabytes.
    Callers must treat returned surfaces as read-only (copy before drawing on them).
    """

    def decorate(f: Callable[P, pygame.Surface]) -> Callable[P, pygame.Surface]:
        store: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

        @functools.wraps(f)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
            key = (display_ready(), args, tuple(sorted(kwargs.items())))
            surface = store.get(key)
            if surface is None:
                surface = finish(f(*args, **kwargs))
                store[key] = surface
                if len(store) > maxsize:
                    store.popitem(last=False)
            else:
                store.move_to_end(key)
            return surface

        _CACHES.append(store.clear)
        return wrapper

    return decorate(func) if func is not None else decorate


def clear_caches() -> None:
    """Forget every cached surface (after a display mode change, or to free memory)."""
    for clear in _CACHES:
        clear()


def check_size(size: int, minimum: int = 4) -> int:
    """Reject sizes no piece can be drawn at, with a message naming the value."""
    if not isinstance(size, int) or isinstance(size, bool):
        raise TypeError(f"size must be an int, got {size!r}")
    if size < minimum:
        raise ValueError(f"size must be at least {minimum} px, got {size}")
    return size


def supersample_factor(size: int) -> int:
    """More oversampling for small pieces, where edges show most; bounded for big ones."""
    if size <= 48:
        return 4
    if size <= 160:
        return 3
    return 2


def new_surface(width: int, height: int, fill: tuple[int, int, int, int] = (0, 0, 0, 0)) -> (
    pygame.Surface
):
    surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    surface.fill(fill)
    return surface


def downsample(surface: pygame.Surface, width: int, height: int) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, (width, height))


class Pen:
    """Maps unit coordinates (0..1 across a box) to pixels, so symbols are designed
    once in a resolution-free space and drawn at any size."""

    def __init__(self, surface: pygame.Surface, box: pygame.Rect | None = None) -> None:
        self.surface = surface
        self.box = box if box is not None else surface.get_rect()

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (self.box.x + x * self.box.w, self.box.y + y * self.box.h)

    def len(self, d: float) -> float:
        return d * min(self.box.w, self.box.h)

    def width(self, d: float) -> int:
        return max(1, round(self.len(d)))

    def poly(self, color: Sequence[int], points: Iterable[Point]) -> None:
        pts = [self.pt(x, y) for x, y in points]
        if len(pts) >= 3:
            pygame.draw.polygon(self.surface, color, pts)

    def rect(self, color: Sequence[int], x0: float, y0: float, x1: float, y1: float,
             radius: float = 0.0) -> None:
        a = self.pt(x0, y0)
        b = self.pt(x1, y1)
        r = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
        pygame.draw.rect(self.surface, color, r, border_radius=round(self.len(radius)))

    def circle(self, color: Sequence[int], x: float, y: float, r: float,
               width: float = 0.0) -> None:
        w = 0 if width == 0 else self.width(width)
        pygame.draw.circle(self.surface, color, self.pt(x, y), self.len(r), w)

    def ellipse(self, color: Sequence[int], x0: float, y0: float, x1: float, y1: float) -> None:
        a = self.pt(x0, y0)
        b = self.pt(x1, y1)
        pygame.draw.ellipse(self.surface, color, pygame.Rect(a, (b[0] - a[0], b[1] - a[1])))

    def line(self, color: Sequence[int], a: Point, b: Point, width: float) -> None:
        """A thick line with round caps (pygame's own thick lines have square, ragged ends)."""
        self.stroke(color, [a, b], width, width)

    def stroke(self, color: Sequence[int], points: Sequence[Point], w0: float,
               w1: float | None = None) -> None:
        """A polyline whose width tapers from w0 to w1, with round joints and caps."""
        w1 = w0 if w1 is None else w1
        self.poly(color, tapered_outline(points, w0, w1))
        n = len(points)
        for i, (x, y) in enumerate(points):
            t = i / (n - 1) if n > 1 else 0.0
            pygame.draw.circle(self.surface, color, self.pt(x, y),
                               self.len((w0 + (w1 - w0) * t) / 2))


def tapered_outline(points: Sequence[Point], w0: float, w1: float) -> list[Point]:
    """Polygon outline around a polyline, width varying linearly along it."""
    if len(points) < 2:
        return []
    left: list[Point] = []
    right: list[Point] = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        ax, ay = points[max(0, i - 1)]
        bx, by = points[min(n - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm, dx / norm
        half = (w0 + (w1 - w0) * (i / (n - 1))) / 2
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    return left + right[::-1]


def bezier(p0: Point, p1: Point, p2: Point, steps: int = 16) -> list[Point]:
    """Quadratic Bézier points: curves (horns, stalks, handles) from three numbers each."""
    out: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return out


def lens(cx: float, cy: float, length: float, width: float, angle_deg: float,
         steps: int = 10) -> list[Point]:
    """A pointed oval (a grain of wheat, a leaf), rotated; angle 0 points up."""
    a = math.radians(angle_deg)
    ux, uy = math.sin(a), -math.cos(a)
    vx, vy = -uy, ux
    pts: list[Point] = []
    for i in range(steps * 2):
        t = math.pi * i / steps
        along = math.cos(t) * length / 2
        across = math.sin(t) * width / 2
        pts.append((cx + ux * along + vx * across, cy + uy * along + vy * across))
    return pts


def arc_points(cx: float, cy: float, r: float, a0: float, a1: float,
               steps: int = 24) -> list[Point]:
    """Points on a circle from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / steps)))
            for i in range(steps + 1)]


def star_points(cx: float, cy: float, r_out: float, r_in: float, count: int,
                rotation: float = -90.0) -> list[Point]:
    pts: list[Point] = []
    for i in range(count * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rotation + 180.0 * i / count)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


@functools.lru_cache(maxsize=64)
def _noise_grid(cols: int, rows: int, seed: int) -> tuple[float, ...]:
    rng = random.Random(seed)
    return tuple(rng.random() for _ in range(cols * rows))


def mottled(width: int, height: int, color: RGB, variance: float, grain: int,
            seed: int, alpha: int = 255) -> pygame.Surface:
    """A soft, blotchy texture of one colour: a small random grid scaled up smoothly.

    Fired clay, sand and parchment all read as 'material' rather than flat fill with
    this, and it costs a few hundred random numbers instead of one per pixel.
    """
    cols = max(2, width // max(1, grain) + 2)
    rows = max(2, height // max(1, grain) + 2)
    small = pygame.Surface((cols, rows), pygame.SRCALPHA)
    values = _noise_grid(cols, rows, seed)
    for y in range(rows):
        for x in range(cols):
            v = (values[y * cols + x] - 0.5) * 2 * variance
            c = lighten(color, v) if v >= 0 else darken(color, -v)
            small.set_at((x, y), (*c, alpha))
    return pygame.transform.smoothscale(small, (max(1, width), max(1, height)))


def speckle(surface: pygame.Surface, rect: pygame.Rect, count: int, colors: Sequence[RGB],
            seed: int, radius: float = 0.6, alpha: int = 90) -> None:
    """Sprinkle tiny grains (sand, grit in clay) inside rect."""
    rng = random.Random(seed)
    layer = new_surface(rect.w, rect.h)
    for _ in range(count):
        c = colors[rng.randrange(len(colors))]
        x = rng.uniform(0, rect.w)
        y = rng.uniform(0, rect.h)
        r = max(0.5, radius * rng.uniform(0.6, 1.4))
        pygame.draw.circle(layer, (*c, rng.randint(alpha // 2, alpha)), (x, y), r)
    surface.blit(layer, rect.topleft)


def clip_to_rounded_rect(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """Make everything outside a rounded rectangle transparent."""
    mask = new_surface(*surface.get_size())
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out = surface.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def tint(mask: pygame.Surface, color: Sequence[int]) -> pygame.Surface:
    """Colour a white mask; its alpha (the anti-aliased edge) is kept."""
    out = mask.copy()
    rgba = (*color[:3], color[3] if len(color) > 3 else 255)
    out.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
    return out


def bevel_body(surface: pygame.Surface, rect: pygame.Rect, radius: int, base: RGB,
               depth: int, strength: float = 0.3) -> pygame.Rect:
    """Draw a raised body lit from the top-left and return its flat face.

    Three overlapping rounded rectangles (dark, light, base) leave a light band on the
    top and left and a dark band on the bottom and right, like a pressed clay tablet.
    """
    light = lighten(base, strength)
    dark = darken(base, strength * 1.2)
    pygame.draw.rect(surface, dark, rect, border_radius=radius)
    upper = pygame.Rect(rect.x, rect.y, rect.w - depth, rect.h - depth)
    pygame.draw.rect(surface, light, upper, border_radius=radius)
    face = rect.inflate(-2 * depth, -2 * depth)
    pygame.draw.rect(surface, base, face, border_radius=max(0, radius - depth))
    return face


def drop_shadow(size: tuple[int, int], rect: pygame.Rect, radius: int, blur: int,
                alpha: int) -> pygame.Surface:
    """A soft shadow: a dark rounded rect drawn small and scaled up (a cheap blur)."""
    w, h = size
    scale = max(1, blur)
    small = new_surface(max(2, w // scale), max(2, h // scale))
    r = pygame.Rect(rect.x // scale, rect.y // scale, max(1, rect.w // scale),
                    max(1, rect.h // scale))
    pygame.draw.rect(small, (0, 0, 0, alpha), r, border_radius=max(0, radius // scale))
    return pygame.transform.smoothscale(small, (w, h))


def emboss(target: pygame.Surface, mask: pygame.Surface, pos: tuple[int, int], color: RGB,
           shadow: tuple[int, int, int, int], offset: int,
           highlight: tuple[int, int, int, int] | None = None) -> None:
    """Blit a symbol so it looks pressed into / raised from clay: a dark offset copy
    under it and optionally a light one above-left."""
    if offset > 0:
        target.blit(tint(mask, shadow), (pos[0] + offset, pos[1] + offset))
        if highlight is not None:
            target.blit(tint(mask, highlight), (pos[0] - max(1, offset // 2),
                                                pos[1] - max(1, offset // 2)))
    target.blit(tint(mask, color), pos)
