"""The status bar at the top of the desk table's side column: whose turn it is and the
actions left, over the bag and the treasures left (issue 21: readable from a chair, at
every size; the status used to share one short line with the bag and was dropped when
"2 actions left" did not fit beside it)."""

from __future__ import annotations

from typing import Any

import pygame

from game.tigris import art
from game.tigris.ui.supplies import draw_supplies
from game.ui import text

# The status line takes this share of the bar's height, the counts the rest.
STATUS_SHARE = 0.6
# No smaller than this, the status on two lines (else a shorter one on a line)
READABLE_PX = 11


def places(bar: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The status line's row over the counts' row."""
    top = int(bar.h * STATUS_SHARE)
    return (pygame.Rect(bar.x, bar.y, bar.w, top),
            pygame.Rect(bar.x, bar.y + top, bar.w, bar.h - top))


def bag_center(bar: pygame.Rect) -> tuple[int, int]:
    """Where the bag's icon sits (tiles drawn fly out of it)."""
    counts = places(bar)[1]
    return counts.x + counts.h // 2, counts.centery


def status_px(bar: pygame.Rect) -> int:
    return max(11, int(places(bar)[0].h * 0.7))


def choose_status(lines: list[str], px: int, row: pygame.Rect) -> tuple[list[str], int]:
    """The first of `lines` (longest first) that fits on one line at `px`, or on two lines
    at the size two take (smaller where a language needs it, not under `READABLE_PX`);
    else the last one at the size that fits: the status is never dropped. Few sizes are
    tried, as each new size of a face costs its glyphs again (`game.art.fonts.font`)."""
    if not lines:
        return [], px
    two_px = min(px, int(row.h / 2 / 1.15))
    for line in lines:
        if text.size(line, "bold", px)[0] <= row.w:
            return [line], px
        if two_px >= READABLE_PX:
            halves = _halves(line, two_px, row.w)
            size = min(text.fit_px(part, "bold", two_px, row.w) for part in halves)
            if len(halves) <= 2 and size >= READABLE_PX and all(
                    text.size(part, "bold", size)[0] <= row.w for part in halves):
                return halves, size
    line = lines[-1]
    return [line], text.fit_px(line, "bold", two_px, row.w, minimum=7)


def _halves(line: str, px: int, width: int) -> list[str]:
    """The line on two lines: at its dash or dot ("Your turn" over "1 action left"), else
    wrapped."""
    for sep in (" — ", " · "):
        head, found, tail = line.rpartition(sep)
        if found:
            return [head, tail]
    return text.wrap(line, "bold", px, width)


def draw_status_bar(surface: pygame.Surface, bar: pygame.Rect, view: dict[str, Any],
                    lines: list[str], colour: tuple[int, int, int]) -> None:
    status, counts = places(bar)
    shown, size = choose_status(lines, status_px(bar), status)
    step = status.h // max(1, len(shown))
    for i, line in enumerate(shown):
        text.blit(surface, line, "bold", size, colour,
                  (status.x, status.y + i * step + step // 2), "midleft")
    draw_supplies(surface, view, counts.x, counts.centery, max(8, counts.h - 2),
                  max(10, int(counts.h * 0.8)), colour)


def prewarm(bar: pygame.Rect) -> None:
    """Draws the counts' icons at this bar's size, so that no frame mid-game pays for the
    first drawing of one."""
    counts = places(bar)[1]
    for name in ("bag", "treasure"):
        art.icon_surface(name, max(8, counts.h - 2))
