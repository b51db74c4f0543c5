"""Fingers at the tabletop: each belongs to the place where it went down.

A mixin of TabletopScene. Every finger (and the mouse, as one more finger) is
followed by its pointer id from game.input, so several players can touch at once
without disturbing each other:

- A finger that goes down on a seat's strip holds that panel open until it lifts
  or leaves the panel; it never opens or closes another seat's panel, whatever it
  slides over. A panel is open while any of its own fingers holds it.
- In an open panel, a control fires when a finger lifts on it, if that finger
  either came down while the panel was already open (a second finger tapping)
  or slid onto it (one finger: hold, slide to the tile, lift). Lifting where the
  finger went down only peeked.
- A finger grabs a piece of an open panel by coming down on it (a second finger)
  or by resting on it for a moment (one finger that slid there); a grabbed piece
  follows the finger out of the panel (a tile face down) and is played on the
  square where the finger lifts, if its seat may act now.
- On the board only one finger at a time acts, for the seat to move: taps,
  drags of its leaders, and squares of public choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.input import Intent
from game.tigris.scenes.table_input import Selection

if TYPE_CHECKING:
    from game.animations import Animator
    from game.app import App
    from game.scenes.dialog import DialogScene
    from game.session import GameSession
    from game.tigris.scenes.table import LegalIndex
    from game.tigris.scenes.tabletop_panels import PanelView
    from game.tigris.tabletop_layout import TabletopLayout
    from game.ui.widgets import ButtonSet

PIECES = ("tile:", "leader:", "catastrophe")
GRAB_SECONDS = 0.3


@dataclass
class Finger:
    """One pointer from press to lift, and the place it belongs to."""

    pointer: int
    region: str
    seat: int | None
    down: tuple[int, int]
    pos: tuple[int, int]
    was_open: bool = False
    moved: bool = False
    control: str | None = None
    since: float = 0.0
    grabbed: str | None = None
    carrying: bool = False
    holding: bool = False


class TabletopInput:
    """Input handling of the tabletop; `self` is the TabletopScene."""

    # What this mixin uses of the TabletopScene (declared for the type checker only).
    app: App
    session: GameSession
    tl: TabletopLayout
    animator: Animator
    buttons: ButtonSet
    viewer: int | None
    legal: LegalIndex | None
    selection: Selection | None
    hover: str | None
    drag_pos: tuple[int, int] | None
    log_scroll: int
    log_open: bool
    holders: dict[int, set[int]]
    open_order: list[int]
    fingers: dict[int, Finger]
    board_finger: int | None
    carrier: int | None
    decision: DialogScene | None
    decision_private: bool
    _dirty: bool
    _panel_cache: dict[tuple[int, bool], tuple[Any, pygame.Surface]]
    _shared_cache: tuple[Any, pygame.Surface] | None

    if TYPE_CHECKING:
        def panel_open(self, seat: int) -> bool: ...
        def panel_view(self, seat: int) -> PanelView: ...
        def panel_chooser(self, seat: int) -> DialogScene | None: ...
        def card_view(self) -> PanelView | None: ...
        def _hand(self) -> list[str]: ...
        def _square_at(self, pos: tuple[int, int] | None) -> str | None: ...
        def _hover(self, pos: tuple[int, int] | None) -> None: ...
        def _tap(self, pos: tuple[int, int] | None) -> None: ...
        def _drag_start(self, origin: tuple[int, int] | None) -> None: ...
        def _place(self, square: str, source: tuple[float, float] | None) -> bool: ...
        def _explain(self, square: str) -> None: ...
        def _button(self, bid: str) -> None: ...
        def _rebuild_buttons(self) -> None: ...
        def select(self, sel: Selection | None) -> None: ...
        def show_toast(self, message: str, seat: int | None = None) -> None: ...
        def undo(self) -> None: ...
        def withdraw_selected(self) -> None: ...

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind == "key":
            self._key(intent.key)
        elif kind == "scroll":
            self._scroll(intent)
        elif kind == "hover":
            self._mouse_hover(intent.pos)
        elif kind == "secondary":
            self.select(None)
        elif kind == "press" and intent.pos is not None:
            self._finger_down(intent.pointer, intent.pos)
        elif kind in ("drag_start", "drag") and intent.pos is not None:
            self._finger_move(intent.pointer, intent.pos)
        elif kind in ("tap", "drop", "release") and intent.pos is not None:
            self._finger_up(intent.pointer, intent.pos)

    # ----- where a finger belongs -----------------------------------------------------------

    def _region_at(self, pos: tuple[int, int]) -> tuple[str, int | None]:
        if self.log_open and self.tl.log is None:
            return ("log", None)
        seat: int | None
        for seat in reversed(self.open_order):
            if self.panel_open(seat) and self.panel_view(seat).frame.contains(pos):
                return ("panel", seat)
        seat = self.tl.seat_at(pos)
        if seat is not None:
            return ("panel", seat)
        card = self.card_view()
        if card is not None and card.frame.contains(pos):
            return ("card", card.seat)
        if self.buttons.at(pos) is not None:
            return ("shared", None)
        if self._square_at(pos) is not None:
            return ("board", None)
        return ("none", None)

    def _finger_down(self, pointer: int, pos: tuple[int, int]) -> None:
        region, seat = self._region_at(pos)
        finger = Finger(pointer, region, seat, pos, pos)
        if region == "panel" and seat is not None:
            finger.was_open = self.panel_open(seat)
            if self.session.is_human(seat):
                self._hold(seat, pointer)
                finger.holding = True
            finger.control = self.panel_view(seat).control_at(pos) if finger.was_open else None
            if finger.control is not None and finger.control.startswith(PIECES):
                finger.grabbed = finger.control
            finger.since = self.app.now
        elif region == "card":
            card = self.card_view()
            finger.control = card.control_at(pos) if card is not None else None
        elif region == "shared":
            hit = self.buttons.at(pos)
            finger.control = hit.id if hit is not None and hit.enabled else None
            self.buttons.pressed = finger.control
        elif region == "board":
            if self.board_finger is None:
                self.board_finger = pointer
                self._board_press(pos)
            else:
                finger.region = "none"
        self.fingers[pointer] = finger

    def _finger_move(self, pointer: int, pos: tuple[int, int]) -> None:
        finger = self.fingers.get(pointer)
        if finger is None:
            return
        finger.pos = pos
        finger.moved = True
        if finger.carrying:
            self.drag_pos = pos
            self._hover(pos)
        elif finger.region == "panel" and finger.seat is not None:
            self._panel_move(finger, pos)
        elif finger.region == "board" and pointer == self.board_finger:
            self._board_move(finger, pos)
        elif finger.region == "card":
            card = self.card_view()
            finger.control = card.control_at(pos) if card is not None else None
        elif finger.region == "shared":
            hit = self.buttons.at(pos)
            if hit is None or hit.id != finger.control:
                self.buttons.pressed = None

    def _finger_up(self, pointer: int, pos: tuple[int, int]) -> None:
        finger = self.fingers.pop(pointer, None)
        if finger is None:
            return
        if finger.carrying:
            self.carrier = None
            self._drop(pos)
        elif finger.region == "panel" and finger.seat is not None:
            self._panel_lift(finger, pos)
        elif finger.region == "board" and pointer == self.board_finger:
            self._board_lift(finger, pos)
        elif finger.region == "card":
            card = self.card_view()
            control = card.control_at(pos) if card is not None else None
            if control is not None and control == finger.control:
                self._activate_card(control)
        elif finger.region == "shared":
            hit = self.buttons.at(pos)
            self.buttons.pressed = None
            if hit is not None and hit.enabled and hit.id == finger.control:
                self._button(hit.id)
        elif finger.region == "log":
            self.log_open = False
            self._rebuild_buttons()
        if pointer == self.board_finger:
            self.board_finger = None
        if finger.holding and finger.seat is not None:
            self._let_go(finger.seat, pointer)

    def forget_fingers(self, alive: set[int]) -> None:
        """Drops fingers whose lift never came (another screen took over, the window lost
        them): a panel never stays open for a finger that is gone."""
        for pointer in [p for p in self.fingers if p not in alive]:
            finger = self.fingers.pop(pointer)
            if finger.carrying:
                self.carrier = None
                self.drag_pos = None
            if finger.holding and finger.seat is not None:
                self._let_go(finger.seat, pointer)
            if pointer == self.board_finger:
                self.board_finger = None
                self.hover = None
        for seat, held in self.holders.items():
            if held - alive:
                held &= alive
                if not held:
                    self._closed(seat)

    # ----- holding panels -------------------------------------------------------------------

    def _hold(self, seat: int, pointer: int) -> None:
        if not self.holders[seat]:
            self.open_order.append(seat)
        self.holders[seat].add(pointer)

    def _let_go(self, seat: int, pointer: int) -> None:
        held = self.holders[seat]
        if pointer in held:
            held.discard(pointer)
            if not held:
                self._closed(seat)

    def _closed(self, seat: int) -> None:
        if seat in self.open_order:
            self.open_order.remove(seat)

    def pressed_control(self, seat: int) -> str | None:
        """The control under the latest finger of this seat's panel, drawn pressed (a
        grabbed piece stays pressed wherever the finger goes in the panel)."""
        for finger in reversed(list(self.fingers.values())):
            if finger.region == "panel" and finger.seat == seat and not finger.carrying:
                return finger.grabbed or finger.control
        return None

    def _panel_move(self, finger: Finger, pos: tuple[int, int]) -> None:
        seat = finger.seat
        assert seat is not None
        if not self.panel_open(seat) or (not finger.holding and not finger.was_open):
            return
        view = self.panel_view(seat)
        if finger.grabbed is not None and view.kind == "hand":
            piece = view.control_rect(finger.grabbed).inflate(self.app.input.drag_slop, 0)
            if not piece.collidepoint(pos):
                self._let_go(seat, finger.pointer)
                finger.holding = False
                self._start_carry(finger, seat, finger.grabbed, pos)
            return
        if view.frame.contains(pos):
            control = view.control_at(pos)
            if control != finger.control:
                finger.control = control
                finger.since = self.app.now
            return
        finger.control = None
        if finger.holding:
            finger.holding = False
            self._let_go(seat, finger.pointer)

    def grab_resting(self) -> None:
        """A finger resting on a piece of its open panel picks it up, ready to carry."""
        for finger in self.fingers.values():
            control = finger.control
            if (finger.region == "panel" and finger.grabbed is None and finger.holding
                    and control is not None and control.startswith(PIECES)
                    and self.app.now - finger.since >= GRAB_SECONDS):
                finger.grabbed = control

    def _start_carry(self, finger: Finger, seat: int, piece: str, pos: tuple[int, int]) -> None:
        """A piece slid out of the panel onto the table: it follows the finger."""
        if (seat != self.viewer or self.legal is None or self.carrier is not None
                or self.animator.blocking):
            return
        picked = self._piece(seat, piece)
        if picked is None:
            return
        self.selection = picked
        self.carrier = finger.pointer
        finger.carrying = True
        self.drag_pos = pos
        self._hover(pos)
        self._dirty = True

    def _panel_lift(self, finger: Finger, pos: tuple[int, int]) -> None:
        seat = finger.seat
        assert seat is not None
        if not self.panel_open(seat) or not (finger.was_open or finger.moved):
            return
        control = self.panel_view(seat).control_at(pos)
        if finger.grabbed is not None and control is not None:
            control = finger.grabbed
        if control is not None:
            self._activate(seat, control)

    # ----- what the controls do ---------------------------------------------------------------

    def _piece(self, seat: int, control: str) -> Selection | None:
        """The piece a hand control stands for, if this seat may play it now."""
        if seat != self.viewer or self.legal is None:
            return None
        if control.startswith("tile:"):
            slot = int(control.split(":")[1])
            hand = self._hand()
            return Selection("tile", hand[slot], slot=slot) if slot < len(hand) else None
        if control.startswith("leader:"):
            color = control.split(":")[1]
            if color in self.legal.leaders:
                return Selection("leader", color)
            return None
        if control == "catastrophe" and self.legal.catastrophe:
            return Selection("catastrophe")
        return None

    def _activate(self, seat: int, control: str) -> None:
        if self.animator.blocking:
            return
        if control.startswith("opt:"):
            chooser = self.panel_chooser(seat)
            if chooser is not None:
                self.app.play_sound("click")
                chooser.choose(control[4:])
                self._panel_cache.clear()
            return
        if control.startswith(PIECES):
            picked = self._piece(seat, control)
            if picked is None:
                if seat != self.viewer or self.legal is None:
                    self.show_toast(t("illegal.not_your_turn"), seat)
                return
            self.select(picked)
            return
        if seat == self.viewer and self.legal is not None:
            self._button(control)

    def _activate_card(self, control: str) -> None:
        if self.animator.blocking:
            return
        self.app.play_sound("click")
        if self.decision is not None:
            self.decision.choose(control[5:])

    # ----- the board -----------------------------------------------------------------------

    def _public_pointer(self, intent: Intent) -> bool:
        """Squares of a public decision (treasure, monument…) go to its chooser."""
        if self.decision is None or self.decision_private:
            return False
        spec = self.decision.spec
        if spec.on_pointer is None:
            return False
        return bool(spec.on_pointer(intent))

    def _board_press(self, pos: tuple[int, int]) -> None:
        if self._public_pointer(Intent("press", pos=pos)):
            return
        self._hover(pos)

    def _board_move(self, finger: Finger, pos: tuple[int, int]) -> None:
        if self._public_pointer(Intent("hover", pos=pos)):
            return
        if self.drag_pos is None and self.carrier is None and not self.animator.blocking:
            self._drag_start(finger.down)
            if self.drag_pos is not None:
                self.carrier = finger.pointer
                finger.carrying = True
        self._hover(pos)

    def _board_lift(self, finger: Finger, pos: tuple[int, int]) -> None:
        self.hover = None
        if self.animator.blocking:
            return
        if self._public_pointer(Intent("tap", pos=pos)):
            return
        if self.legal is not None:
            self._tap(pos)

    def _drop(self, pos: tuple[int, int] | None) -> None:
        """Ends a carry: onto a square it is a move; a leader taken from the board and
        dropped on its owner's strip goes back to the supply."""
        if self.drag_pos is None:
            return
        self.drag_pos = None
        self.hover = None
        sel = self.selection
        square = self._square_at(pos)
        if self.animator.blocking:
            return
        if square is not None:
            if not self._place(square, (float(pos[0]), float(pos[1])) if pos else None):
                self._explain(square)
        elif (pos is not None and sel is not None and sel.kind == "leader" and sel.from_square
              and self.viewer is not None and self.tl.seat_at(pos) == self.viewer):
            self.withdraw_selected()
        self._dirty = True

    # ----- mouse hover, wheel and keys ------------------------------------------------------

    def _mouse_hover(self, pos: tuple[int, int] | None) -> None:
        before = self.buttons.hover
        hit = self.buttons.at(pos)
        self.buttons.hover = hit.id if hit is not None else None
        if self.buttons.hover != before:
            self._shared_cache = None
        if not self.fingers:
            self._hover(pos)

    def _scroll(self, intent: Intent) -> None:
        log = self.tl.log
        if intent.pos is not None and log is not None and log.collidepoint(intent.pos):
            self.log_scroll = max(0, self.log_scroll + intent.amount)
            self._shared_cache = None

    def _key(self, key: str) -> None:
        """Keys for a desk test of the tabletop: menu, rules, overlays, undo, end turn."""
        if key == "escape":
            if self.selection is not None:
                self.select(None)
            else:
                self._button("menu")
        elif key in ("h", "f1"):
            from game.tigris.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
        elif key == "o":
            self._button("outlines")
        elif key == "l":
            self._button("strength")
        elif self.animator.blocking or self.legal is None:
            return
        elif key in ("u", "backspace"):
            self.undo()
        elif key == "e" and self.legal.can_pass:
            self._button("end_turn")

    def update(self, dt: float) -> None:
        top = self.app.stack.top
        alive = self.app.input.active_pointers() if top is self else set()
        self.forget_fingers(alive)
        self.grab_resting()
        super().update(dt)  # type: ignore[misc]  # a mixin: the next class in the MRO is TableScene

