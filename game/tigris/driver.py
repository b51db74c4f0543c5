"""Synthetic players for tests, benchmarks and screenshots: the client driven
through real pygame events, as a person would, with mouse or finger.

The driver only posts events (mouse buttons, finger touches) and runs frames;
it reads scenes to find where to tap (a button's rectangle, a hand slot, a
square), never calls their handlers directly, so what it exercises is the
whole path from SDL event to engine action.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.tigris.boardmap import coords

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.dialog import DialogScene
    from game.tigris.scenes.table import TableScene

Point = tuple[int, int]
COLORS = ("red", "blue", "green", "black")


class Driver:
    def __init__(self, app: App, touch: bool = False, dt: float = 1.0 / 60.0) -> None:
        self.app = app
        self.touch = touch
        self.dt = dt

    def frames(self, count: int = 1) -> None:
        self.app.run_frames(count, self.dt)

    def _post_down_up(self, pos: Point, touch: bool, hold_frames: int = 0) -> None:
        if touch:
            w, h = self.app.size
            x, y = pos[0] / w, pos[1] / h
            pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, dx=0.0, dy=0.0,
                                                 finger_id=1, touch_id=1, pressure=1.0))
            self.frames(1 + hold_frames)
            pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x, y=y, dx=0.0, dy=0.0,
                                                 finger_id=1, touch_id=1, pressure=0.0))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            self.frames(1 + hold_frames)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(1)

    def tap(self, pos: Point, touch: bool | None = None) -> None:
        self._post_down_up(pos, self.touch if touch is None else touch)

    def hover(self, pos: Point) -> None:
        """The mouse comes to rest on `pos`, no button down."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.frames(1)

    def long_press(self, pos: Point, touch: bool | None = None) -> None:
        hold = int(0.7 / self.dt) + 1
        self._post_down_up(pos, self.touch if touch is None else touch, hold_frames=hold)

    def drag(self, start: Point, end: Point, touch: bool | None = None) -> None:
        use_touch = self.touch if touch is None else touch
        steps = 4
        if use_touch:
            w, h = self.app.size
            pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=start[0] / w,
                                                 y=start[1] / h, dx=0.0, dy=0.0, finger_id=2,
                                                 touch_id=1, pressure=1.0))
            self.frames(1)
            for i in range(1, steps + 1):
                x = start[0] + (end[0] - start[0]) * i / steps
                y = start[1] + (end[1] - start[1]) * i / steps
                pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=x / w, y=y / h,
                                                     dx=0.0, dy=0.0, finger_id=2, touch_id=1,
                                                     pressure=1.0))
                self.frames(1)
            pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=end[0] / w, y=end[1] / h,
                                                 dx=0.0, dy=0.0, finger_id=2, touch_id=1,
                                                 pressure=0.0))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            self.frames(1)
            for i in range(1, steps + 1):
                pos = (start[0] + (end[0] - start[0]) * i // steps,
                       start[1] + (end[1] - start[1]) * i // steps)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                     buttons=(1, 0, 0)))
                self.frames(1)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(1)

    def key(self, name: str, char: str = "") -> None:
        """Presses a key by its name; `char` is what it types (shift and / type "?")."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                             mod=0, unicode=char, scancode=0))
        self.frames(1)

    def type(self, text: str) -> None:
        """Types text as a keyboard does, a character a frame: the key press (the key
        pygame calls by the character) and the TEXTINPUT that carries the character."""
        for char in text:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN,
                                                 key=pygame.key.key_code(char.lower()), mod=0,
                                                 unicode=char, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
            self.frames(1)

    # ----- finding things to tap ---------------------------------------------------------

    def press_button(self, scene: Any, bid: str) -> None:
        button = scene.buttons.get(bid)
        if button is None:
            raise LookupError(f"{type(scene).__name__} has no button {bid!r}")
        if not button.enabled:
            raise LookupError(f"button {bid!r} of {type(scene).__name__} is disabled")
        self.tap(button.rect.center)

    @staticmethod
    def square_point(table: TableScene, square: str) -> Point:
        col, row = coords(square)
        return table.layout.square_rect(col, row).center

    def settle(self, table: TableScene, limit: int = 600) -> None:
        """Runs frames until no blocking animation runs, as a player who watches the last
        move land would (one who acts sooner ends the animations at once)."""
        for _ in range(limit):
            if not table.animator.blocking:
                return
            self.frames(1)

    def end_held_turn(self, table: TableScene) -> bool:
        """Presses "End turn" if the table holds the player's last action (as a player who
        ends the turn at once does); True if it did."""
        self.settle(table)
        if table.held is None:
            return False
        self.press_button(table, "end_turn")
        return True

    def perform(self, table: TableScene, action: dict[str, Any], rng: random.Random) -> None:
        """Takes a top-level action at the table by tapping or dragging like a player."""
        self.settle(table)
        kind = action["type"]
        layout = table.layout
        if kind == "tile":
            slot = table.hand().index(action["color"])
            start = layout.hand_slots[slot].center
            target = self.square_point(table, action["to"])
            if rng.random() < 0.3:
                self.drag(start, target)
            else:
                self.tap(start)
                self.tap(target)
        elif kind == "leader":
            assert table.viewer is not None
            here = table.leader_square(table.dynasties[table.viewer], action["color"])
            start = (self.square_point(table, here) if here
                     else layout.leader_slots[COLORS.index(action["color"])].center)
            if action["to"] is None:
                self.tap(start)
                self.press_button(table, "withdraw")
            elif rng.random() < 0.3:
                self.drag(start, self.square_point(table, action["to"]))
            else:
                self.tap(start)
                self.tap(self.square_point(table, action["to"]))
        elif kind == "catastrophe":
            self.tap(layout.catastrophe_slot.center)
            self.tap(self.square_point(table, action["to"]))
        elif kind == "swap":
            self.press_button(table, "swap")
            dialog = self.app.stack.top
            hand = table.hand()
            wanted = list(action["tiles"])
            for i, color in enumerate(hand):
                if color in wanted:
                    wanted.remove(color)
                    self.press_button(dialog, f"swap:{i}")
            self.press_button(dialog, "confirm")
        elif kind == "pass":
            self.press_button(table, "end_turn")
            if table.pass_asked:   # passing actions left is asked once: pressed again
                self.press_button(table, "end_turn")
        else:
            raise ValueError(f"not a table action: {action}")

    def answer(self, dialog: DialogScene, rng: random.Random) -> str:
        """Answers a decision dialog with a random enabled choice; returns the button pressed."""
        options = [b for b in dialog.buttons.buttons if b.enabled and b.id != "undo"]
        choice = rng.choice(options)
        self.tap(choice.rect.center)
        return choice.id
