"""The guided first game of Tigris & Euphrates, and the kiosk's how-to loop made of it.

A newcomer plays the Archer against the Lion from the script of
`game.tigris.guide_script`: each step's caption says what to do and why, and
rings light where (the piece in the hand, the square, the square of a
treasure or a monument). The Lion's actions are the script's too, played
through the table like a computer's. A move other than the step's is kindly
refused and not sent (the next steps are built on the script's board: an
"equivalent" move would not be one a few steps later); the newcomer tries
again. Undo takes back the newcomer's own move within the turn as at any
table; the step follows the record.

Leave, at any moment, offers to play on: the same game, from where it stands,
becomes an ordinary one against the medium computer (its table, its autosave),
or to go back to the title. The lesson itself is not saved.

The same script is the kiosk's how-to loop between demo games (`HowToScene`):
both seats are played from the script, each caption stays a while, and a
touch wakes the kiosk as in a demo.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.input import Intent
from game.kit import attract
from game.kit.controller import UNKEPT, TableController
from game.kit.guide import Caption, StepOverlay
from game.savegame import SeatConfig
from game.scene import Scene
from game.scenes.dialog import DialogScene
from game.session import GameSession
from game.tigris import guide_script as script
from game.tigris.boardmap import coords
from game.tigris.scenes.attract import AttractScene
from game.tigris.scenes.table import TableScene

if TYPE_CHECKING:
    from game.app import App
    from game.session import TableSession

COLORS = ("red", "blue", "green", "black")
PLAY_ON_LEVEL = "medium"   # the computer the lesson turns into when the newcomer plays on
READ_STEPS = ("welcome", "weakest")   # read, then Next; the others are played
WATCH_SECONDS = 4.5        # the kiosk's loop: how long each caption stays before play goes on
WATCH_END_SECONDS = 8.0    # ... and the last one, before the next demo game
OFFERED = "tigris_guide"   # in the settings' list of things taught once: the offer was made
BANNER_ROW = 7             # the kiosk's banner lies over the rows from this one (8 to 11)
PANEL_ROWS = 3             # the caption covers the board's top rows: no step acts there


class ScriptedPlayer:
    """The Lion of the lesson (both seats in the kiosk's loop): the script's action for the
    position the session stands at. It reads the record's length, not the view, since the
    script is a list of actions."""

    level = "scripted"

    def __init__(self, session: TableSession) -> None:
        self.session = session

    def choose(self, view: dict[str, Any], budget_s: float,
               stop: threading.Event | None = None) -> dict[str, Any]:
        entry = script.entry_at(len(self.session.record["actions"]))
        if entry is None or entry.seat != view["viewer"]:
            raise LookupError("the guided game's script has no action for this seat here")
        return entry.action


class Lesson:
    """The steps of the script at a table that plays it: which caption shows, what it
    lights, whether play waits. The newcomer's table (`GuideScene`) and the kiosk's loop
    (`HowToScene`) both have one."""

    def __init__(self, table: TableScene, watch: bool) -> None:
        self.table = table
        self.watch = watch
        self.overlay = StepOverlay()
        self.read: set[str] = set()
        self.shown_words = ""
        self.dwell = 0.0

    @property
    def ply(self) -> int:
        return len(self.table.session.record["actions"])

    def step(self) -> str:
        """The step shown now: the welcome until it is read, the script's next step, the
        weakest colour once the script is played."""
        if "welcome" not in self.read:
            return "welcome"
        return script.step_at(self.ply)

    def reading(self) -> bool:
        step = self.step()
        return step in READ_STEPS and step not in self.read

    def paused(self) -> bool:
        """Nobody moves while a step is read, nor (in the kiosk's loop) while a caption
        has not stayed its while."""
        return self.reading() or (self.watch and self.dwell > 0)

    def caption(self) -> Caption:
        step = self.step()
        heading = t("guide.title", step=script.STEPS.index(step) + 1, steps=len(script.STEPS))
        entry = script.entry_at(self.ply)
        if step == "weakest":
            score = self.table.session.state.final_scores()[script.LEARNER]
            words = t("guide.step.weakest", red=score["colors"]["red"],
                      green=score["colors"]["green"], score=score["score"])
        elif entry is not None and entry.step is None and step not in READ_STEPS:
            words = t("guide.waiting")
        else:
            words = t(f"guide.step.{step}")
        if self.watch:
            return Caption(heading, words)
        more = t("guide.next") if self.reading() or step == "weakest" else ""
        return Caption(heading, words, more, t("guide.leave"))

    def idle(self) -> bool:
        """No move is being shown or waits to be."""
        return not self.table.animator.blocking and not self.table.queue

    def rings(self) -> list[pygame.Rect]:
        """Where the step's move is made: the piece to take (in the hand or the supply)
        and the square it goes to; for a treasure or a monument, its square."""
        entry = script.entry_at(self.ply)
        if entry is None or entry.seat != script.LEARNER or not self.idle() or self.reading():
            return []
        action = entry.action
        layout = self.table.layout
        rects: list[pygame.Rect] = []
        kind = action["type"]
        if kind == "tile":
            hand = self.table.hand()
            if action["color"] in hand:
                rects.append(layout.hand_slots[hand.index(action["color"])])
        elif kind == "leader":
            rects.append(layout.leader_slots[COLORS.index(action["color"])])
        target = action.get("to") or action.get("at")
        if kind in ("tile", "leader", "treasure", "monument") and target:
            rects.append(self.square(target))
        return rects

    def dialog_rings(self, dialog: DialogScene) -> list[pygame.Rect]:
        """Over the commitment's dialog (R6.2, R8.4): the button of the count the step
        commits."""
        entry = script.entry_at(self.ply)
        if entry is None or entry.seat != script.LEARNER or self.reading() \
                or entry.action["type"] != "commit":
            return []
        button = dialog.buttons.get(f"commit:{entry.action['count']}")
        return [] if button is None else [button.rect]

    def square(self, square: str) -> pygame.Rect:
        col, row = coords(square)
        return self.table.layout.square_rect(col, row)

    def place(self) -> None:
        """The caption over the board's top rows (no step acts there)."""
        layout = self.table.layout
        board = layout.board
        area = pygame.Rect(board.x, board.y, board.w, PANEL_ROWS * layout.cell)
        self.overlay.place(self.caption(), area, layout.cell)

    def draw(self, surface: pygame.Surface, now: float) -> None:
        self.place()
        self.overlay.draw(surface, now, self.rings())

    def follow(self, dt: float) -> None:
        """The kiosk's loop: each new caption stays its while before play goes on; the
        welcome is read once it has."""
        self.dwell = max(0.0, self.dwell - dt)
        if self.shown_words and self.dwell <= 0 and self.step() == "welcome":
            self.read.add("welcome")
        words = self.caption().words
        if words != self.shown_words:
            self.shown_words = words
            self.dwell = WATCH_SECONDS


class GuideController(TableController):
    """The table's flow with the lesson's rules: nothing waits for "End turn" (each move
    goes at once, so the next step follows it), a move other than the step's is refused
    kindly, and nobody moves while a step is being read."""

    def __init__(self, app: App, session: TableSession, face: Any, lesson: Lesson) -> None:
        super().__init__(app, session, face, viewer=script.LEARNER, keeping=UNKEPT)
        self.lesson = lesson

    def holds_turns(self, seat: int) -> bool:
        return False

    def act(self, action: dict[str, Any], source: Any = None) -> bool:
        state = self.session.state
        entry = script.entry_at(len(self.session.record["actions"]))
        if (state.to_move == script.LEARNER and not self.lesson.watch and entry is not None
                and action != entry.action):
            self.face.show_toast(t("guide.wrong"))
            self.face.reset_choice()
            self.face.refresh()
            return False
        return super().act(action, source)

    def seat_to_serve(self, dt: float) -> int | None:
        if self.lesson.paused():
            return None
        return super().seat_to_serve(dt)


def lesson_session(learner: SeatConfig) -> GameSession:
    """The script's game: the Archer (`learner`) against the Lion, whose seat is a medium
    computer's once the lesson is played on."""
    return GameSession.new(2, script.SEED, dict(script.OPTIONS),
                           [learner, SeatConfig("computer", PLAY_ON_LEVEL)])


def script_computers(table: TableScene) -> None:
    """The table's computer seats play the script."""
    scripted = ScriptedPlayer(table.session)
    players = table.flow.computers.players
    for seat in list(players):
        players[seat] = scripted


class GuideScene(TableScene):
    """The newcomer's lesson (see the module's docstring)."""

    offers_hints = False   # the lesson says what to play: a hint would only repeat it

    def __init__(self, app: App) -> None:
        self.lesson = Lesson(self, watch=False)
        self.game = lesson_session(SeatConfig("human"))
        super().__init__(app, self.game)
        script_computers(self)

    def _make_flow(self) -> TableController:
        return GuideController(self.app, self.session, self, self.lesson)

    def exit(self) -> None:
        super().exit()
        self.app.worker.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.lesson.draw(surface, self.app.now)

    def decision_scene(self, pending: dict[str, Any]) -> Scene | None:
        """The table's dialog, the step's answer in it ringed (a commitment's count)."""
        scene = super().decision_scene(pending)
        if isinstance(scene, DialogScene):
            scene.rings = self.lesson.dialog_rings
        return scene

    def handle(self, intent: Intent) -> None:
        self.lesson.place()
        chosen, inside = self.lesson.overlay.handle(intent)
        if chosen == "next":
            self.app.play_sound("click")
            self.next_step()
        elif chosen == "leave":
            self.app.play_sound("click")
            self.open_leave()
        if chosen is None and not inside:
            super().handle(intent)

    def next_step(self) -> None:
        step = self.lesson.step()
        if step == "weakest":
            self.play_on()
            return
        self.lesson.read.add(step)
        self.refresh()

    def open_leave(self) -> None:
        from game.scenes.dialog import DialogScene, DialogSpec, Option

        def close_then(then: Any) -> Any:
            def chosen() -> None:
                self.app.pop(dialog)
                if then is not None:
                    then()
            return chosen

        spec = DialogSpec(t("guide.leave.title"), options=[
            Option("play_on", t("guide.leave.play_on"), close_then(self.play_on),
                   style="gold"),
            Option("title", t("guide.leave.title_screen"), close_then(self.to_title)),
            Option("stay", t("guide.leave.stay"), close_then(None)),
        ], columns=1)
        spec.on_back = close_then(None)
        dialog = DialogScene(self.app, spec)
        self.app.push(dialog)

    def play_on(self) -> None:
        """The lesson becomes an ordinary game from where it stands: the game's own table
        with a medium computer for the Lion, saved from now on like any game."""
        from game.scenes.flow import make_table

        self.app.worker.cancel()
        table = make_table(self.app, self.game)
        self.app.replace(table)
        self.app.saver.submit(self.game.saved())

    def to_title(self) -> None:
        from game.scenes.title import TitleScene

        self.app.replace(TitleScene(self.app))

    def kiosk_report(self) -> tuple[int, str] | str | None:
        return "guided first game (not saved)"

    def _report_position(self) -> None:
        """The lesson's positions are nobody's game."""


class HowToScene(AttractScene):
    """The kiosk's how-to loop between demo games (T&E's turn in the rotation begins with
    it, `TigrisClient.attract`): the script played by both seats, each caption staying a
    while, then T&E's demo game. A demo in all else (silent,
    unsaved, woken by a touch, its results brief), so it is the attract mode's own."""

    def __init__(self, app: App) -> None:
        self.lesson = Lesson(self, watch=True)
        super().__init__(app, session=lesson_session(SeatConfig("computer", PLAY_ON_LEVEL)))
        self.end_hold = WATCH_END_SECONDS
        script_computers(self)

    def _make_flow(self) -> TableController:
        return GuideController(self.app, self.session, self, self.lesson)

    def update(self, dt: float) -> None:
        self.lesson.follow(dt)
        if script.entry_at(self.lesson.ply) is None and self.lesson.idle():
            self.end_hold -= dt
            if self.end_hold <= 0:
                self.app.replace(AttractScene(self.app))   # T&E's demo game follows
                return
        TableScene.update(self, dt)

    def draw(self, surface: pygame.Surface) -> None:
        TableScene.draw(self, surface)
        self.lesson.draw(surface, self.app.now)
        # Over the board's bottom rows, where the lesson never plays: its moves stay seen.
        layout = self.layout
        rows = pygame.Rect(layout.board.x, layout.board.y + BANNER_ROW * layout.cell,
                           layout.board.w, layout.board.bottom - BANNER_ROW * layout.cell
                           - layout.board.y)
        attract.draw_banners(self.app, self._banners, self._words(), surface, rows)

    def _words(self) -> attract.Words:
        return t("attract.touch_to_play"), t("guide.howto")

    def kiosk_report(self) -> tuple[int, str] | str | None:
        return "attract mode: how to play (not saved)"


def start(app: App) -> GuideScene:
    """The guided first game over the title screen: Leave's "title" goes back there."""
    scene = GuideScene(app)
    app.push(scene)
    return scene


def offer_once(app: App) -> None:
    """On the first start, the title offers the guided game once; the settings' list of
    things taught once remembers that it was offered, whatever the answer."""
    from game.scenes.dialog import DialogScene, DialogSpec, Option

    taught = app.settings.taught
    if OFFERED in taught:
        return
    taught.append(OFFERED)
    app.save_settings()

    def learn() -> None:
        app.pop(dialog)
        start(app)

    def later() -> None:
        app.pop(dialog)

    spec = DialogSpec(t("guide.offer.title"), [t("guide.offer.line")], options=[
        Option("learn", t("guide.menu"), learn, style="gold"),
        Option("later", t("guide.offer.no"), later),
    ])
    spec.on_back = later
    dialog = DialogScene(app, spec)
    app.push(dialog)
