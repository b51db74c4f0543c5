"""The kit's staged repaint (game.kit.repaint): a cached picture whose stale layers are
painted one a frame, in order, so that no frame pays for two."""

from __future__ import annotations

import pygame

from game.kit.repaint import Layer, StagedRepaint


def staged(painted: list[str], prepared: list[bool]) -> StagedRepaint:
    def prepare() -> bool:
        painted.append("prepare")
        return prepared.pop(0) if prepared else False

    return StagedRepaint((
        Layer("board", lambda _target: painted.append("board"), prepare),
        Layer("panels", lambda _target: painted.append("panels")),
        Layer("log", lambda _target: painted.append("log")),
    ))


def frames(repaint: StagedRepaint, painted: list[str], count: int) -> list[list[str]]:
    per_frame = []
    for _ in range(count):
        painted.clear()
        repaint.frame((40, 30))
        per_frame.append(list(painted))
    return per_frame


def test_a_fresh_picture_paints_every_layer_then_each_stale_layer_gets_a_frame() -> None:
    pygame.display.init()
    pygame.display.set_mode((40, 30))
    painted: list[str] = []
    repaint = staged(painted, [True])
    assert frames(repaint, painted, 1) == [["board", "panels", "log"]]
    assert repaint.busy
    repaint.mark_all()
    repaint.deferred = True
    assert frames(repaint, painted, 6) == [[], ["prepare"], ["prepare", "board"], ["panels"],
                                           ["log"], []]
    assert not repaint.busy, "a frame with nothing to paint is quiet"


def test_a_new_size_or_a_dropped_picture_paints_everything_again() -> None:
    pygame.display.init()
    pygame.display.set_mode((40, 30))
    painted: list[str] = []
    repaint = staged(painted, [])
    frames(repaint, painted, 1)
    repaint.mark("log")
    repaint.picture = None
    assert frames(repaint, painted, 2) == [["board", "panels", "log"], []]
    painted.clear()
    repaint.frame((50, 30))
    assert painted == ["board", "panels", "log"]
