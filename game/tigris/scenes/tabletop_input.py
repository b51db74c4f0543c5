"""Fingers at the tabletop: each belongs to the place where it went down.

The tabletop's input object, a kind of the desk table's. Every finger (and
the mouse, as one more finger) is followed by its pointer id from
game.input, so several players can touch at once
without disturbing each other. Fingers on the seats' panels follow the kit's
rules (game.kit.tabletop_panels.PanelFingers: a panel is open while a finger of
its own holds it; a control fires on a lift that slid onto it or came down on
an open panel; a piece is grabbed by coming down or resting on it); here is
what T&E adds:

- a grabbed piece follows the finger out of the panel (a tile face down) and is
  played on the square where the finger lifts, if its seat may act now;
- on the board only one finger at a time acts, for the seat to move: taps,
  drags of its leaders, and squares of public choices;
- the log (scrolled by sliding, tapped to point), the public card and the shared
  buttons take the fingers that go down on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import t
from game.input import Intent
from game.kit.bindings import command_for, gesture_named
from game.kit.tabletop_panels import Finger, PanelFingers, PanelView
from game.tigris.scenes.bindings import TABLETOP_GESTURES, TABLETOP_KEYS
from game.tigris.scenes.table_input import Selection, TableInput

if TYPE_CHECKING:
    from game.tigris.scenes.tabletop import TabletopScene

PIECES = ("tile:", "leader:", "catastrophe")
GRAB_SECONDS = 0.3


class TabletopInput(TableInput):
    """How fingers at the tabletop it was made for become actions; it keeps the fingers
    down and the panels they hold open."""

    table: TabletopScene
    keys = TABLETOP_KEYS
    gestures = TABLETOP_GESTURES

    def __init__(self, table: TabletopScene) -> None:
        super().__init__(table)
        self.hands = PanelFingers(self, len(table.tl.seats), PIECES)
        self.fingers = self.hands.fingers
        self.open_order = self.hands.open_order
        self.board_finger: int | None = None

    def panel_open(self, seat: int) -> bool:
        return self.hands.is_open(seat)

    # ----- what the kit's panel fingers ask (PanelHost) --------------------------------------

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        return self.table.tl.seat_at(pos)

    def panel_view(self, seat: int) -> PanelView:
        return self.table.panels.panel_view(seat)

    def may_hold(self, seat: int) -> bool:
        return self.table.session.is_human(seat)

    def opened(self, seat: int) -> None:
        self.teach("slide_to_pick", seat)

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind == "key":
            self._key(intent.key, intent.text)
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
        elif kind == "long_press" and intent.pos is not None:
            self._long_press(intent.pointer, intent.pos)

    def _long_press(self, pointer: int, pos: tuple[int, int]) -> None:
        """A finger held on a shared button shows what the button does instead of pressing it."""
        finger = self.fingers.get(pointer)
        hit = self.table.buttons.at(pos)
        if (finger is not None and finger.region == "shared" and hit is not None
                and self.table.tips.long_press(hit.id)):
            finger.control = None
            self.table.buttons.pressed = None

    # ----- where a finger belongs -----------------------------------------------------------

    def _region_at(self, pos: tuple[int, int]) -> tuple[str, int | None]:
        log = self.table.log_frame()
        if log is not None and log.contains(pos):
            return ("log", None)
        if self.table.log_open and self.table.tl.log is None:
            return ("off_log", None)   # a finger beside the log's box closes it
        seat = self.hands.panel_at(pos)
        if seat is not None:
            return ("panel", seat)
        card = self.table.panels.card_view()
        if card is not None and card.frame.contains(pos):
            return ("card", card.seat)
        if self.table.buttons.at(pos) is not None:
            return ("shared", None)
        if self.table.square_at(pos) is not None:
            return ("board", None)
        return ("none", None)

    def _finger_down(self, pointer: int, pos: tuple[int, int]) -> None:
        region, seat = self._region_at(pos)
        if region == "panel" and seat is not None:
            self.hands.press(pointer, pos, seat, self.table.app.now)
            return
        finger = Finger(pointer, region, seat, pos, pos)
        if region == "card":
            card = self.table.panels.card_view()
            finger.control = card.control_at(pos) if card is not None else None
        elif region == "shared":
            hit = self.table.buttons.at(pos)
            finger.control = hit.id if hit is not None and hit.enabled else None
            self.table.buttons.pressed = finger.control
        elif region == "log":
            finger.scroll = self.table.log_scroll
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
            self.table.drag_pos = pos
            self._hover(pos)
        elif finger.region == "panel" and finger.seat is not None:
            self._panel_move(finger, pos)
        elif finger.region == "board" and pointer == self.board_finger:
            self._board_move(finger, pos)
        elif finger.region == "card":
            card = self.table.panels.card_view()
            finger.control = card.control_at(pos) if card is not None else None
        elif finger.region == "log":
            self._log_slide(finger, pos)
        elif finger.region == "shared":
            hit = self.table.buttons.at(pos)
            if hit is None or hit.id != finger.control:
                self.table.buttons.pressed = None

    def _finger_up(self, pointer: int, pos: tuple[int, int]) -> None:
        finger = self.fingers.pop(pointer, None)
        if finger is None:
            return
        if finger.carrying:
            self.hands.carrier = None
            self._drop(pos)
        elif finger.region == "panel" and finger.seat is not None:
            control = self.hands.lift(finger, pos)
            if control is not None:
                self._activate(finger.seat, control)
        elif finger.region == "board" and pointer == self.board_finger:
            self._board_lift(finger, pos)
        elif finger.region == "card":
            card = self.table.panels.card_view()
            control = card.control_at(pos) if card is not None else None
            if control is not None and control == finger.control:
                self._activate_card(control)
        elif finger.region == "shared":
            hit = self.table.buttons.at(pos)
            self.table.buttons.pressed = None
            if hit is not None and hit.enabled and hit.id == finger.control:
                self._button(hit.id)
        elif finger.region == "log":
            self._log_lift(finger, pos)
        elif finger.region == "off_log":
            self.table.log_open = False
            self.table.rebuild_buttons()
        if pointer == self.board_finger:
            self.board_finger = None
        self.hands.up(finger)

    def _log_lift(self, finger: Finger, pos: tuple[int, int]) -> None:
        """A tap on the log, turned back into the upright coordinates it was drawn in: a
        tab chooses the filter, a line lights its squares."""
        log = self.table.log_frame()
        if finger.moved or log is None or not log.contains(pos):
            return
        self.log_tap(self.table.drawing.log_hits, log.to_local(pos))

    def _log_slide(self, finger: Finger, pos: tuple[int, int]) -> None:
        """A finger sliding on the log scrolls it a row per line's height, as the wheel does
        at the desk: pulled toward its reader (down the upright log), older rows come back."""
        log = self.table.log_frame()
        if log is None:
            return
        pulled = log.to_local(pos)[1] - log.to_local(finger.down)[1]
        self.table.log_scroll = max(0, finger.scroll + pulled // self.table.drawing.row_height())

    def forget_fingers(self, alive: set[int]) -> None:
        """Drops fingers whose lift never came (another screen took over, the window lost
        them): a panel never stays open for a finger that is gone."""
        for finger in self.hands.forget(alive):
            if finger.carrying:
                self.table.drag_pos = None
            if finger.pointer == self.board_finger:
                self.board_finger = None
                self.table.hover = None

    # ----- panels ----------------------------------------------------------------------------

    def teach(self, gesture: str, seat: int) -> None:
        """The first time a gesture is useful at this tabletop, a hint by the seat's edge
        says how it is made (the gesture's words in `bindings.TABLETOP_GESTURES`); the
        settings remember it, so it is said once."""
        taught = self.table.app.settings.taught
        if gesture_named(self.gestures, gesture).name in taught or not (
                self.table.session.is_human(seat)):
            return
        taught.append(gesture)
        self.table.app.save_settings()
        self.table.show_toast(t(f"gesture.{gesture}"), seat)

    def pressed_control(self, seat: int) -> str | None:
        return self.hands.pressed_control(seat)

    def _panel_move(self, finger: Finger, pos: tuple[int, int]) -> None:
        seat = finger.seat
        assert seat is not None
        app = self.table.app
        if self.hands.move(finger, pos, app.now, app.input.drag_slop) and finger.grabbed:
            self._start_carry(finger, seat, finger.grabbed, pos)

    def grab_resting(self) -> None:
        self.hands.grab_resting(self.table.app.now, GRAB_SECONDS)

    def _start_carry(self, finger: Finger, seat: int, piece: str, pos: tuple[int, int]) -> None:
        """A piece slid out of the panel onto the table: it follows the finger."""
        if seat != self.table.viewer or self.table.legal is None or self.hands.carrier is not None:
            return
        self.catch_up()
        picked = self._piece(seat, piece)
        if picked is None:
            return
        self.table.selection = picked
        self.hands.carrier = finger.pointer
        finger.carrying = True
        self.table.drag_pos = pos
        self._hover(pos)
        self.table.drawing.dirty = True

    # ----- what the controls do ---------------------------------------------------------------

    def _piece(self, seat: int, control: str) -> Selection | None:
        """The piece a hand control stands for, if this seat may play it now."""
        if seat != self.table.viewer or self.table.legal is None:
            return None
        if control.startswith("tile:"):
            slot = int(control.split(":")[1])
            hand = self.table.hand()
            return Selection("tile", hand[slot], slot=slot) if slot < len(hand) else None
        if control.startswith("leader:"):
            color = control.split(":")[1]
            if color in self.table.legal.leaders:
                return Selection("leader", color)
            return None
        if control == "catastrophe" and self.table.legal.catastrophe:
            return Selection("catastrophe")
        return None

    def _activate(self, seat: int, control: str) -> None:
        self.catch_up()
        if control.startswith("opt:"):
            chooser = self.table.panels.panel_chooser(seat)
            if chooser is not None:
                self.table.app.play_sound("click")
                chooser.choose(control[4:])
                self.table.drawing.panel_cache.clear()
            return
        if control.startswith(PIECES):
            picked = self._piece(seat, control)
            if picked is None:
                if seat != self.table.viewer or self.table.legal is None:
                    self.table.show_toast(t("illegal.not_your_turn"), seat)
                return
            self.select(picked)
            self.teach("drag_out", seat)
            return
        if seat == self.table.viewer and self.table.viewer_acts:
            self._button(control)

    def _activate_card(self, control: str) -> None:
        self.catch_up()
        self.table.app.play_sound("click")
        if self.table.decision is not None:
            self.table.decision.choose(control[5:])

    # ----- the board -----------------------------------------------------------------------

    def _public_pointer(self, intent: Intent) -> bool:
        """Squares of a public decision (treasure, monument…) go to its chooser."""
        if self.table.decision is None or self.table.decision_private:
            return False
        spec = self.table.decision.spec
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
        table = self.table
        if table.drag_pos is None and self.hands.carrier is None:
            self._drag_start(finger.down)
            if self.table.drag_pos is not None:
                self.catch_up()
                self.hands.carrier = finger.pointer
                finger.carrying = True
        self._hover(pos)

    def _board_lift(self, finger: Finger, pos: tuple[int, int]) -> None:
        self.table.hover = None
        self.catch_up()
        if self._public_pointer(Intent("tap", pos=pos)):
            return
        if self.table.legal is not None:
            self._tap(pos)

    def _drop(self, pos: tuple[int, int] | None) -> None:
        """Ends a carry: onto a square it is a move; a leader taken from the board and
        dropped on its owner's strip goes back to the supply."""
        if self.table.drag_pos is None:
            return
        self.table.drag_pos = None
        self.table.hover = None
        sel = self.table.selection
        square = self.table.square_at(pos)
        self.catch_up()
        if square is not None:
            if not self._place(square, (float(pos[0]), float(pos[1])) if pos else None):
                self._explain(square)
        elif (pos is not None and sel is not None and sel.kind == "leader" and sel.from_square
              and self.table.viewer is not None
              and self.table.tl.seat_at(pos) == self.table.viewer):
            self.withdraw_selected()
        self.table.drawing.dirty = True

    # ----- mouse hover, wheel and keys ------------------------------------------------------

    def _mouse_hover(self, pos: tuple[int, int] | None) -> None:
        hit = self.table.buttons.at(pos)
        self.table.buttons.hover = hit.id if hit is not None else None
        self.table.tips.hover(self.table.buttons.hover)
        if not self.fingers:
            self._hover(pos)

    def _scroll(self, intent: Intent) -> None:
        log = self.table.log_frame()
        if intent.pos is not None and log is not None and log.contains(intent.pos):
            self.table.log_scroll = max(0, self.table.log_scroll + intent.amount)

    def _key(self, key: str, char: str = "") -> None:
        """Keys for a desk test of the tabletop (`bindings.TABLETOP_KEYS`): menu, rules,
        shortcuts and overlays at any time; undo and end turn when the seat may act."""
        command, key = command_for(self.keys, key, char) or ("", key)
        if command in ("undo", "end_turn") and not self.table.viewer_acts:
            return
        if command == "undo":
            self.table.undo()
        elif command == "end_turn":
            if self.table.can_end_turn:
                self.catch_up()
                self._button("end_turn")
        elif command:
            self._key_commands()[command](key)

    def tick(self) -> None:
        """Each frame: forgets fingers that are gone, picks up pieces rested on."""
        top = self.table.app.stack.top
        alive = self.table.app.input.active_pointers() if top is self.table else set()
        self.forget_fingers(alive)
        self.grab_resting()

    # ----- what the tabletop does differently from the desk --------------------------------

    def _explain(self, square: str) -> None:
        sel = self.table.selection
        if sel is not None and sel.kind == "tile":
            self.table.show_toast(t("tabletop.tile_cannot_go", square=square))
            self.table.app.play_sound("error")
            return
        super()._explain(square)

    def _pick_at(self, pos: tuple[int, int] | None) -> Selection | None:
        """Only leaders are picked up on the board; the rest comes from the panels."""
        if pos is None or self.table.legal is None or self.table.viewer is None:
            return None
        square = self.table.square_at(pos)
        if square is None:
            return None
        leader = self.table.view["board"].get(square, {}).get("leader")
        if leader and leader["dynasty"] == self.table.dynasties[self.table.viewer]:
            return Selection("leader", leader["color"], from_square=square)
        return None

    def _slot_center(self) -> tuple[float, float] | None:
        sel = self.table.selection
        if sel is None or self.table.viewer is None or (sel.kind == "leader" and sel.from_square):
            return None
        return self.table.stage().panel_center(self.table.viewer)

    def withdraw_selected(self) -> None:
        sel = self.table.selection
        if sel is not None and sel.kind == "leader" and self.table.legal is not None and (
                sel.color in self.table.legal.withdraw):
            self.table.act({"type": "leader", "color": sel.color, "to": None})

    def _button(self, bid: str) -> None:
        self.table.app.play_sound("click")
        if bid == "log":
            self.table.log_open = not self.table.log_open
        elif bid == "end_turn":
            self.table.end_turn()
        elif bid == "swap" and self.table.legal is not None and self.table.legal.swap:
            self.table.start_swap()
        elif bid == "undo":
            self.table.undo()
        elif bid == "withdraw":
            self.withdraw_selected()
        elif bid == "hint":
            self.table.hint.ask()
        elif bid == "hint_done":
            self.table.hint.fold()
        else:
            self._table_button(bid)
        self.table.rebuild_buttons()
        self.table.drawing.dirty = True
