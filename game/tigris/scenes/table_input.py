"""The table's input: taps, drags, long presses, keys and buttons become actions.

The table's input object: the rules of pointing at things (pick a piece, tap
a square, drag onto it, drop a leader back on the bar to withdraw it) read in
one place. Intents come from game.input; actions go to the table's act().
What is picked up, hovered or dragged is the table's state, which its
drawing shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import t
from game.input import Intent
from game.kit.bindings import command_for
from game.kit.log_painter import LogHits
from game.tigris.boardmap import coords
from game.tigris.boardmap import name as square_name
from game.tigris.reasons import why_not
from game.tigris.scenes.bindings import DESK_GESTURES, DESK_KEYS
from game.tigris.settings import tigris_settings
from game.tigris.ui.table_painter import COLORS

if TYPE_CHECKING:
    from game.animations import Animator
    from game.app import App
    from game.kit.log import LogPanel
    from game.kit.shortcuts import ShortcutsScene
    from game.session import TableSession
    from game.tigris.held_turn import HeldAction
    from game.tigris.hint_view import TableHint
    from game.tigris.layout import TableLayout
    from game.tigris.scenes.table import LegalIndex
    from game.tigris.scenes.table_drawing import TableDrawing
    from game.tigris.scenes.table_stage import TableStage
    from game.tigris.seats import Dynasties
    from game.ui.tooltips import ButtonTips
    from game.ui.widgets import ButtonSet


@dataclass
class Selection:
    """The piece a player has picked up: a hand tile, a leader (in supply or on the
    board) or a catastrophe."""

    kind: str
    color: str | None = None
    slot: int | None = None
    from_square: str | None = None


class PointedBoard(Protocol):
    """The board under the pointer: which square a screen point is on (the layout's
    viewport, `game.kit.viewport`, places the squares) and what the pointer marks on it,
    which the drawing shows. All the input's board pointing goes through these."""

    hover: str | None             # the square pointed at (a hint of what a tap would do)
    cursor: str | None            # the keyboard's square
    drag_pos: tuple[int, int] | None   # where a dragged piece is, on the screen

    def square_at(self, pos: tuple[int, int] | None) -> str | None: ...


class DeskTable(PointedBoard, Protocol):
    """What the desk's input holds of its table, and nothing more: the board pointed at,
    the bar's places and the buttons, the position read for picking a piece, the acts it
    asks for, and the drawing it marks as stale."""

    selection: Selection | None   # the piece picked up

    @property
    def log_panel(self) -> LogPanel: ...

    @property
    def app(self) -> App: ...

    @property
    def layout(self) -> TableLayout: ...

    @property
    def buttons(self) -> ButtonSet: ...

    @property
    def tips(self) -> ButtonTips: ...

    @property
    def drawing(self) -> TableDrawing: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def hint(self) -> TableHint: ...

    # the position, as the viewer sees it
    @property
    def session(self) -> TableSession: ...

    @property
    def view(self) -> dict[str, Any]: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def dynasties(self) -> Dynasties: ...

    @property
    def legal(self) -> LegalIndex | None: ...

    @property
    def held(self) -> HeldAction | None: ...

    @property
    def can_end_turn(self) -> bool: ...

    def hand(self) -> list[str]: ...

    def leader_square(self, dynasty: str, color: str) -> str | None: ...

    def stage(self, actor: int | None = None,
              source: tuple[float, float] | None = None) -> TableStage: ...

    def action_for(self, square: str | None) -> dict[str, Any] | None: ...

    # what the input asks of it
    def act(self, action: dict[str, Any], source: tuple[float, float] | None = None) -> bool: ...

    def end_turn(self) -> None: ...

    def open_swap(self) -> None: ...

    def undo(self) -> None: ...

    def rebuild_buttons(self) -> None: ...

    def show_toast(self, message: str) -> None: ...


