"""What civ's whole-answer screens share (`game.civ.purchase_screen`, `game.civ.deal`):
a full screen over the table with a title, a line of help, finger-sized buttons laid
out by the screen, a line saying what the choice amounts to (or why it cannot be sent,
worded by refusal code) and Back (Escape). The answer goes to the table's `send`,
which judges and sends it like any tap of its chooser, so a refusal shows there too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from engine.civ.tables import CIV_CARD_BY_ID
from game import layout as geo
from game.art import palette as pal
from game.input import Intent
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

Send = Callable[[dict[str, Any]], Any]

# A2.6: the five groups by colour and shape (colour-blind safe: each its own shape).
GROUP_LOOK: dict[str, tuple[tuple[int, int, int], str]] = {
    "arts": ((52, 104, 196), "circle"),
    "crafts": ((214, 124, 40), "square"),
    "sciences": ((46, 146, 72), "triangle"),
    "civics": ((184, 48, 48), "diamond"),
    "religion": ((226, 196, 60), "star"),
}


@functools.lru_cache(maxsize=128)
def group_icon(card: str, px: int) -> pygame.Surface:
    """A civilization card's groups (A33.1) side by side, each its colour and shape."""
    groups = CIV_CARD_BY_ID[card].groups
    icon = pygame.Surface((px * len(groups) + 2 * (len(groups) - 1), px), pygame.SRCALPHA)
    for i, group in enumerate(groups):
        colour, shape = GROUP_LOOK[group]
        r = pygame.Rect(i * (px + 2), 0, px, px)
        c = r.center
        h = px // 2 - 1
        if shape == "circle":
            pygame.draw.circle(icon, colour, c, h)
            pygame.draw.circle(icon, pal.INK, c, h, 2)
        elif shape == "square":
            sq = r.inflate(-2, -2)
            pygame.draw.rect(icon, colour, sq)
            pygame.draw.rect(icon, pal.INK, sq, 2)
        else:
            points = {
                "triangle": [(c[0], r.y + 1), (r.right - 1, r.bottom - 2), (r.x + 1, r.bottom - 2)],
                "diamond": [(c[0], r.y + 1), (r.right - 1, c[1]), (c[0], r.bottom - 1),
                            (r.x + 1, c[1])],
                "star": _star(c, h),
            }[shape]
            pygame.draw.polygon(icon, colour, points)
            pygame.draw.polygon(icon, pal.INK, points, 2)
    return icon


def _star(c: tuple[int, int], r: int) -> list[tuple[int, int]]:
    import math

    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((round(c[0] + radius * math.cos(angle)),
                       round(c[1] + radius * math.sin(angle))))
    return points


class Screen(Scene):
    """A decision's whole-answer screen; subclasses lay out `place_body` and say `summary`."""

    def __init__(self, app: App, view: dict[str, Any], send: Send) -> None:
        super().__init__(app)
        self.view = view
        self.send = send
        self.buttons = ButtonSet()
        self.size = app.size
        self.c = geo.MIN_TARGET
        self.px = 14
        self.texts: list[tuple[str, pygame.Rect, str, tuple[int, int, int]]] = []
        self.icons: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.veils: list[pygame.Rect] = []   # targets dimmed: what cannot be taken now

    # ----- what a screen says ---------------------------------------------------------

    def title(self) -> str:
        raise NotImplementedError

    def help(self) -> str:
        raise NotImplementedError

    def summary(self) -> str:
        raise NotImplementedError

    def place_body(self, body: pygame.Rect) -> None:
        raise NotImplementedError

    def pressed(self, bid: str) -> None:
        raise NotImplementedError

    # ----- the scene ------------------------------------------------------------------

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resume(self) -> None:
        self.relayout()

    def resize(self, w: int, h: int) -> None:
        self.size = (w, h)
        self.c = max(geo.MIN_TARGET, min(geo.unit(w, h), h // 12))
        self.px = max(11, int(self.c * 0.36))
        self.relayout()

    def relayout(self) -> None:
        w, h = self.size
        gap = max(4, self.c // 8)
        self.texts = []
        self.icons = []
        self.veils = []
        self.buttons.set([])
        title_h = int(self.px * 1.6)
        help_lines = text.wrap(self.help(), "text", self.px, w - 2 * gap)
        help_h = len(help_lines) * int(self.px * 1.2)
        self.texts.append((self.title(), pygame.Rect(gap, gap, w - 2 * gap, title_h), "title",
                           pal.GOLD_LIGHT))
        self.texts.append((self.help(), pygame.Rect(gap, gap + title_h, w - 2 * gap, help_h),
                           "text", pal.TEXT_ON_DARK))
        top = gap + title_h + help_h + gap
        self.place_body(pygame.Rect(gap, top, w - 2 * gap, h - top - gap))

    def button(self, bid: str, rect: pygame.Rect, label: str, *, enabled: bool = True,
               selected: bool = False, icon: pygame.Surface | None = None,
               style: str = "normal", badge: str = "") -> None:
        self.buttons.add(Button(bid, rect, label, enabled, selected, icon, style, badge))

    def say(self, words: str, rect: pygame.Rect, role: str = "text",
            colour: tuple[int, int, int] = pal.TEXT_ON_DARK) -> None:
        self.texts.append((words, rect, role, colour))

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key" and intent.key == "escape":
            self.close()
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen == "back":
            self.close()
        elif chosen is not None:
            self.pressed(chosen)
            if self.app.stack.top is self:
                self.relayout()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.pop(self)

    def finish(self, action: dict[str, Any]) -> None:
        """The answer is sent from the table, this screen gone first."""
        self.close()
        self.send(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(skin.table(*surface.get_size()), (0, 0))
        for words, rect, role, colour in self.texts:
            px = int(self.px * 1.3) if role == "title" else self.px
            text.blit_wrapped(surface, words, "title" if role == "title" else role, px,
                              colour, rect, line_gap=1.2)
        self.buttons.draw(surface, self.px)
        for icon, rect in self.icons:
            surface.blit(icon, rect)
        for rect in self.veils:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((*pal.INK, 120))
            surface.blit(veil, rect)
