"""A column taller than its window: how far it is scrolled, the bar beside it, and the
gestures that move it (the wheel, dragging the bar's thumb, tapping the bar above or
below the thumb for a page, dragging the column itself with a finger or the mouse).

Screens keep one per scrolling column, give it every pointer intent first and draw
their column shifted by `offset`, then the bar over it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.art import palette as pal
from game.input import Intent

WHEEL_LINES = 3


def bar_width(line: int) -> int:
    """The bar's width for a column of `line`-pixel lines: wide enough for a finger to find;
    the column's words wrap short of it."""
    return max(10, line // 2)


@dataclass
class ScrollArea:
    view: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    content_h: int = 0
    line: int = 16   # pixels a wheel notch or an arrow key moves, per line
    offset: int = 0
    _grab: str | None = None        # "thumb" or "content" while a drag moves the column
    _grab_y: int = 0
    _grab_offset: int = 0

    def set(self, view: pygame.Rect, content_h: int, line: int) -> None:
        """New geometry (a resize); the offset is kept where it still fits."""
        self.view = pygame.Rect(view)
        self.content_h = max(0, content_h)
        self.line = max(1, line)
        self.scroll_to(self.offset)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.view.h)

    @property
    def bar(self) -> pygame.Rect:
        """The bar's track at the view's right edge (inside it), wide enough for a finger
        to find; empty when everything fits."""
        if self.max_offset == 0:
            return pygame.Rect(self.view.right, self.view.y, 0, self.view.h)
        w = bar_width(self.line)
        return pygame.Rect(self.view.right - w, self.view.y, w, self.view.h)

    @property
    def thumb(self) -> pygame.Rect:
        bar = self.bar
        if bar.w == 0:
            return bar
        h = max(bar.w * 2, bar.h * self.view.h // max(1, self.content_h))
        y = bar.y + (bar.h - h) * self.offset // max(1, self.max_offset)
        return pygame.Rect(bar.x, y, bar.w, h)

    def scroll_to(self, offset: int) -> None:
        self.offset = max(0, min(self.max_offset, offset))

    def scroll_by(self, dy: int) -> None:
        self.scroll_to(self.offset + dy)

    def page(self, direction: int) -> None:
        self.scroll_by(direction * max(self.line, self.view.h - 2 * self.line))

    def handle(self, intent: Intent) -> bool:
        """Moves the column for a scrolling intent; True if the intent was one."""
        pos = intent.pos
        if intent.kind == "scroll":
            if pos is None or self.view.collidepoint(pos):
                self.scroll_by(-intent.amount * self.line * WHEEL_LINES)
                return True
            return False
        if intent.kind == "drag_start" and intent.origin is not None:
            if self.thumb.collidepoint(intent.origin):
                self._grab = "thumb"
            elif self.view.collidepoint(intent.origin) and self.max_offset:
                self._grab = "content"
            else:
                return False
            self._grab_y, self._grab_offset = intent.origin[1], self.offset
            return True
        if intent.kind in ("drag", "drop") and self._grab is not None and pos is not None:
            dy = pos[1] - self._grab_y
            if self._grab == "thumb":
                track = max(1, self.bar.h - self.thumb.h)
                self.scroll_to(self._grab_offset + dy * self.max_offset // track)
            else:
                self.scroll_to(self._grab_offset - dy)
            if intent.kind == "drop":
                self._grab = None
            return True
        if intent.kind == "tap" and pos is not None and self.bar.collidepoint(pos):
            self.page(-1 if pos[1] < self.thumb.y else 1)
            return True
        return False

    def draw_bar(self, surface: pygame.Surface) -> None:
        bar = self.bar
        if bar.w == 0:
            return
        radius = bar.w // 2
        pygame.draw.rect(surface, pal.PARCHMENT_DARK, bar, border_radius=radius)
        pygame.draw.rect(surface, pal.GOLD_DARK, self.thumb, border_radius=radius)
