"""A hint at the T&E tabletop: asked from the seat's own held panel, shown in it.

At a tabletop every seat looks at one screen, so the desk's way (the piece lit in
the hand, its square spotlit on the board, a note over the board) would tell the
others what the asking seat holds. Here the Hint button is in the seat's panel,
beside Swap, Undo and End turn, on its turn; the kit (`game.kit.hint`) finds the
medium player's action from that seat's `view(seat)` only; the answer is shown in
the same held panel, turned to its seat like the hand, in the desk's words
(`game.tigris.hint_view.hint_lines`: what to play, on which square, and why), and
only while that panel is held. "Got it" folds it away (the hand shows again);
Hint unfolds it for free while the position stays. The board shows nothing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygame import Rect

from game.i18n import t
from game.kit.hint import Hint
from game.kit.tabletop import FINGER, chooser_geometry
from game.kit.tabletop_panels import PanelView
from game.tigris.hint_view import HintMarks, TableHint, hint_lines
from game.ui import icons, text
from game.ui.widgets import Button

if TYPE_CHECKING:
    import pygame

    from game.tigris.scenes.tabletop import TabletopScene


def with_hint_button(rects: list[Rect], gap: int) -> tuple[list[Rect], Rect]:
    """The panel's row of buttons made narrower to fit a square Hint at its end."""
    row = rects[0].unionall(rects[1:])
    side = row.h
    width = (row.w - side - len(rects) * gap) // len(rects)
    narrowed = [Rect(row.x + i * (width + gap), row.y, width, row.h) for i in range(len(rects))]
    return narrowed, Rect(row.right - side, row.y, side, row.h)


class TabletopHint(TableHint):
    table: TabletopScene

    def __init__(self, table: TabletopScene) -> None:
        super().__init__(table)
        self.folded = False   # "Got it" pressed: the hand shows again

    def ask(self) -> None:
        self.folded = False
        super().ask()
        self.table.drawing.panel_cache.clear()

    def fold(self) -> None:
        self.folded = True
        self.table.drawing.panel_cache.clear()

    def update(self) -> bool:
        before = self.hints.shown
        changed = super().update()
        if self.hints.shown is not before:
            self.folded = False
        if changed:
            self.table.drawing.panel_cache.clear()
        return changed

    def _marks(self, hint: Hint) -> HintMarks:
        """Only the words: nothing is lit outside the seat's panel."""
        table = self.table
        return HintMarks(lines=hint_lines(table.session.state, table.seat_views[hint.seat],
                                          hint.seat, hint.action, table.dynasties))

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing over the shared board: a lit square would tell the seat's hand."""

    def button(self, rect: Rect) -> Button:
        size = int(min(rect.w, rect.h) * 0.62)
        return Button("hint", rect, "", icon=icons.glyph("hint", size), enabled=self.may_ask,
                      style="quiet")

    def panel_view(self, seat: int) -> PanelView | None:
        """The held panel of the seat the hint is for, showing it (unless folded)."""
        shown, marks = self.hints.shown, self.marks
        if shown is None or marks is None or shown.seat != seat or self.folded:
            return None
        table = self.table
        place = table.tl.seats[seat]
        c = table.layout.cell
        option_w = max(3 * FINGER, 3 * c)
        width = chooser_geometry(place.length, c, 1, 0, 1, option_w, place.strip_depth).text.w
        px = table.drawing.log_px()
        lines = [part for line in marks.lines for part in text.wrap(line, "text", px, width)]
        geometry = chooser_geometry(place.length, c, 1, 0, 1 + len(lines), option_w,
                                    place.strip_depth)
        done = Button("hint_done", geometry.options[0], t("hint.done"), style="gold")
        return PanelView(seat, "chooser", place.open_frame(geometry.depth), [done], [done],
                         geometry, t("hint.title"), lines)
