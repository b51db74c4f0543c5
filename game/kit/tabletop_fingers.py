"""Synthetic fingers at a tabletop, for tests and the kiosk's demos: SDL finger events
posted to an App and frames run, each finger keeping its id from down to up, so
one can hold a panel open while another plays elsewhere.

They read nothing of a scene: the caller says where to press (a strip's centre,
a `PanelView.control_center`). Two ways of using a held panel are offered, as
people do it: one finger (hold the strip, slide onto the control, lift) and two
fingers (one holds, the other taps).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app import App

Point = tuple[int, int]


class Fingers:
    def __init__(self, app: App, dt: float = 1.0 / 60.0) -> None:
        self.app = app
        self.dt = dt
        self._next_id = 100

    def frames(self, count: int = 1) -> None:
        self.app.run_frames(count, self.dt)

    def post(self, kind: int, fid: int, pos: Point) -> None:
        w, h = self.app.size
        pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0,
                                             finger_id=fid, touch_id=1, pressure=1.0))

    def down(self, pos: Point) -> int:
        """Puts a new finger down and returns its id."""
        self._next_id += 1
        self.post(pygame.FINGERDOWN, self._next_id, pos)
        self.frames(1)
        return self._next_id

    def move(self, fid: int, start: Point, end: Point, steps: int = 4) -> None:
        for i in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * i // steps,
                   start[1] + (end[1] - start[1]) * i // steps)
            self.post(pygame.FINGERMOTION, fid, pos)
            self.frames(1)

    def up(self, fid: int, pos: Point) -> None:
        self.post(pygame.FINGERUP, fid, pos)
        self.frames(1)

    def tap_at(self, pos: Point) -> None:
        self.up(self.down(pos), pos)

    def rest(self, seconds: float) -> None:
        self.frames(int(seconds / self.dt) + 2)

    def use(self, strip: Point, control: Callable[[], Point], one_finger: bool) -> None:
        """Uses a control of a panel held at `strip` (where the control is, asked once the
        panel is open): sliding one finger onto it and lifting, or tapping it with a
        second finger while the first holds."""
        holder = self.down(strip)
        target = control()
        if one_finger:
            self.move(holder, strip, target)
            self.up(holder, target)
            return
        self.tap_at(target)
        self.up(holder, strip)

    def carry_out(self, strip: Point, piece: Callable[[], Point], end: Point,
              rest: float | None) -> None:
        """Carries a piece out of a panel held at `strip` to `end`: one finger slides onto
        it and rests `rest` seconds to grab it, or (rest None) a second finger takes it
        while the first holds."""
        holder = self.down(strip)
        target = piece()
        if rest is not None:
            self.move(holder, strip, target)
            self.rest(rest)
            self.move(holder, target, end, steps=6)
            self.up(holder, end)
            return
        fid = self.down(target)
        self.move(fid, target, end, steps=6)
        self.up(fid, end)
        self.up(holder, strip)
