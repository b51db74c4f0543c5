"""T&E's table for a watcher: the LAN desk table with no seat (game.kit.watching).

Everything a player's LAN table shows of the others' play is shown the same
way (the animations, the log, a conflict's result going by itself, the
network's banner), from the public position only: no hand in the bar, no
hidden score. Where the bar holds a player's hand it says "Watching — N
players, M watchers"; the buttons that act are gone, and "End turn" gives way
to "Stop watching". A tap on the board picks nothing up (no seat, no legal
move), and anything that would act is refused before it reaches the network.

At a kiosk whose demo is hosted on the LAN (`game.kit.attract_lan`) the same
table is the demo: silent, the "Touch to play" band over it saying where
others watch it, a touch waking the kiosk (the hosted game ends), and the
final position held a while before the next game's demo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.kit import attract
from game.kit.lan_banner import LanBannerButton
from game.kit.watching import WatchController, WatchGame
from game.tigris.scenes.lan_table import LanTableDrawing, LanTableScene
from game.tigris.ui.table_painter import TableModel
from game.ui import text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

LOOKING = ("menu", "outlines", "strength", "help")
"""The table's buttons that only change what is shown: a watcher keeps them."""
DEMO_END_HOLD = 8.0       # seconds a hosted demo's final position stays before the next demo
DEMO_MOMENT_SECONDS = 2.5  # a conflict's result in a hosted demo, shown briefly


class WatchTableScene(LanTableScene):
    flow: WatchController
    drawing: WatchTableDrawing
    game: WatchGame   # type: ignore[assignment]

    def __init__(self, app: App, game: WatchGame) -> None:
        self.leave_buttons = ButtonSet()
        self.end_hold = DEMO_END_HOLD
        self._banners: attract.BannerCache = {}
        super().__init__(app, game)   # type: ignore[arg-type]
        # T&E's lines do not number their turns, and a watcher who came mid-game has
        # not seen the turns before: its headers say whose turn, not a count from 1.
        self.log_panel.numbered = game.ply == 0

    @property
    def is_demo(self) -> bool:
        """This kiosk's own demo, hosted for the LAN to watch."""
        return self.game.demo is not None

    def _make_flow(self) -> WatchController:   # type: ignore[override]
        flow = WatchController(self.app, self.game, self)
        self.lan_button = LanBannerButton(flow)
        return flow

    def _make_drawing(self) -> WatchTableDrawing:
        return WatchTableDrawing(self)

    def _initial_viewer(self) -> int | None:
        return None

    def rebuild_buttons(self) -> None:
        super().rebuild_buttons()
        self.buttons.set([b for b in self.buttons.buttons
                          if b.id in LOOKING and not self.is_demo])
        self.leave_buttons.set([] if self.is_demo else [Button(
            "leave", self.layout.side_.buttons["end_turn"], t("watch.leave"), style="quiet")])

    def handle(self, intent: Intent) -> None:
        if self.is_demo:
            if attract.wakes(self.app, intent):
                from game.tigris.client import CLIENT

                attract.wake(self.app, CLIENT)
            return
        if self.clicked(self.leave_buttons, intent) == "leave":
            self.leave()
            return
        if self.leave_buttons.at(intent.pos) is None:
            super().handle(intent)

    def enter(self) -> None:
        if self.is_demo:
            self.app.audio.enabled = False   # a kiosk's demo is silent

    def exit(self) -> None:
        super().exit()
        if self.game.demo is not None:
            self.game.demo.close()
            self.app.audio.enabled = self.app.settings.sound

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.is_demo and self.finished:
            self.end_hold -= dt
            if self.end_hold <= 0:
                from game.scenes.flow import start_attract

                start_attract(self.app)   # the next game's demo

    def moment_seconds(self) -> float:
        return DEMO_MOMENT_SECONDS if self.is_demo else super().moment_seconds()

    def moment_intent(self, intent: Intent) -> bool:
        """A touch on a demo's result wakes the kiosk like a touch anywhere else."""
        if not self.is_demo:
            return False
        self.handle(intent)
        return intent.kind in attract.WAKING_KINDS

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        demo = self.game.demo
        if demo is not None:
            words = (t("attract.touch_to_play"), t("attract.watch_at", address=demo.address))
            attract.draw_banners(self.app, self._banners, words, surface, self.layout.board)

    def leave(self) -> None:
        """Stops watching (the players see one watcher fewer) for the title screen."""
        from game.scenes.title import TitleScene

        self.app.replace(TitleScene(self.app))


class WatchTableDrawing(LanTableDrawing):
    """The LAN table's picture, the bar saying who watches instead of holding a hand."""

    table: WatchTableScene

    def model(self) -> TableModel:
        model = super().model()
        model.seatless = True
        return model

    def _draw_dynamic(self, surface: pygame.Surface) -> None:
        super()._draw_dynamic(surface)
        bar = self.table.layout.bar
        px = self.banner_px()
        slots = self.table.layout.hand_slots
        area = slots[0].unionall(slots[1:]) if slots else bar
        box = pygame.Rect(0, 0, min(area.w, text.size(self.table.flow.line(), "bold", px)[0]
                                    + px * 2), int(px * 2))
        box.center = area.center
        pygame.draw.rect(surface, pal.INK, box, border_radius=px // 2)
        pygame.draw.rect(surface, pal.GOLD, box, 2, border_radius=px // 2)
        text.blit(surface, self.table.flow.line(), "bold", px, pal.IVORY, box.center, "center")
        self.table.leave_buttons.draw(surface, max(12, int(self.table.layout.cell * 0.34)))
