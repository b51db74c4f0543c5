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
