"""The LAN lobby's first screen: host a game, or join one found on the network or typed in.

Games found by mDNS (`net.discovery.Browser`) are listed and refreshed every
second; the manual "host:port" field always works (the keyboard types it, the
keypad beside it does on a touchscreen). The name the other players see is
typed here too and kept in the settings; left empty, it is the computer's.
Whatever goes wrong on the way in (a garbled address, nobody listening) is
said here in plain words; once a session is open the seat table
(`lobby_seats`) takes over.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import games as game_clients
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.settings import NAME_LIMIT
from game.ui import skin, text
from game.ui.text_field import address_field, keypad_buttons, name_field
from game.ui.widgets import Button, ButtonSet
from net import NetworkSession, SessionError
from net.address import parse_address

if TYPE_CHECKING:
    from game.app import App
    from net import GameAd

REFRESH_SECONDS = 1.0
MAX_LISTED = 4


@dataclass
class LanSettings:
    """Where a hosted game listens and whether mDNS is used; tests keep both on loopback."""

    bind: str = "0.0.0.0"
    discovery: bool = True


LAN = LanSettings()


def parse_target(value: str) -> str:
    """The address to join, "host:port"; ValueError in plain words for anything else."""
    host, port = parse_address(value)
    if not is_host_name(host):
        raise ValueError(f"{host!r} is neither an IP address nor a computer's name")
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def is_host_name(host: str) -> bool:
    """An IPv4/IPv6 address, or a name made of letters, digits, dots and hyphens."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    labels = host.split(".")
    return all(label and label[0] != "-" and label[-1] != "-"
               and all(c.isalnum() or c == "-" for c in label) for label in labels)


def computer_name() -> str:
    return socket.gethostname()[:NAME_LIMIT]


def player_name(chosen: str = "") -> str:
    """How the others see us: the name typed in the lobby, else this computer's name."""
    return chosen.strip()[:NAME_LIMIT] or computer_name()


def open_browser() -> Any | None:
    """The game list, or None when mDNS is off or python-zeroconf is missing."""
    if not LAN.discovery:
        return None
    from net import discovery

    if not discovery.available():
        return None
    try:
        return discovery.Browser()
    except Exception:
        return None


class LobbyScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.field = address_field()
        self.name_field = name_field(app.settings.player_name, placeholder=computer_name())
        self.focus = "address"   # or "name": which field the keyboard types into
        self.name_rect = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.browser = open_browser()
        self.games: list[GameAd] = []
        self.playable = game_clients.playable_rules()
        from game.scenes.lobby_host import unfinished_lan_game

        self.unfinished = unfinished_lan_game(self.playable)
        self.since_refresh = REFRESH_SECONDS
        self.clock = 0.0
        self.field_rect = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.labels: list[tuple[str, pygame.Rect]] = []

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resume(self) -> None:
        from game.scenes.lobby_host import unfinished_lan_game

        self.unfinished = unfinished_lan_game(self.playable)
        self.resize(*self.app.size)

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        gap = max(6, c // 6)
        bh = max(geo.MIN_TARGET, int(c * 1.0))
        self.px = max(13, int(c * 0.36))
        top = max(int(c * 0.9), 28) + gap
        col_w = (w - 3 * gap) // 2
        left = pygame.Rect(gap, top, col_w, h - top - bh - 2 * gap)
        right = pygame.Rect(left.right + gap, top, col_w, left.h)
        buttons = [Button("host", pygame.Rect(left.x, left.y, col_w, bh), t("lan.host"),
                          style="gold")]
        if self.unfinished is not None:
            # The game this program hosted and left unfinished: continued on its port.
            half = (col_w - gap) // 2
            buttons[0].rect.w = half
            game_id, actions = self.unfinished
            buttons.append(Button("resume", pygame.Rect(left.x + half + gap, left.y,
                                                        col_w - half - gap, bh),
                                  t("lan.continue", game=game_clients.load(game_id).name(),
                                    actions=actions)))
        label_h = int(self.px * 1.4)
        y = left.y + bh + gap
        self.labels = [(t("lan.your_name"), pygame.Rect(left.x, y, col_w, label_h))]
        self.name_rect = pygame.Rect(left.x, y + int(self.px * 1.5), col_w, bh)
        y = self.name_rect.bottom + gap
        self.labels.append((t("lan.found"), pygame.Rect(left.x, y, col_w, label_h)))
        y += int(self.px * 1.5)
        self.list_rect = pygame.Rect(left.x, y, col_w, left.bottom - y)
        for i, ad in enumerate(self.games[:MAX_LISTED]):
            rect = pygame.Rect(left.x, y + i * (bh + gap // 2), col_w, bh)
            if rect.bottom > left.bottom:
                break
            # Beside each game, "Watch" while it has watch places (greyed "full" when not).
            watch_w = min(int(c * 3.2), col_w // 3)
            rect.w -= watch_w + gap // 2
            buttons.append(Button(f"game:{i}", rect, self._ad_label(ad),
                                  enabled=not ad.problem(self.playable), style="normal"))
            watch_problem = ad.watch_problem(self.playable)
            buttons.append(Button(f"watch:{i}", pygame.Rect(rect.right + gap // 2, rect.y,
                                                            watch_w, bh),
                                  t("lan.watch_full") if ad.watch_places <= 0
                                  else t("lan.watch"),
                                  enabled=not watch_problem, style="quiet"))
        self.labels.append((t("lan.address"), pygame.Rect(right.x, right.y, col_w,
                                                          int(self.px * 1.4))))
        self.field_rect = pygame.Rect(right.x, right.y + int(self.px * 1.5), col_w, bh)
        pad_top = self.field_rect.bottom + gap
        pad_h = min(right.bottom - bh - 2 * gap - pad_top, 4 * bh + 3 * (gap // 2))
        pad = pygame.Rect(right.x, pad_top, min(col_w, int(pad_h * 1.6)), pad_h)
        join_rect = pygame.Rect(right.x, pad_top, col_w, bh)
        if pad.h >= 4 * 30:
            buttons.extend(keypad_buttons(pad, gap // 2))
            join_rect.y = pad.bottom + gap
        # Watch by address, beside join: the same field, no seat.
        watch_rect = pygame.Rect(0, join_rect.y, (col_w - gap) // 3, bh)
        join_rect.w -= watch_rect.w + gap
        watch_rect.x = join_rect.right + gap
        buttons.append(Button("join", join_rect, t("lan.join"), style="gold"))
        buttons.append(Button("watch", watch_rect, t("lan.watch")))
        bw = min(int(c * 5), col_w)
        buttons.append(Button("back", pygame.Rect(gap, h - bh - gap, bw, bh), t("common.back"),
                              style="quiet"))
        self.buttons.set(buttons)
        self.message_rect = pygame.Rect(left.x + bw + gap, h - bh - gap, w - bw - 3 * gap, bh)

    @staticmethod
    def _ad_label(ad: GameAd) -> str:
        return t("lan.game_entry", name=ad.name, players=ad.players, free=ad.open_seats)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.since_refresh += dt
        if self.browser is None or self.since_refresh < REFRESH_SECONDS:
            return
        self.since_refresh = 0.0
        games = self.browser.games()
        if games != self.games:
            self.games = games
            self.resize(*self.app.size)

    def typing_area(self) -> pygame.Rect:
        return self.name_rect if self.focus == "name" else self.field_rect

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            self._key(intent.key)
            return
        if intent.kind == "text":
            if self.focus == "name":
                self.name_field.type(intent.text)
            elif self.field.type(intent.text):
                self.message = ""
            return
        if intent.kind in ("press", "tap") and intent.pos is not None:
            if self.name_rect.collidepoint(intent.pos):
                self.focus = "name"
                return
            if self.field_rect.collidepoint(intent.pos):
                self._focus_address()
                return
        chosen = self.clicked(self.buttons, intent)
        if chosen is None:
            return
        kind, _, arg = chosen.partition(":")
        if kind == "key":
            self._focus_address()
            if arg == "backspace":
                self.field.key(arg)
            else:
                self.field.type(arg)
            self.message = ""
        elif kind == "game":
            self.join(self.games[int(arg)].target)
        elif kind == "join":
            self.join(self.field.value)
        elif kind == "watch":
            self.watch(self.games[int(arg)].target if arg else self.field.value)
        elif kind == "resume":
            from game.scenes.lobby_host import resume_lan_game

            self.keep_name()
            seats = resume_lan_game(self.app, self.playable)
            if isinstance(seats, str):
                self.message = seats
            else:
                self.app.push(seats)
        elif kind == "host":
            from game.scenes.lobby_host import HostSetupScene

            self.keep_name()
            self.app.push(HostSetupScene(self.app))
        elif kind == "back":
            self.keep_name()
            self.app.pop(self)

    def _key(self, key: str) -> None:
        if key == "escape":
            self.keep_name()
            self.app.pop(self)
        elif key == "tab":
            if self.focus == "name":
                self._focus_address()
            else:
                self.focus = "name"
        elif self.focus == "name":
            if key in ("return", "enter"):
                self._focus_address()
            else:
                self.name_field.key(key)
        elif key in ("return", "enter"):
            self.join(self.field.value)
        elif self.field.key(key):
            self.message = ""

    def _focus_address(self) -> None:
        self.focus = "address"
        self.keep_name()

    def keep_name(self) -> None:
        """The typed name goes to the settings, so the next game starts with it."""
        name = self.name_field.value.strip()[:NAME_LIMIT]
        if name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.save_settings()

    def join(self, value: str) -> None:
        """Opens a session to the address; the seat table follows, or the reason it cannot."""
        self._open(value, NetworkSession.join)

    def watch(self, value: str) -> None:
        """Watches the game at the address from no seat: its seat table, then its public side
        (`game.kit.watching`), or the reason it cannot."""
        self._open(value, NetworkSession.watch)

    def _open(self, value: str, opens: Callable[..., NetworkSession]) -> None:
        self.keep_name()
        try:
            target = parse_target(value)
            session = opens(target, games=self.playable,
                            name=player_name(self.app.settings.player_name))
        except (ValueError, SessionError) as exc:
            self.message = t("lan.bad_address", detail=str(exc))
            return
        from game.scenes.lobby_seats import SeatTableScene

        self.app.push(SeatTableScene(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        text.blit(surface, t("lan.title"), "title", max(18, int(c * 0.6)), pal.GOLD_LIGHT,
                  (w // 2, max(4, c // 8)), "midtop")
        for label, rect in self.labels:
            text.blit(surface, label, "bold", self.px, pal.TEXT_ON_DARK, rect.topleft)
        if not self.games:
            words = t("lan.searching") if self.browser is not None else t("lan.no_discovery")
            text.blit_wrapped(surface, words, "text", self.px, pal.PARCHMENT_DARK,
                              self.list_rect)
        caret = int(self.clock * 2) % 2 == 0
        self.name_field.draw(surface, self.name_rect, self.px, self.focus == "name", caret)
        self.field.draw(surface, self.field_rect, self.px, self.focus == "address", caret)
        self.buttons.draw(surface, self.px)
        if self.message:
            text.blit_wrapped(surface, self.message, "text", max(11, self.px - 2),
                              pal.EMBER_LIGHT, self.message_rect)
