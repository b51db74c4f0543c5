"""What every widget of the kit offers, and a host that puts one on any scene.

A widget is laid out in a rectangle it is given, hands back its tappable parts as
`Button`s (so hit testing, pressed and hover states, the click sound and the
tests' `press_button` are the shell's own), is told which of its buttons was
tapped and which keys were pressed, and draws what is not a plain button (faces of
cards, a live line, markers). A dialog hosts one through `DialogSpec.widget`; a
table or panel hosts one through `WidgetHost`. Widgets hold the player's choice
while it is being made and nothing else: the game supplies pictures, words and
what is legal through callables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game import layout as geo
from game.input import Intent
from game.ui.widgets import Button, ButtonSet


@dataclass(frozen=True)
class Choice:
    """One of a widget's choices as a plain button, for a host with room for nothing
    else (a panel at a table's edge lays these out in its own strip)."""

    id: str
    label: str = ""
    enabled: bool = True
    selected: bool = False
    icon: pygame.Surface | None = None


class Widget(Protocol):
    def height(self, width: int, c: int, px: int) -> int:
        """The height it needs at this width, square size and text size."""

    def place(self, rect: pygame.Rect, c: int, px: int) -> list[Button]:
        """Lays itself out in `rect`; returns its buttons (ids it will recognise)."""

    def press(self, bid: str) -> bool:
        """A tap on one of its buttons; False when `bid` is not one of its own."""

    def key(self, key: str) -> bool:
        """A key press (pygame's name); True when it used it."""

    def choices(self, c: int) -> list[Choice]:
        """Every choice it offers as a plain button (pictures sized for square `c`);
        `press` takes their ids."""

    def draw(self, surface: pygame.Surface, px: int, hover: str | None,
             pressed: str | None) -> None:
        """Everything but its plain buttons, which its host draws."""


def gap_for(c: int) -> int:
    """The space between two targets, as the dialogs space their buttons."""
    return max(4, c // 8)


def target_for(c: int) -> int:
    """A finger-sized button's height at square size `c`."""
    return max(geo.MIN_TARGET, c)


class WidgetHost:
    """One widget on a scene that is not a dialog: its rectangle, its buttons, the
    intents meant for it. The scene calls `handle` first and goes on when it is False."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget
        self.buttons = ButtonSet()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.c = geo.MIN_TARGET
        self.px = 14

    def place(self, rect: pygame.Rect, c: int, px: int) -> None:
        self.rect, self.c, self.px = pygame.Rect(rect), c, px
        self.buttons.set(self.widget.place(self.rect, c, px))

    def refresh(self) -> None:
        """Lays the widget out again where it was (its choice changed its buttons)."""
        self.place(self.rect, self.c, self.px)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "key":
            used = self.widget.key(intent.key)
            if used:
                self.refresh()
            return used
        if intent.pos is None:
            if intent.kind == "hover":
                self.buttons.hover = None
            return False
        chosen = self.buttons.handle(intent)
        if chosen is not None and self.widget.press(chosen):
            self.refresh()
            return True
        return self.rect.collidepoint(intent.pos) and intent.kind in ("tap", "press")

    def draw(self, surface: pygame.Surface) -> None:
        self.widget.draw(surface, self.px, self.buttons.hover, self.buttons.pressed)
        self.buttons.draw(surface, self.px)
