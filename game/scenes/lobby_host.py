"""Hosting a LAN game: the new-game set-up, with seats open for players who will join.

It is the pass-and-play set-up screen with three differences: seat 1 is the
host's own, every other seat is open for a person on the network or taken by
a computer player that the host's program runs, and the game listens on a
port. "Start" opens the game to the network and goes to the seat table; the
game itself begins from there once every open seat is taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

import ai
from datafiles import UnreadableFile
from game import games
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scenes.lobby import LAN, player_name
from game.scenes.setup import SetupScene
from game.ui import text
from game.ui.text_field import TextField
from net import HostConfig, NetworkSession, SessionError, storage
from net.address import DEFAULT_PORT
from net.game import game_of
from net.host import read_hosted_autosave
from net.replica import Replay

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


def unfinished_lan_game(playable: dict[str, Any]) -> tuple[str, int] | None:
    """The game (its id) and action count of the unfinished game this program last hosted,
    when the client has its LAN table. Read without replaying its record (a whole civ game
    takes seconds): the host replays it when it resumes, and says so if it does not."""
    saved = storage.peek_autosave(storage.default_autosave())
    if saved is None:
        return None
    game_id = game_of(saved["record"])
    if saved.get("over") is True or game_id not in playable:
        return None
    return game_id, len(saved["record"]["actions"])


def resume_lan_game(app: App, playable: dict[str, Any]) -> Scene | str:
    """Hosts the unfinished game again, on its port: the seat table (the game goes on at
    once, and the players' programs take their seats back by their tokens), or why not."""
    from game.scenes.lobby_seats import SeatTableScene

    found = unfinished_lan_game(playable)
    if found is None:
        return t("lan.cannot_resume", detail=t("menu.no_saved_game"))
    rules = playable[found[0]]
    try:
        states: list[Any] = []
        digests: list[str] = []
        saved = read_hosted_autosave(storage.default_autosave(), rules, states, digests)
        config = HostConfig(game=rules, bots=ai.bot_factory(rules.ID),
                            players=int(saved["record"]["players"]), resume=saved,
                            resume_replay=Replay(states[0], digests),
                            bind=LAN.bind, port=int(saved.get("port") or 0),
                            name=str(saved["name"]), bot_budget=app.thinking_time,
                            stand_in=ai.default_level(rules.ID))
        session = NetworkSession.host(config)
    except (UnreadableFile, ValueError, SessionError) as exc:
        return t("lan.cannot_resume", detail=str(getattr(exc, "reason", exc)))
    return SeatTableScene(app, session)


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
