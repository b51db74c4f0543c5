"""A modal dialog: a title, some sentences, optional drawn content, and buttons.

Decision dialogs (commitments, orders of play, choices of piece or building,
the wonder, swaps) are all this one scene with different content. A dialog is
either centred over a dimmed table, or docked in the side column so the board
stays visible and tappable (for choices made on squares: taps on the board are
passed to `on_pointer`). Each option is a button with an id, so tests can
press them by name; a widget of the table kit (a count picker, a hand of cards, a
chooser) may sit between the content and the options, its buttons among the
dialog's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game import layout as geo
from game.art import palette as pal
from game.input import Intent
from game.kit.guide import draw_ring
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App
    from game.kit.widget import Widget

ContentDraw = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass
class Option:
    id: str
    label: str
    on_choose: Callable[[], None]
    enabled: bool = True
    selected: bool = False
    icon: pygame.Surface | None = None
    style: str = "normal"


@dataclass
class DialogSpec:
    title: str
    lines: list[str] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    footer: list[Option] = field(default_factory=list)
    columns: int = 2
    narrow_options: bool = False   # options as narrow as a touch target (numbers, not words)
    width_units: float = 10.0
    content_height: float = 0.0
    content: ContentDraw | None = None
    docked: bool = False
    on_back: Callable[[], None] | None = None
    on_pointer: Callable[[Intent], bool] | None = None
    on_key: Callable[[str], bool] | None = None
    widget: Widget | None = None


class DialogScene(Scene):
    attract_idle = 1.0   # over a table, the table's longer wait wins
    opaque = False

    def __init__(self, app: App, spec: DialogSpec, dock: pygame.Rect | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.dock = dock
        self.buttons = ButtonSet()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.content_rect = pygame.Rect(0, 0, 0, 0)
        self.inner = pygame.Rect(0, 0, 0, 0)
        self.body_h = 0
        self.px = 14
        # the places a lesson lights over the dialog (`game.kit.guide`), asked each frame
        self.rings: Callable[[DialogScene], list[pygame.Rect]] | None = None

    def set_spec(self, spec: DialogSpec) -> None:
        self.spec = spec
        self.resize(*self.app.size)

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        docked = self.spec.docked and self.dock is not None
        if docked:
            assert self.dock is not None
            outer = pygame.Rect(self.dock)
        else:
            outer = geo.dialog_rect(w, h, h, self.spec.width_units)
        limit = outer.h if docked else h - c // 4
        px = geo.font_px(w, h, 0.36 if docked else 0.4)
        while True:
            height = self._measure(outer.w, px, c, docked, limit)
            if height <= limit or px <= 10:
                break
            px -= 1
        self.px = px
        height = min(height, limit)
        if docked:
            self.rect = pygame.Rect(outer.x, outer.y, outer.w, height)
        else:
            self.rect = pygame.Rect(outer.x, (h - height) // 2, outer.w, height)
        self.inner = self._inner(self.rect.w, self.rect.h, docked).move(self.rect.topleft)
        gap = max(4, c // 8)
        inner_w = self.inner.w
        y = self.inner.y + self.body_h + gap
        content_h = int(self.spec.content_height * c)
        self.content_rect = pygame.Rect(self.inner.x, y, inner_w, content_h)
        y += content_h + (gap if content_h else 0)
        widget_buttons: list[Button] = []
        if self.spec.widget is not None:
            widget_h = self.spec.widget.height(inner_w, c, self.px)
            widget_rect = pygame.Rect(self.inner.x, y, inner_w, widget_h)
            widget_buttons = self.spec.widget.place(widget_rect, c, self.px)
            y += widget_h + (gap if self.spec.options else 0)
        cols = self._columns(inner_w, gap)
        bh = max(geo.MIN_TARGET, c)
        grid_h = geo.grid_height(len(self.spec.options), cols, bh, gap)
        area = pygame.Rect(self.inner.x, y, inner_w, grid_h)
        rects = geo.button_grid(area, len(self.spec.options), cols, bh, gap)
        if self.spec.footer:
            row = pygame.Rect(area.x, area.bottom + gap, inner_w, bh)
            rects += geo.button_grid(row, len(self.spec.footer), len(self.spec.footer), bh, gap)
        self.buttons.set([
            Button(o.id, r, o.label, o.enabled, o.selected, o.icon, o.style)
            for o, r in zip(self.all_options(), rects, strict=True)
        ] + widget_buttons)

    def _columns(self, inner_w: int, gap: int) -> int:
        """As many columns as asked for, as long as each option stays wide enough."""
        if self.spec.narrow_options:
            fit = (inner_w + gap) // (geo.MIN_TARGET + gap)
        else:
            fit = inner_w // (2 * geo.MIN_TARGET)
        return min(self.spec.columns, max(1, fit))

    @staticmethod
    def _inner(w: int, h: int, docked: bool) -> pygame.Rect:
        return skin.panel_inner(w, h) if docked else skin.dialog_inner(w, h)

    def title_px(self) -> int:
        return int(self.px * (1.15 if self.spec.docked else 1.35))

    def _measure(self, width: int, px: int, c: int, docked: bool,
                 limit: int) -> int:
        """The height the dialog needs at text size px (and remembers its text height)."""
        self.px = px
        probe_h = max(40, min(limit, width))
        probe = self._inner(width, probe_h, docked)
        pad_y = probe_h - probe.h   # the frame's margin above and below the content
        inner_w = probe.w
        title_px = self.title_px()
        body = len(text.wrap(self.spec.title, "title", title_px, inner_w)) * int(title_px * 1.25)
        for line in self.spec.lines:
            body += len(text.wrap(line, "text", px, inner_w)) * int(px * 1.25)
        self.body_h = body
        gap = max(4, c // 8)
        content_h = int(self.spec.content_height * c)
        cols = self._columns(inner_w, gap)
        bh = max(geo.MIN_TARGET, c)
        grid_h = geo.grid_height(len(self.spec.options), cols, bh, gap)
        footer_h = (bh + gap) if self.spec.footer else 0
        widget_h = 0
        if self.spec.widget is not None:
            widget_h = (self.spec.widget.height(inner_w, c, px)
                        + (gap if self.spec.options else 0))
        total = (pad_y + body + gap + content_h + (gap if content_h else 0) + widget_h
                 + grid_h + footer_h)
        return total

    def all_options(self) -> list[Option]:
        return [*self.spec.options, *self.spec.footer]

    def choices(self) -> list[Option]:
        """What can be chosen above the footer as plain options: the widget's choices
        then the options, for a host that lays buttons out in its own place (a panel at
        a table's edge); `choose` takes their ids."""
        c = geo.unit(*self.app.size)
        widget = [] if self.spec.widget is None else [
            Option(ch.id, ch.label, functools.partial(self.choose, ch.id), ch.enabled,
                   ch.selected, ch.icon)
            for ch in self.spec.widget.choices(c)
        ]
        return [*widget, *self.spec.options]

    def button(self, bid: str) -> Button | None:
        return self.buttons.get(bid)

    def choose(self, bid: str) -> None:
        if self.spec.widget is not None and self.spec.widget.press(bid):
            self.resize(*self.app.size)
            return
        for option in self.all_options():
            if option.id == bid and option.enabled:
                option.on_choose()
                return

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if self.spec.on_key is not None and self.spec.on_key(intent.key):
                return
            if self.spec.widget is not None and self.spec.widget.key(intent.key):
                self.resize(*self.app.size)
                return
            if intent.key == "escape" and self.spec.on_back is not None:
                self.spec.on_back()
                return
            if intent.key in ("return", "enter", "space") and len(self.all_options()) == 1:
                self.choose(self.buttons.buttons[0].id)
                return
            if intent.key.isdigit():
                index = int(intent.key) - 1
                if 0 <= index < len(self.spec.options):
                    self.choose(self.spec.options[index].id)
            return
        if intent.kind == "back" and self.spec.on_back is not None:
            self.spec.on_back()
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen is not None:
            self.choose(chosen)
            return
        inside = intent.pos is not None and self.rect.collidepoint(intent.pos)
        if not inside and self.spec.on_pointer is not None and intent.pos is not None:
            self.spec.on_pointer(intent)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self.spec.docked:
            surface.blit(skin.panel(self.rect.w, self.rect.h, True), self.rect)
        else:
            surface.blit(skin.shade(w, h, 120), (0, 0))
            surface.blit(skin.dialog(self.rect.w, self.rect.h), self.rect)
        inner = self.inner
        y = inner.y
        title_px = self.title_px()
        y += text.blit_wrapped(surface, self.spec.title, "title", title_px, pal.TEXT,
                               pygame.Rect(inner.x, y, inner.w, inner.h), "center", 1.25)
        for line in self.spec.lines:
            y += text.blit_wrapped(surface, line, "text", self.px, pal.TEXT,
                                   pygame.Rect(inner.x, y, inner.w, inner.bottom - y),
                                   "center", 1.25)
        if self.spec.content is not None and self.content_rect.h > 0:
            self.spec.content(surface, self.content_rect)
        if self.spec.widget is not None:
            self.spec.widget.draw(surface, self.px, self.buttons.hover, self.buttons.pressed)
        self.buttons.draw(surface, self.px)
        for rect in self.rings(self) if self.rings is not None else []:
            draw_ring(surface, rect, self.app.now)
