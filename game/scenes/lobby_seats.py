"""The seat table of a LAN game before it starts: who sits where, which seats are free.

It holds the `NetworkSession` from the moment it opens (hosted or joined)
until the game starts (or, for a player taking back a seat, until the copy has
caught up), then hands it to the LAN table, events of the same poll
included, so not one action is lost between the two screens. A joining
player may move to another free seat; the host starts once every open seat
is taken. Refusals (another version, a full game) are final and shown in the
network layer's own plain words. The host's game is advertised on the
network (mDNS) while this screen is up and the lobby wants it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import games
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.lan_session import LanGame
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet
from net import NetworkSession, SessionEvent
from net.errors import AUTOSAVE_SET_ASIDE

if TYPE_CHECKING:
    from game.app import App


class SeatTableScene(Scene):
    def __init__(self, app: App, session: NetworkSession) -> None:
        super().__init__(app)
        self.session = session
        self.buttons = ButtonSet()
        self.rows: list[tuple[pygame.Rect, str, str]] = []
        self.log: list[str] = []
        self.message = ""
        self.warning = ""
        self.watching = ""
        """Who watches the game (`net.watch`), one line above the log; "" when nobody."""
        """What stays shown above the log: the host's set-aside autosave."""
        self.watch_room = ""
        """The host's: how many watch, of how many may."""
        self.handed_over = False
        self.advertiser: Any | None = None
        if session.is_host:
            self.advertiser = self._advertise()

    # ----- the network ------------------------------------------------------------------

    def _advertise(self) -> Any | None:
        from game.scenes.lobby import LAN

        if not LAN.discovery:
            return None
        from net import discovery

        if not discovery.available():
            return None
        try:
            return discovery.Advertiser(self._ad())
        except Exception:
            return None

    def _ad(self) -> Any:
        from net import discovery

        s = self.session
        return discovery.GameAd.of_session(
            s, t("lan.game_name", host=s.address.rsplit(":", 1)[0]))

    def update(self, dt: float) -> None:
        events = self.session.poll()
        for i, event in enumerate(events):
            if event.kind in ("started", "resynced") and event.state is not None:
                self._to_table(event, events[i + 1:])
                return
            if (event.kind in ("watching", "started") and self.session.is_watcher
                    and event.data.get("view") is not None):
                self._to_watch_table(event, events[i + 1:])
                return
            self._hear(event)
        if events:
            if self.advertiser is not None:
                self.advertiser.update(self._ad())
            self.resize(*self.app.size)

    def _hear(self, event: SessionEvent) -> None:
        if event.kind == "refused":
            self.message = event.text
        elif event.data.get("code") == AUTOSAVE_SET_ASIDE:
            self.warning = event.text
        elif event.kind in ("notice", "connection", "joined", "seats") and event.text:
            self.log.append(event.text)
            self.log = self.log[-6:]

    def _to_table(self, started: SessionEvent, rest: list[SessionEvent]) -> None:
        assert started.state is not None
        applied = sum(1 for e in rest if e.kind == "applied")
        game = LanGame(self.session, start=started.state, ply=self.session.ply - applied)
        self.handed_over = True
        table = games.of_record(game.record).lan_table(self.app, game)
        self.app.replace(table)
        for event in rest:
            table.hear(event)

    def _to_watch_table(self, seen: SessionEvent, rest: list[SessionEvent]) -> None:
        """A watcher's table opens at the public position the host sent (game.kit.watching)."""
        from game.kit.watching import open_watch_table

        self.handed_over = True
        why = open_watch_table(self.app, self.session, seen, rest)
        if why:
            self.handed_over = False
            self.message = why

    def exit(self) -> None:
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        if not self.handed_over:
            self.session.close()

    # ----- the screen -------------------------------------------------------------------

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        gap = max(6, c // 6)
        bh = max(geo.MIN_TARGET, int(c * 1.0))
        self.px = max(13, int(c * 0.36))
        top = max(int(c * 0.9), 28) + int(self.px * 2.6)
        width = min(w - 2 * gap, int(c * 16))
        x = (w - width) // 2
        s = self.session
        buttons: list[Button] = []
        self.rows = []
        for seat, info in enumerate(s.seats):
            row = pygame.Rect(x, top + seat * (bh + gap), width, bh)
            name = t("lan.seat_row", number=seat + 1, name=info.name)
            if seat == s.my_seat:
                name = f"{name} · {t('lan.you')}"
            self.rows.append((row, name, t(f"lan.status.{info.status}")))
            if (not s.is_host and not s.is_watcher and info.status == "open"
                    and s.phase == "lobby" and seat != s.my_seat):
                bw = int(c * 3.6)
                buttons.append(Button(f"sit:{seat}", pygame.Rect(row.right - bw, row.y, bw, bh),
                                      t("lan.sit_here")))
        bw = min(int(c * 5), (w - 3 * gap) // 2)
        bottom = h - bh - gap
        buttons.append(Button("leave", pygame.Rect(gap, bottom, bw, bh), t("lan.leave"),
                              style="quiet"))
        if s.is_host:
            ready = s.phase == "lobby" and all(i.status != "open" for i in s.seats)
            buttons.append(Button("start", pygame.Rect(w - gap - bw, bottom, bw, bh),
                                  t("lan.start"), style="gold", enabled=ready))
        self.buttons.set(buttons)
        self.watching = t("lan.watchers", names=", ".join(s.watchers)) if s.watchers else ""
        # The host sees how many watch of how many it lets in (`--watchers`).
        self.watch_room = t("lan.watch_room", count=len(s.watchers),
                            cap=len(s.watchers) + s.watch_places) if s.is_host else ""
        rows_bottom = top + len(s.seats) * (bh + gap)
        self.log_rect = pygame.Rect(x, rows_bottom + gap, width, bottom - rows_bottom - 2 * gap)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key == "escape":
                self.app.pop(self)
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen is None:
            return
        kind, _, arg = chosen.partition(":")
        if kind == "sit":
            self.session.sit(int(arg))
        elif kind == "start":
            self.session.start()
        elif kind == "leave":
            self.app.pop(self)

    def status(self) -> str:
        """The network's status line, except once every seat is taken: then who starts."""
        s = self.session
        if s.phase == "lobby" and s.seats and all(i.status != "open" for i in s.seats):
            return t("lan.ready_to_start") if s.is_host else t("lan.waiting_for_host")
        return s.status

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        text.blit(surface, t("lan.seat_table"), "title", max(18, int(c * 0.6)), pal.GOLD_LIGHT,
                  (w // 2, max(4, c // 8)), "midtop")
        s = self.session
        where = t("lan.hosting_at", address=s.address) if s.is_host else self.status()
        text.blit(surface, where, "text", self.px, pal.PARCHMENT_DARK,
                  (w // 2, max(int(c * 0.9), 28) + self.px // 2), "midtop")
        for row, name, status in self.rows:
            surface.blit(skin.panel(row.w, row.h, False), row)
            text.blit(surface, name, "bold", self.px, pal.TEXT, (row.x + self.px, row.centery),
                      "midleft")
            text.blit(surface, status, "text", self.px, pal.TEXT_MUTED,
                      (row.x + row.w * 3 // 5, row.centery), "midleft")
        self.buttons.draw(surface, self.px)
        header = [self.status(), self.watch_room] if s.is_host else []
        header += [self.warning] if self.warning else []
        watching = [self.watching] if self.watching else []
        lines = [self.message] if self.message else [*header, *watching, *self.log[-3:]]
        y = self.log_rect.y
        for i, line in enumerate(lines):
            color = pal.EMBER_LIGHT if self.message or i < len(header) else (
                pal.PARCHMENT_DARK)
            rect = pygame.Rect(self.log_rect.x, y, self.log_rect.w, self.log_rect.bottom - y)
            y += text.blit_wrapped(surface, line, "text", max(11, self.px - 2), color, rect) + 4
