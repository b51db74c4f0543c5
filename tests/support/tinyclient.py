"""Tiny (tests/support/tinygame.py) as a second game of the client, for tests only.

It proves that the shell hosts a game it was not written for: the title lists
it, the set-up screen offers its seats and options, and its table plays it to
the end headless, through the same App, session, autosave and catalogues as
Tigris & Euphrates. The table is small but real: the seat to move sees its
hand as buttons (a card to play, draw, or snap and pass when asked), computer
seats play the first legal action, a refused action says why by its code.
The same table, told it is a replay, is the replay viewer's (`game.table.
ReplayTable`): it shows a record's positions and plays no seat. Tiny is not
played over the LAN yet (`has_lan_table` is False): asking for its LAN table
raises, saying so. Beside the text it shows a board in the kit's viewport
(`support.tinyboard`), which the player pans and zooms.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game import layout as geo
from game.art import palette as pal
from game.games import GameClient, SetupOption
from game.i18n import refusal_text, t
from game.input import Intent
from game.kit.bindings import LOG_GESTURES, Binding, run_key
from game.kit.log import ALL, MINE, LogLine, LogPanel
from game.kit.log_painter import LogHits, paint_panel
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet
from support import tinygame
from support.tinyboard import TinyBoard

if TYPE_CHECKING:
    from game.app import App
    from game.lan_session import LanGame
    from game.session import GameSession
    from game.table import LanTable, ReplayTable

LOCALES = Path(__file__).resolve().parent / "tiny_locales"
# The kit's parts Tiny's table is made of: its keys (the "?" overlay lists them, with its
# words, `tiny.keys.<command>`...) and its log, whose card lines point at the pile.
KEYS = (Binding("menu", ("escape",)), Binding("shortcuts", ("f1", "?")))
PILE = "pile"


class TinyTable(Scene):
    """One seat's hand as buttons, the pile, the scores and the log."""

    def __init__(self, app: App, session: GameSession, replay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.replay = replay
        self.log: list[str] = []
        self.log_panel = LogPanel((ALL, MINE), lambda: None)
        self.log_hits = LogHits()
        self.toast = ""
        self.buttons = ButtonSet()
        self.unit = geo.MIN_TARGET
        self.size: tuple[int, int] = app.size
        self.board = TinyBoard()

    @property
    def state(self) -> Any:
        return self.session.state

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        bh = max(geo.MIN_TARGET, int(c * 1.05))
        gap = max(6, c // 6)
        self.unit = bh
        self.size = (w, h)
        px = max(12, int(c * 0.4))
        top = c // 2 + 7 * int(px * 1.4)   # under the name, the pile, the scores and a toast
        self.board.place(pygame.Rect(gap, top, w // 2 - 2 * gap, h - bh - 2 * gap - top))
        buttons = [] if self.replay else [
            Button("menu", pygame.Rect(w - 3 * c - gap, gap, 3 * c, bh), t("table.menu"),
                   style="quiet")]
        seat = self.state.to_move
        self.choices: list[dict[str, Any]] = []
        if seat is not None and self.session.is_human(seat) and not self.replay:
            legal = self.state.legal_actions()
            # The hand's cards are shown while a snap is asked too: playing one is refused.
            held = [{"type": "play", "card": card} for card in self.state.view(seat)["hands"][seat]]
            self.choices = legal + [a for a in held if a not in legal]
            width = min(3 * c, (w - gap) // max(1, len(self.choices)) - gap)
            for i, action in enumerate(self.choices):
                rect = pygame.Rect(gap + i * (width + gap), h - bh - gap, width, bh)
                buttons.append(Button(f"act:{i}", rect, self.label(action)))
        self.buttons.set(buttons)

    def label(self, action: dict[str, Any]) -> str:
        if action["type"] == "play":
            return t("tiny.play", card=action["card"])
        return t(f"tiny.{action['type']}")

    def act(self, action: dict[str, Any]) -> bool:
        """Plays `action` for the seat to move; False, saying why, if Tiny refuses it."""
        problem = self.state.check(action)
        if problem is not None:
            self.toast = refusal_text(problem)
            return False
        events = self.session.apply(action)
        self.log.extend(CLIENT.narrate(events, self))
        self.toast = ""
        self.app.saver.submit(self.session.saved())
        self.resize(*self.app.size)
        return True

    def reads_typed_keys(self) -> bool:
        return True

    def log_area(self) -> pygame.Rect:
        """The right half between the menu button and the hand."""
        w, h = self.size
        return pygame.Rect(w // 2, 2 * self.unit, w // 2 - self.unit // 2, h - 4 * self.unit)

    def handle(self, intent: Intent) -> None:
        if self.board.view.handle(intent):
            return
        commands = {"menu": lambda _key: self.open_menu(),
                    "shortcuts": lambda _key: self.app.push(CLIENT.overlay(self.app))}
        if intent.kind == "key" and run_key(KEYS, commands, intent.key, intent.text):
            return
        in_log = intent.pos is not None and self.log_area().collidepoint(intent.pos)
        if intent.kind == "scroll" and in_log:
            self.log_panel.scroll_by(intent.amount)
            return
        if intent.kind == "tap" and in_log and intent.pos is not None:
            self.log_panel.tap(self.log_hits, intent.pos)
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen == "menu":
            self.open_menu()
        elif chosen is not None:
            self.act(self.choices[int(chosen.partition(":")[2])])

    def open_menu(self) -> None:
        from game.scenes.menu import PauseMenu

        self.app.push(PauseMenu(self.app, self))

    def leave_texts(self) -> tuple[str, str]:
        return t("tiny.leave"), t("tiny.leave_body")

    # ----- the replay viewer's table (game.table.ReplayTable) ---------------------------

    @property
    def animating(self) -> bool:
        """Tiny animates nothing."""
        return False

    def controls_area(self) -> pygame.Rect:
        """The bottom row, where a player's hand is at a game."""
        w, h = self.size
        return pygame.Rect(0, h - self.unit - self.unit // 3, w, self.unit + self.unit // 3)

    def status_area(self) -> pygame.Rect:
        """The top right corner, where the menu button is at a game."""
        w, _ = self.size
        return pygame.Rect(w - 4 * self.unit, 0, 4 * self.unit, self.unit)

    def show_events(self, events: list[dict[str, Any]]) -> None:
        self.log.extend(CLIENT.narrate(events, self))

    def restart(self, session: GameSession, log: list[str]) -> None:
        self.session = session
        self.log = log

    def update(self, dt: float) -> None:
        self.log_panel.update(dt)
        self.board.view.update(dt)
        seat = self.state.to_move
        if seat is not None and not self.session.is_human(seat) and not self.replay:
            self.act(self.state.legal_actions()[0])

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        self.board.view.draw(surface, self.board)
        view = self.state.view(None)
        px = max(12, int(c * 0.4))
        lines = [CLIENT.name(),
                 t("tiny.pile", card=view["pile"][-1] if view["pile"] else "-",
                   deck=view["deck_size"]),
                 *(t("tiny.score", seat=s + 1, points=p) for s, p in enumerate(view["scores"])),
                 t("tiny.over") if self.state.is_over else "", self.toast]
        y = c // 2
        for line in lines:
            if line:
                text.blit(surface, line, "text", px, pal.TEXT_ON_DARK, (c // 2, y), "topleft")
            y += int(px * 1.4)
        if PILE in self.log_panel.places:
            pile = pygame.Rect(c // 2, c // 2 + int(px * 1.4), w // 2 - c, int(px * 1.4))
            pygame.draw.rect(surface, pal.GOLD, pile, 2)
        seat = self.state.to_move
        viewer = seat if seat is not None and self.session.is_human(seat) else None
        names = [t("tiny.seat", seat=s + 1) for s in range(len(view["scores"]))]
        self.log_hits = paint_panel(self.log_panel, surface, self.log_area(), px, self.log,
                                    names, viewer, lambda _row, _size: None)
        self.buttons.draw(surface, px)


class TinyClient(GameClient):
    rules = tinygame
    locales = LOCALES
    setup_options = (SetupOption("hand_size", (3, 4, 5)),)
    has_lan_table = False

    def name(self) -> str:
        return t("tiny.name")

    def picture(self, width: int, height: int) -> pygame.Surface:
        picture = pygame.Surface((width, height))
        picture.fill(pal.INK)
        card = pygame.Rect(0, 0, max(4, width // 5), max(6, height // 2))
        for i in range(3):
            card.center = (width // 2 + (i - 1) * card.w // 2, height // 2 + (i - 1) * 4)
            pygame.draw.rect(picture, pal.PARCHMENT, card, border_radius=4)
            pygame.draw.rect(picture, pal.GOLD, card, 2, border_radius=4)
        return picture

    def table(self, app: App, session: GameSession) -> TinyTable:
        return TinyTable(app, session)

    def replay_table(self, app: App, session: GameSession) -> ReplayTable:
        return TinyTable(app, session, replay=True)

    def lan_table(self, app: App, game: LanGame) -> LanTable:
        raise NotImplementedError("Tiny is not played over the LAN")

    def attract(self, app: App) -> Scene:
        from game.savegame import SeatConfig
        from game.session import GameSession

        seats = [SeatConfig("computer") for _ in range(3)]
        return TinyTable(app, GameSession.new(3, 1, {}, seats, game=tinygame.ID))

    def rules_scene(self, app: App) -> Scene:
        return self._page(app, t("tiny.rules"))

    def shortcuts_scene(self, app: App, table: Any) -> Scene:
        return self._page(app, t("tiny.keys"))

    def _page(self, app: App, words: str) -> Scene:
        """A dialog of a few words and Back."""
        from game.scenes.dialog import DialogScene, DialogSpec, Option

        def close() -> None:
            app.pop(scene)

        scene = DialogScene(app, DialogSpec(title=self.name(), lines=[words],
                                            options=[Option("back", t("common.back"), close)],
                                            on_back=close))
        return scene

    def overlay(self, app: App) -> Scene:
        """The kit's "?" overlay of Tiny's keys and its log's gestures, in Tiny's words."""
        from game.kit.shortcuts import ShortcutsScene

        return ShortcutsScene(app, KEYS, LOG_GESTURES, words="tiny.")

    def narrate(self, events: list[dict[str, Any]], table: Any) -> list[str]:
        """The kit's log lines: a turn's start opens a turn, a card's line points at the pile."""
        return [LogLine(t(f"tiny.log.{e['type']}", **{k: v + 1 if k == "seat" else v
                                                      for k, v in e.items() if k != "type"}),
                        topic="turn" if e["type"] == "turn_started" else e["type"],
                        seat=e.get("seat"), seats=[e["seat"]] if "seat" in e else [],
                        places=[PILE] if "card" in e else [])
                for e in events if "private_to" not in e
                and i18n.has_key(f"tiny.log.{e['type']}", "en")]

    def seat_name(self, table: Any, seat: int) -> str:
        return t("tiny.seat", seat=seat + 1)

    def decision_name(self, pending: dict[str, Any] | None) -> str:
        return t("tiny.decision.snap") if pending else t("tiny.decision.turn")

    def seat_icon(self, table: Any, seat: int, px: int) -> pygame.Surface:
        icon = pygame.Surface((px, px))
        icon.fill(pal.GOLD)
        return icon

    def clear_caches(self) -> None:
        """Tiny draws nothing it keeps."""

    def seat_label(self, options: dict[str, Any], seat: int) -> str:
        return t("tiny.seat", seat=seat + 1)

    def position_options(self, position: dict[str, Any]) -> dict[str, Any]:
        return dict(position["setup"])

    def scores(self, state: Any) -> list[int]:
        return [int(points) for points in state.view(None)["scores"]]


CLIENT = TinyClient()
