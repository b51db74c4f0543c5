"""Measuring and wrapping text stays exact while it got cheaper: one resized Font per
role draws what a Font opened at that size draws, and the word-sum wrap gives the
lines the simple greedy wrap gives."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game import art
from game.ui import text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fonts_ready():
    pygame.font.init()
    yield
    art.clear_caches()


def catalogue_texts() -> list[str]:
    texts: list[str] = []
    for folder in (ROOT / "game" / "locales", ROOT / "game" / "tigris" / "locales"):
        for path in sorted(folder.glob("*.json")):
            texts += [v for v in json.loads(path.read_text("utf-8")).values()
                      if isinstance(v, str)]
    return texts


def greedy_wrap(paragraph: str, f: pygame.font.Font, width: int) -> list[str]:
    """The plain greedy wrap, measuring every candidate line whole."""
    lines: list[str] = []
    line = ""
    for separator, word in text._units(paragraph):
        joined = f"{separator} {word}" if separator else word
        candidate = f"{line} {joined}" if line else word
        if f.size(candidate)[0] <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


@pytest.mark.parametrize("role", art.ROLES)
def test_the_shared_font_draws_what_a_font_opened_at_that_size_draws(role: str) -> None:
    sample = "Ärø Ștefan · Ñúñez 12"
    for px in (9, 14, 14, 23, 40, 11):
        opened = pygame.font.Font(art.fonts.font_path(role), px)
        shared = art.font(role, px)
        assert shared.size(sample) == opened.size(sample)
        ours = pygame.image.tobytes(shared.render(sample, True, (20, 30, 40)), "RGBA")
        theirs = pygame.image.tobytes(opened.render(sample, True, (20, 30, 40)), "RGBA")
        assert ours == theirs, (role, px)


@pytest.mark.parametrize("px,width", [(11, 90), (14, 160), (17, 231), (22, 400)])
def test_wrapping_every_catalogue_text_gives_the_greedy_lines(px: int, width: int) -> None:
    text.clear_cache()
    opened = pygame.font.Font(art.fonts.font_path("text"), px)
    for words in catalogue_texts():
        expected = [line for paragraph in words.split("\n")
                    for line in greedy_wrap(paragraph, opened, width)]
        assert text.wrap(words, "text", px, width) == expected, words


def test_a_word_wider_than_the_line_keeps_a_line_of_its_own() -> None:
    lines = text.wrap("a Donaudampfschifffahrtsgesellschaft b", "text", 16, 60)
    assert lines == ["a", "Donaudampfschifffahrtsgesellschaft", "b"]


def test_a_role_keeps_its_recent_sizes_each_in_a_font_of_its_own() -> None:
    """Switching between a few sizes keeps each size's Font (and its glyph cache); the
    size used longest ago gives its Font up when one more is asked for."""
    art.clear_caches()
    fourteen = art.font("text", 14)
    others = [art.font("text", px) for px in (11, 17, 20)]
    assert art.font("text", 14) is fourteen and fourteen.point_size == 14
    assert len({id(f) for f in [fourteen, *others]}) == art.fonts.FACES_PER_ROLE
    eleven = others[0]
    assert art.font("text", 30) is eleven and eleven.point_size == 30
    assert art.font("text", 14) is fourteen and fourteen.point_size == 14


def test_after_the_fonts_are_opened_play_opens_none(monkeypatch) -> None:
    art.clear_caches()
    art.fonts.open_fonts()
    opened: list[int] = []
    real = pygame.font.Font

    def counting(*args: object) -> pygame.font.Font:
        opened.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.font, "Font", counting)
    for role in art.ROLES:
        for px in (13, 21, 9, 34, 13, 16):
            art.font(role, px).size("Ur")
    assert opened == []
