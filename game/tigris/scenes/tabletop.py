"""The tabletop table: a screen lying flat with the players seated around it.

It is the desk table (game.tigris.scenes.table) with other rules of who sees what.
There is no hand-over screen: privacy comes from holding one's own panel.

Seats (game.tigris.tabletop_layout): 2 players at the long edges, bottom and top
(turned 180°); 3 at bottom, left (90°) and top, with the log and the shared
buttons in a column on the right; 4 at every edge, the shared buttons (menu,
log, kingdom outlines, strengths) one per corner and the log folded into a box
over the board, opened by its corner button. The log is the desk's, turned to the seat
that must act: its tabs filter it, a tap on a line lights the line's squares on the
board. Seat order runs clockwise.

A panel is a slim strip showing only what everyone may see: the dynasty, a
line of status, one tile back per tile in hand, treasures, catastrophes and VP
as "?". Pressing and holding the strip opens it toward the board, turned to
its seat: the hand face up and enlarged, the leaders in supply, the
catastrophes, the owner's VP and, on the owner's turn, Swap (or Withdraw while
a leader on the board is picked), Undo and End turn. Lifting the finger closes
it. To play with one finger: hold the strip, slide onto a tile and lift (the
tile is picked; its back stays lifted on the closed strip) and tap a square; or
rest on the tile a moment and slide it out onto the square. With two fingers:
hold with one, tap or drag with the other. Leaders on the board are tapped or
dragged on the board, and dragged back onto their owner's strip to withdraw.
A picked hidden tile marks no legal squares and previews nothing, since that
would tell its colour; it is shown face up only once placed.

Decisions are made where their owner sits: a commitment, and the tiles to
swap, in that seat's panel, hidden until held; public decisions (war order,
monument, treasure, building, wonder) on a card in front of the deciding
seat, or on the lit squares. The board stays square-on; the log, the notes on
squares, warnings and banners turn to the seat that must act. The scene runs
the game's flow and owns three objects that hold it: its `input` (fingers,
game.tigris.scenes.tabletop_input), its `panels` (what each seat's panel and
card hold, game.tigris.scenes.tabletop_panels) and its `drawing`
(game.tigris.scenes.tabletop_drawing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.animations import Slide, soft_tween
from game.i18n import t
from game.kit.tabletop import Frame
from game.scenes.dialog import DialogScene
from game.tigris import art
from game.tigris.choreography import choreograph
from game.tigris.scenes.table import TableScene
from game.tigris.scenes.table_stage import Point, TableStage
from game.tigris.scenes.tabletop_drawing import TabletopDrawing
from game.tigris.scenes.tabletop_input import TabletopInput
from game.tigris.scenes.tabletop_panels import TabletopPanels
from game.tigris.settings import tigris_settings
from game.tigris.tabletop_hint import TabletopHint
from game.tigris.tabletop_layout import TabletopLayout, tabletop_layout
from game.tigris.ui import art_cache, log_painter
from game.tween import SPEEDS
from game.ui import icons, skin
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App
    from game.session import TableSession

class TabletopStage(TableStage):
    """The tabletop's stage for one action: the seat that acted stands in for "the
    viewer", so its pieces start from its strip (or where it dropped them), and the
    banner turns to face the seat that must act."""

    table: TabletopScene

    def __init__(self, table: TabletopScene, actor: int | None,
                 source: Point | None = None) -> None:
        super().__init__(table, source)
        self.viewer = actor

    def panel_center(self, seat: int) -> Point:
        r = self.table.tl.seats[seat].strip
        return (r.centerx, r.centery)

    def hand_slot_center(self, index: int) -> Point:
        return self.panel_center(self.viewer if self.viewer is not None else 0)

    def leader_slot_center(self, color: str) -> Point:
        return self.panel_center(self.viewer if self.viewer is not None else 0)

    def leader_home(self, seat: int, color: str) -> tuple[Point, float]:
        return self.panel_center(seat), self.table.layout.cell * 0.6

    def score_center(self, seat: int, color: str) -> Point:
        return self.panel_center(seat)

    def scores_center(self, seat: int) -> Point:
        return self.panel_center(seat)

    def bag_center(self) -> Point:
        r = self.table.tl.board
        return (r.centerx, r.centery)

    def slots_for(self, tiles: list[str]) -> list[int]:
        return []

    def banner_sprite(self, words: str) -> pygame.Surface:
        return pygame.transform.rotate(super().banner_sprite(words), -self.table.facing())


class TabletopScene(TableScene):
    multi_touch = True
    input: TabletopInput
    drawing: TabletopDrawing
    hint: TabletopHint

    def __init__(self, app: App, session: TableSession) -> None:
        self.tl: TabletopLayout = tabletop_layout(*app.size, session.players)
        self.panels = TabletopPanels(self)
        self.decision: DialogScene | None = None
        self.decision_seat: int | None = None
        self.decision_private = False
        self._decision_version = -1
        self.swap: DialogScene | None = None
        self.log_open = False
        self.toast_seat: int | None = None
        self.seat_views: list[dict[str, Any]] = []
        self._turn_seat: int | None = None
        super().__init__(app, session)
        self.layout = self._table_geometry()

    def _make_input(self) -> TabletopInput:
        return TabletopInput(self)

    def _make_drawing(self) -> TabletopDrawing:
        return TabletopDrawing(self)

    def _make_hint(self) -> TabletopHint:
        return TabletopHint(self)   # asked and shown in the seat's own panel

    def _table_geometry(self) -> Any:
        assert self.tl.table is not None
        return self.tl.table

    # ----- who sees what -------------------------------------------------------------

    def _initial_viewer(self) -> int | None:
        """The seat whose turn it is; privacy comes from holding a panel, not from here."""
        humans = self.session.human_seats
        seat = self.session.state.to_move
        if seat is not None and seat in humans:
            return seat
        return humans[0] if humans else None

    @property
    def visible_hand_seat(self) -> int | None:
        """No hand is shown the desk table's way: each shows only while it is held."""
        return None

    def refresh(self) -> None:
        super().refresh()
        self.seat_views = [self.seat_view(s) for s in range(self.session.players)]
        if self.swap is not None and (self.legal is None or not self.legal.swap):
            self.swap = None

    def facing(self) -> int:
        """The rotation of the seat that words on the board turn to: the one who must
        act now (a defender while committing), else the active player."""
        state = self.session.state
        seat = state.to_move if state.to_move is not None else int(self.view["active"])
        return self.tl.seats[seat].rotation

    def log_frame(self) -> Frame | None:
        """Where the log is shown now, turned to the seat that must act: in the hub, or
        (4 seats) in the box over the board while its button holds it open."""
        if self.tl.log is not None:
            return Frame(self.tl.log, self.facing())
        return self.tl.overlay(self.facing()) if self.log_open else None

    # ----- the flow of the game --------------------------------------------------------

    def _serve(self, seat: int) -> None:
        """No hand-over at the tabletop: privacy comes from holding one's own panel."""
        if self.viewer != seat:
            self.set_viewer(seat)
        active = int(self.view["active"])
        if active != self._turn_seat:
            self._turn_seat = active
            self.app.play_sound("turn")
            self.input.teach("hold_strip", active)
        pending = self.view["pending"]
        if pending is None:
            if self.decision is not None:
                self.close_dialog()
        elif self._decision_version != self.version:
            self._open_decision()

    def _open_decision(self) -> None:
        """Builds the decision's choices (the desk table's dialog, never pushed): the
        tabletop shows them in the deciding seat's panel or card."""
        from game.tigris.scenes.decisions import decision_dialog

        pending = self.view["pending"]
        self.decision = decision_dialog(self, pending)
        self.decision_seat = self.session.state.to_move
        self.decision_private = pending["kind"] == "commit"
        self._decision_version = self.version
        self.drawing.panel_cache.clear()

    def close_dialog(self) -> None:
        self.decision = None
        self.decision_seat = None
        self.swap = None
        self.decision_squares = set()
        self.conflict_sides = {}
        self.conflict_leaders = {}
        self.drawing.panel_cache.clear()
        self.drawing.dirty = True

    def set_viewer(self, seat: int) -> None:
        self.swap = None
        super().set_viewer(seat)

    def start_swap(self) -> None:
        from game.tigris.scenes.decisions import swap_dialog

        self.selection = None
        self.swap = swap_dialog(self, self.hand())
        self.drawing.panel_cache.clear()

    def show_toast(self, message: str, seat: int | None = None) -> None:
        """A warning by the edge of the seat it is for: the one that tried, else the one
        that must act."""
        state = self.session.state
        if seat is None:
            seat = state.to_move if state.to_move is not None else self.viewer
        self.toast_seat = seat
        super().show_toast(message)

    # ----- acting ------------------------------------------------------------------------

    def _choreograph(self, events: list[dict[str, Any]], stage: TableStage) -> bool:
        """Animates as the desk table does, but drawn tiles fly face down to the panel
        of whoever drew them, for nobody else may see them."""
        shown = [e for e in events if e["type"] not in ("tiles_drawn", "hand_drawn")]
        if not choreograph(shown, stage, self.animator, self.app.animation_speed,
                           self.dynasties, self.banner_words()):
            return False
        k = SPEEDS.get(self.app.animation_speed, 1.0)
        back = art.tile_surface("red", self.layout.cell, True)
        delay = 0.3 * k
        for e in events:
            if e["type"] != "tiles_drawn":
                continue
            end = stage.panel_center(int(e["seat"]))
            for i in range(e["count"]):
                self.animator.add(Slide(back, stage.bag_center(), end,
                                        soft_tween(0.4 * k, delay + 0.07 * i * k), lift=30.0))
            delay += 0.15 * k
        return True

    def stage(self, actor: int | None = None,
              source: tuple[float, float] | None = None) -> TabletopStage:
        return TabletopStage(self, actor, source)

    # ----- buttons and size ----------------------------------------------------------------

    def rebuild_buttons(self) -> None:
        """The buttons all seats share (menu, overlays, the log where it folds away)."""
        settings = tigris_settings(self.app.settings)
        glyphs = {"menu": "menu", "outlines": "outlines", "strength": "strength", "log": "log"}
        selected = {"outlines": settings.kingdom_outlines, "strength": settings.leader_strength,
                    "log": self.log_open}
        buttons: list[Button] = []
        for bid, rect in self.tl.buttons.items():
            if bid == "help":
                buttons.append(Button(bid, rect, "?", style="quiet"))
                continue
            size = int(min(rect.w, rect.h) * 0.62)
            buttons.append(Button(bid, rect, "", icon=icons.glyph(glyphs[bid], size),
                                  selected=selected.get(bid, False), style="quiet"))
        self.buttons.set(buttons)
        self.tips.words = {"menu": t("table.menu"), "outlines": t("overlay.kingdoms.tip"),
                           "strength": t("overlay.strength.tip"), "log": t("table.log")}

    def update(self, dt: float) -> None:
        self.input.tick()
        super().update(dt)

    def resize(self, w: int, h: int) -> None:
        self.tl = tabletop_layout(w, h, self.session.players)
        self.layout = self._table_geometry()
        self.painter.set_layout(self.layout, skin.table(w, h))
        art_cache.prewarm(self.layout.cell)
        log_painter.prewarm(self.drawing.log_px(), self.dynasties)
        self.input_slop()
        self.drawing.static = None
        self.refresh()
