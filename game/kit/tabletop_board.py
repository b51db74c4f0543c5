"""Fingers on a board viewport at a tabletop: one finger pans, two pinch.

A tabletop's input follows every finger as its own gesture (`InputMapper(multi=True)`),
so the one-gesture pinch of `game.input` never comes: people round a table touch the
board and their panels at once. `BoardFingers` takes the intents of the fingers that
landed on a `Viewport` and gives it what a desk's input would: a first finger's drag
pans it, a second finger on the board turns the two into "pinch_start", "pinch"... and
"pinch_end" (the fingers' centre, their centre at the start, their distance over their
distance at the start). A finger that took part in a pan or a pinch never taps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.input import Intent
from game.kit.viewport import Viewport

Point = tuple[int, int]


@dataclass
class _BoardFinger:
    pos: Point
    moved: bool = False


def _centre(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)


def _apart(a: Point, b: Point) -> float:
    return max(1.0, math.hypot(a[0] - b[0], a[1] - b[1]))


class BoardFingers:
    def __init__(self, view: Viewport) -> None:
        self.view = view
        self.fingers: dict[int, _BoardFinger] = {}
        self._pinch: tuple[int, int, Point, float] | None = None   # pointers, centre, apart

    def owns(self, pointer: int) -> bool:
        return pointer in self.fingers

    def press(self, intent: Intent) -> bool:
        """A finger down: the board's when it lands on the viewport (True)."""
        if intent.pos is None or not self.view.rect.collidepoint(intent.pos):
            return False
        self.fingers[intent.pointer] = _BoardFinger(intent.pos)
        if len(self.fingers) == 2 and self._pinch is None:
            (p, a), (q, b) = self.fingers.items()
            for finger in (a, b):
                finger.moved = True   # neither taps once two share the board
            self.view.handle(Intent("drop", a.pos))   # a pan under way gives way to the pinch
            centre = _centre(a.pos, b.pos)
            self._pinch = (p, q, centre, _apart(a.pos, b.pos))
            self.view.handle(Intent("pinch_start", centre, origin=centre))
        return True

    def move(self, intent: Intent) -> bool:
        """A board finger moved: it pans alone, pinches with the other; True if it is the
        board's."""
        finger = self.fingers.get(intent.pointer)
        if finger is None or intent.pos is None:
            return False
        finger.pos = intent.pos
        if self._pinch is not None and intent.pointer in self._pinch[:2]:
            p, q, start, apart = self._pinch
            a, b = self.fingers[p].pos, self.fingers[q].pos
            self.view.handle(Intent("pinch", _centre(a, b), origin=start,
                                    scale=_apart(a, b) / apart))
            return True
        if intent.kind == "drag_start":
            finger.moved = True
            self.view.handle(Intent("drag_start", intent.pos, origin=intent.origin))
        elif intent.kind == "drag":
            self.view.handle(intent)
        return True

    def lift(self, intent: Intent) -> tuple[bool, bool]:
        """A board finger lifted: (whether it was the board's, whether it was a plain tap
        the game may answer)."""
        finger = self.fingers.pop(intent.pointer, None)
        if finger is None:
            return False, False
        if self._pinch is not None and intent.pointer in self._pinch[:2]:
            self._pinch = None
            self.view.handle(Intent("pinch_end", intent.pos))
            return True, False
        if finger.moved:
            self.view.handle(Intent("drop", intent.pos))
            return True, False
        if intent.kind == "tap" and self.view.handle(intent):
            return True, False   # a tap on the minimap moves the view there
        return True, intent.kind == "tap"

    def forget(self, alive: set[int]) -> None:
        """Drops fingers whose lift never came (another screen took over)."""
        for pointer in [p for p in self.fingers if p not in alive]:
            self.fingers.pop(pointer)
            if self._pinch is not None and pointer in self._pinch[:2]:
                self._pinch = None
                self.view.handle(Intent("pinch_end", None))