class TableInput:
    """How the desk table's intents become actions, for the table it was made for."""

    keys = DESK_KEYS
    gestures = DESK_GESTURES

    def __init__(self, table: DeskTable) -> None:
        self.table = table

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            self._key(intent.key, intent.text)
            return
        if intent.kind == "scroll":
            if intent.pos and self.table.layout.side_.log.collidepoint(intent.pos):
                self.table.log_panel.scroll_by(intent.amount)
            return
        if intent.kind == "hover":
            self.table.cursor = None   # the pointer took over from the keyboard
            self._hover(intent.pos)
            before = self.table.buttons.hover
            self.table.buttons.handle(intent)
            self.table.tips.hover(self.table.buttons.hover)
            if self.table.buttons.hover != before:
                self.table.drawing.ui_dirty = True
            return
        if intent.kind == "long_press" and self._tip(intent.pos):
            return
        self.catch_up()
        pressed = self.table.buttons.handle(intent)
        if pressed is not None:
            self._button(pressed)
            self.table.drawing.dirty = True
            return
        if intent.kind == "press":
            self.table.drawing.ui_dirty = True   # a button's pressed look
            if intent.touch:
                self._hover(intent.pos)
        elif intent.kind == "tap":
            if intent.pos and self.table.layout.side_.log.collidepoint(intent.pos):
                self.log_tap(self.table.drawing.log_hits, intent.pos)
            else:
                self._tap(intent.pos)
        elif intent.kind == "long_press":
            self._hover(intent.pos)
        elif intent.kind == "release":
            self.table.hover = None
        elif intent.kind == "drag_start":
            self._drag_start(intent.origin)
        elif intent.kind == "drag":
            if self.table.drag_pos is not None:
                self.table.drag_pos = intent.pos
                self._hover(intent.pos)
        elif intent.kind == "drop":
            self._drop(intent.pos)
        elif intent.kind == "secondary":
            self.table.selection = None
            self.table.rebuild_buttons()
            self.table.drawing.dirty = True

    def log_tap(self, hits: LogHits, pos: tuple[int, int]) -> None:
        """A tab of the log chooses its filter; a line shows where it happened. `pos` is in
        the coordinates the log was drawn in (`hits`)."""
        self.table.log_panel.tap(hits, pos)

    def _tip(self, pos: tuple[int, int] | None) -> bool:
        """A long press on a button with words shows them instead of pressing it."""
        button = self.table.buttons.at(pos)
        if button is None or not self.table.tips.long_press(button.id):
            return False
        self.table.buttons.pressed = None
        return True

    def catch_up(self) -> None:
        """A player who acts while pieces are still in flight is never kept waiting: the
        animations end at once (the picture under them is already the engine's position)
        and the act is handled as if they had ended."""
        if self.table.animator.active:
            self.table.animator.clear()
            self.table.drawing.follow_masks()

    def _hover(self, pos: tuple[int, int] | None) -> None:
        square = self.table.square_at(pos)
        if square != self.table.hover:
            self.table.hover = square

    def _button(self, bid: str) -> None:
        self.table.app.play_sound("click")
        if bid == "end_turn":
            self.table.end_turn()
        elif bid == "swap":
            self.table.open_swap()
        elif bid == "withdraw" and self.table.selection is not None:
            self.table.act({"type": "leader", "color": self.table.selection.color, "to": None})
        elif bid == "undo":
            self.table.undo()
        elif bid == "hint":
            self.table.hint.ask()
        else:
            self._table_button(bid)
        self.table.rebuild_buttons()

    def _table_button(self, bid: str) -> None:
        """The buttons every kind of table has: the menu, the two overlay toggles and "?"
        (the keys and gestures)."""
        if bid == "menu":
            from game.scenes.menu import PauseMenu

            self.table.app.push(PauseMenu(self.table.app, self.table))
        elif bid == "outlines":
            own = tigris_settings(self.table.app.settings)
            own.kingdom_outlines = not own.kingdom_outlines
            self.table.app.save_settings()
        elif bid == "strength":
            own = tigris_settings(self.table.app.settings)
            own.leader_strength = not own.leader_strength
            self.table.app.save_settings()
        elif bid == "help":
            self.open_shortcuts()

    def _pick_at(self, pos: tuple[int, int] | None) -> Selection | None:
        """The piece of the viewer's under the pointer: a hand tile, a leader, a catastrophe."""
        if pos is None or self.table.legal is None:
            return None
        hand = self.table.hand()
        for i, slot in enumerate(self.table.layout.hand_slots):
            if slot.collidepoint(pos) and i < len(hand):
                return Selection("tile", hand[i], slot=i)
        assert self.table.viewer is not None
        dynasty = self.table.dynasties[self.table.viewer]
        for color, slot in zip(COLORS, self.table.layout.leader_slots, strict=True):
            if slot.collidepoint(pos):
                where = self.table.leader_square(dynasty, color)
                return Selection("leader", color, from_square=where)
        if self.table.layout.catastrophe_slot.collidepoint(pos) and self.table.legal.catastrophe:
            return Selection("catastrophe")
        square = self.table.square_at(pos)
        if square is not None:
            cell = self.table.view["board"].get(square, {})
            leader = cell.get("leader")
            if leader and leader["dynasty"] == dynasty:
                return Selection("leader", leader["color"], from_square=square)
        return None

    def select(self, sel: Selection | None) -> None:
        if sel is not None and self.table.selection == sel:
            sel = None
        self.table.selection = sel
        self.table.rebuild_buttons()
        self.table.drawing.dirty = True
        if sel is not None:
            self.table.app.play_sound("select")

    def _tap(self, pos: tuple[int, int] | None) -> None:
        square = self.table.square_at(pos)
        if square is not None and self.table.selection is not None:
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
        elif (self.table.legal is None and pos is not None
              and self.table.layout.bar.collidepoint(pos)):
            self.table.show_toast(t("illegal.not_your_turn"))

    def _slot_center(self) -> tuple[float, float] | None:
        sel = self.table.selection
        if sel is None:
            return None
        if sel.kind == "tile" and sel.slot is not None:
            return self.table.stage().hand_slot_center(sel.slot)
        if sel.kind == "leader" and sel.color:
            if sel.from_square:
                return None
            return self.table.stage().leader_slot_center(sel.color)
        r = self.table.layout.catastrophe_slot
        return (r.centerx, r.centery)

    def _place(self, square: str, source: tuple[float, float] | None) -> bool:
        action = self.table.action_for(square)
        if action is None:
            return False
        return self.table.act(action, source)

    def _explain(self, square: str) -> None:
        sel = self.table.selection
        if sel is None:
            return
        self.table.show_toast(why_not(self.table.session.state, sel.kind, sel.color, square))
        self.table.app.play_sound("error")

    def _drag_start(self, origin: tuple[int, int] | None) -> None:
        picked = self._pick_at(origin)
        if picked is None:
            return
        self.table.selection = picked
        self.table.drag_pos = origin
        self.table.rebuild_buttons()
        self.table.drawing.dirty = True

    def _drop(self, pos: tuple[int, int] | None) -> None:
        if self.table.drag_pos is None:
            return
        self.table.drag_pos = None
        sel = self.table.selection
        square = self.table.square_at(pos)
        if square is not None:
            if not self._place(square, (float(pos[0]), float(pos[1])) if pos else None):
                self._explain(square)
        elif (
            pos is not None and sel is not None and sel.kind == "leader"
            and sel.from_square is not None and self.table.layout.bar.collidepoint(pos)
            and self.table.legal is not None and sel.color in self.table.legal.withdraw
        ):
            self.table.act({"type": "leader", "color": sel.color, "to": None})
        self.table.drawing.dirty = True

    def _key(self, key: str, char: str = "") -> None:
        """Runs the command the key is bound to (`bindings.DESK_KEYS`, which the shortcuts
        overlay lists), after ending any animation still running."""
        bound = command_for(self.keys, key, char)
        if bound is None:
            return
        self.catch_up()
        command, key = bound
        self._key_commands()[command](key)

    def _key_commands(self) -> dict[str, Callable[[str], None]]:
        """What each command of the desk's key bindings does, given the key pressed."""
        return {
            "select_tile": self._key_select_tile,
            "select_leader": self._key_select_leader,
            "select_catastrophe": self._key_select_catastrophe,
            "move_cursor": self._move_cursor,
            "place": lambda _key: self._place_at_cursor(),
            "end_turn": self._key_end_turn,
            "swap": self._key_swap,
            "withdraw": self._key_withdraw,
            "undo": lambda _key: self.table.undo(),
            "put_back_or_menu": self._put_back_or_menu,
            "outlines": lambda _key: self._button("outlines"),
            "strength": lambda _key: self._button("strength"),
            "rules": lambda _key: self._open_rules(),
            "shortcuts": lambda _key: self.open_shortcuts(),
        }

    def _put_back_or_menu(self, _key: str) -> None:
        if self.table.selection is not None:
            self.select(None)
        else:
            self._button("menu")

    def _open_rules(self) -> None:
        from game.tigris.scenes.rules import RulesScene

        self.table.app.push(RulesScene(self.table.app))

    def open_shortcuts(self) -> None:
        self.table.app.push(self.shortcuts())

    def shortcuts(self) -> ShortcutsScene:
        """The overlay listing this table's own keys and gestures (also the pause menu's)."""
        from game.kit.shortcuts import ShortcutsScene

        return ShortcutsScene(self.table.app, self.keys, self.gestures)

    def _place_at_cursor(self) -> None:
        """Plays the picked piece at the keyboard cursor; with nothing picked there, ends a
        turn whose last action is held."""
        if self.table.cursor and self.table.selection:
            self._place(self.table.cursor, self._slot_center())
        elif self.table.held is not None:
            self._button("end_turn")

    def _key_end_turn(self, _key: str) -> None:
        """E plays at the keyboard cursor while a piece is picked there, else ends the turn."""
        if self.table.cursor and self.table.selection:
            self._place_at_cursor()
        elif self.table.can_end_turn:
            self._button("end_turn")

    def _key_swap(self, _key: str) -> None:
        if self.table.legal is not None and self.table.legal.swap:
            self._button("swap")

    def _key_withdraw(self, _key: str) -> None:
        if self.table.selection is not None and self.table.selection.from_square:
            self._button("withdraw")

    def _key_select_tile(self, key: str) -> None:
        hand = self.table.hand()
        i = int(key) - 1
        if self.table.legal is not None and i < len(hand):
            self.select(Selection("tile", hand[i], slot=i))

    def _key_select_leader(self, key: str) -> None:
        table = self.table
        if table.legal is None or table.viewer is None:
            return
        color = COLORS[("7", "8", "9", "0").index(key)]
        self.select(Selection("leader", color, from_square=table.leader_square(
            table.dynasties[table.viewer], color)))

    def _key_select_catastrophe(self, _key: str) -> None:
        if self.table.legal is not None and self.table.legal.catastrophe:
            self.select(Selection("catastrophe"))

    def _move_cursor(self, key: str) -> None:

        col, row = coords(self.table.cursor) if self.table.cursor else (7, 5)
        dc, dr = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[key]
        col = max(0, min(15, col + dc))
        row = max(0, min(10, row + dr))
        self.table.cursor = square_name(col, row)
        self.table.hover = self.table.cursor
