"""The table: the board, the hands, the panels, and the flow of a game.

This scene turns intents into engine actions (select a piece, tap or drag it
onto a square), asks the computer players for theirs in the background,
opens a dialog for every decision inside an action, puts the hand-over screen
between human seats so no hand is shown to the wrong player, and starts the
animations the engine's events call for. It saves the game after every action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

import engine.tigris as engine
from game import layout as geo
from game import savegame
from game.animations import Animator
from game.i18n import t
from game.players import ComputerPlayer, fallback_player, make_player
from game.scene import Scene
from game.session import GameSession
from game.tigris import narrate
from game.tigris.choreography import choreograph
from game.tigris.preview import PreviewCache
from game.tigris.scenes.table_drawing import TableDrawing
from game.tigris.scenes.table_input import Selection, TableInput
from game.tigris.ui import art_cache
from game.tigris.ui.board_painter import BoardPainter
from game.tigris.ui.table_painter import COLORS
from game.tween import SPEEDS
from game.ui import icons
from game.ui.widgets import Button, ButtonSet
from kiosk import watchdog

if TYPE_CHECKING:
    from game.app import App

COMPUTER_PAUSE = 0.45


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


class TableScene(TableInput, TableDrawing, Scene):
    attract_idle: float | None = 10.0   # a game left unfinished waits longer; it is saved
    faces_every_edge = True

    def __init__(self, app: App, session: GameSession, replay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.replay = replay
        options = session.options
        self.board_name = str(options.get("board", "classic"))
        self.painter = BoardPainter(engine.board_layout(self.board_name))
        self.animator = Animator()
        self.buttons = ButtonSet()
        self.preview = PreviewCache()
        self.layout = geo.table_layout(*app.size, session.players)
        self.log: list[str] = []
        self.log_scroll = 0
        self.version = 0
        self.viewer: int | None = self._initial_viewer()
        self.view: dict[str, Any] = self._read_view()
        self.dynasties = [p["dynasty"] for p in self.view["players"]]
        self.legal: LegalIndex | None = None
        self.selection: Selection | None = None
        self.hover: str | None = None
        self.cursor: str | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.toast = ""
        self.toast_time = 0.0
        self.source: tuple[float, float] | None = None
        self.decision_squares: set[str] = set()
        self.dialog: Scene | None = None
        self.handover: Scene | None = None
        self.finished = False
        self.asked = False
        self.computer_wait = 0.0
        self.computers: dict[int, ComputerPlayer] = {
            seat: make_player(engine.ID, s.level, session.record["seed"] * 31 + seat)
            for seat, s in enumerate(session.seats)
            if not s.is_human
        }
        self._static: pygame.Surface | None = None
        self._dirty = True
        self._board_dirty = True
        self._ui_dirty = True
        self._defer_paint = False
        self._masks: frozenset[str] = frozenset()
        self.since: dict[int, set[str]] = {}
        self.refresh()
        state = session.state
        if not state.is_over and not session.record["actions"]:
            self.log.append(t("log.turn_started",
                              player=narrate.player(int(self.view["active"]), self.dynasties)))
        for events in session.replayed_events:
            self.log.extend(narrate.describe(events, self.dynasties))
            self._note_recent(events)
        self.log = self.log[-300:]

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
        """The seat whose hand is on screen now (None while the hand-over screen hides it)."""
        if self.handover is not None:
            return None
        return self.viewer

    def set_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.selection = None
        self.refresh()

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
            and seat == self.viewer
            and self.session.is_human(seat)
            and pending is None
            and not state.is_over
        ):
            self.legal = LegalIndex.build(state.legal_actions())
        else:
            self.legal = None
            self.selection = None
        if self.selection is not None and not self._selection_valid(self.selection):
            self.selection = None
        self._rebuild_buttons()
        self._dirty = True
        self._report_position()

    def _report_position(self) -> None:
        """The kiosk's supervisor shows which position is on the table (and resumes it)."""
        if not self.replay:
            watchdog.position(len(self.session.record["actions"]), self.session.state.digest())

    def _read_view(self) -> dict[str, Any]:
        """What this table may show: the viewer's view, or everything in a replay."""
        if self.replay:
            full = self.session.state.to_dict()
            for p in full["players"]:
                p["hand_size"] = len(p["hand"])
            full["bag_size"] = len(full["bag"])
            return full
        return self.session.view(self.viewer if self.viewer is not None else 0)

    def _selection_valid(self, sel: Selection) -> bool:
        if self.legal is None:
            return False
        if sel.kind == "tile":
            hand = self._hand()
            return sel.slot is not None and sel.slot < len(hand) and hand[sel.slot] == sel.color
        if sel.kind == "leader":
            return sel.color in self.legal.leaders or sel.color in self.legal.withdraw
        return bool(self.legal.catastrophe)

    def _hand(self) -> list[str]:
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

    def _rebuild_buttons(self) -> None:
        side = self.layout.side_
        legal = self.legal
        my_turn = legal is not None
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
        can_undo = (
            self.viewer is not None
            and self.session.is_human(self.viewer)
            and self.session.can_undo(self.viewer)
        )
        buttons = [
            first,
            Button("undo", self.layout.bar_buttons["undo"], t("table.undo"), enabled=can_undo),
            Button("end_turn", side.buttons["end_turn"], t("table.end_turn"),
                   enabled=bool(my_turn and legal and legal.can_pass), style="gold"),
            self._icon_button("menu", "menu", t("table.menu")),
            self._icon_button("outlines", "kingdoms", t("overlay.kingdoms"),
                              self.app.settings.kingdom_outlines),
            self._icon_button("strength", "strength", t("overlay.strength"),
                              self.app.settings.leader_strength),
        ]
        if self.replay:
            buttons = [b for b in buttons if b.id in ("outlines", "strength")]
        self.buttons.set(buttons)

    def _icon_button(self, bid: str, glyph: str, label: str, selected: bool = False) -> Button:
        """A side button: its glyph, with the word too when the button is wide enough."""
        rect = self.layout.side_.buttons[bid]
        icon = icons.glyph(glyph, int(min(rect.h, rect.w) * 0.62))
        wide = rect.w >= 3 * self.layout.cell
        return Button(bid, rect, label if wide else "", icon=icon, selected=selected,
                      style="quiet")

    # ----- acting ----------------------------------------------------------------------

    def act(self, action: dict[str, Any], source: tuple[float, float] | None = None) -> bool:
        """Applies an action for the seat to move; False (and a message) if the engine refuses."""
        try:
            events = self.session.apply(action)
        except engine.IllegalAction as exc:
            self.show_toast(t("illegal.unknown", detail=str(exc)))
            return False
        self.show_events(events, source)
        if not self.replay:
            self._autosave()
        return True

    def show_events(self, events: list[dict[str, Any]],
                    source: tuple[float, float] | None = None) -> None:
        """Logs and animates what an action caused, and redraws the table for it."""
        self.source = source
        self.selection = None
        self.hover = None
        self.log.extend(narrate.describe(events, self.dynasties))
        self._note_recent(events)
        self.log = self.log[-300:]
        self.log_scroll = 0
        self.refresh()
        self._choreograph(events)
        self.app.audio.play_events(events)
        self._defer_paint = True

    def _choreograph(self, events: list[dict[str, Any]]) -> None:
        """Starts the animations an action's events call for, with this table as the stage."""
        choreograph(events, self, self.animator, self.app.animation_speed, self.dynasties,
                    self.banner_words())

    @staticmethod
    def banner_words() -> dict[str, str]:
        return {"revolt": t("dialog.revolt.title"), "war": t("dialog.war.title")}

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

    def _autosave(self) -> None:
        if self.app.saver.last_error:
            self.show_toast(t("error.save_failed", detail=self.app.saver.last_error))
        self.app.saver.submit(self.session.saved())

    def leave_texts(self) -> tuple[str, str]:
        """The pause menu's leave button and what leaving does to this game."""
        return t("table.save_and_quit"), t("dialog.quit.body")

    def undo(self) -> None:
        if self.viewer is None or not self.session.undo(self.viewer):
            return
        self.animator.clear()
        self.log.append(t("log.undo", player=narrate.player(self.viewer, self.dynasties)))
        self.selection = None
        self.refresh()
        self._autosave()

    def undo_from_dialog(self) -> None:
        self.close_dialog()
        self.undo()

    def show_toast(self, message: str) -> None:
        self.toast = message
        self.toast_time = 3.0
        self._dirty = True

    # ----- Stage (for choreography) ----------------------------------------------------

    def square_center(self, square: str) -> tuple[float, float]:
        return self.painter.square_center(square)

    def panel_center(self, seat: int) -> tuple[float, float]:
        r = self.layout.side_.panels[seat]
        return (r.centerx, r.centery)

    def hand_slot_center(self, index: int) -> tuple[float, float]:
        r = self.layout.hand_slots[max(0, min(5, index))]
        return (r.centerx, r.centery)

    def leader_slot_center(self, color: str) -> tuple[float, float]:
        r = self.layout.leader_slots[COLORS.index(color)]
        return (r.centerx, r.centery)

    def bag_center(self) -> tuple[float, float]:
        r = self.layout.side_.info
        return (r.x + r.h // 2, r.centery)

    def slots_for(self, tiles: list[str]) -> list[int]:
        """Hand slots where newly drawn tiles now sit (the hand is sorted, so a drawn tile
        takes the last free slot of its colour)."""
        hand = self._hand()
        taken: set[int] = set()
        slots: list[int] = []
        for color in tiles:
            for i in range(len(hand) - 1, -1, -1):
                if hand[i] == color and i not in taken:
                    taken.add(i)
                    slots.append(i)
                    break
        return slots

    def source_point(self) -> tuple[float, float] | None:
        return self.source

    def sprite(self, kind: str, *args: Any) -> pygame.Surface:
        return art_cache.sprite(kind, self.layout.cell, *args)

    def banner_sprite(self, words: str) -> pygame.Surface:
        return art_cache.banner(words, self.layout.cell)

    def vp_sprite(self, color: str, amount: int) -> pygame.Surface:
        return art_cache.vp_token(color, amount, self.layout.cell)

    # ----- flow ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        masks = frozenset(self.animator.masks())
        if masks != self._masks:
            if any(m.startswith("hand:") for m in masks ^ self._masks):
                self._ui_dirty = True
            if any(not m.startswith("hand:") for m in masks ^ self._masks):
                self._board_dirty = True
            self._masks = masks
        if self.toast_time > 0:
            self.toast_time -= dt
            if self.toast_time <= 0:
                self.toast = ""
        if self.app.stack.top is not self and self.app.stack.top not in (self.dialog,):
            return
        self._drive(dt)

    def _drive(self, dt: float) -> None:
        seat = self._human_to_serve(dt)
        if seat is not None:
            self._serve(seat)

    def _human_to_serve(self, dt: float) -> int | None:
        """The human seat that must decide now; computers are played from here."""
        if self.animator.blocking or self.finished:
            return None
        state = self.session.state
        if state.is_over:
            self._finish()
            return None
        seat = state.to_move
        if seat is None:
            return None
        if not self.session.is_human(seat):
            self._computer_turn(seat, dt)
            return None
        return seat

    def _serve(self, seat: int) -> None:
        """The desk table: a hand-over between humans, then the pending decision's dialog."""
        if self.viewer != seat:
            if len(self.session.human_seats) > 1:
                self._open_handover(seat)
                return
            self.set_viewer(seat)
        if self.view["pending"] is not None and self.dialog is None:
            self._open_decision()

    def _computer_turn(self, seat: int, dt: float) -> None:
        if self.computer_wait > 0:
            self.computer_wait -= dt
            return
        if self.app.sync_computers:
            self.act(self.computers[seat].choose(self.session.view(seat),
                                                 self.app.thinking_time))
            return
        if not self.asked:
            self.app.worker.request(self.computers[seat], self.session.view(seat),
                                    self.app.thinking_time)
            self.asked = True
            return
        try:
            action = self.app.worker.poll()
        except Exception:
            action = fallback_player(engine.ID, self.session.record["seed"]).choose(
                self.session.view(seat), self.app.thinking_time)
        if action is None:
            return
        self.asked = False
        if self.act(action):
            self.computer_wait = COMPUTER_PAUSE * SPEEDS.get(self.app.animation_speed, 1.0)

    def _open_handover(self, seat: int) -> None:
        from game.scenes.handover import HandoverScene

        if self.handover is None:
            self.selection = None
            self.handover = HandoverScene(self.app, self, seat)
            self.app.push(self.handover)

    def handover_done(self, seat: int) -> None:
        if self.handover is not None:
            self.app.pop(self.handover)
            self.handover = None
        self.set_viewer(seat)

    def _open_decision(self) -> None:
        from game.tigris.scenes.decisions import decision_dialog

        dialog = decision_dialog(self, self.view["pending"])
        if dialog is not None:
            self.dialog = dialog
            self.app.push(dialog)

    def decide(self, action: dict[str, Any]) -> None:
        """Called by a decision dialog: closes it and applies the answer."""
        self.close_dialog()
        self.act(action)

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.app.pop(self.dialog)
            self.dialog = None
        self.decision_squares = set()
        self._dirty = True

    def _finish(self) -> None:
        from game.tigris.scenes.scoring import ScoringScene

        self.finished = True
        saved = self.session.saved()
        self.app.saver.flush()
        try:
            savegame.archive(saved)
            savegame.delete_autosave()
        except OSError as exc:
            self.show_toast(t("error.save_failed", detail=str(exc)))
        self.app.push(ScoringScene(self.app, self.session))

    def resume(self) -> None:
        self.refresh()

    def resize(self, w: int, h: int) -> None:
        self.layout = geo.table_layout(w, h, self.session.players)
        from game.ui import skin

        self.painter.set_layout(self.layout, skin.table(w, h))
        art_cache.prewarm(self.layout.cell)
        self.input_slop()
        self._static = None
        self.refresh()

    def input_slop(self) -> None:
        self.app.input.drag_slop = max(8, self.layout.cell // 4)
