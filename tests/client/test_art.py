"""The art package: every piece at small and large sizes, distinct symbols for
colour-blind players, the board geometry, fonts that cover our five languages.

Headless: SDL's dummy drivers, set before pygame is imported; no display mode is set
except in the one test that checks conversion to the display format.
"""

from __future__ import annotations

import ast
import itertools
import json
from pathlib import Path

import pygame
import pytest

from game import art as game_art
from game.art import palette
from game.art.fonts import missing_glyphs
from game.tigris import art
from game.tigris.art import palette as te_pal

SIZES = (24, 200)
ROOT = Path(__file__).resolve().parents[2]


def classic_layout() -> dict[str, list[str]]:
    """engine.board_layout('classic'), or the shared board file parsed here when the
    engine is not importable (the art must not depend on the engine's progress)."""
    try:
        import engine.tigris as engine

        return engine.board_layout("classic")
    except (ImportError, AttributeError):
        pass
    text = (ROOT.parent / "shared" / "docs" / "board-classic.txt").read_text(encoding="utf-8")
    layout: dict[str, list[str]] = {"river": [], "treasures": [], "corner_treasures": []}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 2 or not parts[0].isdigit():
            continue
        row = int(parts[0])
        for col, ch in zip("ABCDEFGHIJKLMNOP", parts[1], strict=True):
            sq = f"{col}{row}"
            if ch == "~":
                layout["river"].append(sq)
            elif ch in "T*":
                layout["treasures"].append(sq)
                if ch == "*":
                    layout["corner_treasures"].append(sq)
    return layout


def test_classic_layout_fixture_is_complete() -> None:
    layout = classic_layout()
    assert len(layout["treasures"]) == 10
    assert len(layout["corner_treasures"]) == 4
    assert len(layout["river"]) > 30


def square_factories() -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for color in art.COLORS:
        out.append((f"tile {color}", lambda s, c=color: art.tile_surface(c, s)))
        out.append((f"tile {color} down", lambda s, c=color: art.tile_surface(c, s, True)))
        out.append((f"building {color}", lambda s, c=color: art.building_surface(c, s)))
        for dynasty in art.DYNASTIES:
            out.append((f"leader {dynasty} {color}",
                        lambda s, d=dynasty, c=color: art.leader_surface(d, c, s)))
    for a, b in itertools.combinations(art.COLORS, 2):
        out.append((f"monument {a} {b}", lambda s, a=a, b=b: art.monument_surface((a, b), s)))
    out.append(("treasure", lambda s: art.treasure_surface(s)))
    out.append(("corner treasure", lambda s: art.treasure_surface(s, True)))
    out.append(("catastrophe", art.catastrophe_surface))
    out.append(("unification", art.unification_surface))
    out.append(("wonder", art.wonder_surface))
    for name in art.ICON_NAMES:
        out.append((f"icon {name}", lambda s, n=name: art.icon_surface(n, s)))
    for name in art.SYMBOL_NAMES:
        out.append((f"symbol {name}", lambda s, n=name: art.symbol_mask(n, s)))
    return out


@pytest.mark.parametrize("size", SIZES)
def test_every_piece_has_the_requested_size(size: int) -> None:
    assert pygame.display.get_surface() is None
    for label, factory in square_factories():
        surface = factory(size)  # type: ignore[operator]
        assert isinstance(surface, pygame.Surface), label
        assert surface.get_size() == (size, size), label
        assert surface.get_flags() & pygame.SRCALPHA, label
        # something visible was drawn, not a blank or a speck
        assert surface.get_bounding_rect().w > size // 3, label


@pytest.mark.parametrize("size", [(24, 24), (200, 200), (320, 90), (900, 600)])
def test_interface_surfaces_have_the_requested_size(size: tuple[int, int]) -> None:
    assert art.panel_background(size).get_size() == size
    assert art.table_background(size).get_size() == size
    if min(size) >= 40:
        assert art.dialog_background(size).get_size() == size
        inner = art.dialog_content_rect(size)
        assert pygame.Rect((0, 0), size).contains(inner) and inner.w > 0
    label = art.font("bold", 14).render("OK", True, palette.BUTTON_LABEL["normal"])
    for state in palette.BUTTON_STATES:
        assert art.button_surface(size, label, state).get_size() == size
    assert pygame.Rect((0, 0), size).contains(art.panel_content_rect(size))


