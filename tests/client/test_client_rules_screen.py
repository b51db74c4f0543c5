"""The rules screen: its pictures (R1 pieces, R3 a kingdom, R7 a revolt, R8 a war, R10 a
monument) drawn with the game's art under their sections, captions in five languages,
and a scroll bar moved by the wheel, its thumb, a tap on its track and a finger."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from support.apps import make_app

from game.tigris.boardmap import leader_support
from game.tigris.driver import Driver
from game.tigris.scenes.rules import RulesScene
from game.tigris.ui.rules_pictures import PICTURES, draw_picture

LOCALES = Path(__file__).resolve().parents[2] / "game" / "tigris" / "locales"
COLUMNS = "ABCDEFGHIJKLMNOP"


def rules_screen(size: tuple[int, int]) -> tuple[Driver, RulesScene]:
    app = make_app(size)
    scene = RulesScene(app)
    app.replace(scene)
    driver = Driver(app)
    driver.frames(1)
    return driver, scene


@pytest.mark.parametrize("size", [(800, 480), (1280, 800), (720, 1280)])
def test_r1_r3_r7_r8_r10_pictures_follow_their_sections_and_fit_the_page(
        size: tuple[int, int]) -> None:
    _driver, scene = rules_screen(size)
    sections = [words for role, words in scene.blocks if role == "bold"]
    after = {}
    for i, (role, words) in enumerate(scene.blocks):
        if role == "picture":
            heading = [w for r, w in scene.blocks[:i] if r == "bold"][-1]
            after[words] = sections.index(heading) + 1
            assert scene.pictures[words].get_width() <= scene.body.w - scene.scroll.bar.w
    assert after == {"pieces": 1, "kingdom": 3, "revolt": 7, "war": 8, "monument": 10}


def test_pictures_are_drawn_with_the_pieces_art() -> None:
    pygame.init()
    for name in PICTURES:
        picture = draw_picture(name, 40)
        cols, rows = PICTURES[name][1].cols, PICTURES[name][1].rows
        assert picture.get_size() == (cols * 40, rows * 40)
        colours = {picture.get_at((x, y))[:3] for x in range(5, cols * 40, 7)
                   for y in range(5, rows * 40, 7)}
        assert len(colours) > 20, f"{name}: pieces drawn, not only empty squares"


def board_of(name: str, leave_out: tuple[int, int] | None = None) -> dict[str, dict]:
    """A picture's squares as a board dict the table reads (pieces only, no overlays)."""
    board: dict[str, dict] = {}
    for col, row, piece in PICTURES[name][1].pieces:
        if (col, row) == leave_out:
            continue
        kind, _, rest = piece.partition(":")
        square = f"{COLUMNS[col]}{row + 1}"
        if kind == "tile":
            board[square] = {"tile": rest}
        elif kind == "leader":
            dynasty, color = rest.split(":")
            board[square] = {"leader": {"dynasty": dynasty, "color": color}}
    return board


def test_r7_2_revolt_picture_shows_the_temples_each_priest_counts() -> None:
    support = leader_support(board_of("revolt"))
    for col, row, label in PICTURES["revolt"][1].badges:
        assert support[f"{COLUMNS[col]}{row + 1}"][0] == int(label)


def test_r8_3_war_picture_shows_the_settlements_each_king_counts() -> None:
    """Each side's kingdom as it was before the uniting tile (its square left out)."""
    support = leader_support(board_of("war", leave_out=(4, 1)))
    for col, row, label in PICTURES["war"][1].badges:
        assert support[f"{COLUMNS[col]}{row + 1}"][1] == int(label)


def test_picture_captions_in_five_languages() -> None:
    for language in ("en", "fi", "es", "ro", "da"):
        catalogue = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
        for name in PICTURES:
            assert catalogue.get(f"rules.picture.{name}"), (language, name)


def test_rules_scroll_bar_moves_the_page_by_wheel_thumb_track_and_finger() -> None:
    driver, scene = rules_screen((800, 480))
    scroll = scene.scroll
    assert scroll.bar.w >= 10 and scroll.max_offset > scroll.view.h
    thumb = scroll.thumb.center
    driver.drag(thumb, (thumb[0], thumb[1] + scroll.bar.h // 2))
    halfway = scroll.offset
    assert 0.3 * scroll.max_offset < halfway < 0.7 * scroll.max_offset
    driver.tap((scroll.bar.centerx, scroll.bar.bottom - 2))
    assert scroll.offset > halfway, "a tap below the thumb pages down"
    paged = scroll.offset
    middle = scroll.view.center
    driver.drag(middle, (middle[0], middle[1] + 80), touch=True)
    assert scroll.offset == paged - 80, "the page follows the finger"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    driver.frames(1)
    assert scroll.offset == paged - 80 - 2 * 3 * scroll.line
    driver.key("page up")
    assert scroll.offset < paged - 80 - 6 * scroll.line


@pytest.mark.parametrize("name", sorted(set(PICTURES) - {"pieces"}))
def test_r3_4_every_leader_in_a_picture_stands_beside_a_temple(name: str) -> None:
    """Each picture but the row of pieces is a position that could be on the board."""
    board = board_of(name)
    for square, (temples, _tiles) in leader_support(board).items():
        assert temples >= 1, f"{name}: the leader on {square} has no temple beside it"
