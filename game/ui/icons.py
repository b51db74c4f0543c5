"""Small interface glyphs drawn in code: language-neutral labels for tight buttons.

The art package draws the game's pieces; these are the interface's own marks
(a menu, area outlines, strength badges, a computer seat, the game log, a
checkbox, the replay controls), cached per size and colour.
"""

from __future__ import annotations

import functools
import math

import pygame

from game.art import palette as pal

RGB = tuple[int, int, int]


def _surface(size: int) -> pygame.Surface:
    return pygame.Surface((size, size), pygame.SRCALPHA)


def _finish(surface: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


@functools.lru_cache(maxsize=128)
def glyph(name: str, size: int, color: RGB = pal.IVORY) -> pygame.Surface:
    size = max(8, int(size))
    s = _surface(size)
    w = max(2, size // 10)
    u = size / 10.0
    if name == "menu":
        for i in range(3):
            y = int(u * (2.5 + 2.5 * i))
            pygame.draw.line(s, color, (int(u * 1.5), y), (int(u * 8.5), y), w)
    elif name == "outlines":
        pygame.draw.rect(s, color, (int(u * 1.5), int(u * 1.5), int(u * 7), int(u * 7)), w,
                         border_radius=int(u))
        for x, y in ((3, 3), (5, 3), (3, 5)):
            pygame.draw.rect(s, color, (int(u * x), int(u * y), int(u * 1.8), int(u * 1.8)))
    elif name == "strength":
        pygame.draw.circle(s, color, (int(u * 4.5), int(u * 5.5)), int(u * 3.3), w)
        pygame.draw.circle(s, pal.EMBER_LIGHT, (int(u * 7.3), int(u * 2.8)), int(u * 2.2))
        pygame.draw.line(s, pal.INK, (int(u * 7.3), int(u * 1.8)), (int(u * 7.3), int(u * 3.8)),
                         max(1, w // 2 + 1))
    elif name == "computer":
        pygame.draw.rect(s, color, (int(u * 1), int(u * 1.5), int(u * 8), int(u * 5.5)), w,
                         border_radius=int(u * 0.6))
        pygame.draw.line(s, color, (int(u * 5), int(u * 7)), (int(u * 5), int(u * 8.5)), w)
        pygame.draw.line(s, color, (int(u * 3), int(u * 8.7)), (int(u * 7), int(u * 8.7)), w)
    elif name == "log":
        pygame.draw.rect(s, color, (int(u * 2), int(u * 1), int(u * 6), int(u * 8)), w,
                         border_radius=int(u * 0.8))
        for i in range(3):
            y = int(u * (3.2 + 1.8 * i))
            pygame.draw.line(s, color, (int(u * 3.4), y), (int(u * 6.6), y), max(1, w - 1))
    elif name == "hint":
        # A lamp: a bulb over its base, a hint's light.
        pygame.draw.circle(s, color, (int(u * 5), int(u * 4)), int(u * 2.8), w)
        pygame.draw.line(s, color, (int(u * 3.8), int(u * 7.4)), (int(u * 6.2), int(u * 7.4)), w)
        pygame.draw.line(s, color, (int(u * 4.1), int(u * 8.8)), (int(u * 5.9), int(u * 8.8)), w)
        pygame.draw.circle(s, pal.GOLD_LIGHT, (int(u * 5), int(u * 4)), max(1, int(u * 1.2)))
    elif name in ("check_on", "check_off"):
        box = pygame.Rect(int(u * 1), int(u * 1), int(u * 8), int(u * 8))
        pygame.draw.rect(s, color, box, w, border_radius=int(u))
        if name == "check_on":
            pygame.draw.lines(s, pal.GOLD_LIGHT, False, [(u * 2.6, u * 5.2), (u * 4.3, u * 7),
                                                         (u * 7.6, u * 2.8)], w + 1)
    elif name == "turn":
        # Two arrows chasing each other round a circle: "turn this to the other side".
        r = u * 3.3
        box = pygame.Rect(int(u * 5 - r), int(u * 5 - r), int(2 * r), int(2 * r))
        for start in (0.3, math.pi + 0.3):
            end = start + 2.3
            pygame.draw.arc(s, color, box, start, end, w)
            ex, ey = u * 5 + r * math.cos(end), u * 5 - r * math.sin(end)
            tx, ty = -math.sin(end), -math.cos(end)     # the way the arc goes on
            nx, ny = math.cos(end), -math.sin(end)      # outwards
            head = u * 1.6
            pygame.draw.polygon(s, color, [(ex + tx * head, ey + ty * head),
                                           (ex + nx * head, ey + ny * head),
                                           (ex - nx * head, ey - ny * head)])
    elif name in ("play", "pause", "step_forward", "step_back", "to_start", "to_end",
                  "previous_turn", "next_turn", "previous_moment", "next_moment"):
        _transport(s, name, u, color, w)
    else:
        raise ValueError(f"no glyph called {name!r}")
    return _finish(s)


def _transport(s: pygame.Surface, name: str, u: float, color: RGB, w: int) -> None:
    def tri(x0: float, right: bool) -> None:
        pts = ([(x0, u * 2), (x0, u * 8), (x0 + u * 4, u * 5)] if right
               else [(x0 + u * 4, u * 2), (x0 + u * 4, u * 8), (x0, u * 5)])
        pygame.draw.polygon(s, color, pts)

    if name == "play":
        tri(u * 3, True)
    elif name == "pause":
        pygame.draw.rect(s, color, (int(u * 2.5), int(u * 2), int(u * 1.8), int(u * 6)))
        pygame.draw.rect(s, color, (int(u * 5.7), int(u * 2), int(u * 1.8), int(u * 6)))
    elif name == "step_forward":
        tri(u * 2.5, True)
        pygame.draw.rect(s, color, (int(u * 6.8), int(u * 2), max(2, w), int(u * 6)))
    elif name == "step_back":
        tri(u * 3.5, False)
        pygame.draw.rect(s, color, (int(u * 2.4), int(u * 2), max(2, w), int(u * 6)))
    elif name == "to_end":
        tri(u * 1.2, True)
        tri(u * 4.6, True)
    elif name == "to_start":
        tri(u * 1.2, False)
        tri(u * 4.6, False)
    elif name in ("next_turn", "previous_turn"):
        # Two small steps and a bar: on to where the next turn (or back to where this one)
        # begins.
        forward = name == "next_turn"
        for x0 in (1.0, 3.6):
            x = x0 if forward else 10 - x0
            pygame.draw.polygon(s, color, [(u * x, u * 3), (u * x, u * 7),
                                           (u * (x + (2.6 if forward else -2.6)), u * 5)])
        bar = u * 7.6 if forward else u * 2.4 - max(2, w)
        pygame.draw.rect(s, color, (int(bar), int(u * 2.5), max(2, w), int(u * 5)))
    elif name in ("next_moment", "previous_moment"):
        # A burst (something happens) and the way to it.
        forward = name == "next_moment"
        cx = u * (6.4 if forward else 3.6)
        points = []
        for i in range(16):
            radius = u * (2.9 if i % 2 == 0 else 1.3)
            angle = math.pi * i / 8
            points.append((cx + radius * math.cos(angle), u * 5 + radius * math.sin(angle)))
        pygame.draw.polygon(s, pal.EMBER_LIGHT, points)
        x = u * 1.0 if forward else u * 9.0
        pygame.draw.polygon(s, color, [(x, u * 3), (x, u * 7),
                                       (x + u * (2.4 if forward else -2.4), u * 5)])


def clear() -> None:
    glyph.cache_clear()
