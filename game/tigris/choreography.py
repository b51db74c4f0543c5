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

from collections.abc import Mapping
from dataclasses import dataclass
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
from game.kit.handlers import EventHandlers
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


Event = Mapping[str, Any]


@dataclass
class _Moves:
    """What the animations of one action's events share: where they are drawn, the speed
    (`k` scales every duration), the clock at which the next one starts, whether a sound
    was timed, and the square a piece landed on last (points pop from there)."""

    stage: Stage
    animator: Animator
    k: float
    dynasties: list[str]
    banner_words: dict[str, str]
    clock: float = 0.0
    sounded: bool = False
    last_square: str | None = None

    def sound(self, name: str, at: float) -> None:
        self.sounded = True
        self.animator.sound(name, at)


def choreograph(events: list[dict[str, Any]], stage: Stage, animator: Animator, speed: str,
                dynasties: list[str], banner_words: dict[str, str]) -> bool:
    """Adds the animations for `events`, each with its sound; adds nothing at speed "off"
    (the setting for reduced motion). True if it animated them (and so timed their
    sounds), False if the table shows the action at once."""
    k = SPEEDS.get(speed, 1.0)
    if k <= 0.0:
        return False
    moves = MOVES.run(events, _Moves(stage, animator, k, dynasties, banner_words))
    if not moves.sounded and any(e["type"] == "turn_started" for e in events):
        animator.sound("turn_start", moves.clock)
    return True


def _seat(e: Event) -> int:
    return int(e.get("seat", 0) or 0)


def _tile_placed(e: Event, m: _Moves) -> None:
    k, clock, stage = m.k, m.clock, m.stage
    start = _start_for(stage, _seat(e))
    end = stage.square_center(e["at"])
    m.animator.add(Slide(stage.sprite("tile", e["color"]), start, end,
                         slide_tween(0.32 * k, clock), frozenset({e["at"]}),
                         lift=20.0).showing(e["type"]))
    m.sound("tile_place", clock + 0.28 * k)
    m.clock += 0.3 * k
    m.last_square = e["at"]


def _leader_placed(e: Event, m: _Moves) -> None:
    k, clock, stage, seat = m.k, m.clock, m.stage, _seat(e)
    if e.get("from"):
        start = stage.square_center(e["from"])
    elif seat == stage.viewer:
        start = stage.source_point() or stage.leader_slot_center(e["color"])
    else:
        start = stage.panel_center(seat)
    m.animator.add(Slide(stage.sprite("leader", m.dynasties[seat], e["color"]), start,
                         stage.square_center(e["at"]), slide_tween(0.32 * k, clock),
                         frozenset({e["at"]}), lift=24.0).showing(e["type"]))
    m.sound("leader_place", clock + 0.28 * k)
    m.clock += 0.3 * k
    m.last_square = e["at"]


def _leader_withdrawn(e: Event, m: _Moves) -> None:
    k, clock, stage, seat = m.k, m.clock, m.stage, _seat(e)
    sprite = stage.sprite("leader", m.dynasties[seat], e["color"])
    end, width = stage.leader_home(seat, e["color"])
    m.animator.add(Slide(sprite, stage.square_center(e["from"]), end,
                         slide_tween(0.6 * k, clock),
                         frozenset({f"supply:{seat}:{e['color']}"}), lift=40.0,
                         end_scale=width / max(1, sprite.get_width()),
                         blocking=False).showing("leader_home"))
    m.sound("leader_home", clock + 0.5 * k)
    m.clock += 0.15 * k


def _catastrophe(e: Event, m: _Moves) -> None:
    k, clock, stage = m.k, m.clock, m.stage
    center = stage.square_center(e["at"])
    if e.get("removed"):
        m.animator.add(Fade(stage.sprite("tile", e["removed"]), center,
                            soft_tween(0.35 * k, clock)))
    m.animator.add(Rise(stage.sprite("catastrophe"), center, land_tween(0.35 * k, clock),
                        frozenset({e["at"]}), drop=True).showing(e["type"]))
    col, row = coords(e["at"])
    m.animator.add(Strike(stage.square_rect(e["at"]), soft_tween(0.5 * k, clock + 0.2 * k),
                          col * 11 + row).showing("catastrophe_strike"))
    m.sound("catastrophe", clock + 0.2 * k)
    m.clock += 0.35 * k
    m.last_square = e["at"]


def _unification(e: Event, m: _Moves) -> None:
    m.animator.add(Rise(m.stage.sprite("unification"), m.stage.square_center(e["at"]),
                        land_tween(0.3 * m.k, m.clock), frozenset({"unification"}),
                        drop=True).showing(e["type"]))
    m.clock += 0.25 * m.k


def _conflict(e: Event, m: _Moves) -> None:
    words = m.banner_words["revolt" if e["kind"] == "revolt" else "war"]
    m.animator.add(Banner(m.stage.banner_sprite(words), _board_mid(m.stage),
                          soft_tween(1.1 * m.k, m.clock)).showing(e["type"]))
    m.sound("conflict_start", m.clock)
    m.clock += 0.2 * m.k


