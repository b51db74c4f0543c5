"""Easing functions and time-based tweens.

Pure arithmetic with no pygame import, so that motion can be tested without a
window and stays frame-rate independent: a tween's value depends only on the
time elapsed, never on how many frames were drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots a little before settling: used for pieces landing on the board."""
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2.0)


def clamp01(t: float) -> float:
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(
    a: tuple[float, float], b: tuple[float, float], t: float
) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc_point(
    a: tuple[float, float], b: tuple[float, float], t: float, lift: float
) -> tuple[float, float]:
    """A point on a shallow arc from a to b: flying pieces read better than straight slides."""
    x, y = lerp_point(a, b, t)
    return (x, y - lift * 4.0 * t * (1.0 - t))


@dataclass
class Tween:
    """Progress from 0 to 1 over `duration` seconds after `delay` seconds."""

    duration: float
    delay: float = 0.0
    easing: Easing = ease_out_cubic
    elapsed: float = 0.0

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def raw(self) -> float:
        if self.duration <= 0.0:
            return 1.0 if self.started else 0.0
        return clamp01((self.elapsed - self.delay) / self.duration)

    @property
    def value(self) -> float:
        return self.easing(self.raw)


SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}


def scaled(duration: float, speed: str) -> float:
    """The real duration of an animation at the user's speed setting (0 means: skip it)."""
    return duration * SPEEDS.get(speed, 1.0)
