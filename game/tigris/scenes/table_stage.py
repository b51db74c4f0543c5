"""Where things are on a table and what they look like, for the choreographer.

The choreographer (game.tigris.choreography) animates an action's events on a
`Stage`: the places pieces fly between and the sprites that fly. A stage is
made for one action, since who acted and where its piece was let go travel
with it; the input asks one too, for where a picked piece sits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.tigris.ui import art_cache, status_bar
from game.tigris.ui.panel_places import PanelPlaces, panel_places
from game.tigris.ui.table_painter import COLORS

if TYPE_CHECKING:
    from game.tigris.scenes.table import TableScene

Point = tuple[float, float]


class TableStage:
    """The desk table's stage: the viewer's hand and leaders in the bar, every seat's
    panel in the side column, the bag by the turn line."""

    def __init__(self, table: TableScene, source: Point | None = None) -> None:
        self.table = table
        self.viewer = table.viewer
        self.source = source

    def square_center(self, square: str) -> Point:
        return self.table.painter.square_center(square)

    def panel_center(self, seat: int) -> Point:
        r = self.table.layout.side_.panels[seat]
        return (r.centerx, r.centery)

    def hand_slot_center(self, index: int) -> Point:
        r = self.table.layout.hand_slots[max(0, min(5, index))]
        return (r.centerx, r.centery)

    def leader_slot_center(self, color: str) -> Point:
        r = self.table.layout.leader_slots[COLORS.index(color)]
        return (r.centerx, r.centery)

    def leader_home(self, seat: int, color: str) -> tuple[Point, float]:
        """Where a leader sent home goes, and how wide it is there: the viewer's own to
        its slot in the bar, another seat's to the leader row of its panel."""
        if seat == self.viewer:
            r = self.table.layout.leader_slots[COLORS.index(color)].inflate(-2, -2)
        else:
            r = self._panel(seat).leaders[color]
        return (r.centerx, r.centery), float(r.w)

    def score_center(self, seat: int, color: str) -> Point:
        r = self._panel(seat).chips[color]
        return (r.centerx, r.centery)

    def scores_center(self, seat: int) -> Point:
        r = self._panel(seat).scores
        return (r.centerx, r.centery)

    def square_rect(self, square: str) -> pygame.Rect:
        return self.table.painter.square_rect(square)

    def _panel(self, seat: int) -> PanelPlaces:
        return panel_places(self.table.layout.side_.panels[seat], self.table.layout.cell)

    def bag_center(self) -> Point:
        return status_bar.bag_center(self.table.layout.side_.info)

    def slots_for(self, tiles: list[str]) -> list[int]:
        """Hand slots where newly drawn tiles now sit (the hand is sorted, so a drawn tile
        takes the last free slot of its colour)."""
        hand = self.table.hand()
        taken: set[int] = set()
        slots: list[int] = []
        for color in tiles:
            for i in range(len(hand) - 1, -1, -1):
                if hand[i] == color and i not in taken:
                    taken.add(i)
                    slots.append(i)
                    break
        return slots

    def source_point(self) -> Point | None:
        """Where the acting player let go of the piece, if it was played by hand."""
        return self.source

    def sprite(self, kind: str, *args: Any) -> pygame.Surface:
        return art_cache.sprite(kind, self.table.layout.cell, *args)

    def banner_sprite(self, words: str) -> pygame.Surface:
        return art_cache.banner(words, self.table.layout.cell)

    def vp_sprite(self, color: str, amount: int) -> pygame.Surface:
        return art_cache.vp_token(color, amount, self.table.layout.cell)
