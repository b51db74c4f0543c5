"""Animations on the table: sprites that slide, fly, fade, rise, crumble and strike.

Each animation is created from an engine event (see choreography.py), runs on
time with easing, may be blocking (the table shows the next action, or lets a
computer move, only after it) and may mask a piece of the static picture (a
piece sliding onto a square hides the piece already drawn there until it lands). No
animation holds up a player: one who acts has them all end at once
(`Animator.clear`), since the picture under them is already the engine's.
Drawing an animation changes nothing.
"""

from __future__ import annotations

import functools
import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Self

import pygame

from game.tween import Tween, arc_point, ease_in_out_cubic, ease_out_back, ease_out_cubic, lerp

Point = tuple[float, float]
Color = tuple[int, int, int]


class Anim(ABC):
    blocking: bool = True
    shows = ""   # what it shows, by the engine event's name ("leader_home", "vp"...)

    def __init__(self, tween: Tween, masks: frozenset[str] = frozenset()) -> None:
        self.tween = tween
        self.masks = masks

    def showing(self, shows: str) -> Self:
        """Names what the animation shows, for whoever lists the running ones."""
        self.shows = shows
        return self

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
    """A piece moving from one place to another along a shallow arc, shrinking on the
    way to `end_scale` when the place it goes to is smaller (a seat panel's slot)."""

    def __init__(self, sprite: pygame.Surface, start: Point, end: Point, tween: Tween,
                 masks: frozenset[str] = frozenset(), lift: float = 0.0,
                 fade_out: bool = False, end_scale: float = 1.0, blocking: bool = True) -> None:
        super().__init__(tween, masks)
        self.sprite = sprite
        self.start = start
        self.end = end
        self.lift = lift
        self.fade_out = fade_out
        self.end_scale = end_scale
        self.blocking = blocking

    def draw(self, surface: pygame.Surface) -> None:
        t = self.tween.value
        pos = arc_point(self.start, self.end, t, self.lift)
        alpha = 255
        if self.fade_out:
            alpha = int(255 * (1.0 - max(0.0, self.tween.raw - 0.6) / 0.4))
        _blit_alpha(surface, self.sprite, pos, alpha, lerp(1.0, self.end_scale, t))


class Fade(Anim):
    """A piece leaving the game where it stood (pieces removed or discarded by a rule)."""

    blocking = False

    def __init__(self, sprite: pygame.Surface, center: Point, tween: Tween) -> None:
        super().__init__(tween)
        self.sprite = sprite
        self.center = center

    def draw(self, surface: pygame.Surface) -> None:
        t = self.tween.raw
        _blit_alpha(surface, self.sprite, self.center, int(255 * (1.0 - t)), 1.0 + 0.15 * t)


class Rise(Anim):
    """A piece appearing in place: a tall piece rises (climbing up from `climb` pixels below
    as it grows), a blocking piece drops, a small one appears."""

    def __init__(self, sprite: pygame.Surface, center: Point, tween: Tween,
                 masks: frozenset[str] = frozenset(), drop: bool = False,
                 climb: float = 0.0) -> None:
        super().__init__(tween, masks)
        self.sprite = sprite
        self.center = center
        self.drop = drop
        self.climb = climb

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        t = self.tween.value
        scale = 1.0 + 0.6 * (1.0 - t) if self.drop else 0.3 + 0.7 * t
        center = (self.center[0], self.center[1] + self.climb * (1.0 - t))
        _blit_alpha(surface, self.sprite, center, int(255 * min(1.0, self.tween.raw * 2)),
                    max(0.05, scale))


class Flyer(Anim):
    """A small token (a point, a prize) flying to a player's panel; never blocks play."""

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


class Crumble(Anim):
    """A piece beaten in a fight breaking into four pieces that drop apart and fade from its
    square; until its turn comes it still stands there whole."""

    blocking = False

    def __init__(self, sprite: pygame.Surface, center: Point, tween: Tween) -> None:
        super().__init__(tween)
        self.sprite = sprite
        self.center = center
        w, h = sprite.get_width() // 2, sprite.get_height() // 2
        self.pieces = [(sprite.subsurface((x * w, y * h, w, h)).copy(), x - 0.5, y - 0.5)
                       for y in (0, 1) for x in (0, 1)]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            _blit_alpha(surface, self.sprite, self.center, 255)
            return
        t = self.tween.value
        alpha = int(255 * (1.0 - self.tween.raw) ** 1.5)
        for piece, dx, dy in self.pieces:
            w, h = piece.get_size()
            x = self.center[0] + dx * w * (1.0 + 0.6 * t)
            y = self.center[1] + dy * h * (1.0 + 0.3 * t) + 0.8 * h * t * t
            piece.set_alpha(alpha)
            surface.blit(piece, piece.get_rect(center=(int(x), int(y))))


DUST: Color = (150, 128, 96)   # darker than the sand of the board, so it reads on it