def test_results_are_cached_and_bad_input_is_refused() -> None:
    assert art.tile_surface("red", 40) is art.tile_surface("red", 40)
    with pytest.raises(ValueError):
        art.tile_surface("purple", 40)
    with pytest.raises(ValueError):
        art.leader_surface("eagle", "red", 40)
    with pytest.raises(ValueError):
        art.tile_surface("red", 0)
    with pytest.raises(ValueError):
        art.monument_surface(("red", "red"), 80)
    with pytest.raises(ValueError):
        art.icon_surface("dragon", 20)
    with pytest.raises(ValueError):
        art.button_surface((100, 40), None, "glowing")


def luminance_mask(surface: pygame.Surface, frac: float) -> list[bool]:
    """The symbol as a viewer with no colour vision at all sees it: in the central
    `frac` of the piece, the pixels on the rarer side of the average lightness."""
    w, h = surface.get_size()
    m = int(w * (1 - frac) / 2)
    lum = []
    for y in range(m, h - m):
        for x in range(m, w - m):
            r, g, b, a = surface.get_at((x, y))
            lum.append((0.2126 * r + 0.7152 * g + 0.0722 * b) * a / 255)
    mean = sum(lum) / len(lum)
    light = [v > mean for v in lum]
    return light if sum(light) * 2 < len(light) else [not v for v in light]


def distance(a: list[bool], b: list[bool]) -> float:
    """Jaccard distance: the share of the two symbols' pixels that only one covers."""
    union = sum(x or y for x, y in zip(a, b, strict=True))
    return sum(x != y for x, y in zip(a, b, strict=True)) / max(1, union)


@pytest.mark.parametrize("size", [24, 64])
def test_tile_symbols_differ_without_colour(size: int) -> None:
    masks = {c: luminance_mask(art.tile_surface(c, size), 0.7) for c in art.COLORS}
    for a, b in itertools.combinations(art.COLORS, 2):
        assert distance(masks[a], masks[b]) > 0.45, (a, b)


@pytest.mark.parametrize("size", [32, 64])
def test_dynasty_symbols_differ_without_colour(size: int) -> None:
    masks = {d: luminance_mask(art.leader_surface(d, "black", size), 0.5)
             for d in art.DYNASTIES}
    for a, b in itertools.combinations(art.DYNASTIES, 2):
        assert distance(masks[a], masks[b]) > 0.35, (a, b)


def test_leader_colour_badges_differ_without_colour() -> None:
    badges = {}
    for c in art.COLORS:
        leader = art.leader_surface("lion", c, 64)
        badges[c] = luminance_mask(leader.subsurface(pygame.Rect(40, 40, 22, 22)), 0.8)
    for a, b in itertools.combinations(art.COLORS, 2):
        assert distance(badges[a], badges[b]) > 0.3, (a, b)


def test_face_down_tiles_look_the_same_whatever_their_colour() -> None:
    backs = [pygame.image.tobytes(art.tile_surface(c, 40, True), "RGBA") for c in art.COLORS]
    assert len(set(backs)) == 1


@pytest.mark.parametrize("size", [(640, 460), (1280, 900), (1000, 1000), (300, 100)])
def test_board_grid_is_whole_squares_inside_the_frame(size: tuple[int, int]) -> None:
    grid = art.board_grid_rect(*size)
    cell = grid.w // 16
    assert grid.w == 16 * cell and grid.h == 11 * cell
    margin = min(grid.x, grid.y, size[0] - grid.right, size[1] - grid.bottom)
    assert margin >= int(art.FRAME_CELLS * cell) - 1
    assert pygame.Rect((0, 0), size).contains(grid)


