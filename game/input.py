"""The one place where mouse, touch and keyboard become intents.

Scenes never read pygame events; they receive `Intent`s: tap, long press,
drag and drop, pinch, hover, scroll, key, text, resize, quit. A key press
("key") names the key (pygame's name) for shortcuts and control keys; typed text ("text")
comes only from SDL's TEXTINPUT, which composes what a KEYDOWN cannot carry (a
dead key and its letter, AltGr letters, an IME's words), so a text field types
each character once, from "text", and reads only control keys from "key".

Touch arrives from SDL both as finger events and as synthesised mouse events
marked `touch=True`; under XWayland only the latter may come. So both are
accepted, and once a real finger event has been seen the mouse events marked
as touch are dropped, so that one touch never counts twice. Timing uses the
app's clock, not the wall clock, so tests that step frames with a fixed dt see
the same long presses every run.

By default one gesture is followed at a time and other fingers are ignored, but for
a pinch: when a second finger lands while the first is still only pressed (not yet
a drag or a long press) and then the two move, the first finger's gesture ends
without a tap and the two fingers become "pinch_start", "pinch"... "pinch_end"
intents (`pos` the fingers' centre, `origin` their centre at the start, `scale` their
distance over their distance at the start). A second finger that lands and lifts
without moving is ignored as before, and the first finger moving while the second
rests is the first finger's drag as before. With
`multi=True` (the tabletop mode) every finger is its own gesture: its intents carry
a `pointer` id that lives from its press to its lift, and `primary` is True only for
a gesture that began while no other was in progress, so screens made for one
finger can keep ignoring the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

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
    pointer: int = 0
    primary: bool = True
    scale: float = 1.0


MOUSE_POINTER = 0


@dataclass
class _Gesture:
    """One finger (or the mouse button) from press to lift."""

    press_pos: Point
    press_time: float
    touch: bool
    primary: bool
    dragging: bool = False
    long_fired: bool = False


@dataclass
class _Pair:
    """Two fingers down at once while one gesture is followed: a pinch once they move."""

    first: tuple[int, int]
    second: tuple[int, int]
    start: dict[tuple[int, int], Point]
    now: dict[tuple[int, int], Point]
    pinching: bool = False

    def centre(self, where: dict[tuple[int, int], Point]) -> Point:
        (ax, ay), (bx, by) = where[self.first], where[self.second]
        return ((ax + bx) // 2, (ay + by) // 2)

    def spread(self, where: dict[tuple[int, int], Point]) -> float:
        (ax, ay), (bx, by) = where[self.first], where[self.second]
        return max(1.0, math.hypot(ax - bx, ay - by))

    def moved(self, key: tuple[int, int]) -> float:
        (sx, sy), (x, y) = self.start[key], self.now[key]
        return math.hypot(x - sx, y - sy)

    def intent(self, kind: str) -> Intent:
        """A pinch intent; "pinch_start" says where the fingers were when they landed."""
        now = self.start if kind == "pinch_start" else self.now
        return Intent(kind, pos=self.centre(now), origin=self.centre(self.start),
                      touch=True, scale=self.spread(now) / self.spread(self.start))


class InputMapper:
    def __init__(self, window_size: tuple[int, int], multi: bool = False) -> None:
        self.window_size = window_size
        self.multi = multi
        self.drag_slop = DRAG_SLOP_PX
        self.touch_seen = False
        self._gestures: dict[int, _Gesture] = {}
        self._fingers: dict[tuple[int, int], int] = {}
        self._next_pointer = MOUSE_POINTER + 1
        self._pos: Point = (0, 0)
        self._pair: _Pair | None = None

    @property
    def pressing(self) -> bool:
        return bool(self._gestures) or (self._pair is not None and self._pair.pinching)

    @property
    def pointer(self) -> Point:
        return self._pos

    def active_pointers(self) -> set[int]:
        """The pointers pressed now: a scene holding something open for a finger checks
        that the finger is still down, even if its lift never arrived."""
        return set(self._gestures)

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
        if etype == pygame.TEXTINPUT:
            return [Intent("text", text=event.text)] if event.text else []
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
        if not self.touch_seen:
            mouse = self._gestures.get(MOUSE_POINTER)
            if mouse is not None and mouse.touch:
                del self._gestures[MOUSE_POINTER]
        self.touch_seen = True
        w, h = self.window_size
        pos = (int(event.x * w), int(event.y * h))
        key = (int(getattr(event, "touch_id", 0)), int(event.finger_id))
        if self._pair is not None and key in self._pair.now:
            return self._pair_event(self._pair, key, event.type, pos)
        pointer: int | None
        if event.type == pygame.FINGERDOWN:
            if key in self._fingers:
                return []
            if self._gestures and not self.multi:
                self._second_finger(key, pos)
                return []
            pointer = self._next_pointer
            self._next_pointer += 1
            self._fingers[key] = pointer
            return self._down(pointer, pos, now, touch=True)
        pointer = self._fingers.get(key)
        if pointer is None:
            return []
        if event.type == pygame.FINGERMOTION:
            return self._move(pointer, pos)
        del self._fingers[key]
        return self._up(pointer, pos)

    def _second_finger(self, key: tuple[int, int], pos: Point) -> None:
        """Remembers a second finger that may start a pinch with the first."""
        first = next((k for k, p in self._fingers.items() if p in self._gestures), None)
        if first is None or self._pair is not None:
            return
        gesture = self._gestures[self._fingers[first]]
        if gesture.dragging or gesture.long_fired:
            return
        where = {first: self._pos, key: pos}
        self._pair = _Pair(first, key, dict(where), where)

    def _pair_event(self, pair: _Pair, key: tuple[int, int], etype: int,
                    pos: Point) -> list[Intent]:
        first_pointer = self._fingers.get(pair.first)
        if etype == pygame.FINGERUP:
            self._pair = None
            if pair.pinching:
                self._fingers.pop(key, None)
                return [pair.intent("pinch_end")]
            if key == pair.first and first_pointer is not None:
                del self._fingers[key]
                return self._up(first_pointer, pos)
            return []
        if etype != pygame.FINGERMOTION:
            return []
        pair.now[key] = pos
        if pair.pinching:
            return [pair.intent("pinch")]
        if pair.moved(key) <= self.drag_slop:
            return []
        if first_pointer is None:
            self._pair = None
            return []
        gesture = self._gestures.get(first_pointer)
        # The first finger moving while the second rests (a palm, a hand holding the
        # screen) drags as it would alone.
        resting = key == pair.first and pair.moved(pair.second) <= self.drag_slop / 3
        if gesture is None or gesture.dragging or gesture.long_fired or resting:
            self._pair = None
            return [] if key == pair.second else self._move(first_pointer, pos)
        del self._gestures[first_pointer]
        pair.pinching = True
        return [pair.intent("pinch_start"), pair.intent("pinch")]

    def _mouse_event(self, event: pygame.event.Event, now: float) -> list[Intent]:
        pos = (int(event.pos[0]), int(event.pos[1]))
        touch = bool(getattr(event, "touch", False))
        if event.type == pygame.MOUSEMOTION:
            return self._move(MOUSE_POINTER, pos)
        if event.button in (4, 5):
            return []
        if event.button == 3:
            return [Intent("secondary", pos=pos)] if event.type == pygame.MOUSEBUTTONDOWN else []
        if event.button != 1:
            return []
        if event.type == pygame.MOUSEBUTTONDOWN:
            if MOUSE_POINTER in self._gestures or (self._gestures and not self.multi):
                return []
            return self._down(MOUSE_POINTER, pos, now, touch=touch)
        return self._up(MOUSE_POINTER, pos)

    def _down(self, pointer: int, pos: Point, now: float, touch: bool) -> list[Intent]:
        primary = not self._gestures
        self._gestures[pointer] = _Gesture(pos, now, touch, primary)
        self._pos = pos
        return [Intent("press", pos=pos, touch=touch, pointer=pointer, primary=primary)]

    def _move(self, pointer: int, pos: Point) -> list[Intent]:
        gesture = self._gestures.get(pointer)
        if gesture is None:
            if pointer != MOUSE_POINTER:
                return []
            self._pos = pos
            return [Intent("hover", pos=pos, primary=not self._gestures)]
        self._pos = pos
        origin = gesture.press_pos
        common: dict[str, Any] = {"pos": pos, "origin": origin, "touch": gesture.touch,
                                  "pointer": pointer, "primary": gesture.primary}
        if gesture.dragging:
            return [Intent("drag", **common)]
        dx, dy = pos[0] - origin[0], pos[1] - origin[1]
        if dx * dx + dy * dy > self.drag_slop * self.drag_slop:
            gesture.dragging = True
            return [Intent("drag_start", **common), Intent("drag", **common)]
        return []

    def _up(self, pointer: int, pos: Point) -> list[Intent]:
        gesture = self._gestures.pop(pointer, None)
        self._pos = pos
        if gesture is None:
            return []
        common: dict[str, Any] = {"pos": pos, "touch": gesture.touch, "pointer": pointer,
                                  "primary": gesture.primary}
        if gesture.dragging:
            return [Intent("drop", origin=gesture.press_pos, **common)]
        if gesture.long_fired:
            return [Intent("release", **common)]
        return [Intent("tap", **common)]

    def tick(self, now: float) -> list[Intent]:
        """Long presses happen while nothing moves, so time has to be polled for them."""
        out: list[Intent] = []
        for pointer, gesture in self._gestures.items():
            if gesture.dragging or gesture.long_fired:
                continue
            if now - gesture.press_time >= LONG_PRESS_SECONDS:
                gesture.long_fired = True
                out.append(Intent("long_press", pos=gesture.press_pos, touch=gesture.touch,
                                  pointer=pointer, primary=gesture.primary))
        return out

    def reset(self) -> None:
        """Forgets the presses in progress, e.g. when a new scene takes over mid-gesture."""
        self._gestures.clear()
        self._fingers.clear()
        self._pair = None
