"""Attract mode: on a kiosk left idle, computer players demo the game; a touch starts one.

The demo is a real game between four medium computer players on the desk
table. The hand shown is always the mover's, so a passer-by sees where each
piece came from. It is never saved, so the players' own autosave stays
there for Continue, and it is silent: a kiosk in a public room should not
chatter to itself. A touch, a click or a key leaves it for the setup screen,
with the title screen beneath.

The app starts it (`App.attract_after`): after that many idle seconds on a
menu, or `Scene.attract_idle` times as long at a table. Screens where leaving
would lose something (a LAN game, the lobby) never give way to it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.kit.controller import UNKEPT, TableController
from game.savegame import SeatConfig
from game.scenes.flow import new_seed
from game.session import GameSession
from game.tigris.client import DYNASTIES
from game.tigris.scenes.table import TableScene
from game.ui import text

if TYPE_CHECKING:
    from game.app import App

DEMO_LEVEL = "medium"   # plays sensibly and answers in well under a second, even on a Pi
DEMO_PLAYERS = 4        # every dynasty on the board: the liveliest game to watch
END_HOLD = 8.0          # seconds the final position stays before the next demo game
MOMENT_SECONDS = 2.5    # a conflict's result, shown briefly
PULSE_STEPS = 12        # shades of the breathing banner, each drawn once and reused
WAKING_KINDS = ("press", "tap", "long_press", "secondary", "key")


class AttractScene(TableScene):
    attract_idle = None

    def __init__(self, app: App, seed: int | None = None) -> None:
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
        if intent.kind in WAKING_KINDS:
            if self.app.tabletop and intent.pos is not None:
                # The menus that follow face whoever touched: the near or the far long edge.
                self.app.menus_turned = intent.pos[1] < self.app.size[1] // 2
            self.wake()

    def wake(self) -> None:
        """Leave the demo for a new game's setup; Back from there reaches the title."""
        from game.scenes.setup import SetupScene
        from game.scenes.title import TitleScene

        self.app.replace(TitleScene(self.app))
        self.app.push(SetupScene(self.app))
        self.app.play_sound("click")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.finished:
            self.end_hold -= dt
            if self.end_hold <= 0:
                self.app.replace(AttractScene(self.app))

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
        w = surface.get_width()
        board = self.layout.board
        banner = self._banner(min(w, board.w))
        if self.app.tabletop:
            # Read from both long edges of a table lying flat.
            surface.blit(banner, banner.get_rect(midbottom=(board.centerx,
                                                            board.bottom - board.h // 6)))
            flipped = self._banner(min(w, board.w), upside_down=True)
            surface.blit(flipped, flipped.get_rect(midtop=(board.centerx, board.y + board.h // 6)))
        else:
            surface.blit(banner, banner.get_rect(center=board.center))

    def _banner(self, width: int, upside_down: bool = False) -> pygame.Surface:
        """"Touch to play" on a dark band that breathes, so the screen looks alive but inviting.

        A kiosk's CPU draws every pixel, so each shade is built once and blitted after.
        """
        pulse = 0.5 + 0.5 * math.sin(self.app.now * 2.6)
        step = round(pulse * PULSE_STEPS)
        key = (width, step, upside_down, self.app.size, t("attract.touch_to_play"))
        banner = self._banners.get(key)
        if banner is None:
            banner = self._draw_banner(width, step / PULSE_STEPS)
            if upside_down:
                banner = pygame.transform.rotate(banner, 180)
            self._banners[key] = banner
        return banner

    def _draw_banner(self, width: int, pulse: float) -> pygame.Surface:
        c = geo.unit(*self.app.size)
        title_px = max(22, int(c * 0.9))
        sub_px = max(12, int(c * 0.36))
        band = pygame.Surface((width, int(title_px * 1.5 + sub_px * 2.2)), pygame.SRCALPHA)
        band.fill((*pal.INK[:3], 150 + int(50 * pulse)))
        words = t("attract.touch_to_play")
        px = text.fit_px(words, "title", title_px, band.get_width() - c)
        glow = pal.GOLD_LIGHT if pulse > 0.5 else pal.PARCHMENT
        text.blit(band, words, "title", px, glow, (band.get_width() // 2, int(title_px * 0.2)),
                  "midtop")
        line = t("attract.demo")
        sub_px = text.fit_px(line, "text", sub_px, band.get_width() - c // 2)
        text.blit(band, line, "text", sub_px, pal.PARCHMENT_DARK,
                  (band.get_width() // 2, band.get_height() - int(sub_px * 0.5)), "midbottom")
        return band