def test_board_surface_draws_river_and_land_apart() -> None:
    layout = classic_layout()
    size = (960, 680)
    board = art.board_surface(layout, *size)
    assert board.get_size() == size
    assert art.board_surface(dict(layout), *size) is board
    grid = art.board_grid_rect(*size)
    cell = grid.w // 16

    def centre(name: str) -> tuple[int, int, int, int]:
        col, row = art.parse_square(name)
        return tuple(board.get_at((grid.x + col * cell + cell // 4,
                                   grid.y + row * cell + cell // 4)))

    river = [centre(s) for s in layout["river"]]
    land_squares = [f"{c}{r}" for c in "ABCDEFGHIJKLMNOP" for r in range(1, 12)]
    land = [centre(s) for s in land_squares
            if s not in layout["river"] and s not in layout["treasures"]]
    assert all(c[2] > c[0] for c in river), "river squares are blue-green"
    assert all(c[0] > c[2] for c in land), "land squares are sand"


def test_board_cache_is_bounded_for_resizing_windows() -> None:
    layout = classic_layout()
    first = art.board_surface(layout, 400, 300)
    assert art.board_surface(layout, 400, 300) is first
    for extra in range(1, 8):
        art.board_surface(layout, 400 + extra, 300)
    assert art.board_surface(layout, 400, 300) is not first


def test_parse_square() -> None:
    assert art.parse_square("A1") == (0, 0)
    assert art.parse_square("P11") == (15, 10)
    for bad in ("Q1", "A0", "A12", "", "11"):
        with pytest.raises(ValueError):
            art.parse_square(bad)


def test_surfaces_are_converted_once_a_display_exists() -> None:
    try:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
        before = art.tile_surface("green", 30)
        assert before.get_size() == (30, 30)
        assert art.board_surface(classic_layout(), 320, 230).get_size() == (320, 230)
    finally:
        pygame.display.quit()
        art.clear_caches()
    assert art.tile_surface("green", 30).get_size() == (30, 30)


def test_fonts_load_for_every_role_and_draw_our_letters() -> None:
    sample = "șțăâîȘȚĂÂÎ æøåÆØÅ äöÄÖ ñáéíóú¿¡"
    for role in art.ROLES:
        f = art.font(role, 20)
        assert f is art.font(role, 20)
        rendered = f.render(sample, True, palette.INK)
        assert rendered.get_width() > 200 and rendered.get_height() >= 20
        assert missing_glyphs(role, sample) == "", role
    assert missing_glyphs("text", "中") == "中"
    with pytest.raises(ValueError):
        art.font("gothic", 12)


def test_every_translation_is_drawable_in_the_text_fonts() -> None:
    for path in sorted((ROOT / "game").glob("**/locales/*.json")):
        text = "".join(json.loads(path.read_text(encoding="utf-8")).values())
        for role in ("text", "bold"):
            assert missing_glyphs(role, text) == "", (path.name, role)


def test_titles_are_drawable_in_the_title_font() -> None:
    for path in sorted((ROOT / "game").glob("**/locales/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        titles = "".join(v for k, v in data.items()
                         if k.endswith(".title") or k.startswith(("app.", "menu.")))
        assert missing_glyphs("title", titles) == "", path.name


def test_font_files_ship_with_their_licences() -> None:
    fonts = ROOT / "assets" / "fonts"
    for name in ("OFL-Cinzel.txt", "OFL-NotoSans.txt"):
        assert "SIL Open Font License" in (fonts / name).read_text(encoding="utf-8")


def test_palette_is_pygame_free_and_complete() -> None:
    assert set(te_pal.TILE_COLORS) == set(art.COLORS)
    assert set(palette.BUTTON_FACE) == set(palette.BUTTON_STATES)
    assert set(palette.BUTTON_LABEL) == set(palette.BUTTON_STATES)
    for path in (ROOT / "game" / "art" / "palette.py",
                 ROOT / "game" / "tigris" / "art" / "palette.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not any(name.split(".")[0] == "pygame" for name in imported)


@pytest.mark.parametrize("size", [(200, 200), (652, 401), (882, 523), (130, 900), (100, 400)])
def test_words_past_the_corner_reach_clear_every_rosette(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of words along a panel's edge (a held strip's name and what the calamities
    are doing) starts `panel_corner_reach` in from a side: every rosette drawn lies within
    that reach of its side; a panel too small for rosettes reaches nothing."""
    from game.art import ui

    drawn: list[tuple[tuple[float, float], float]] = []
    monkeypatch.setattr(ui, "_rosette", lambda _s, centre, r, _c: drawn.append((centre, r)))
    game_art.clear_caches()
    try:
        game_art.panel_background(size)
    finally:
        game_art.clear_caches()   # no panel without its rosettes is kept for later tests
    reach = game_art.panel_corner_reach(size)
    w = size[0]
    if min(size) < 120:
        assert not drawn and reach == 0
        return
    assert len(drawn) == 4
    for (x, _y), r in drawn:
        assert x + r <= reach or x - r >= w - reach, (x, r, reach)
