"""Advanced Civilization's picture on the title's card: a fragment of the painted map
(the Aegean's shores in the map's own colours, land split into areas, a flood plain),
a city of each of a few nations, token stacks and a ship under sail, drawn in code at
any size (`game.civ.map_art`'s palette, `game.civ.pieces`' pieces)."""

from __future__ import annotations

import pygame

from game.civ import map_art, pieces

# The shapes in fractions of the picture: a western mainland with a peninsula, an
# eastern shore, an island; borders between areas; where each piece stands.
_WEST = ((0.0, 0.0), (0.46, 0.0), (0.50, 0.18), (0.42, 0.30), (0.47, 0.46), (0.38, 0.62),
         (0.44, 0.78), (0.30, 0.74), (0.24, 0.86), (0.12, 0.80), (0.0, 0.84))
_EAST = ((0.70, 0.0), (1.0, 0.0), (1.0, 1.0), (0.78, 1.0), (0.82, 0.80), (0.72, 0.62),
         (0.80, 0.44), (0.68, 0.30), (0.74, 0.14))
_ISLAND = ((0.50, 0.86), (0.62, 0.84), (0.68, 0.90), (0.58, 0.95), (0.48, 0.93))
_FLOOD = ((0.78, 1.0), (0.82, 0.80), (0.92, 0.78), (1.0, 0.82), (1.0, 1.0))
_BORDERS = (((0.0, 0.40), (0.44, 0.36)), ((0.22, 0.0), (0.24, 0.40)),
            ((0.20, 0.40), (0.16, 0.82)), ((0.30, 0.40), (0.40, 0.62)),
            ((0.70, 0.30), (1.0, 0.36)), ((0.86, 0.0), (0.84, 0.34)),
            ((0.74, 0.60), (1.0, 0.58)))
_CITIES = (("crete", 0.58, 0.89), ("egypt", 0.90, 0.89), ("thrace", 0.34, 0.20),
           ("asia", 0.88, 0.46))
_STACKS = (("illyria", 4, 0.10, 0.24), ("babylon", 3, 0.88, 0.20), ("thrace", 2, 0.30, 0.55))
_SHIP = ("crete", 0.58, 0.48)


def picture(width: int, height: int) -> pygame.Surface:
    surface = pygame.Surface((width, height))
    surface.fill(map_art.SEA)

    def at(points: tuple[tuple[float, float], ...]) -> list[tuple[int, int]]:
        return [(round(x * width), round(y * height)) for x, y in points]

    band = max(2, min(width, height) // 40)
    for k, shape in enumerate((_WEST, _EAST, _ISLAND)):
        pts = at(shape)
        pygame.draw.polygon(surface, map_art.SHALLOWS, pts, band * 3)
        pygame.draw.polygon(surface, map_art.LAND_TONES[k], pts)
        pygame.draw.polygon(surface, map_art.COAST, pts, band)
    flood = at(_FLOOD)
    pygame.draw.polygon(surface, map_art.FLOOD_PLAIN, flood)
    step = max(4, band * 3)
    left, top = min(x for x, _ in flood), min(y for _, y in flood)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(left, top, width - left, height - top))
    for x0 in range(left, width + height, step):
        pygame.draw.line(surface, map_art.FLOOD_HATCH, (x0, top), (x0 - height, top + height))
    surface.set_clip(clip)
    pygame.draw.polygon(surface, map_art.COAST, flood, max(1, band // 2))
    for a, b in _BORDERS:
        start, end = at((a, b))
        pygame.draw.line(surface, map_art.BORDER, start, end, max(1, band // 2))
    size = max(8, min(width, height) // 8)
    for nation, fx, fy in _CITIES:
        city = pieces.city(nation, size)
        surface.blit(city, city.get_rect(center=(round(fx * width), round(fy * height))))
    for nation, count, fx, fy in _STACKS:
        stack = pieces.token_stack(nation, count, max(6, size * 2 // 3))
        surface.blit(stack, stack.get_rect(center=(round(fx * width), round(fy * height))))
    nation, fx, fy = _SHIP
    ship = pieces.ship(nation, size)
    surface.blit(ship, ship.get_rect(center=(round(fx * width), round(fy * height))))
    return surface
