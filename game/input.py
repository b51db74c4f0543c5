"""The one place where mouse, touch and keyboard become intents.

Scenes never read pygame events; they receive `Intent`s: tap, long press,
drag and drop, hover, scroll, key, resize, quit. Touch arrives from SDL both as
finger events and as synthesised mouse events marked `touch=True`; under
XWayland only the latter may come. So both are accepted, and once a real finger
event has been seen the mouse events marked as touch are dropped, so that one
touch never counts twice. Timing uses the app's clock, not the wall clock, so
tests that step frames with a fixed dt see the same long presses every run.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

LONG_PRESS_SECONDS = 0.55
DRAG_SLOP_PX = 10

Point = tuple[int, int]


@dataclass(frozen=True)
class Intent:
    kind: str
    pos: Point | None = None
    origin: Point | None = None
    key: str = ""
    text: str = ""
    amount: int = 0
    touch: bool = False


class InputMapper:
    def __init__(self, window_size: tuple[int, int]) -> None:
        self.window_size = window_size
        self.drag_slop = DRAG_SLOP_PX
        self.touch_seen = False
        self._finger: int | None = None
        self._press_pos: Point | None = None
        self._press_time = 0.0
        self._pos: Point = (0, 0)
        self._dragging = False
        self._long_fired = False
        self._press_touch = False

    @property
    def pressing(self) -> bool:
        return self._press_pos is not None

    @property
    def pointer(self) -> Point:
        return self._pos

    def feed(self, event: pygame.event.Event, now: float) -> list[Intent]:
        etype = event.type
        if etype == pygame.QUIT:
            return [Intent("quit")]
        if etype == pygame.VIDEORESIZE:
            self.window_size = (event.w, event.h)
            return [Intent("resize", pos=(event.w, event.h))]
        if etype == pygame.WINDOWSIZECHANGED:
            self.window_size = (event.x, event.y)
            return [Intent("resize", pos=(event.x, event.y))]
        if etype == pygame.KEYDOWN:
            name = pygame.key.name(event.key)
            return [Intent("key", key=name, text=getattr(event, "unicode", ""))]
        if etype in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            return self._finger_event(event, now)
        if etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False) and self.touch_seen:
                return []
            return self._mouse_event(event, now)
        if etype == pygame.MOUSEWHEEL:
            return [Intent("scroll", pos=self._pos, amount=int(event.y))]
        if etype == pygame.WINDOWLEAVE and not self.pressing:
            return [Intent("hover", pos=None)]
        return []

    def _finger_event(self, event: pygame.event.Event, now: float) -> list[Intent]:
        self.touch_seen = True
        w, h = self.window_size
        pos = (int(event.x * w), int(event.y * h))
        if event.type == pygame.FINGERDOWN:
            if self._finger is not None:
                return []
            self._finger = event.finger_id
            return self._down(pos, now, touch=True)
        if event.finger_id != self._finger:
            return []
        if event.type == pygame.FINGERMOTION:
            return self._move(pos)
        self._finger = None
        return self._up(pos)

    def _mouse_event(self, event: pygame.event.Event, now: float) -> list[Intent]:
        pos = (int(event.pos[0]), int(event.pos[1]))
        touch = bool(getattr(event, "touch", False))
        if event.type == pygame.MOUSEMOTION:
            return self._move(pos)
        if event.button in (4, 5):
            return []
        if event.button == 3:
            return [Intent("secondary", pos=pos)] if event.type == pygame.MOUSEBUTTONDOWN else []
        if event.button != 1:
            return []
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._down(pos, now, touch=touch)
        return self._up(pos)

    def _down(self, pos: Point, now: float, touch: bool) -> list[Intent]:
        self._press_pos = pos
        self._press_time = now
        self._pos = pos
        self._dragging = False
        self._long_fired = False
        self._press_touch = touch
        return [Intent("press", pos=pos, touch=touch)]

    def _move(self, pos: Point) -> list[Intent]:
        self._pos = pos
        origin = self._press_pos
        if origin is None:
            return [Intent("hover", pos=pos)]
        if self._dragging:
            return [Intent("drag", pos=pos, origin=origin, touch=self._press_touch)]
        dx, dy = pos[0] - origin[0], pos[1] - origin[1]
        if dx * dx + dy * dy > self.drag_slop * self.drag_slop:
            self._dragging = True
            return [
                Intent("drag_start", pos=pos, origin=origin, touch=self._press_touch),
                Intent("drag", pos=pos, origin=origin, touch=self._press_touch),
            ]
        return []

    def _up(self, pos: Point) -> list[Intent]:
        origin = self._press_pos
        self._pos = pos
        self._press_pos = None
        if origin is None:
            return []
        if self._dragging:
            self._dragging = False
            return [Intent("drop", pos=pos, origin=origin, touch=self._press_touch)]
        if self._long_fired:
            return [Intent("release", pos=pos, touch=self._press_touch)]
        return [Intent("tap", pos=pos, touch=self._press_touch)]

    def tick(self, now: float) -> list[Intent]:
        """Long presses happen while nothing moves, so time has to be polled for them."""
        origin = self._press_pos
        if origin is None or self._dragging or self._long_fired:
            return []
        if now - self._press_time >= LONG_PRESS_SECONDS:
            self._long_fired = True
            return [Intent("long_press", pos=origin, touch=self._press_touch)]
        return []

    def reset(self) -> None:
        """Forgets a press in progress, e.g. when a new scene takes over mid-gesture."""
        self._press_pos = None
        self._finger = None
        self._dragging = False
