"""Advanced Civilization's demo in the kiosk's attract mode: computers play a short game.

It is the civ table (`game.civ.table.CivTable`, its `demo` flow: every seat a computer,
the hand shown the mover's, nothing saved) under the kit's breathing "Touch to play"
banner (`game.kit.attract`). The game is short (a turn limit, A35.1) so that the demos
take turns with the other games' often; its easy players found cities and trade within
it, which random ones never do. Silent, like every demo; a touch opens civ's set-up;
when the game is over its final position stays a while, then the next game's demo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import engine.civ as civ
from game.civ.table import CivTable
from game.i18n import t
from game.input import Intent
from game.kit import attract
from game.savegame import SeatConfig
from game.scenes.flow import new_seed
from game.session import GameSession

if TYPE_CHECKING:
    from game.app import App

DEMO_LEVEL = "easy"     # founds cities and trades: a game worth watching, answered at once
DEMO_PLAYERS = 4
DEMO_TURNS = 6          # A35.1: a turn limit, so that the demos take turns often
END_HOLD = 8.0          # seconds the final position stays before the next demo


class CivAttract(CivTable):
    attract_idle = None

    def __init__(self, app: App, seed: int | None = None) -> None:
        seats = [SeatConfig("computer", level=DEMO_LEVEL) for _ in range(DEMO_PLAYERS)]
        session = GameSession.new(DEMO_PLAYERS, new_seed() if seed is None else seed,
                                  {"turn_limit": DEMO_TURNS}, seats, game=civ.ID)
        super().__init__(app, session, demo=True)
        self.end_hold = END_HOLD
        self.banners: attract.BannerCache = {}

    def enter(self) -> None:
        super().enter()
        self.app.audio.enabled = False

    def exit(self) -> None:
        self.app.worker.cancel()
        self.app.audio.enabled = self.app.settings.sound

    def handle(self, intent: Intent) -> None:
        """A touch, a click or a key wakes it; nothing else is heard (a pointer resting on
        the map would cover it with an area's details)."""
        if attract.wakes(self.app, intent):
            from game.civ.client import CLIENT

            attract.wake(self.app, CLIENT)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.flow.finished:
            self.end_hold -= dt
            if self.end_hold <= 0:
                from game.scenes.flow import start_attract

                start_attract(self.app)

    def kiosk_report(self) -> str:
        return "attract mode: computer players demo the game (not saved)"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        attract.draw_banners(self.app, self.banners,
                             (t("civ.attract.touch_to_play"), t("civ.attract.demo")),
                             surface, self.areas["map"])
