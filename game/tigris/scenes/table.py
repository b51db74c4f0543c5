"""The table: the board, the hands, the panels, and T&E's part of the flow of a game.

This scene holds what the table knows (the position shown, the legal moves,
the piece picked up, the log) and is the face (`game.kit.controller.
TableFace`) of the kit's controller, its `flow`, which runs the flow of any
game: it sends actions to the session and queues the "applied" events that
come back, saves, plays the computer seats, answers forced decisions, puts
the hand-over screen between human seats and holds an action that would hand
the game to another seat until "End turn". This table says what is T&E's:
how an action's events are told and animated, which dialog asks a decision,
what a held action shows (game.tigris.held_turn), a conflict's result read
over the board, the scoring screen at the end. Objects that each hold this
table do the rest: its `input` (how intents become actions,
game.tigris.scenes.table_input), its `drawing` (what the table shows,
game.tigris.scenes.table_drawing) and, for each action, a `stage` for the
choreographer (game.tigris.scenes.table_stage).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

import engine.tigris as engine
from engine import IllegalAction
from game.animations import Animator
from game.i18n import t, tn
from game.input import Intent
from game.kit.controller import AUTOSAVE, UNKEPT, TableController
from game.kit.log import LogPanel, taken_back
from game.scene import Scene
from game.session import TableSession
from game.tigris import narrate
from game.tigris.boardmap import name as square_name
from game.tigris.choreography import choreograph
from game.tigris.conflict_result import ConflictFollower, ConflictResult
from game.tigris.held_turn import HeldAction
from game.tigris.hint_view import TableHint
from game.tigris.layout import table_layout
from game.tigris.log_view import FILTERS
from game.tigris.preview import PreviewCache
from game.tigris.reasons import refusal_sentence
from game.tigris.scenes.table_drawing import TableDrawing
from game.tigris.scenes.table_input import Selection, TableInput
from game.tigris.scenes.table_stage import TableStage
from game.tigris.seats import Dynasties
from game.tigris.settings import ANSWER_GRACE, KEEP_ALL, OTHERS_SECONDS, tigris_settings
from game.tigris.sounds import telling_sound
from game.tigris.turn_summary import TurnSummaries
from game.tigris.ui import art_cache, log_painter, table_painter
from game.tigris.ui.board_painter import BoardPainter
from game.ui import icons
from game.ui.tooltips import ButtonTips
from game.ui.widgets import Button, ButtonSet
from net import SessionEvent

if TYPE_CHECKING:
    from game.app import App
    from game.kit.computers import Computers
    from game.session import GameSession


UNWATCHED_MOMENT_SECONDS = 4.0


@dataclass
class LegalIndex:
    """The legal actions of the seat to move, grouped the way the table asks about them."""

    tiles: dict[str, set[str]]
    leaders: dict[str, set[str]]
    withdraw: set[str]
    catastrophe: set[str]
    swap: bool
    can_pass: bool

    @classmethod
    def build(cls, actions: list[dict[str, Any]]) -> LegalIndex:
        index = cls({}, {}, set(), set(), False, False)
        for a in actions:
            kind = a["type"]
            if kind == "tile":
                index.tiles.setdefault(a["color"], set()).add(a["to"])
            elif kind == "leader":
                if a["to"] is None:
                    index.withdraw.add(a["color"])
                else:
                    index.leaders.setdefault(a["color"], set()).add(a["to"])
            elif kind == "catastrophe":
                index.catastrophe.add(a["to"])
            elif kind == "swap":
                index.swap = True
            elif kind == "pass":
                index.can_pass = True
        return index


POINTED_SECONDS = 1.6   # how long a tapped log line's squares stay highlighted


class TableScene(Scene):
    attract_idle: float | None = 10.0   # a game left unfinished waits longer; it is saved
    faces_every_edge = True
    offers_hints = True   # the guided game does not; a LAN game's session has hints off
    # The position last shown, as the kiosk is told it (none in a replay).
    shown: tuple[int, str] | None = None

    def __init__(self, app: App, session: TableSession, replay: bool = False) -> None:
        super().__init__(app)
        self.input = self._make_input()
        self.drawing = self._make_drawing()
        self.session = session
        self.replay = replay
        options = session.options
        self.board_name = str(options.get("board", "classic"))
        self.painter = BoardPainter(engine.board_layout(self.board_name))
        self.animator = Animator(app.play_sound)
        self.buttons = ButtonSet()
        self.tips = ButtonTips()
        self.preview = PreviewCache()
        self.layout = table_layout(*app.size, session.players)
        self.log: list[str] = []
        self.log_panel = LogPanel(FILTERS, self._log_changed, POINTED_SECONDS)
        self.version = 0
        self.flow = self._make_flow()
        self.hint = self._make_hint()
        self.view: dict[str, Any] = self._read_view()
        self.dynasties = Dynasties([p["dynasty"] for p in self.view["players"]],
                                   [seat.name for seat in session.seats])
        self.legal: LegalIndex | None = None
        self.pass_asked = False   # "End turn" was pressed once with actions left
        self.selection: Selection | None = None
        self.hover: str | None = None
        self.cursor: str | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.toast = ""
        self.toast_time = 0.0
        self.decision_squares: set[str] = set()
        self.conflict_sides: dict[str, list[str]] = {}
        self.conflict_leaders: dict[str, str] = {}
        self.since: dict[int, set[str]] = {}
        self.conflicts = ConflictFollower()
        self.moments: deque[ConflictResult] = deque()
        self.moment: Scene | None = None
        self.turns = TurnSummaries(self.dynasties, self._summarised)
        self.refresh()
        state = session.state
        if not state.is_over and not session.record["actions"]:
            self.log.extend(narrate.describe(
                [{"type": "turn_started", "seat": int(self.view["active"])}], self.dynasties))
        for ply, events in enumerate(session.replayed_events, start=1):
            self.log.extend(self.turns.told(events, narrate.describe(events, self.dynasties, ply),
                                            ply))
            self._note_recent(events)
            self.conflicts.follow(events)

    def _summarised(self, seat: int) -> bool:
        """A computer's turn gets a one-line summary in the log (issue 21)."""
        return self.session.seats[seat].kind == "computer"

    def _make_flow(self) -> TableController:
        return TableController(self.app, self.session, self, viewer=self._initial_viewer(),
                               keeping=UNKEPT if self.replay else AUTOSAVE,
                               answer_grace=0.0 if self.replay else ANSWER_GRACE)

    def _make_input(self) -> TableInput:
        return TableInput(self)

    def _make_drawing(self) -> TableDrawing:
        return TableDrawing(self)

    def _make_hint(self) -> TableHint:
        return TableHint(self)

    def handle(self, intent: Intent) -> None:
        self.input.handle(intent)

    def reads_typed_keys(self) -> bool:
        """Its keys are matched on the character typed as well ("?", the keypad's digits:
        bindings.command_for)."""
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    # ----- who sees what -------------------------------------------------------------

    def _initial_viewer(self) -> int | None:
        humans = self.session.human_seats
        if self.replay:
            return None
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return 0
        return None

    @property
    def visible_hand_seat(self) -> int | None:
        """The seat whose hand is on screen now (None while the hand-over screen hides it,
        or a conflict's result that everyone at a shared screen reads)."""
        if self.handover is not None:
            return None
        if self.moment is not None and len(self.session.human_seats) > 1:
            return None
        return self.viewer

    def set_viewer(self, seat: int) -> None:
        self.flow.set_viewer(seat)

    def reset_choice(self) -> None:
        self.selection = None
        self.refresh()

    # ----- the flow's state, kept by the controller (game.kit.controller) -------------

    @property
    def viewer(self) -> int | None:
        """The seat whose hand this table shows (None: nobody's, as in a replay)."""
        return self.flow.viewer

    @property
    def held(self) -> HeldAction | None:
        held = self.flow.held
        assert held is None or isinstance(held, HeldAction)
        return held

    @property
    def queue(self) -> deque[SessionEvent]:
        return self.flow.queue

    @property
    def finished(self) -> bool:
        return self.flow.finished

    @property
    def computers(self) -> Computers:
        return self.flow.computers

    @property
    def dialog(self) -> Scene | None:
        return self.flow.dialog

    @dialog.setter
    def dialog(self, scene: Scene | None) -> None:
        self.flow.dialog = scene

    @property
    def handover(self) -> Scene | None:
        return self.flow.handover

    # ----- state refresh -------------------------------------------------------------

    def refresh(self) -> None:
        """Re-reads the position after it changed (an action, an undo, a new viewer)."""
        state = self.session.state
        self.view = self._read_view()
        self.version += 1
        seat = state.to_move
        pending = self.view["pending"]
        if (
            self.viewer is not None
            and not self.queue
            and seat == self.viewer
            and self.session.is_human(seat)
            and pending is None
            and not state.is_over
            and self.held is None
        ):
            self.legal = LegalIndex.build(state.legal_actions())
        else:
            self.legal = None
            self.selection = None
        if self.selection is not None and not self._selection_valid(self.selection):
            self.selection = None
        self.pass_asked = False
        self.rebuild_buttons()
        self.drawing.dirty = True
        self._report_position()

    def _report_position(self) -> None:
        """The kiosk's supervisor shows which position is on the table (and resumes it);
        kept here so that the app's frame loop reads it without a digest each frame."""
        if not self.replay:
            self.shown = (len(self.session.record["actions"]), self.session.state.digest())

    def kiosk_report(self) -> tuple[int, str] | str | None:
        return self.shown

    def _read_view(self) -> dict[str, Any]:
        """What this table may show: the viewer's view, or everything in a replay."""
        if self.replay:
            full = self.session.state.to_dict()
            for p in full["players"]:
                p["hand_size"] = len(p["hand"])
            full["bag_size"] = len(full["bag"])
            return full
        return self.seat_view(self.viewer if self.viewer is not None else 0)

    def seat_view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see of the position shown: a held action's result, else the
        session's position."""
        if self.held is not None:
            return self.held.view(seat)
        return self.session.view(seat)

    def _selection_valid(self, sel: Selection) -> bool:
        if self.legal is None:
            return False
        if sel.kind == "tile":
            hand = self.hand()
            return sel.slot is not None and sel.slot < len(hand) and hand[sel.slot] == sel.color
        if sel.kind == "leader":
            return sel.color in self.legal.leaders or sel.color in self.legal.withdraw
        return bool(self.legal.catastrophe)

    def square_at(self, pos: tuple[int, int] | None) -> str | None:
        """The board square under a point, if any."""
        if pos is None:
            return None
        cell = self.layout.square_at(pos)
        return square_name(*cell) if cell else None

    def leader_square(self, dynasty: str, color: str) -> str | None:
        """Where that dynasty's leader of that colour stands, None while in supply."""
        for square, cell in self.view["board"].items():
            leader = cell.get("leader")
            if leader and leader["dynasty"] == dynasty and leader["color"] == color:
                return square
        return None

    def hand(self) -> list[str]:
        if self.viewer is None:
            return []
        return list(self.view["players"][self.viewer].get("hand") or [])

    def legal_squares(self) -> set[str]:
        sel = self.selection
        if sel is None or self.legal is None:
            return set()
        if sel.kind == "tile" and sel.color:
            return self.legal.tiles.get(sel.color, set())
        if sel.kind == "leader" and sel.color:
            return self.legal.leaders.get(sel.color, set())
        if sel.kind == "catastrophe":
            return self.legal.catastrophe
        return set()

    def action_for(self, square: str | None) -> dict[str, Any] | None:
        sel = self.selection
        if sel is None or square is None or square not in self.legal_squares():
            return None
        if sel.kind == "tile":
            return {"type": "tile", "color": sel.color, "to": square}
        if sel.kind == "leader":
            return {"type": "leader", "color": sel.color, "to": square}
        return {"type": "catastrophe", "to": square}

    # ----- buttons ---------------------------------------------------------------------

    def open_swap(self) -> None:
        """The dialog choosing the tiles to swap, over the table."""
        from game.tigris.scenes.decisions import swap_dialog

        self.dialog = swap_dialog(self, self.hand())
        self.app.push(self.dialog)

    def rebuild_buttons(self) -> None:
        side = self.layout.side_
        legal = self.legal
        sel = self.selection
        withdrawing = (
            sel is not None and sel.kind == "leader" and sel.from_square is not None
            and legal is not None and sel.color in legal.withdraw
        )
        if withdrawing:
            first = Button("withdraw", self.layout.bar_buttons["swap"], t("table.withdraw"))
        else:
            first = Button("swap", self.layout.bar_buttons["swap"], t("table.swap"),
                           enabled=bool(legal and legal.swap))
        buttons = [
            first,
            Button("undo", self.layout.bar_buttons["undo"], t("table.undo"),
                   enabled=self.can_undo()),
            Button("end_turn", side.buttons["end_turn"], self.end_turn_words(),
                   enabled=self.can_end_turn, style="gold"),
            self._icon_button("menu", "menu", t("table.menu")),
            self._icon_button("outlines", "outlines", t("overlay.kingdoms"),
                              tigris_settings(self.app.settings).kingdom_outlines),
            self._icon_button("strength", "strength", t("overlay.strength"),
                              tigris_settings(self.app.settings).leader_strength),
            Button("help", side.buttons["help"], "?", style="quiet"),
        ]
        if self.hint.offered:
            buttons.append(self._icon_button("hint", "hint", t("hint.button")))
            buttons[-1].enabled = self.hint.may_ask
        if self.replay:
            buttons = [b for b in buttons if b.id in ("outlines", "strength")]
        self.buttons.set(buttons)
        self.tips.words = {"menu": t("table.menu"), "outlines": t("overlay.kingdoms.tip"),
                           "strength": t("overlay.strength.tip")}
        refusal = self.flow.undo_refusal()
        if refusal is not None:
            self.tips.words["undo"] = t(refusal)   # a greyed button says why (issue 21 bug 3)
        for button in buttons:
            if button.id in ("swap", "end_turn") and not button.enabled:
                self.tips.words[button.id] = self.idle_words()
        if self.hint.offered:
            self.tips.words["hint"] = (t("hint.tip") if self.hint.may_ask else t(
                "hint.thinking") if self.hint.hints.thinking else self.idle_words())

    def idle_words(self) -> str:
        """Why the viewer cannot choose an action now (a greyed Swap or End turn's tip)."""
        if self.held is not None:
            return t("table.why.held")
        state = self.session.state
        if state.pending is not None and state.to_move == self.viewer:
            return t("table.why.decide")
        return t("table.why.not_your_turn")

    def can_undo(self) -> bool:
        """The viewer may take back a held action, or its last one the session allows."""
        return self.flow.can_undo()

    @property
    def viewer_acts(self) -> bool:
        """The viewer's turn is on at this table: it may play (`legal`) or end or take back
        its held action, or take back its action sent that the other side has not answered
        yet (`answer_awaited`)."""
        return (self.legal is not None or self.held is not None
                or self.answer_awaited() is not None)

    @property
    def can_end_turn(self) -> bool:
        """"End turn" sends a held action, or passes (R4.1: a turn may end early)."""
        return self.held is not None or bool(self.legal and self.legal.can_pass)

    def end_turn_words(self) -> str:
        """The End turn button says "Confirm" while a held answer is confirmed rather than
        a turn ended (HeldAction.confirms), and counts down the seconds it ends by itself
        in; with actions left it says it passes them."""
        left = self.actions_given_up()
        if left:
            return t("table.pass_again") if self.pass_asked else tn("table.pass_left", left)
        words = t("common.confirm") if self.held is not None and self.held.confirms else (
            t("table.end_turn"))
        if self.held is not None and self.flow.held_wait > 0:
            return t("table.end_turn_in", words=words, seconds=math.ceil(self.flow.held_wait))
        return words

    def held_status(self) -> str:
        """The turn line while an action is held: the buttons' own words, the same
        facts as `end_turn_words` and Undo's state, so that they never disagree (issue 21
        bug 4)."""
        held = self.held
        assert held is not None
        if not self.can_undo():
            return t("common.confirm") if held.confirms else t("table.end_turn")
        return t("table.held.confirm") if held.confirms else t("table.held")

    def answer_awaited(self) -> int | None:
        """The seat whose answer to the viewer's sent commitment is awaited while Undo may
        still take it back (`TableController.answer_awaited`): the turn line says so."""
        return self.flow.answer_awaited()

    def _icon_button(self, bid: str, glyph: str, label: str, selected: bool = False) -> Button:
        """A side button: its glyph, with the word too when the button is wide enough."""
        rect = self.layout.side_.buttons.get(bid) or self.layout.bar_buttons[bid]
        icon = icons.glyph(glyph, int(min(rect.h, rect.w) * 0.62))
        wide = rect.w >= 3 * self.layout.cell
        return Button(bid, rect, label if wide else "", icon=icon, selected=selected,
                      style="quiet")

    # ----- acting ----------------------------------------------------------------------

    def act(self, action: dict[str, Any], source: tuple[float, float] | None = None) -> bool:
        """Takes an action for the seat to move (held or sent: TableController.act)."""
        return self.flow.act(action, source)

    def hold_of(self, state: Any, action: dict[str, Any],
                source: tuple[float, float] | None) -> HeldAction | None:
        """Holds an action that would hand the game to another seat; it shows its result
        (not the tiles it draws) until "End turn" sends it or Undo forgets it."""
        try:
            held = HeldAction.of(state, action, source)
        except IllegalAction:
            return None   # sent, so that the session refuses it and says why
        if held is not None:
            self.cursor = None
        return held

    def answers_forced(self, pending: dict[str, Any]) -> bool:
        """"Which war first?" with one war, a commitment with no tile to add: not asked."""
        return True

    def turn_seat(self) -> int | None:
        """The active player (a defender decides within its turn)."""
        return int(self.view["active"])

    def actions_given_up(self) -> int:
        """The actions a press of "End turn" would pass (R4.1), none while it sends a held
        action."""
        if self.held is not None or self.legal is None or not self.legal.can_pass:
            return 0
        return int(self.view.get("actions_left", 0))

    def end_turn(self) -> None:
        """"End turn": sends the held action, else passes the rest of the turn. Passing
        actions left is asked about once, by the button itself (a second press passes), so
        that a stray press does not give them up silently (issue 21, bug 6); the setting
        "ask before passing" turns the question off."""
        can_pass = self.held is None and self.legal is not None and self.legal.can_pass
        left = self.actions_given_up()
        if left and not self.pass_asked and self.app.settings.ask_before_pass:
            self.pass_asked = True
            self.rebuild_buttons()
            self.drawing.dirty = True
            self.show_toast(tn("table.pass_ask", left))
            return
        self.pass_asked = False
        self.flow.end_turn({"type": "pass"} if can_pass else None)

    def hear(self, event: SessionEvent) -> None:
        self.flow.hear(event)

    @staticmethod
    def refusal_words(event: SessionEvent) -> str:
        """The engine's own refusal of a move, else the session's words."""
        refusal = event.data.get("refusal")
        if refusal is None:
            return event.text
        return refusal_sentence(refusal)

    # ----- what the replay viewer asks (game.table.ReplayTable) --------------------------

    @property
    def unit(self) -> int:
        return self.layout.cell

    @property
    def animating(self) -> bool:
        return self.animator.blocking

    def controls_area(self) -> pygame.Rect:
        """The bar under the board, where a game's swap and undo buttons would be."""
        return self.layout.bar

    def status_area(self) -> pygame.Rect:
        """The end-turn button's place: a replay has no turn to end."""
        return self.layout.side_.buttons["end_turn"]

    def restart(self, session: GameSession, log: list[str]) -> None:
        self.session = session
        self.flow.restart(session)
        self.animator.clear()
        self.log = log
        self.refresh()

    def show_events(self, events: list[dict[str, Any]],
                    source: tuple[float, float] | None = None, actor: int | None = None,
                    ply: int | None = None) -> None:
        """Logs and animates what an action caused (by `actor`'s seat; the record's `ply`th
        action), marks what it changed for the others, and redraws the table for it."""
        self._note_recent(events)
        self.present(events, source, actor, ply)

    def present(self, events: list[dict[str, Any]], source: tuple[float, float] | None,
                actor: int | None, ply: int | None) -> None:
        """Logs and animates events (of the record's `ply`th action), and redraws the table
        for them."""
        self.selection = None
        self.hover = None
        if actor != self.viewer or self.session.state.to_move != self.viewer:
            self.cursor = None   # the keyboard's square was for the viewer's own placement
        self.log.extend(self.turns.told(events, narrate.describe(events, self.dynasties, ply),
                                        ply))
        results = self.conflicts.follow(events)
        if not self.replay:
            self.moments.extend(results)
        self.log_panel.to_newest()
        self.refresh()
        if not self._choreograph(events, self.stage(actor, source)):
            sound = telling_sound(events)
            if sound is not None:
                self.app.audio.play(sound)
        self.drawing.defer_paint = True

    def _choreograph(self, events: list[dict[str, Any]], stage: TableStage) -> bool:
        """Starts the animations an action's events call for, each with its sound; False
        when the table does not animate (then the action's one telling sound is played)."""
        return choreograph(events, stage, self.animator, self.app.animation_speed,
                           self.dynasties, self.banner_words())

    @staticmethod
    def banner_words() -> dict[str, str]:
        return {"revolt": t("dialog.revolt.title"), "war": t("dialog.war.title")}

    def applied(self, events: list[dict[str, Any]]) -> None:
        self._note_recent(events)

    def _note_recent(self, events: list[dict[str, Any]]) -> None:
        """For each human seat, the squares the others changed since its last turn ended,
        marked so a returning player sees at a glance what happened."""
        for e in events:
            kind = e["type"]
            if kind == "turn_ended":
                self.since[e["seat"]] = set()
            elif kind in ("tile_placed", "leader_placed", "catastrophe", "building_placed",
                          "monument_built", "wonder_built"):
                for seat in self.session.human_seats:
                    if seat != e.get("seat"):
                        self.since.setdefault(seat, set()).add(e["at"])

    @property
    def recent(self) -> set[str]:
        return self.since.get(self.viewer, set()) if self.viewer is not None else set()

    def leave_texts(self) -> tuple[str, str]:
        """The pause menu's leave button and what leaving does to this game."""
        return t("table.save_to_title"), t("dialog.quit.body")

    def undo(self) -> None:
        """Takes back the viewer's held action, else its last one (TableController.undo)."""
        self.flow.undo()

    def taken_back(self) -> None:
        self.animator.clear()
        self.log = taken_back(self.log, len(self.session.record["actions"]))
        self.log_panel.forget_pointed()
        self.selection = None

    def undo_from_dialog(self) -> None:
        self.close_dialog()
        self.undo()

    @property
    def pointed(self) -> set[str]:
        """The squares lit on the board: those of the log line tapped last, for a moment."""
        return self.log_panel.places

    @property
    def pointed_line(self) -> str | None:
        return self.log_panel.pointed

    @property
    def log_filter(self) -> str:
        return self.log_panel.chosen

    @property
    def log_scroll(self) -> int:
        return self.log_panel.scroll

    @log_scroll.setter
    def log_scroll(self, rows: int) -> None:
        self.log_panel.scroll = rows

    def _log_changed(self) -> None:
        self.drawing.log_dirty = True

    def show_toast(self, message: str) -> None:
        self.toast = message
        self.toast_time = 3.0
        self.drawing.dirty = True

    def stage(self, actor: int | None = None,
              source: tuple[float, float] | None = None) -> TableStage:
        """The places and sprites of this table for one action by `actor`'s seat (at the
        desk a piece comes from the bar of the hand on screen, whoever played it)."""
        return TableStage(self, source)

    # ----- flow ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.flow.listen()
        self.animator.update(dt)
        self.tips.update(dt)
        self.log_panel.update(dt)
        self.drawing.follow_masks()
        if self.hint.update():
            self.rebuild_buttons()
        if self.toast_time > 0:
            self.toast_time -= dt
            if self.toast_time <= 0:
                self.toast = ""
        if self.app.stack.top is not self and self.app.stack.top not in (self.dialog,):
            return
        self.flow.drive(dt)

    def exit(self) -> None:
        self.hint.close()

    def holds_game(self) -> bool:
        """A conflict's result holds the game: the next one is shown (over the table, which
        then neither serves a player nor moves a computer) until dismissed."""
        return self._show_moment()

    def _show_moment(self) -> bool:
        """True while a conflict's result holds the game: the next one is shown (over the
        table, which then neither serves a player nor moves a computer) until dismissed."""
        if self.moment is not None:
            return True
        if not self.moments:
            return False
        from game.tigris.scenes.conflict_moment import ConflictMomentScene

        result = self.moments.popleft()
        self.moment = ConflictMomentScene(self, result, self.watched_seconds(result))
        self.app.push(self.moment)
        self.drawing.dirty = True
        return True

    def moment_seconds(self) -> float | None:
        """How long a result shows by itself: the setting's seconds, else until a tap;
        at a table of computers alone, where nobody need tap, a few seconds."""
        seconds = tigris_settings(self.app.settings).result_seconds
        if seconds > 0:
            return seconds
        return None if self.session.human_seats else UNWATCHED_MOMENT_SECONDS

    def watched_seconds(self, result: ConflictResult) -> float | None:
        """How long `result` shows by itself: one with no person in it goes after a few
        seconds when results otherwise wait for a tap (nobody at the table must answer
        for it), unless the setting keeps every one (`moment_seconds`)."""
        seconds = self.moment_seconds()
        if (seconds is not None or any(self.session.is_human(s.seat) for s in result.sides)
                or tigris_settings(self.app.settings).result_seconds == KEEP_ALL):
            return seconds
        return OTHERS_SECONDS

    def moment_intent(self, intent: Intent) -> bool:
        """True if the table itself takes an intent given to the result over it."""
        return False

    def moment_done(self, moment: Scene) -> None:
        """The result was read: play goes on (with the next war's result, if any)."""
        self.app.pop(moment)
        self.moment = None
        self.drawing.dirty = True

    def serve(self, seat: int) -> None:
        self._serve(seat)

    def _serve(self, seat: int) -> None:
        """The desk table: a hand-over between humans, then the pending decision's dialog."""
        self.flow.hand_over_or_decide(seat)

    def handover_done(self, seat: int) -> None:
        self.flow.handover_done(seat)

    def _open_decision(self) -> None:
        self.flow.open_decision(self.view["pending"])

    def decision_scene(self, pending: dict[str, Any]) -> Scene | None:
        from game.tigris.scenes.decisions import decision_dialog

        return decision_dialog(self, pending)

    def decide(self, action: dict[str, Any]) -> None:
        """Called by a decision dialog: closes it and applies the answer."""
        self.flow.decide(action)

    def close_dialog(self) -> None:
        self.flow.drop_dialog()
        self.decision_squares = set()
        self.conflict_sides = {}
        self.conflict_leaders = {}
        self.drawing.dirty = True

    def _finish(self) -> None:
        self.flow.finish()

    def result_scene(self) -> Scene:
        from game.tigris.scenes.scoring import ScoringScene

        return ScoringScene(self.app, self.session)

    def resume(self) -> None:
        self.refresh()

    def resize(self, w: int, h: int) -> None:
        self.layout = table_layout(w, h, self.session.players)
        from game.ui import skin

        self.painter.set_layout(self.layout, skin.table(w, h))
        art_cache.prewarm(self.layout.cell)
        log_painter.prewarm(self.drawing.log_px(), self.dynasties)
        table_painter.prewarm_side(self.layout, self.dynasties)
        self.input_slop()
        self.drawing.static = None
        self.refresh()

    def input_slop(self) -> None:
        self.app.input.drag_slop = max(8, self.layout.cell // 4)
