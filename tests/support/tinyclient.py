"""Tiny (tests/support/tinygame.py) as a second game of the client, for tests only.

It proves that the shell hosts a game it was not written for: the title lists
it, the set-up screen offers its seats and options, and its table plays it to
the end headless, through the same App, session, autosave and catalogues as
Tigris & Euphrates. The table is small but real, and runs on the table kit's
controller (`game.kit.controller`) as T&E's does: the seat whose hand is
shown sees it as buttons (a card to play, draw, or snap and pass when asked;
an empty hand, which can only pass, is not asked), computer seats play,
a refused action says why by its code, two people at one screen hand it over
between their turns, and a person alone with computers has a played card wait
for "End turn", with Undo (a draw shows a hidden card, so it is never held).
The same table, told it is a replay, is the replay viewer's (`game.table.
ReplayTable`): it shows a record's positions and plays no seat. Over the LAN
its table is `TinyLanTable`, on the kit's LAN controller (`game.kit.lan`).
Its log is the kit's log panel, its keys the kit's bindings with the "?"
overlay, and beside the text it shows a board in the kit's viewport
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
from game.kit.controller import AUTOSAVE, UNKEPT, TableController
from game.kit.held import HeldAction
from game.kit.lan import LanController
from game.kit.log import ALL, MINE, LogLine, LogPanel
from game.kit.log_painter import LogHits, paint_panel
from game.scene import Scene
from game.table import LanTable
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet
from net import SessionEvent
from support import tinygame
from support.tinyboard import TinyBoard

if TYPE_CHECKING:
    from game.app import App
    from game.lan_session import LanGame
    from game.session import GameSession, TableSession
    from game.table import ReplayTable

LOCALES = Path(__file__).resolve().parent / "tiny_locales"
# The kit's parts Tiny's table is made of: its keys (the "?" overlay lists them, with its
# words, `tiny.keys.<command>`...) and its log, whose card lines point at the pile.
KEYS = (Binding("menu", ("escape",)), Binding("shortcuts", ("f1", "?")))
PILE = "pile"


class TinyTable(Scene):
    """The pile, the scores, the log and one seat's hand as buttons: the face
    (`game.kit.controller.TableFace`) of the kit's controller, its `flow`."""

    def __init__(self, app: App, session: TableSession, replay: bool = False,
                 demo: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.replay = replay
        self.demo = demo
        self.log: list[str] = [line for events in session.replayed_events
                               for line in CLIENT.narrate(events, self)]
        self.log_panel = LogPanel((ALL, MINE), lambda: None)
        self.log_hits = LogHits()
        self.board = TinyBoard()
        self.toast = ""
        self.buttons = ButtonSet()
        self.choices: list[dict[str, Any]] = []
        self.unit = geo.MIN_TARGET
        self.size: tuple[int, int] = app.size
        self.flow = self._make_flow()

    def _make_flow(self) -> TableController:
        return TableController(self.app, self.session, self, viewer=self._first_viewer(),
                               keeping=UNKEPT if self.replay or self.demo else AUTOSAVE,
                               follow_computers=self.demo)

    def _first_viewer(self) -> int | None:
        """Whose hand shows first: the one person's at this screen; of several, the first
        player's in a game nobody has played in yet (no hand was on screen before), else
        nobody's until the hand-over screen is confirmed; nobody's in a replay."""
        humans = self.session.human_seats
        if self.replay or not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        seat = self.state.to_move
        return seat if seat in humans and not self.session.record["actions"] else None

    @property
    def state(self) -> Any:
        return self.session.state

    def act(self, action: dict[str, Any]) -> bool:
        """Plays `action` for the seat to move (held or sent); False, saying why, if Tiny
        refuses it."""
        return self.flow.act(action)

    # ----- the face the controller drives ------------------------------------------------

    @property
    def animating(self) -> bool:
        """Tiny animates nothing."""
        return False

    def holds_game(self) -> bool:
        return False

    def present(self, events: list[dict[str, Any]], source: tuple[float, float] | None,
                actor: int | None, ply: int | None) -> None:
        self.log.extend(CLIENT.narrate(events, self))
        self.toast = ""
        self.refresh()

    def applied(self, events: list[dict[str, Any]]) -> None:
        """Tiny marks nothing as new: its log says it all."""

    def refresh(self) -> None:
        self.resize(*self.size)

    def reset_choice(self) -> None:
        self.refresh()

    def serve(self, seat: int) -> None:
        self.flow.hand_over_or_decide(seat)

    def decision_scene(self, pending: dict[str, Any]) -> Scene | None:
        """None: a snap is asked in the hand's row (snap or pass), at the table itself."""
        return None

    def close_dialog(self) -> None:
        self.flow.drop_dialog()

    def hold_of(self, state: Any, action: dict[str, Any],
                source: tuple[float, float] | None) -> HeldAction | None:
        """A card played by a person alone with computers waits for "End turn" (the kit's
        rule: it hands the game to the next seat, T3); where people share the screen the
        next one is waiting to be handed it, so a play goes at once. A draw shows its drawer
        a card no Undo may unsee, and a snap or pass leads to its own seat's turn: neither
        is ever held."""
        if len(self.session.human_seats) != 1:
            return None
        return HeldAction.of(state, action, source)

    def answers_forced(self, pending: dict[str, Any]) -> bool:
        """A snap is passed for a seat only when its hand is empty, which everyone sees
        (T3): one with cards is asked even when it holds no match, lest skipping the
        question tell the others so."""
        return not self.state.view(None)["hand_sizes"][int(pending["seat"])]

    def turn_seat(self) -> int | None:
        """Tiny's own position says whose turn it is (a snap is answered within it)."""
        return int(self.state.view(None)["turn_of"])

    def show_toast(self, message: str) -> None:
        self.toast = message

    def refusal_words(self, event: SessionEvent) -> str:
        refusal = event.data.get("refusal")
        return event.text if refusal is None else refusal_text(refusal)

    def taken_back(self) -> None:
        self.log = [line for events in self.session.replayed_events
                    for line in CLIENT.narrate(events, self)]

    def result_scene(self) -> Scene:
        """The scores, read over the final position until closed."""
        from game.scenes.dialog import DialogScene, DialogSpec, Option

        def close() -> None:
            self.app.pop(scene)

        scores = CLIENT.scores(self.state)
        scene = DialogScene(self.app, DialogSpec(
            title=t("tiny.over"),
            lines=[t("tiny.score", seat=s + 1, points=p) for s, p in enumerate(scores)],
            options=[Option("close", t("common.ok"), close)], on_back=close))
        return scene

    def handover_done(self, seat: int) -> None:
        self.flow.handover_done(seat)

    # ----- the scene -------------------------------------------------------------------

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resume(self) -> None:
        self.refresh()

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        bh = max(geo.MIN_TARGET, int(c * 1.05))
        gap = max(6, c // 6)
        self.unit = bh
        self.size = (w, h)
        px = max(12, int(c * 0.4))
        # under the name, the pile, the scores, whose hand, the end, a toast and a LAN line
        top = c // 2 + (self.session.players + 6) * int(px * 1.4)
        self.board.place(pygame.Rect(gap, top, w // 2 - 2 * gap, h - bh - 2 * gap - top))
        buttons = [] if self.replay else [
            Button("menu", pygame.Rect(w - 3 * c - gap, gap, 3 * c, bh), t("table.menu"),
                   style="quiet")]
        self.choices = []
        if self.flow.held is not None:
            row = [("end_turn", t("tiny.end_turn")), ("undo", t("tiny.undo"))]
            for i, (bid, words) in enumerate(row):
                rect = pygame.Rect(gap + i * (3 * c + gap), h - bh - gap, 3 * c, bh)
                buttons.append(Button(bid, rect, words, style="gold" if i == 0 else "normal"))
        elif self.may_play():
            legal = self.state.legal_actions()
            # The hand's cards are shown while a snap is asked too: playing one is refused.
            hand = self.state.view(self.flow.viewer)["hands"][self.flow.viewer]
            held = [{"type": "play", "card": card} for card in hand]
            self.choices = legal + [a for a in held if a not in legal]
            width = min(3 * c, (w - gap) // max(1, len(self.choices)) - gap)
            for i, action in enumerate(self.choices):
                rect = pygame.Rect(gap + i * (width + gap), h - bh - gap, width, bh)
                buttons.append(Button(f"act:{i}", rect, self.label(action)))
        self.buttons.set(buttons)

    def may_play(self) -> bool:
        """The seat shown is to move, at its turn's choice or asked to snap."""
        flow, state = self.flow, self.state
        seat = flow.viewer
        return (seat is not None and seat == state.to_move and self.session.is_human(seat)
                and flow.held is None and not flow.queue and not state.is_over)

    def label(self, action: dict[str, Any]) -> str:
        if action["type"] == "play":
            return t("tiny.play", card=action["card"])
        return t(f"tiny.{action['type']}")

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
        elif chosen == "end_turn":
            self.flow.end_turn()
        elif chosen == "undo":
            self.flow.undo()
        elif chosen is not None:
            self.act(self.choices[int(chosen.partition(":")[2])])

    def open_menu(self) -> None:
        from game.scenes.menu import PauseMenu

        self.app.push(PauseMenu(self.app, self))

    def leave_texts(self) -> tuple[str, str]:
        return t("tiny.leave"), t("tiny.leave_body")

    def update(self, dt: float) -> None:
        self.log_panel.update(dt)
        self.board.view.update(dt)
        if self.replay:
            return
        self.flow.listen()
        if self.app.stack.top in (self, self.flow.dialog):
            self.flow.drive(dt)

    # ----- the replay viewer's table (game.table.ReplayTable) ---------------------------

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
        self.flow.restart(session)
        self.log = log

    # ----- drawing ----------------------------------------------------------------------

    def lines(self) -> list[str]:
        """What the table says: the pile, the scores (of a held snap's result), whose hand
        shows, the game's end and the last refusal (the log has its panel)."""
        held = self.flow.held
        view = held.view(held.seat) if held is not None else self.state.view(None)
        viewer = self.flow.viewer
        return [CLIENT.name(),
                t("tiny.pile", card=view["pile"][-1] if view["pile"] else "-",
                  deck=view["deck_size"]),
                *(t("tiny.score", seat=s + 1, points=p) for s, p in enumerate(view["scores"])),
                t("tiny.hand", seat=viewer + 1) if viewer is not None and not self.replay
                else "",
                t("tiny.over") if self.state.is_over else "", self.toast]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        self.board.view.draw(surface, self.board)
        px = max(12, int(c * 0.4))
        y = c // 2
        for line in self.lines():
            if line:
                text.blit(surface, line, "text", px, pal.TEXT_ON_DARK, (c // 2, y), "topleft")
            y += int(px * 1.4)
        if PILE in self.log_panel.places:
            pile = pygame.Rect(c // 2, c // 2 + int(px * 1.4), w // 2 - c, int(px * 1.4))
            pygame.draw.rect(surface, pal.GOLD, pile, 2)
        names = [t("tiny.seat", seat=s + 1) for s in range(self.session.players)]
        self.log_hits = paint_panel(self.log_panel, surface, self.log_area(), px, self.log,
                                    names, self.flow.viewer, lambda _row, _size: None)
        self.buttons.draw(surface, px)


class TinyLanTable(TinyTable, LanTable):
    """Tiny over the LAN: its table on the kit's LAN controller, with what the network
    says (an alert, else whom the game waits for) in a line of its own."""

    flow: LanController

    def __init__(self, app: App, game: LanGame) -> None:
        self.game = game
        super().__init__(app, game)

    def _make_flow(self) -> LanController:
        return LanController(self.app, self.game, self)

    def hear(self, event: SessionEvent) -> None:
        self.flow.hear(event)

    def may_play(self) -> bool:
        return super().may_play() and not self.flow.blocked

    def update(self, dt: float) -> None:
        self.flow.update(dt)
        super().update(dt)

    def network_changed(self) -> None:
        self.refresh()

    def tell(self, words: str) -> None:
        self.log.append(words)

    def resynced(self) -> None:
        """Nothing animates at Tiny's table."""

    def lines(self) -> list[str]:
        return [*super().lines(), self.flow.banner or self.flow.notice_line()]

    def leave_texts(self) -> tuple[str, str]:
        return self.flow.leave_texts()

    def exit(self) -> None:
        self.game.net.close()


class TinyClient(GameClient):
    rules = tinygame
    locales = LOCALES
    setup_options = (SetupOption("hand_size", (3, 4, 5)),)

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

    def table(self, app: App, session: TableSession) -> TinyTable:
        return TinyTable(app, session)

    def replay_table(self, app: App, session: GameSession) -> ReplayTable:
        return TinyTable(app, session, replay=True)

    def lan_table(self, app: App, game: LanGame) -> LanTable:
        return TinyLanTable(app, game)

    def attract(self, app: App) -> Scene:
        from game.savegame import SeatConfig
        from game.session import GameSession

        seats = [SeatConfig("computer") for _ in range(3)]
        return TinyTable(app, GameSession.new(3, 1, {}, seats, game=tinygame.ID), demo=True)

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
