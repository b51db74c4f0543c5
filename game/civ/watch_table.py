"""Advanced Civilization's table for a watcher: the civ LAN table with no seat (issue 25).

The kit's watching session and controller (`game.kit.watching`) run it: the map,
the seats' public counts, the A.S.T. and the log follow each action from the
public position the host sends, no hand is shown and no decision is asked
here. Where a hand would be, the line says "Watching — N players, M watchers";
the menu's leave button stops watching.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.art import palette as pal
from game.civ.lan_table import CivLanTable
from game.kit.lan_banner import LanBannerButton
from game.kit.watching import WatchController, WatchGame
from game.ui import text

if TYPE_CHECKING:
    from game.app import App


class CivWatchTable(CivLanTable):
    flow: WatchController
    game: WatchGame   # type: ignore[assignment]

    def __init__(self, app: App, game: WatchGame) -> None:
        super().__init__(app, game)   # type: ignore[arg-type]

    def _make_flow(self) -> WatchController:   # type: ignore[override]
        flow = WatchController(self.app, self.game, self)
        self.lan_button = LanBannerButton(flow)
        return flow

    def _first_viewer(self) -> int | None:
        return None

    def draw_hand(self, surface: pygame.Surface) -> None:
        """No seat's hand: what this table is, instead."""
        area = self.areas["hand"]
        if not area.h:
            return
        surface.fill(pal.INK_SOFT, area)
        text.blit(surface, self.flow.line(), "bold", self.px, pal.TEXT_ON_DARK,
                  (area.x + 8, area.centery), "midleft")
