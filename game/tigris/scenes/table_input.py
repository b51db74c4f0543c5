"""The table's input: taps, drags, long presses, keys and buttons become actions.

A mixin of TableScene, kept apart so the rules of pointing at things (pick a
piece, tap a square, drag onto it, drop a leader back on the bar to withdraw
it) read in one place. Intents come from game.input; actions go to act().
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from game.i18n import t
from game.input import Intent
from game.tigris.boardmap import coords
from game.tigris.boardmap import name as square_name
from game.tigris.reasons import why_not
from game.tigris.ui.table_painter import COLORS

if TYPE_CHECKING:
    from game.animations import Animator
    from game.app import App
    from game.layout import TableLayout
    from game.scene import Scene
    from game.session import GameSession
    from game.tigris.scenes.table import LegalIndex, TableScene
    from game.tigris.ui.board_painter import BoardPainter
    from game.ui.widgets import ButtonSet


@dataclass
class Selection:
    """The piece a player has picked up: a hand tile, a leader (in supply or on the
    board) or a catastrophe."""

    kind: str
    color: str | None = None
    slot: int | None = None
    from_square: str | None = None


class TableInput:
    """Input handling of the table; `self` is the TableScene."""

    # What this mixin uses of the TableScene (declared for the type checker only).
    app: App
    session: GameSession
    layout: TableLayout
    painter: BoardPainter
    animator: Animator
    buttons: ButtonSet
    view: dict[str, Any]
    viewer: int | None
    dynasties: list[str]
    legal: LegalIndex | None
    selection: Selection | None
    hover: str | None
    cursor: str | None
    drag_pos: tuple[int, int] | None
    dialog: Scene | None
    log_scroll: int
    _dirty: bool
    _ui_dirty: bool

    if TYPE_CHECKING:
        def _hand(self) -> list[str]: ...
        def _rebuild_buttons(self) -> None: ...
        def action_for(self, square: str | None) -> dict[str, Any] | None: ...
        def act(self, action: dict[str, Any],
                source: tuple[float, float] | None = None) -> bool: ...
        def undo(self) -> None: ...
        def show_toast(self, message: str) -> None: ...
        def hand_slot_center(self, index: int) -> tuple[float, float]: ...
        def leader_slot_center(self, color: str) -> tuple[float, float]: ...

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            self._key(intent.key)
            return
        if intent.kind == "scroll":
            if intent.pos and self.layout.side_.log.collidepoint(intent.pos):
                self.log_scroll = max(0, self.log_scroll + intent.amount)
                self._dirty = True
            return
        if intent.kind == "hover":
            self._hover(intent.pos)
            before = self.buttons.hover
            self.buttons.handle(intent)
            if self.buttons.hover != before:
                self._ui_dirty = True
            return
        if self.animator.blocking:
            return
        pressed = self.buttons.handle(intent)
        if pressed is not None:
            self._button(pressed)
            self._dirty = True
            return
        if intent.kind == "press":
            self._dirty = True
            if intent.touch:
                self._hover(intent.pos)
        elif intent.kind == "tap":
            self._tap(intent.pos)
        elif intent.kind == "long_press":
            self._hover(intent.pos)
        elif intent.kind == "release":
            self.hover = None
        elif intent.kind == "drag_start":
            self._drag_start(intent.origin)
        elif intent.kind == "drag":
            if self.drag_pos is not None:
                self.drag_pos = intent.pos
                self._hover(intent.pos)
        elif intent.kind == "drop":
            self._drop(intent.pos)
        elif intent.kind == "secondary":
            self.selection = None
            self._rebuild_buttons()
            self._dirty = True

    def _hover(self, pos: tuple[int, int] | None) -> None:
        square = self._square_at(pos)
        if square != self.hover:
            self.hover = square

    def _square_at(self, pos: tuple[int, int] | None) -> str | None:
        if pos is None:
            return None
        cell = self.layout.square_at(pos)
        return square_name(*cell) if cell else None

    def _button(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "end_turn":
            self.act({"type": "pass"})
        elif bid == "swap":
            from game.tigris.scenes.decisions import swap_dialog

            self.dialog = swap_dialog(cast("TableScene", self), self._hand())
            self.app.push(self.dialog)
        elif bid == "withdraw" and self.selection is not None:
            self.act({"type": "leader", "color": self.selection.color, "to": None})
        elif bid == "undo":
            self.undo()
        else:
            self._table_button(bid)
        self._rebuild_buttons()

    def _table_button(self, bid: str) -> None:
        """The buttons every kind of table has: the menu and the two overlay toggles."""
        if bid == "menu":
            from game.scenes.menu import PauseMenu

            self.app.push(PauseMenu(self.app, cast("TableScene", self)))
        elif bid == "outlines":
            self.app.settings.kingdom_outlines = not self.app.settings.kingdom_outlines
            self.app.save_settings()
        elif bid == "strength":
            self.app.settings.leader_strength = not self.app.settings.leader_strength
            self.app.save_settings()

    def _pick_at(self, pos: tuple[int, int] | None) -> Selection | None:
        """The piece of the viewer's under the pointer: a hand tile, a leader, a catastrophe."""
        if pos is None or self.legal is None:
            return None
        hand = self._hand()
        for i, slot in enumerate(self.layout.hand_slots):
            if slot.collidepoint(pos) and i < len(hand):
                return Selection("tile", hand[i], slot=i)
        assert self.viewer is not None
        dynasty = self.dynasties[self.viewer]
        for color, slot in zip(COLORS, self.layout.leader_slots, strict=True):
            if slot.collidepoint(pos):
                where = self._leader_square(dynasty, color)
                return Selection("leader", color, from_square=where)
        if self.layout.catastrophe_slot.collidepoint(pos) and self.legal.catastrophe:
            return Selection("catastrophe")
        square = self._square_at(pos)
        if square is not None:
            cell = self.view["board"].get(square, {})
            leader = cell.get("leader")
            if leader and leader["dynasty"] == dynasty:
                return Selection("leader", leader["color"], from_square=square)
        return None

    def _leader_square(self, dynasty: str, color: str) -> str | None:
        for square, cell in self.view["board"].items():
            leader = cell.get("leader")
            if leader and leader["dynasty"] == dynasty and leader["color"] == color:
                return square
        return None

    def select(self, sel: Selection | None) -> None:
        if sel is not None and self.selection == sel:
            sel = None
        self.selection = sel
        self._rebuild_buttons()
        self._dirty = True
        if sel is not None:
            self.app.play_sound("select")

    def _tap(self, pos: tuple[int, int] | None) -> None:
        square = self._square_at(pos)
        if square is not None and self.selection is not None:
            if self._place(square, self._slot_center()):
                return
            picked = self._pick_at(pos)
            if picked is not None and picked.kind == "leader":
                self.select(picked)
                return
            self._explain(square)
            return
        picked = self._pick_at(pos)
        if picked is not None:
            self.select(picked)
        elif self.legal is None and pos is not None and self.layout.bar.collidepoint(pos):
            self.show_toast(t("illegal.not_your_turn"))

    def _slot_center(self) -> tuple[float, float] | None:
        sel = self.selection
        if sel is None:
            return None
        if sel.kind == "tile" and sel.slot is not None:
            return self.hand_slot_center(sel.slot)
        if sel.kind == "leader" and sel.color:
            if sel.from_square:
                return None
            return self.leader_slot_center(sel.color)
        r = self.layout.catastrophe_slot
        return (r.centerx, r.centery)

    def _place(self, square: str, source: tuple[float, float] | None) -> bool:
        action = self.action_for(square)
        if action is None:
            return False
        return self.act(action, source)

    def _explain(self, square: str) -> None:
        sel = self.selection
        if sel is None:
            return
        self.show_toast(why_not(self.session.state, sel.kind, sel.color, square))
        self.app.play_sound("error")

    def _drag_start(self, origin: tuple[int, int] | None) -> None:
        picked = self._pick_at(origin)
        if picked is None:
            return
        self.selection = picked
        self.drag_pos = origin
        self._rebuild_buttons()
        self._dirty = True

    def _drop(self, pos: tuple[int, int] | None) -> None:
        if self.drag_pos is None:
            return
        self.drag_pos = None
        sel = self.selection
        square = self._square_at(pos)
        if square is not None:
            if not self._place(square, (float(pos[0]), float(pos[1])) if pos else None):
                self._explain(square)
        elif (
            pos is not None and sel is not None and sel.kind == "leader"
            and sel.from_square is not None and self.layout.bar.collidepoint(pos)
            and self.legal is not None and sel.color in self.legal.withdraw
        ):
            self.act({"type": "leader", "color": sel.color, "to": None})
        self._dirty = True

    def _key(self, key: str) -> None:
        if self.animator.blocking:
            return
        hand = self._hand()
        if key == "escape":
            if self.selection is not None:
                self.select(None)
            else:
                self._button("menu")
            return
        if key in ("u", "backspace"):
            self.undo()
        elif key in ("e", "return", "enter") and self.cursor and self.selection:
            self._place(self.cursor, self._slot_center())
        elif key == "e" and self.legal is not None and self.legal.can_pass:
            self._button("end_turn")
        elif key == "s" and self.legal is not None and self.legal.swap:
            self._button("swap")
        elif key == "w" and self.selection is not None and self.selection.from_square:
            self._button("withdraw")
        elif key == "o":
            self._button("outlines")
        elif key == "l":
            self._button("strength")
        elif key in ("h", "f1"):
            from game.tigris.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
        elif key in "123456" and len(key) == 1 and self.legal is not None:
            i = int(key) - 1
            if i < len(hand):
                self.select(Selection("tile", hand[i], slot=i))
        elif key in ("7", "8", "9", "0") and self.legal is not None and self.viewer is not None:
            color = COLORS[("7", "8", "9", "0").index(key)]
            self.select(Selection("leader", color,
                                  from_square=self._leader_square(self.dynasties[self.viewer],
                                                                  color)))
        elif key == "c" and self.legal is not None and self.legal.catastrophe:
            self.select(Selection("catastrophe"))
        elif key in ("up", "down", "left", "right"):
            self._move_cursor(key)
        elif key in ("space", "return", "enter") and self.cursor and self.selection:
            self._place(self.cursor, self._slot_center())

    def _move_cursor(self, key: str) -> None:

        col, row = coords(self.cursor) if self.cursor else (7, 5)
        dc, dr = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[key]
        col = max(0, min(15, col + dc))
        row = max(0, min(10, row + dr))
        self.cursor = square_name(col, row)
        self.hover = self.cursor
