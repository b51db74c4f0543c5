"""Issue 21, "Readable at four players and at 800×480": a conflict side's lines (the
commit dialog, the result) never overlap, however low the row the dialog gives them."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.tigris.scenes import decisions
from game.ui import text


@pytest.fixture
def drawn_lines(monkeypatch):
    lines: list[tuple[str, pygame.Rect]] = []
    real = text.blit

    def record(surface, words, role, px, color, pos, anchor="topleft"):
        rect = real(surface, words, role, px, color, pos, anchor)
        lines.append((words, rect))
        return rect
    monkeypatch.setattr(text, "blit", record)
    return lines


def draw(row: pygame.Rect) -> None:
    pygame.font.init()
    surface = pygame.Surface((400, 300))
    decisions.draw_side(surface, row, ["archer", "bull"], "blue", "attacker", 0,
                        ["Strength on the board: 1", "Committed: 5"], "Total: 6", 16,
                        tally="1 + 5")


@pytest.mark.parametrize("height", [30, 36, 44, 60, 120])
def test_a_conflict_sides_lines_stay_apart_and_inside_its_row(drawn_lines, height):
    row = pygame.Rect(10, 50, 150, height)
    draw(row)
    rects = [rect for _, rect in drawn_lines]
    for above, below in itertools.pairwise(rects):
        assert below.top >= above.top + above.h * 0.8, f"lines overlap in a row {height} high"
    assert rects[0].top >= row.top - 2 and rects[-1].bottom <= row.bottom + 2


def test_a_low_row_keeps_the_player_and_the_total_with_its_tally(drawn_lines):
    draw(pygame.Rect(10, 50, 150, 34))
    assert [words for words, _ in drawn_lines][-1] == "Total: 6 (1 + 5)"
    assert len(drawn_lines) == 2


def test_a_row_with_room_shows_every_line(drawn_lines):
    draw(pygame.Rect(10, 50, 150, 120))
    assert [words for words, _ in drawn_lines][1:] == [
        "Strength on the board: 1", "Committed: 5", "Total: 6"]
