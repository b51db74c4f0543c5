"""Hosting a LAN game: the new-game set-up, with seats open for players who will join.

It is the pass-and-play set-up screen with three differences: seat 1 is the
host's own, every other seat is open for a person on the network or taken by
a computer player that the host's program runs, and the game listens on a
port. "Start" opens the game to the network and goes to the seat table; the
game itself begins from there once every open seat is taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import ai
from game import games
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scenes.lobby import LAN, player_name
from game.scenes.setup import SetupScene
from game.ui import text
from game.ui.text_field import TextField
from net import HostConfig, NetworkSession, SessionError
from net.address import DEFAULT_PORT

if TYPE_CHECKING:
    from game.app import App


class HostSetupScene(SetupScene):
    attract_idle = None   # a LAN game being set up: players may be joining
    title_key = "lan.host"
    hint_key = "lan.host_hint"
    tabletop_hint_key = hint_key
    start_key = "lan.open_game"
    hot_seat = False

    def __init__(self, app: App) -> None:
        super().__init__(app, games.lan_host_game(app.game))
        self.kinds[1] = "human"
        self.port = TextField(str(DEFAULT_PORT), allowed="0123456789", limit=5)
        self.message = ""
        self.port_rect = pygame.Rect(0, 0, 0, 0)

    def resize(self, w: int, h: int) -> None:
        super().resize(w, h)
        for button in self.buttons.buttons:
            if button.id == "kind:0":
                button.label = t("lan.you")
            elif button.id.startswith("kind:") and button.label == t("setup.human"):
                button.label = t("lan.open_seat")
        field_h = max(36, int(self.px * 2.2))
        help_rect = self.help_rect
        self.port_rect = pygame.Rect(help_rect.x + help_rect.w // 3, help_rect.y,
                                     help_rect.w - help_rect.w // 3, field_h)
        self.help_rect = pygame.Rect(help_rect.x, self.port_rect.bottom + 6, help_rect.w,
                                     max(0, help_rect.bottom - self.port_rect.bottom - 6))

    def typing_area(self) -> pygame.Rect:
        """The port: the one field here, always the one typed into."""
        return self.port_rect

    def handle(self, intent: Intent) -> None:
        if intent.kind == "text":
            if self.port.type(intent.text):
                self.message = ""
            return
        if intent.kind == "key" and self.port.key(intent.key):
            self.message = ""
            return
        hit = self.buttons.at(intent.pos) if intent.kind == "tap" else None
        if hit is not None and hit.id == "kind:0":
            return
        super().handle(intent)

    def specs(self) -> list[str]:
        """The seats as the host takes them: "human" (ours and the open ones) or a bot."""
        return ["human" if seat == 0 or self.kinds[seat] == "human"
                else f"bot:{self.levels[seat]}" for seat in range(self.count)]

    def start(self) -> None:
        try:
            port = int(self.port.value or "0")
            options = self.game_options()
            me = player_name(self.app.settings.player_name)
            config = HostConfig(game=self.client.rules, bots=ai.bot_factory(self.client.rules.ID),
                                players=self.count,
                                seats=self.specs(), host_seat=0, options=options,
                                bind=LAN.bind, port=port,
                                name=t("lan.game_name", host=me), host_name=me,
                                autostart=False, bot_budget=self.app.thinking_time,
                                stand_in=ai.default_level(self.client.rules.ID))
            session = NetworkSession.host(config)
        except (ValueError, SessionError) as exc:
            self.message = t("lan.cannot_host", detail=str(exc))
            return
        from game.scenes.lobby_seats import SeatTableScene

        self.app.push(SeatTableScene(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        r = self.port_rect
        text.blit(surface, t("lan.port"), "bold", self.px, pal.TEXT_ON_DARK,
                  (r.x - 8, r.centery), "midright")
        self.port.draw(surface, r, self.px, True, int(self.app.now * 2) % 2 == 0)
        if self.message:
            area = self.help_rect
            pygame.draw.rect(surface, pal.INK, area, border_radius=6)
            text.blit_wrapped(surface, self.message, "text", max(11, self.px - 2),
                              pal.EMBER_LIGHT, area.inflate(-8, -8))
