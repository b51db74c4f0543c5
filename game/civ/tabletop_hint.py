"""A hint at the civ tabletop: asked beside the deciding seat's answers, read in its held strip.

At a tabletop every seat looks at one screen. The desk's way (the answer's areas
ringed on the map, the map slid to them, the answer framed in the list, a card of
words over the map) would tell the others what the seat is advised, and for a
trade or a purchase what its hand holds (A1.5). So here Hint is a button among the
seat's answers, on its public card or in its held panel; the kit (`game.kit.hint`)
finds the medium player's answer from that seat's `view(seat)` only; the words are
the desk's (`CivHint`: what, the offer's terms, why) and are shown only in the
seat's held panel, turned to it like its hand, while its own finger holds the strip.
The strip says when one is ready. "Got it" folds it away (the hand shows again);
Hint unfolds it for free while the position stays. Nothing is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.civ.hint_view import CivHint
from game.i18n import t
from game.kit.tabletop import FINGER, chooser_geometry
from game.kit.tabletop_panels import PanelView
from game.ui import text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.civ.tabletop import CivTabletop


class CivTabletopHint(CivHint):
    table: CivTabletop
    tabletop = True

    def __init__(self, table: CivTabletop) -> None:
        super().__init__(table)
        self.folded = False   # "Got it" pressed: the hand shows again

    def buttons(self) -> list[Button]:
        """None over the map: Hint is among the deciding seat's answers (`footer`)."""
        return []

    def footer(self) -> list[tuple[str, str]]:
        """Hint (or Thinking…) beside More and Back while a person decides."""
        if not self.offered or self.seat is None:
            return []
        return [("hint", t("civ.hint.thinking") if self.hints.thinking
                 else t("civ.hint.button"))]

    def ask(self) -> None:
        self.folded = False
        super().ask()

    def fold(self) -> None:
        self.folded = True
        self.table._lay_buttons()

    def update(self) -> bool:
        before = self.hints.shown
        changed = super().update()
        if self.hints.shown is not before:
            self.folded = False
        return changed

    def ready(self, seat: int) -> bool:
        """A hint for `seat` waits to be read in its held strip."""
        shown = self.hints.shown
        return shown is not None and shown.seat == seat and not self.folded and bool(self.lines)

    def _page_to(self, action: dict[str, Any]) -> None:
        """The card is not turned to the answer: the others would see which it is."""

    def _bring_into_sight(self) -> None:
        """The map does not slide to the answer's areas, for the same reason."""

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing over the shared map or card."""

    def panel_view(self, seat: int, px: int) -> PanelView | None:
        """The held panel of the seat the hint is for, showing it (unless folded)."""
        if not self.ready(seat):
            return None
        place = self.table.tl.seats[seat]
        c = self.table.tl.unit
        option_w = max(3 * FINGER, 3 * c)
        width = chooser_geometry(place.length, c, 1, 0, 1, option_w, place.strip_depth).text.w
        lines = [part for line in self.lines
                 for part in text.wrap(line, "text", px, width - 2 * self.table.inset)]
        geometry = chooser_geometry(place.length, c, 1, 0, len(lines), option_w,
                                    place.strip_depth)
        done = Button("hint_done", geometry.options[0], t("hint.done"), style="gold")
        return PanelView(seat, "hint", place.band(0, geometry.depth), [done], [done],
                         chooser=geometry, lines=lines)