def _conflict_won(_e: Event, m: _Moves) -> None:
    m.sound("war_won", m.clock)


def _tiles_removed(e: Event, m: _Moves) -> None:
    k, clock, stage = m.k, m.clock, m.stage
    for i, square in enumerate(e["squares"]):
        m.animator.add(Crumble(stage.sprite("tile", e["color"]), stage.square_center(square),
                               soft_tween(0.6 * k, clock + 0.05 * i * k)).showing(e["type"]))
    m.sound("tiles_crumble", clock)
    m.clock += 0.3 * k


def _vp(e: Event, m: _Moves) -> None:
    stage = m.stage
    origin = stage.square_center(m.last_square) if m.last_square else _board_mid(stage)
    m.animator.add(Pop(stage.vp_sprite(e["color"], e["amount"]), origin,
                       stage.score_center(_seat(e), e["color"]),
                       soft_tween(0.9 * m.k, m.clock)).showing(e["type"]))
    m.sound("vp_gain", m.clock)
    m.clock += 0.08 * m.k


def _monument_built(e: Event, m: _Moves) -> None:
    k, clock, stage = m.k, m.clock, m.stage
    squares = monument_squares(e["at"])
    center = _mid([stage.square_center(s) for s in squares])
    width = 2.0 * stage.square_rect(e["at"]).w
    m.animator.add(Rise(stage.sprite("monument", tuple(e["colors"])), center,
                        land_tween(0.5 * k, clock), frozenset({f"monument:{e['at']}"}),
                        climb=width * 0.3).showing(e["type"]))
    m.animator.add(Dust((center[0], center[1] + width * 0.45), width,
                        soft_tween(0.8 * k, clock + 0.1 * k)).showing("monument_dust"))
    m.sound("monument_built", clock)
    m.clock += 0.45 * k
    m.last_square = e["at"]


def _wonder_built(e: Event, m: _Moves) -> None:
    m.animator.add(Rise(m.stage.sprite("wonder"), m.stage.square_center(e["at"]),
                        land_tween(0.5 * m.k, m.clock), frozenset({"wonder"})).showing(e["type"]))
    m.sound("monument_built", m.clock)
    m.clock += 0.45 * m.k


def _building_placed(e: Event, m: _Moves) -> None:
    k, clock, stage = m.k, m.clock, m.stage
    sprite = stage.sprite("building", e["color"])
    mask = frozenset({f"building:{e['color']}"})
    if e.get("from"):
        m.animator.add(Slide(sprite, stage.square_center(e["from"]),
                             stage.square_center(e["at"]), slide_tween(0.35 * k, clock),
                             mask, lift=20.0).showing(e["type"]))
    else:
        m.animator.add(Rise(sprite, stage.square_center(e["at"]),
                            land_tween(0.4 * k, clock), mask).showing(e["type"]))
    m.sound("leader_place", clock + 0.3 * k)
    m.clock += 0.35 * k


def _treasure_taken(e: Event, m: _Moves) -> None:
    m.animator.add(Flyer(m.stage.sprite("treasure"), m.stage.square_center(e["at"]),
                         m.stage.scores_center(_seat(e)),
                         soft_tween(0.7 * m.k, m.clock)).showing(e["type"]))
    m.sound("treasure_taken", m.clock)
    m.clock += 0.25 * m.k


def _hand_drawn(e: Event, m: _Moves) -> None:
    """Only the hand at the screen sees its new tiles fly in from the bag."""
    if e["private_to"] != m.stage.viewer:
        return
    k, clock, stage = m.k, m.clock, m.stage
    slots = stage.slots_for(list(e["tiles"]))
    for i, (color, slot) in enumerate(zip(e["tiles"], slots, strict=False)):
        m.animator.add(Slide(stage.sprite("tile", color), stage.bag_center(),
                             stage.hand_slot_center(slot),
                             soft_tween(0.4 * k, clock + 0.07 * i * k),
                             frozenset({f"hand:{slot}"}), lift=30.0).showing(e["type"]))


def _unification_returned(e: Event, m: _Moves) -> None:
    m.animator.add(Slide(m.stage.sprite("unification"), m.stage.square_center(e["at"]),
                         m.stage.panel_center(_seat(e)), slide_tween(0.4 * m.k, m.clock),
                         lift=20.0, fade_out=True).showing(e["type"]))


# Each event type's animation; the others (a turn's start or end, a refill) move nothing.
MOVES: EventHandlers[_Moves] = EventHandlers({
    "tile_placed": _tile_placed,
    "leader_placed": _leader_placed,
    "leader_withdrawn": _leader_withdrawn,
    "catastrophe": _catastrophe,
    "unification": _unification,
    "conflict": _conflict,
    "conflict_won": _conflict_won,
    "tiles_removed": _tiles_removed,
    "vp": _vp,
    "monument_built": _monument_built,
    "wonder_built": _wonder_built,
    "building_placed": _building_placed,
    "treasure_taken": _treasure_taken,
    "hand_drawn": _hand_drawn,
    "unification_returned": _unification_returned,
})


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
