"""Which animations and sounds an action's events start, and where they go.

The table hands over the engine's events for the action just applied; this
module turns each into sprites that move between places the table names
(a square, a seat's panel, a hand slot, a leader's slot, a score box, the
bag) and into the sound heard with each. Timing follows the order of events,
so a war reads as it happened: the tile lands, the banner shows, the losing
leader walks home to its owner's supply, the beaten tiles crumble, the points
pop and fly to their scores. Only what was blocking before blocks now: a
leader going home, crumbling tiles, dust, a strike's flash and flying points
never hold up the next action or a computer's move.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.animations import (
    Animator,
    Banner,
    Crumble,
    Dust,
    Fade,
    Flyer,
    Pop,
    Rise,
    Slide,
    Strike,
    land_tween,
    slide_tween,
    soft_tween,
)
from game.tigris.boardmap import coords, monument_squares
from game.tween import SPEEDS

Point = tuple[float, float]


class Stage(Protocol):
    """What the table tells the choreographer about places and sprites."""

    viewer: int | None

    def square_center(self, square: str) -> Point: ...
    def square_rect(self, square: str) -> pygame.Rect: ...
    def panel_center(self, seat: int) -> Point: ...
    def hand_slot_center(self, index: int) -> Point: ...
    def leader_slot_center(self, color: str) -> Point: ...
    def leader_home(self, seat: int, color: str) -> tuple[Point, float]: ...
    def score_center(self, seat: int, color: str) -> Point: ...
    def scores_center(self, seat: int) -> Point: ...
    def bag_center(self) -> Point: ...
    def slots_for(self, tiles: list[str]) -> list[int]: ...
    def source_point(self) -> Point | None: ...
    def sprite(self, kind: str, *args: Any) -> pygame.Surface: ...
    def banner_sprite(self, words: str) -> pygame.Surface: ...
    def vp_sprite(self, color: str, amount: int) -> pygame.Surface: ...


def _mid(points: list[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def choreograph(events: list[dict[str, Any]], stage: Stage, animator: Animator, speed: str,
                dynasties: list[str], banner_words: dict[str, str]) -> bool:
    """Adds the animations for `events`, each with its sound; adds nothing at speed "off"
    (the setting for reduced motion). True if it animated them (and so timed their
    sounds), False if the table shows the action at once."""
    k = SPEEDS.get(speed, 1.0)
    if k <= 0.0:
        return False
    clock = 0.0
    sounded = False
    last_square: str | None = None

    def sound(name: str, at: float) -> None:
        nonlocal sounded
        sounded = True
        animator.sound(name, at)

    for e in events:
        kind = e["type"]
        seat = int(e.get("seat", 0) or 0)
        if kind == "tile_placed":
            start = _start_for(stage, seat)
            end = stage.square_center(e["at"])
            animator.add(Slide(stage.sprite("tile", e["color"]), start, end,
                               slide_tween(0.32 * k, clock), frozenset({e["at"]}),
                               lift=20.0).showing(kind))
            sound("tile_place", clock + 0.28 * k)
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
                               frozenset({e["at"]}), lift=24.0).showing(kind))
            sound("leader_place", clock + 0.28 * k)
            clock += 0.3 * k
            last_square = e["at"]
        elif kind == "leader_withdrawn":
            sprite = stage.sprite("leader", dynasties[seat], e["color"])
            end, width = stage.leader_home(seat, e["color"])
            animator.add(Slide(sprite, stage.square_center(e["from"]), end,
                               slide_tween(0.6 * k, clock),
                               frozenset({f"supply:{seat}:{e['color']}"}), lift=40.0,
                               end_scale=width / max(1, sprite.get_width()),
                               blocking=False).showing("leader_home"))
            sound("leader_home", clock + 0.5 * k)
            clock += 0.15 * k
        elif kind == "catastrophe":
            center = stage.square_center(e["at"])
            if e.get("removed"):
                animator.add(Fade(stage.sprite("tile", e["removed"]), center,
                                  soft_tween(0.35 * k, clock)))
            animator.add(Rise(stage.sprite("catastrophe"), center, land_tween(0.35 * k, clock),
                              frozenset({e["at"]}), drop=True).showing(kind))
            col, row = coords(e["at"])
            animator.add(Strike(stage.square_rect(e["at"]), soft_tween(0.5 * k, clock + 0.2 * k),
                                col * 11 + row).showing("catastrophe_strike"))
            sound("catastrophe", clock + 0.2 * k)
            clock += 0.35 * k
            last_square = e["at"]
        elif kind == "unification":
            animator.add(Rise(stage.sprite("unification"), stage.square_center(e["at"]),
                              land_tween(0.3 * k, clock), frozenset({"unification"}),
                              drop=True).showing(kind))
            clock += 0.25 * k
        elif kind == "conflict":
            words = banner_words["revolt" if e["kind"] == "revolt" else "war"]
            animator.add(Banner(stage.banner_sprite(words), _board_mid(stage),
                                soft_tween(1.1 * k, clock)).showing(kind))
            sound("conflict_start", clock)
            clock += 0.2 * k
        elif kind == "conflict_won":
            sound("war_won", clock)
        elif kind == "tiles_removed":
            for i, square in enumerate(e["squares"]):
                animator.add(Crumble(stage.sprite("tile", e["color"]), stage.square_center(square),
                                     soft_tween(0.6 * k, clock + 0.05 * i * k)).showing(kind))
            sound("tiles_crumble", clock)
            clock += 0.3 * k
        elif kind == "vp":
            origin = stage.square_center(last_square) if last_square else _board_mid(stage)
            animator.add(Pop(stage.vp_sprite(e["color"], e["amount"]), origin,
                             stage.score_center(seat, e["color"]),
                             soft_tween(0.9 * k, clock)).showing(kind))
            sound("vp_gain", clock)
            clock += 0.08 * k
        elif kind == "monument_built":
            squares = monument_squares(e["at"])
            center = _mid([stage.square_center(s) for s in squares])
            width = 2.0 * stage.square_rect(e["at"]).w
            animator.add(Rise(stage.sprite("monument", tuple(e["colors"])), center,
                              land_tween(0.5 * k, clock), frozenset({f"monument:{e['at']}"}),
                              climb=width * 0.3).showing(kind))
            animator.add(Dust((center[0], center[1] + width * 0.45), width,
                              soft_tween(0.8 * k, clock + 0.1 * k)).showing("monument_dust"))
            sound("monument_built", clock)
            clock += 0.45 * k
            last_square = e["at"]
        elif kind == "wonder_built":
            animator.add(Rise(stage.sprite("wonder"), stage.square_center(e["at"]),
                              land_tween(0.5 * k, clock), frozenset({"wonder"})).showing(kind))
            sound("monument_built", clock)
            clock += 0.45 * k
        elif kind == "building_placed":
            sprite = stage.sprite("building", e["color"])
            mask = frozenset({f"building:{e['color']}"})
            if e.get("from"):
                animator.add(Slide(sprite, stage.square_center(e["from"]),
                                   stage.square_center(e["at"]), slide_tween(0.35 * k, clock),
                                   mask, lift=20.0).showing(kind))
            else:
                animator.add(Rise(sprite, stage.square_center(e["at"]),
                                  land_tween(0.4 * k, clock), mask).showing(kind))
            sound("leader_place", clock + 0.3 * k)
            clock += 0.35 * k
        elif kind == "treasure_taken":
            animator.add(Flyer(stage.sprite("treasure"), stage.square_center(e["at"]),
                               stage.scores_center(seat), soft_tween(0.7 * k, clock)).showing(kind))
            sound("treasure_taken", clock)
            clock += 0.25 * k
        elif kind == "hand_drawn" and e["private_to"] == stage.viewer:
            slots = stage.slots_for(list(e["tiles"]))
            for i, (color, slot) in enumerate(zip(e["tiles"], slots, strict=False)):
                animator.add(Slide(stage.sprite("tile", color), stage.bag_center(),
                                   stage.hand_slot_center(slot),
                                   soft_tween(0.4 * k, clock + 0.07 * i * k),
                                   frozenset({f"hand:{slot}"}), lift=30.0).showing(kind))
        elif kind == "unification_returned":
            animator.add(Slide(stage.sprite("unification"), stage.square_center(e["at"]),
                               stage.panel_center(seat), slide_tween(0.4 * k, clock),
                               lift=20.0, fade_out=True).showing(kind))
    if not sounded and any(e["type"] == "turn_started" for e in events):
        animator.sound("turn_start", clock)
    return True


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
