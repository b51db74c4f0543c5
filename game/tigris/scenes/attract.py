"""Attract mode: on a kiosk left idle, computer players demo the game; a touch starts one.

The demo is a real game between four medium computer players on the desk
table. The hand shown is always the mover's, so a passer-by sees where each
piece came from. It is never saved, so the players' own autosave stays
there for Continue, and it is silent: a kiosk in a public room should not
chatter to itself. A touch, a click or a key leaves it for the setup screen,
with the title screen beneath.

The app starts it (`App.attract_after`): after that many idle seconds on a
menu, or `Scene.attract_idle` times as long at a table. Screens where leaving
would lose something (a LAN game, the lobby) never give way to it. The games'
demos take turns (`game.scenes.flow.start_attract`): when this one's game is over,
the next game's demo follows. Its banner and waking are the kit's (`game.kit.attract`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.input import Intent
from game.kit import attract
from game.kit.attract import PULSE_STEPS, WAKING_KINDS
from game.kit.controller import UNKEPT, TableController
from game.savegame import SeatConfig
from game.scenes.flow import new_seed
from game.session import GameSession
from game.tigris.client import DYNASTIES
from game.tigris.scenes.table import TableScene

if TYPE_CHECKING:
    from game.app import App

DEMO_LEVEL = "medium"   # plays sensibly and answers in well under a second, even on a Pi
DEMO_PLAYERS = 4        # every dynasty on the board: the liveliest game to watch
END_HOLD = 8.0          # seconds the final position stays before the next demo game
MOMENT_SECONDS = 2.5    # a conflict's result, shown briefly
__all__ = ["PULSE_STEPS", "WAKING_KINDS", "AttractScene"]


class AttractScene(TableScene):
    attract_idle = None

    def __init__(self, app: App, seed: int | None = None,
                 session: GameSession | None = None) -> None:
        """`session`: another game to show than a new demo game (the how-to loop's)."""
        if session is None:
            seats = [SeatConfig("computer", DEMO_LEVEL) for _ in range(DEMO_PLAYERS)]
            options = {"dynasties": list(DYNASTIES[:DEMO_PLAYERS])}
            session = GameSession.new(DEMO_PLAYERS, seed if seed is not None else new_seed(),
                                      options, seats)
        super().__init__(app, session)
        self.end_hold = END_HOLD
        self._banners: dict[tuple[object, ...], pygame.Surface] = {}

    def enter(self) -> None:
        self.app.audio.enabled = False

    def exit(self) -> None:
        self.app.worker.cancel()
        self.app.audio.enabled = self.app.settings.sound

    def handle(self, intent: Intent) -> None:
        if attract.wakes(self.app, intent):
            self.wake()

    def wake(self) -> None:
        """Leave the demo for a new game's setup; Back from there reaches the title."""
        from game.tigris.client import CLIENT

        attract.wake(self.app, CLIENT)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.finished:
            self.end_hold -= dt
            if self.end_hold <= 0:
                from game.scenes.flow import start_attract

                start_attract(self.app)   # the next game's demo (the games take turns)

    def _make_flow(self) -> TableController:
        """The hand shown is the mover's; the demo is never saved, and when it is over the
        final position stays for a while before a new demo game starts (see update)."""
        return TableController(self.app, self.session, self, viewer=self._initial_viewer(),
                               keeping=UNKEPT, follow_computers=True)

    def moment_seconds(self) -> float:
        return MOMENT_SECONDS

    def moment_intent(self, intent: Intent) -> bool:
        """A touch on a result wakes the demo like a touch anywhere else."""
        self.handle(intent)
        return intent.kind in WAKING_KINDS

    def _report_position(self) -> None:
        """A demo's positions are nobody's game: the kiosk's status says "attract mode"."""

    def kiosk_report(self) -> tuple[int, str] | str | None:
        return "attract mode: computer players demo the game (not saved)"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        attract.draw_banners(self.app, self._banners, self._words(), surface,
                             self.layout.board)

    def _banner(self, width: int, upside_down: bool = False) -> pygame.Surface:
        """The kit's breathing "Touch to play" band, each shade kept in `_banners`."""
        return attract.banner(self.app, self._banners, self._words(), width, upside_down)

    def _words(self) -> attract.Words:
        return t("attract.touch_to_play"), t("attract.demo")
