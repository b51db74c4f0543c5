"""Which animations an action's events start, and where they go.

The table hands over the engine's events for the action just applied; this
module turns each into sprites that move between places the table names
(a square, a seat's panel, a hand slot, the bag). Timing follows the order of
events, so a war reads as it happened: the tile lands, the banner shows, the
losing leader walks home, the beaten tiles fade, the points fly.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.animations import (
    Animator,
    Banner,
    Fade,
    Flyer,
    Rise,
    Slide,
    land_tween,
    slide_tween,
    soft_tween,
)
from game.tigris.boardmap import monument_squares
from game.tween import SPEEDS

Point = tuple[float, float]


class Stage(Protocol):
    """What the table tells the choreographer about places and sprites."""

    viewer: int | None

    def square_center(self, square: str) -> Point: ...
    def panel_center(self, seat: int) -> Point: ...
    def hand_slot_center(self, index: int) -> Point: ...
    def leader_slot_center(self, color: str) -> Point: ...
    def bag_center(self) -> Point: ...
    def slots_for(self, tiles: list[str]) -> list[int]: ...
    def source_point(self) -> Point | None: ...
    def sprite(self, kind: str, *args: Any) -> pygame.Surface: ...
    def banner_sprite(self, words: str) -> pygame.Surface: ...
    def vp_sprite(self, color: str, amount: int) -> pygame.Surface: ...


def _mid(points: list[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def choreograph(events: list[dict[str, Any]], stage: Stage, animator: Animator, speed: str,
                dynasties: list[str], banner_words: dict[str, str]) -> None:
    """Adds the animations for `events`; adds nothing at speed "off"."""
    k = SPEEDS.get(speed, 1.0)
    if k <= 0.0:
        return
    clock = 0.0
    last_square: str | None = None
    for e in events:
        kind = e["type"]
        seat = int(e.get("seat", 0) or 0)
        if kind == "tile_placed":
            start = _start_for(stage, seat)
            end = stage.square_center(e["at"])
            animator.add(Slide(stage.sprite("tile", e["color"]), start, end,
                               slide_tween(0.32 * k, clock), frozenset({e["at"]}), lift=20.0))
            clock += 0.3 * k
            last_square = e["at"]
        elif kind == "leader_placed":
            if e.get("from"):
                start = stage.square_center(e["from"])
            elif seat == stage.viewer:
                start = stage.source_point() or stage.leader_slot_center(e["color"])
            else:
                start = stage.panel_center(seat)
            animator.add(Slide(stage.sprite("leader", dynasties[seat], e["color"]), start,
                               stage.square_center(e["at"]), slide_tween(0.32 * k, clock),
                               frozenset({e["at"]}), lift=24.0))
            clock += 0.3 * k
            last_square = e["at"]
        elif kind == "leader_withdrawn":
            end = (stage.leader_slot_center(e["color"]) if seat == stage.viewer
                   else stage.panel_center(seat))
            animator.add(Slide(stage.sprite("leader", dynasties[seat], e["color"]),
                               stage.square_center(e["from"]), end,
                               slide_tween(0.4 * k, clock), lift=30.0, fade_out=True))
            clock += 0.15 * k
        elif kind == "catastrophe":
            center = stage.square_center(e["at"])
            if e.get("removed"):
                animator.add(Fade(stage.sprite("tile", e["removed"]), center,
                                  soft_tween(0.35 * k, clock)))
            animator.add(Rise(stage.sprite("catastrophe"), center, land_tween(0.35 * k, clock),
                              frozenset({e["at"]}), drop=True))
            clock += 0.35 * k
            last_square = e["at"]
        elif kind == "unification":
            animator.add(Rise(stage.sprite("unification"), stage.square_center(e["at"]),
                              land_tween(0.3 * k, clock), frozenset({"unification"}), drop=True))
            clock += 0.25 * k
        elif kind == "conflict":
            words = banner_words["revolt" if e["kind"] == "revolt" else "war"]
            animator.add(Banner(stage.banner_sprite(words), _board_mid(stage),
                                soft_tween(1.1 * k, clock)))
            clock += 0.2 * k
        elif kind == "tiles_removed":
            for i, square in enumerate(e["squares"]):
                animator.add(Fade(stage.sprite("tile", e["color"]), stage.square_center(square),
                                  soft_tween(0.45 * k, clock + 0.06 * i * k)))
            clock += 0.3 * k
        elif kind == "vp":
            origin = stage.square_center(last_square) if last_square else _board_mid(stage)
            animator.add(Flyer(stage.vp_sprite(e["color"], e["amount"]), origin,
                               stage.panel_center(seat), soft_tween(0.8 * k, clock)))
            clock += 0.08 * k
        elif kind == "monument_built":
            squares = monument_squares(e["at"])
            center = _mid([stage.square_center(s) for s in squares])
            animator.add(Rise(stage.sprite("monument", tuple(e["colors"])), center,
                              land_tween(0.5 * k, clock), frozenset({f"monument:{e['at']}"})))
            clock += 0.45 * k
            last_square = e["at"]
        elif kind == "wonder_built":
            animator.add(Rise(stage.sprite("wonder"), stage.square_center(e["at"]),
                              land_tween(0.5 * k, clock), frozenset({"wonder"})))
            clock += 0.45 * k
        elif kind == "building_placed":
            sprite = stage.sprite("building", e["color"])
            mask = frozenset({f"building:{e['color']}"})
            if e.get("from"):
                animator.add(Slide(sprite, stage.square_center(e["from"]),
                                   stage.square_center(e["at"]), slide_tween(0.35 * k, clock),
                                   mask, lift=20.0))
            else:
                animator.add(Rise(sprite, stage.square_center(e["at"]),
                                  land_tween(0.4 * k, clock), mask))
            clock += 0.35 * k
        elif kind == "treasure_taken":
            animator.add(Flyer(stage.sprite("treasure"), stage.square_center(e["at"]),
                               stage.panel_center(seat), soft_tween(0.7 * k, clock)))
            clock += 0.25 * k
        elif kind == "hand_drawn" and e["private_to"] == stage.viewer:
            slots = stage.slots_for(list(e["tiles"]))
            for i, (color, slot) in enumerate(zip(e["tiles"], slots, strict=False)):
                animator.add(Slide(stage.sprite("tile", color), stage.bag_center(),
                                   stage.hand_slot_center(slot),
                                   soft_tween(0.4 * k, clock + 0.07 * i * k),
                                   frozenset({f"hand:{slot}"}), lift=30.0))
        elif kind == "unification_returned":
            animator.add(Slide(stage.sprite("unification"), stage.square_center(e["at"]),
                               stage.panel_center(seat), slide_tween(0.4 * k, clock),
                               lift=20.0, fade_out=True))


def _start_for(stage: Stage, seat: int) -> Point:
    if seat == stage.viewer:
        point = stage.source_point()
        if point is not None:
            return point
    return stage.panel_center(seat)


def _board_mid(stage: Stage) -> Point:
    a = stage.square_center("A1")
    b = stage.square_center("P11")
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
