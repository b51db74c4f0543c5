"""Draw the whole Mediterranean map for review: `docs/screenshots/civ-map.png`.

    python assets/tools/civ_map/render.py [OUTPUT.png]

Reads the map the engine ships and the drawing file beside it; needs
pygame-ce only (runs headless). Shows every area's name, population limit,
city site (black or white square), flood plains (blue hatching), volcanoes
(red triangles), start areas (the nation's colour, A4.1), the sides of the
dividing line and the far west, open seas, and the water and both boundaries
between land areas as dotted lines.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from engine.civ.map_schema import Area, load_map  # noqa: E402

WIDTH = 4200
MARGIN = 40
FONTS = ROOT / "assets" / "fonts"
NATION_COLOURS = {
    "africa": "#E67E22",
    "italy": "#C0392B",
    "illyria": "#F1C40F",
    "thrace": "#1E8449",
    "crete": "#82E0AA",
    "asia": "#2E86C1",
    "assyria": "#7D3C98",
    "babylon": "#808B96",
    "egypt": "#C9A66B",
}
"""A4.1's colours."""
LAND = {"W": (222, 208, 170), "E": (214, 196, 160)}
FAR_WEST = (200, 200, 182)
SEA = (150, 186, 212)
OPEN_SEA = (122, 160, 196)
OFF_BOARD = (236, 232, 222)
SMALL_AREA = 0.12
"""Areas smaller than this (square map units, about 1500 km²) get a smaller name."""


class Canvas:
    """Map units to pixels: north up, the board's bounds filling the width."""

    def __init__(self, bounds: list[float]) -> None:
        x0, y0, x1, y1 = bounds
        self.x0, self.y1 = x0, y1
        self.scale = (WIDTH - 2 * MARGIN) / (x1 - x0)
        self.size = (WIDTH, int((y1 - y0) * self.scale) + 2 * MARGIN)

    def point(self, xy: list[float]) -> tuple[int, int]:
        return (
            round(MARGIN + (xy[0] - self.x0) * self.scale),
            round(MARGIN + (self.y1 - xy[1]) * self.scale),
        )


def _fill_polygon(
    surface: pygame.Surface,
    canvas: Canvas,
    rings: list[list[list[float]]],
    colour: Any,
    hole_colour: Any,
) -> None:
    pygame.draw.polygon(surface, colour, [canvas.point(p) for p in rings[0]])
    for hole in rings[1:]:
        pygame.draw.polygon(surface, hole_colour, [canvas.point(p) for p in hole])


def _hatch(surface: pygame.Surface, canvas: Canvas, rings: list[list[list[float]]]) -> None:
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    _fill_polygon(mask, canvas, rings, (255, 255, 255, 255), (0, 0, 0, 0))
    lines = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    xs = [canvas.point(p)[0] for p in rings[0]]
    ys = [canvas.point(p)[1] for p in rings[0]]
    for k in range(min(xs) - (max(ys) - min(ys)), max(xs), 9):
        pygame.draw.line(
            lines, (40, 110, 200, 150), (k, max(ys)), (k + max(ys) - min(ys), min(ys)), 2
        )
    lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(lines, (0, 0))


def _dotted(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], colour: Any) -> None:
    steps = max(int(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 // 10), 1)
    for k in range(0, steps + 1, 2):
        t = k / steps
        pygame.draw.circle(
            surface, colour, (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)), 2
        )


def render(output: Path) -> None:
    board = load_map()
    drawing = json.loads((ROOT / "assets" / "civ" / "mediterranean-drawing.json").read_text())
    places = {entry["id"]: entry for entry in drawing["areas"]}
    canvas = Canvas(drawing["bounds"])
    pygame.init()
    surface = pygame.Surface(canvas.size)
    surface.fill(OFF_BOARD)
    _fill_polygon(surface, canvas, drawing["board_edge"], SEA, SEA)
    for rings in drawing["off_board"]:
        _fill_polygon(surface, canvas, rings, OFF_BOARD, SEA)
    for area in board.areas:
        for rings in places[area.id]["polygons"]:
            _fill_polygon(surface, canvas, rings, _colour(area), SEA)
    for area in board.areas:
        if area.flood_plain:
            for rings in places[area.id]["polygons"]:
                _hatch(surface, canvas, rings)
    for area in board.areas:
        width = 2 if area.is_land else 3
        edge = (90, 70, 50) if area.is_land else (60, 90, 150)
        for rings in places[area.id]["polygons"]:
            for ring in rings:
                pygame.draw.lines(surface, edge, True, [canvas.point(p) for p in ring], width)
    for area in board.areas:
        if area.start:
            for rings in places[area.id]["polygons"]:
                points = [canvas.point(p) for p in rings[0]]
                colour = pygame.Color(NATION_COLOURS[area.start])
                pygame.draw.lines(surface, colour, True, points, 7)
    for b in board.boundaries:
        a, c = board.area(b.a), board.area(b.b)
        if b.type != "land" and a.is_land and c.is_land:
            colour = (20, 60, 160) if b.type == "water" else (160, 30, 30)
            _dotted(
                surface,
                canvas.point(places[a.id]["label"]),
                canvas.point(places[c.id]["label"]),
                colour,
            )
    _labels(surface, canvas, board.areas, places)
    _legend(surface)
    output.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(output))
    print(f"wrote {output} ({canvas.size[0]}×{canvas.size[1]})")


