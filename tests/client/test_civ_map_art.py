"""The civ map painted in code (issue 22): hit-testing, label points, labels that never
overlap, painting at any scale headless with a cache, and pieces told apart by colour
*and* symbol (A4.1 gives the colours; the symbols are the client's)."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from engine.civ.map_schema import load_map
from engine.civ.tables import BARBARIAN, NATIONS
from game.civ import map_art, pieces
from game.civ.geometry import board_shape, in_polygon, in_ring, pole_of_inaccessibility


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def brute_force(x: float, y: float) -> set[int]:
    """Every area whose outline holds (x, y), without the grid or the boxes."""
    return {area_id for area_id, shape in board_shape().shapes.items()
            if any(in_polygon(polygon, x, y) for polygon in shape.polygons)}


def in_board(x: float, y: float) -> bool:
    return any(in_polygon(polygon, x, y) for polygon in board_shape().edge)


def test_every_area_of_the_engine_has_a_shape_and_nothing_else_does() -> None:
    assert sorted(board_shape().shapes) == sorted(a.id for a in load_map().areas)


def test_every_areas_label_point_hits_that_area() -> None:
    shape = board_shape()
    for area_id, area_shape in shape.shapes.items():
        assert shape.area_at(*shape.label_point(area_id)) == area_id, area_shape.area.name
        x0, y0, x1, y1 = shape.box(area_id)
        x, y = shape.label_point(area_id)
        assert x0 <= x <= x1 and y0 <= y <= y1


def test_hit_tests_of_random_points_agree_with_a_brute_force_point_in_polygon() -> None:
    shape = board_shape()
    rng = random.Random(22)
    x0, y0, x1, y1 = shape.bounds
    hits = 0
    for _ in range(1500):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        found, expected = shape.area_at(x, y), brute_force(x, y)
        if expected:
            hits += 1
            assert found in expected, (x, y, found, expected)
        else:
            assert found is None, (x, y, found)
    assert hits > 700  # most of the bounds are areas: the test did look at them


def test_random_interior_points_of_each_area_hit_it() -> None:
    shape = board_shape()
    rng = random.Random(7)
    for area_shape in shape.shapes.values():
        x0, y0, x1, y1 = area_shape.box
        inside = 0
        for _ in range(400):
            if inside == 6:
                break
            x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
            if any(in_polygon(polygon, x, y) for polygon in area_shape.polygons):
                inside += 1
                assert shape.area_at(x, y) in brute_force(x, y)
        assert inside == 6, area_shape.area.name


def test_sea_points_hit_open_sea_areas_or_nothing_as_the_data_says() -> None:
    """A3.1: open sea is an area of its own; the water along a coast is drawn as no polygon
    (it belongs to the coastal areas beside it), so a point there hits nothing."""
    shape = board_shape()
    rng = random.Random(3)
    x0, y0, x1, y1 = shape.bounds
    open_sea = coastal_water = 0
    for _ in range(4000):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        found = shape.area_at(x, y)
        if found is not None and not shape.board.area(found).is_land:
            open_sea += 1
            assert shape.board.area(found).kind == "open_sea"
        elif found is None and in_board(x, y) and not any(
                in_polygon(p, x, y) for p in shape.off_board):
            coastal_water += 1
    assert open_sea > 300 and coastal_water > 50
    for area in shape.board.areas:
        if area.kind == "open_sea":
            assert shape.area_at(*shape.label_point(area.id)) == area.id


def test_off_the_board_hits_nothing_and_pixels_map_back_to_the_same_point() -> None:
    shape = board_shape()
    x0, y0, x1, y1 = shape.bounds
    assert shape.area_at(x0 - 1, y0 - 1) is None and shape.area_at(x1 + 5, y1 + 5) is None
    scale = shape.fit_scale(1280, 800)
    for area_id in (1, 58, 124, 131):
        point = shape.label_point(area_id)
        px, py = shape.to_pixel(*point, scale)
        assert shape.area_at(*shape.to_map(px, py, scale)) == area_id
    assert shape.pixel_size(scale)[0] <= 1281 and shape.pixel_size(scale)[1] <= 801


def test_the_pole_of_inaccessibility_of_a_square_is_its_middle() -> None:
    square = (((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0), (0.0, 0.0)),)
    x, y = pole_of_inaccessibility(square)
    assert abs(x - 2) < 0.02 and abs(y - 2) < 0.02
    ell = (((0.0, 0.0), (6.0, 0.0), (6.0, 1.0), (1.0, 1.0), (1.0, 6.0), (0.0, 6.0), (0.0, 0.0)),)
    assert in_ring(ell[0], *pole_of_inaccessibility(ell))


@pytest.mark.parametrize("size", [(800, 480), (1280, 800), (1920, 1080), (3840, 2160)])
def test_labels_never_overlap_and_stay_on_the_painted_board(size: tuple[int, int]) -> None:
    shape = board_shape()
    scale = shape.fit_scale(*size)
    labels = map_art.labels(scale)
    bounds = pygame.Rect((0, 0), shape.pixel_size(scale))
    for one, other in itertools.combinations(labels, 2):
        assert not one.rect.colliderect(other.rect), (one, other)
    for label in labels:
        assert bounds.contains(label.rect), label


def test_labels_print_the_engines_facts_where_the_engine_says() -> None:
    shape = board_shape()
    for scale in (shape.fit_scale(800, 480), shape.fit_scale(1280, 800) * 4):
        labels = map_art.labels(scale)
        by_kind = {kind: {label.area_id for label in labels if label.kind == kind}
                   for kind in ("site", "volcano", "limit", "name", "sea")}
        # A3.5: every city site is printed at every scale, and only those
        assert by_kind["site"] == {a.id for a in shape.board.areas if a.city_site != "none"}
        assert by_kind["volcano"] <= {a.id for a in shape.board.areas if a.volcano}
        assert by_kind["limit"] | by_kind["name"] <= {a.id for a in shape.board.areas
                                                       if a.is_land}
        assert by_kind["sea"] <= {a.id for a in shape.board.areas if a.kind == "open_sea"}
        assert len(by_kind["limit"]) > 100
    zoomed = map_art.labels(shape.fit_scale(1280, 800) * 4)
    names = {label.area_id: label.text for label in zoomed if label.kind == "name"}
    assert len(names) > 75
    for area_id, text in names.items():
        assert " ".join(text) == shape.board.area(area_id).name


def test_the_map_paints_headless_at_several_scales_and_the_cache_keeps_each() -> None:
    shape = board_shape()
    map_art.clear_cache()
    scales = [shape.fit_scale(800, 480), shape.fit_scale(1280, 800),
              shape.fit_scale(1920, 1080)]
    painted = [map_art.paint_map(scale) for scale in scales]
    for scale, surface in zip(scales, painted, strict=True):
        assert surface.get_size() == shape.pixel_size(map_art.scale_key(scale))
        assert map_art.paint_map(scale) is surface
        assert map_art.paint_map(scale + 0.001) is surface  # the same pixels
    assert painted[0] is not painted[1]


def test_sea_open_sea_land_and_the_margin_are_painted_apart() -> None:
    shape = board_shape()
    scale = shape.fit_scale(1920, 1080) * 2
    surface = map_art.paint_map(scale)
    labels = [label.rect for label in map_art.labels(scale)]

    def colour_at(x: float, y: float) -> tuple[int, int, int]:
        px, py = shape.to_pixel(x, y, scale)
        assert pygame.Rect(round(px) - 3, round(py) - 3, 7, 7).collidelist(labels) < 0
        return tuple(surface.get_at((round(px), round(py))))[:3]  # type: ignore[return-value]

    rng = random.Random(5)
    x0, y0, x1, y1 = shape.bounds
    seen: dict[str, set[tuple[int, int, int]]] = {"open": set(), "coast": set()}

    def around(x: float, y: float, reach: float) -> list[tuple[float, float]]:
        steps = [reach * k / 2 for k in range(-2, 3)]
        return [(x + dx, y + dy) for dx in steps for dy in steps]

    for _ in range(3000):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        px, py = shape.to_pixel(x, y, scale)
        if pygame.Rect(round(px) - 40, round(py) - 40, 80, 80).collidelist(labels) >= 0:
            continue
        found = shape.area_at(x, y)
        if found is not None and shape.board.area(found).kind == "open_sea" and all(
                shape.area_at(*p) == found and not any(in_polygon(o, *p) for o in shape.off_board)
                for p in around(x, y, 0.5)):
            seen["open"].add(colour_at(x, y))
        elif found is None and all(
                in_board(*p) and shape.area_at(*p) is None
                and not any(in_polygon(o, *p) for o in shape.off_board)
                for p in around(x, y, 0.15)):
            seen["coast"].add(colour_at(x, y))
    assert seen["open"] == {map_art.OPEN_SEA}
    assert seen["coast"] == {map_art.SEA}
    assert colour_at(x0 + 0.01, y0 + 0.01) == map_art.BACKGROUND


def test_every_nations_colour_and_symbol_pair_is_distinct() -> None:
    looks = pieces.sides()
    assert [look.id for look in looks] == [n.id for n in NATIONS] + [BARBARIAN]
    assert len({look.symbol for look in looks}) == len(looks)
    assert len({look.colour for look in looks}) == len(looks)
    for nation in NATIONS:  # A4.1's colours, read from the engine's table
        r, g, b = pieces.side(nation.id).colour
        assert f"#{r:02X}{g:02X}{b:02X}" == nation.hex.upper()
    with pytest.raises(ValueError, match="unknown nation"):
        pieces.side("atlantis")


@pytest.mark.parametrize("size", [8, 24, 60])
def test_every_sides_pieces_draw_at_any_size_and_differ_in_size_by_kind(size: int) -> None:
    for look in pieces.sides():
        one = pieces.token(look.id, size)
        stack = pieces.token_stack(look.id, 7, size)
        town = pieces.city(look.id, size)
        boat = pieces.ship(look.id, size)
        assert one.get_size() == (size, size) and boat.get_size() == (size, size)
        assert town.get_width() > size and town.get_height() > size
        assert stack.get_width() > size
        assert pieces.token(look.id, size) is one  # cached
    assert pieces.pirate_city(size).get_size() == pieces.city(BARBARIAN, size).get_size()
    assert pieces.barbarian_tokens(3, size).get_width() > size
    assert pieces.over_limit_marker(size).get_size() == (size, size)
    assert pieces.short_of_support_marker(size).get_size() == (size, size)
    with pytest.raises(ValueError):
        pieces.token_stack("egypt", 0, size)


def test_two_nations_tokens_differ_in_their_symbols_pixels_too() -> None:
    """What a colour-blind player sees: the tokens in grey differ, not just in hue."""
    def grey(surface: pygame.Surface) -> list[int]:
        return [sum(surface.get_at((x, y))[:3]) // 3 for x in range(40) for y in range(40)]

    for one, other in (("italy", "thrace"), ("asia", "assyria"), ("illyria", "crete")):
        a, b = grey(pieces.token(one, 40)), grey(pieces.token(other, 40))
        # where each token's symbol is printed (pixels far from its face's grey) differs
        def ink(values: list[int]) -> list[bool]:
            face = max(set(values), key=values.count)
            return [abs(v - face) > 50 for v in values]

        differ = sum(p != q for p, q in zip(ink(a), ink(b), strict=True))
        assert differ > 80, (one, other, differ)
