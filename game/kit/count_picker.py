"""Choosing a number in [lo, hi]: direct taps on the numbers, − and + when they do
not all fit, the arrow and digit keys, and a live line the game writes for the
number chosen ("3 tokens leave the area", "Commit 2").

The numbers are any increasing sequence, `range(lo, hi + 1)` for a plain range: a
rule may allow only some (none or exactly enough), and − and + step between those.

Every number is its own button (`<prefix>:<n>`) while the range fits in `rows`
rows of finger-sized buttons; a longer range shows a window of numbers around
the chosen one between − (`<prefix>:less`) and + (`<prefix>:more`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import layout as geo
from game.art import palette as pal
from game.kit.widget import Choice, gap_for, target_for
from game.ui import text
from game.ui.widgets import Button

LESS_KEYS = ("left", "down", "-", "[-]")
MORE_KEYS = ("right", "up", "=", "+", "[+]")


class CountPicker:
    def __init__(self, values: Sequence[int], default: int | None = None, *,
                 line: Callable[[int], str] | None = None,
                 on_change: Callable[[int], None] | None = None,
                 icon: pygame.Surface | None = None, prefix: str = "count",
                 columns: int = 7, rows: int = 2) -> None:
        if not values:
            raise ValueError("no number to choose")
        self.values = list(values)
        self.lo, self.hi = self.values[0], self.values[-1]
        self.value = self.values[0] if default not in self.values else int(default)
        self.line = line
        self.on_change = on_change
        self.icon = icon
        self.prefix = prefix
        self.columns = columns
        self.rows = rows
        self.line_rect = pygame.Rect(0, 0, 0, 0)

    # ----- the choice ---------------------------------------------------------------

    def set(self, n: int) -> None:
        if n == self.value or n not in self.values:
            return
        self.value = n
        if self.on_change is not None:
            self.on_change(n)

    def press(self, bid: str) -> bool:
        head, _, tail = bid.rpartition(":")
        if head != self.prefix:
            return False
        if tail == "less":
            self.step(-1)
        elif tail == "more":
            self.step(1)
        else:
            self.set(int(tail))
        return True

    def step(self, by: int) -> None:
        """To the next allowed number below (-1) or above (+1), if there is one."""
        i = self.values.index(self.value) + by
        if 0 <= i < len(self.values):
            self.set(self.values[i])

    def key(self, key: str) -> bool:
        if key in LESS_KEYS:
            self.step(-1)
        elif key in MORE_KEYS:
            self.step(1)
        elif key == "home":
            self.set(self.lo)
        elif key == "end":
            self.set(self.hi)
        elif key.isdigit() and int(key) in self.values:
            self.set(int(key))
        else:
            return False
        return True

    def choices(self, c: int) -> list[Choice]:
        return [Choice(f"{self.prefix}:{n}", str(n), True, n == self.value, self.icon)
                for n in self.values]

    # ----- layout -------------------------------------------------------------------

    def _per_row(self, width: int, c: int) -> int:
        gap = gap_for(c)
        return max(1, min(self.columns, (width + gap) // (geo.MIN_TARGET + gap)))

    def stepping(self, width: int, c: int) -> bool:
        """Whether the numbers do not all fit and − and + step through a window of them."""
        return len(self.values) > self._per_row(width, c) * self.rows

    def _line_lines(self, width: int, px: int) -> list[str]:
        if self.line is None:
            return []
        return text.wrap(self.line(self.value), "bold", px, width)

    def height(self, width: int, c: int, px: int) -> int:
        bh, gap = target_for(c), gap_for(c)
        count = len(self.values)
        rows = 1 if self.stepping(width, c) else -(-count // self._per_row(width, c))
        grid = rows * bh + (rows - 1) * gap
        lines = self._line_lines(width, px)
        return grid + (gap + len(lines) * int(px * 1.25) if lines else 0)

    def place(self, rect: pygame.Rect, c: int, px: int) -> list[Button]:
        bh, gap = target_for(c), gap_for(c)
        per_row = self._per_row(rect.w, c)
        icon = self.icon
        if self.stepping(rect.w, c):
            window = max(1, per_row - 2)
            at = self.values.index(self.value)
            first = min(max(0, at - window // 2), len(self.values) - window)
            numbers = self.values[first:first + window]
            cells = geo.button_grid(pygame.Rect(rect.x, rect.y, rect.w, bh), window + 2,
                                    window + 2, bh, gap)
            buttons = [Button(f"{self.prefix}:less", cells[0], "−", self.value > self.lo)]
            buttons += [Button(f"{self.prefix}:{n}", r, str(n), True, n == self.value, icon)
                        for n, r in zip(numbers, cells[1:-1], strict=True)]
            buttons.append(Button(f"{self.prefix}:more", cells[-1], "+", self.value < self.hi))
            grid_h = bh
        else:
            numbers = self.values
            cells = geo.button_grid(rect, len(numbers), per_row, bh, gap)
            buttons = [Button(f"{self.prefix}:{n}", r, str(n), True, n == self.value, icon)
                       for n, r in zip(numbers, cells, strict=True)]
            grid_h = geo.grid_height(len(numbers), per_row, bh, gap)
        self.line_rect = pygame.Rect(rect.x, rect.y + grid_h + gap, rect.w,
                                     max(0, rect.bottom - (rect.y + grid_h + gap)))
        return buttons

    def draw(self, surface: pygame.Surface, px: int, hover: str | None,
             pressed: str | None) -> None:
        if self.line is None or self.line_rect.h <= 0:
            return
        text.blit_wrapped(surface, self.line(self.value), "bold", px, pal.TEXT, self.line_rect,
                          "center", 1.25)
