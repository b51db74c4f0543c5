"""Staged repaint: a table's still parts in one cached picture, painted again in stages so
that no frame pays for two of them (the frame budget's p99 is those frames).

A table names its layers in the order they are painted (say the board, then the panels
around it, then the log) and marks one stale when what it shows changed. Each frame
paints at most one stale layer, the first in order, onto the cached picture, then the
table blits the picture and draws what moves over it. A layer may have a `prepare`
step (drawing its pieces into a picture of its own): a frame that prepared it paints
nothing else, and the layer is painted in a later frame. The frame in which the table
did heavy work of its own (applied an action: the engine's time) can `defer` the
painting to the next. Nothing here knows what a layer shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Layer:
    """A part of the cached picture: `paint` draws it onto the picture; `prepare` (if
    any) does the costly part first and says True when it did work in this frame (the
    layer is painted in a later one)."""

    name: str
    paint: Callable[[pygame.Surface], None]
    prepare: Callable[[], bool] | None = None


class StagedRepaint:
    """The cached picture and which of its layers are stale."""

    def __init__(self, layers: Sequence[Layer]) -> None:
        self.layers = tuple(layers)
        self.picture: pygame.Surface | None = None
        self.stale: set[str] = {layer.name for layer in self.layers}
        self.deferred = False
        # this frame painted a layer (or the table deferred it): pictures drawn per frame
        # that may wait keep their last one until a quiet frame
        self.busy = False

    def mark(self, name: str, stale: bool = True) -> None:
        if stale:
            self.stale.add(name)
        else:
            self.stale.discard(name)

    def mark_all(self) -> None:
        self.stale = {layer.name for layer in self.layers}

    def is_stale(self, name: str) -> bool:
        return name in self.stale

    def frame(self, size: tuple[int, int]) -> pygame.Surface:
        """The picture for this frame, after painting what this frame may: everything on
        a fresh picture, else nothing when deferred, else the first stale layer."""
        fresh = self.picture is None or self.picture.get_size() != size
        if fresh:
            self.picture = pygame.Surface(size).convert()
        assert self.picture is not None
        self.busy = True
        if fresh:
            for layer in self.layers:
                layer.paint(self.picture)
            self.stale.clear()
            self.deferred = False
        elif self.deferred:
            self.deferred = False
        else:
            first = next((la for la in self.layers if la.name in self.stale), None)
            if first is None:
                self.busy = False
            elif first.prepare is None or not first.prepare():
                first.paint(self.picture)
                self.stale.discard(first.name)
        return self.picture
