"""Animations on the table: sprites that slide, fly, fade and rise.

Each animation is created from an engine event (see choreography.py), runs on
time with easing, and may be blocking (input waits for it) and may mask a
piece of the static picture (a tile sliding onto E5 hides the tile already
drawn on E5 until it lands). Drawing an animation changes nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import pygame

from game.tween import Tween, arc_point, ease_in_out_cubic, ease_out_back, ease_out_cubic

Point = tuple[float, float]


class Anim(ABC):
    blocking = True

    def __init__(self, tween: Tween, masks: frozenset[str] = frozenset()) -> None:
        self.tween = tween
        self.masks = masks

    @property
    def done(self) -> bool:
        return self.tween.done

    def update(self, dt: float) -> None:
        self.tween.advance(dt)

    @abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """Draws the animation at its current time."""


def _blit_alpha(surface: pygame.Surface, sprite: pygame.Surface, center: Point,
                alpha: int, scale: float = 1.0) -> None:
    img = sprite
    if scale != 1.0:
        w = max(1, int(sprite.get_width() * scale))
        h = max(1, int(sprite.get_height() * scale))
        img = pygame.transform.scale(sprite, (w, h))
    elif alpha < 255:
        img = sprite.copy()
    if alpha < 255:
        img.set_alpha(alpha)
    surface.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))


class Slide(Anim):
    """A piece moving from one place to another along a shallow arc."""

    def __init__(self, sprite: pygame.Surface, start: Point, end: Point, tween: Tween,
                 masks: frozenset[str] = frozenset(), lift: float = 0.0,
                 fade_out: bool = False) -> None:
        super().__init__(tween, masks)
        self.sprite = sprite
        self.start = start
        self.end = end
        self.lift = lift
        self.fade_out = fade_out

    def draw(self, surface: pygame.Surface) -> None:
        t = self.tween.value
        pos = arc_point(self.start, self.end, t, self.lift)
        alpha = 255
        if self.fade_out:
            alpha = int(255 * (1.0 - max(0.0, self.tween.raw - 0.6) / 0.4))
        _blit_alpha(surface, self.sprite, pos, alpha)


class Fade(Anim):
    """A piece leaving the game where it stood (removed tiles, discarded catastrophe victims)."""

    blocking = False

    def __init__(self, sprite: pygame.Surface, center: Point, tween: Tween) -> None:
        super().__init__(tween)
        self.sprite = sprite
        self.center = center

    def draw(self, surface: pygame.Surface) -> None:
        t = self.tween.raw
        _blit_alpha(surface, self.sprite, self.center, int(255 * (1.0 - t)), 1.0 + 0.15 * t)


class Rise(Anim):
    """A piece appearing in place: monuments rise, catastrophes drop, buildings appear."""

    def __init__(self, sprite: pygame.Surface, center: Point, tween: Tween,
                 masks: frozenset[str] = frozenset(), drop: bool = False) -> None:
        super().__init__(tween, masks)
        self.sprite = sprite
        self.center = center
        self.drop = drop

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        t = self.tween.value
        scale = 1.0 + 0.6 * (1.0 - t) if self.drop else 0.3 + 0.7 * t
        _blit_alpha(surface, self.sprite, self.center, int(255 * min(1.0, self.tween.raw * 2)),
                    max(0.05, scale))


class Flyer(Anim):
    """A small token (a VP, a treasure) flying to a player's panel; never blocks play."""

    blocking = False

    def __init__(self, sprite: pygame.Surface, start: Point, end: Point, tween: Tween) -> None:
        super().__init__(tween)
        self.sprite = sprite
        self.start = start
        self.end = end

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        raw = self.tween.raw
        pos = arc_point(self.start, self.end, self.tween.value, 60.0)
        alpha = int(255 * min(1.0, raw * 4, (1.0 - raw) * 5 + 0.2))
        _blit_alpha(surface, self.sprite, pos, max(0, min(255, alpha)))


class Banner(Anim):
    """A word across the board ("Revolt!", "War!") that fades in and out."""

    blocking = False

    def __init__(self, sprite: pygame.Surface, center: Point, tween: Tween) -> None:
        super().__init__(tween)
        self.sprite = sprite
        self.center = center

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        raw = self.tween.raw
        alpha = int(255 * min(1.0, raw * 5, (1.0 - raw) * 3))
        _blit_alpha(surface, self.sprite, self.center, max(0, alpha), 0.9 + 0.1 * raw)


def slide_tween(duration: float, delay: float = 0.0) -> Tween:
    return Tween(duration, delay, ease_in_out_cubic)


def land_tween(duration: float, delay: float = 0.0) -> Tween:
    return Tween(duration, delay, ease_out_back)


def soft_tween(duration: float, delay: float = 0.0) -> Tween:
    return Tween(duration, delay, ease_out_cubic)


class Animator:
    def __init__(self) -> None:
        self.anims: list[Anim] = []

    def add(self, anim: Anim) -> None:
        if anim.tween.duration <= 0.0:
            return
        self.anims.append(anim)

    def update(self, dt: float) -> bool:
        """Advances all animations; True when the set of masks changed (a redraw is due)."""
        before = len(self.anims)
        for anim in self.anims:
            anim.update(dt)
        self.anims = [a for a in self.anims if not a.done]
        return len(self.anims) != before

    @property
    def blocking(self) -> bool:
        return any(a.blocking for a in self.anims)

    @property
    def active(self) -> bool:
        return bool(self.anims)

    def masks(self) -> set[str]:
        out: set[str] = set()
        for anim in self.anims:
            out |= anim.masks
        return out

    def draw(self, surface: pygame.Surface) -> None:
        for anim in self.anims:
            anim.draw(surface)

    def clear(self) -> None:
        self.anims.clear()