@functools.lru_cache(maxsize=8)
def _puff(radius: int) -> pygame.Surface:
    surf = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    for r, a in ((radius, 90), (radius * 2 // 3, 130), (radius // 3, 170)):
        pygame.draw.circle(surf, (*DUST, a), (radius, radius), max(1, r))
    return surf


class Dust(Anim):
    """Puffs of dust rolling out from the foot of a tall piece as it rises."""

    blocking = False

    def __init__(self, base: Point, width: float, tween: Tween, puffs: int = 7) -> None:
        super().__init__(tween)
        self.base = base
        self.width = width
        self.puff = _puff(max(4, int(width / 7))).copy()
        self.spots = [(i / (puffs - 1) - 0.5) for i in range(puffs)]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        t = self.tween.value
        self.puff.set_alpha(int(255 * (1.0 - self.tween.raw)))
        scale = 0.5 + t
        img = pygame.transform.scale_by(self.puff, scale)
        for spot in self.spots:
            x = self.base[0] + spot * self.width * (1.0 + 0.5 * t)
            y = self.base[1] - self.width * 0.08 * t * (1.0 - abs(spot))
            surface.blit(img, img.get_rect(center=(int(x), int(y))))


class Strike(Anim):
    """A piece striking a square: a white flash over the square and a crack running out
    from its middle, gone in a moment."""

    blocking = False

    def __init__(self, rect: pygame.Rect, tween: Tween, seed: int) -> None:
        super().__init__(tween)
        self.rect = rect
        self.flash = pygame.Surface(rect.size, pygame.SRCALPHA)
        self.flash.fill((255, 250, 230, 255))
        self.cracks = _cracks(rect, seed)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        raw = self.tween.raw
        self.flash.set_alpha(int(220 * max(0.0, 1.0 - raw * 2.5)))
        surface.blit(self.flash, self.rect)
        if raw < 0.85:
            grown = min(1.0, raw * 3.0)
            width = max(1, self.rect.w // 18)
            for points in self.cracks:
                n = max(2, round(len(points) * grown))
                pygame.draw.lines(surface, CRACK, False, points[:n], width)


CRACK: Color = (40, 24, 16)


def _cracks(rect: pygame.Rect, seed: int) -> list[list[tuple[int, int]]]:
    """Three jagged lines from the middle of a square towards its edges; the same square
    cracks the same way every time (no global randomness in a drawing)."""
    out: list[list[tuple[int, int]]] = []
    cx, cy = rect.center
    reach = rect.w * 0.45
    for i in range(3):
        angle = seed * 0.7 + i * 2.1
        points = [(cx, cy)]
        for step in range(1, 5):
            jag = 0.35 * (1 if (seed + i + step) % 2 else -1)
            a = angle + jag
            d = reach * step / 4
            points.append((int(cx + math.cos(a) * d), int(cy + math.sin(a) * d)))
        out.append(points)
    return out


class Pop(Flyer):
    """A point scored: its "+n" in the colour pops up where it was scored, then flies to
    the colour's score; never blocks play."""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        raw = self.tween.raw
        if raw < 0.3:
            k = raw / 0.3
            pos = (self.start[0], self.start[1] - 12.0 * k)
            scale = 0.4 + 0.9 * ease_out_back(k)
            alpha = 255
        else:
            k = ease_in_out_cubic((raw - 0.3) / 0.7)
            pos = arc_point((self.start[0], self.start[1] - 12.0), self.end, k, 30.0)
            scale = lerp(1.3, 0.7, k)
            alpha = int(255 * min(1.0, (1.0 - raw) * 6 + 0.25))
        _blit_alpha(surface, self.sprite, pos, alpha, max(0.1, scale))


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
    """The running animations and the sounds timed with them (`play` plays one by name;
    a sound due after a delay is heard when its moment comes, or not at all if the
    animations were finished before)."""

    def __init__(self, play: Callable[[str], None]) -> None:
        self.anims: list[Anim] = []
        self.play = play
        self.sounds: list[tuple[float, str]] = []

    def add(self, anim: Anim) -> None:
        if anim.tween.duration <= 0.0:
            return
        self.anims.append(anim)

    def sound(self, name: str, delay: float = 0.0) -> None:
        """Plays `name` now, or after `delay` seconds of animation."""
        if delay <= 0.0:
            self.play(name)
        else:
            self.sounds.append((delay, name))

    def update(self, dt: float) -> bool:
        """Advances all animations; True when the set of masks changed (a redraw is due)."""
        before = len(self.anims)
        for anim in self.anims:
            anim.update(dt)
        self.anims = [a for a in self.anims if not a.done]
        due = [(left - dt, name) for left, name in self.sounds]
        self.sounds = [(left, name) for left, name in due if left > 0.0]
        for left, name in due:
            if left <= 0.0:
                self.play(name)
        return len(self.anims) != before

    def clear(self) -> None:
        """Ends every animation at once and drops the sounds not yet heard (a player acted,
        or the position changed under them): the picture under the animations is already
        the engine's position."""
        self.anims.clear()
        self.sounds.clear()

    def running(self) -> list[str]:
        """What the running animations show, in the order they were started."""
        return [a.shows for a in self.anims]

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