def _colour(area: Area) -> Any:
    if area.kind == "open_sea":
        return OPEN_SEA
    if area.start:
        return pygame.Color(NATION_COLOURS[area.start]).lerp((255, 255, 255), 0.35)
    return FAR_WEST if area.far_west else LAND[area.side if area.side != "LINE" else "W"]


def _labels(
    surface: pygame.Surface, canvas: Canvas, areas: tuple[Area, ...], places: dict[int, Any]
) -> None:
    """Symbols first, then names and limits on top, so no symbol hides a name."""
    name_font = pygame.font.Font(str(FONTS / "NotoSans-Bold.ttf"), 17)
    small_font = pygame.font.Font(str(FONTS / "NotoSans-Bold.ttf"), 13)
    sea_font = pygame.font.Font(str(FONTS / "Cinzel-Bold.ttf"), 30)
    limit_font = pygame.font.Font(str(FONTS / "NotoSans-Bold.ttf"), 22)
    for area in areas:
        place = places[area.id]
        if area.city_site != "none":
            square = pygame.Rect(0, 0, 16, 16)
            square.center = canvas.point(place["city"])
            fill = (20, 20, 20) if area.city_site == "black" else (255, 255, 255)
            pygame.draw.rect(surface, fill, square)
            pygame.draw.rect(surface, (20, 20, 20), square, 2)
        if area.volcano:
            vx, vy = canvas.point(place["tokens"])
            corners = [(vx, vy - 14), (vx - 12, vy + 8), (vx + 12, vy + 8)]
            pygame.draw.polygon(surface, (200, 40, 20), corners)
    for area in areas:
        place = places[area.id]
        x, y = canvas.point(place["label"])
        if area.kind == "open_sea":
            text = sea_font.render(f"{area.name} ({area.side})", True, (235, 242, 250))
            surface.blit(text, text.get_rect(center=(x, y)))
            continue
        font = small_font if _size(place["polygons"]) < SMALL_AREA else name_font
        text = font.render(f"{area.id} {area.name}", True, (30, 25, 20))
        surface.blit(text, text.get_rect(midbottom=(x, y)))
        limit = limit_font.render(str(area.limit), True, (30, 25, 20))
        badge = limit.get_rect(midtop=(x, y + 1)).inflate(10, 0)
        pygame.draw.ellipse(surface, (250, 246, 235), badge)
        pygame.draw.ellipse(surface, (30, 25, 20), badge, 2)
        surface.blit(limit, limit.get_rect(center=badge.center))


def _size(polygons: list[list[list[list[float]]]]) -> float:
    """Area of the largest outline (shoelace), in square map units."""
    sizes = []
    for rings in polygons:
        ring = rings[0]
        edges = zip(ring, ring[1:] + ring[:1], strict=True)
        sizes.append(abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in edges)) / 2)
    return max(sizes)


def _legend(surface: pygame.Surface) -> None:
    font = pygame.font.Font(str(FONTS / "NotoSans-Bold.ttf"), 22)
    ink = (30, 25, 20)
    x, y = 60, surface.get_height() - 200

    def black_site(p: tuple[int, int]) -> None:
        pygame.draw.rect(surface, (20, 20, 20), (*p, 16, 16))

    def white_site(p: tuple[int, int]) -> None:
        pygame.draw.rect(surface, (255, 255, 255), (*p, 16, 16))
        pygame.draw.rect(surface, (20, 20, 20), (*p, 16, 16), 2)

    def volcano(p: tuple[int, int]) -> None:
        corners = [(p[0] + 8, p[1] - 4), (p[0] - 4, p[1] + 16), (p[0] + 20, p[1] + 16)]
        pygame.draw.polygon(surface, (200, 40, 20), corners)

    entries: list[tuple[str, Any]] = [
        ("id and name; population limit in the oval", None),
        ("black city site", black_site),
        ("white city site (flood plain only)", white_site),
        ("volcano", volcano),
        ("flood plain: blue hatching; start areas: the nation's colour, thick outline", None),
        ("far west (out with 5 players): grey-green; open seas: dark blue, W / E / LINE", None),
        ("dotted between names: blue a water boundary, red a both boundary", None),
    ]
    for text, symbol in entries:
        if symbol:
            symbol((x, y + 6))
        surface.blit(font.render(text, True, ink), (x + (30 if symbol else 0), y))
        y += 28


if __name__ == "__main__":
    render(
        Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots" / "civ-map.png"
    )
