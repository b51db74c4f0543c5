"""Which animations and sounds Advanced Civilization's engine events start, and where.

The table hands over the events of the action it shows; each public event type has a
handler (the kit's `EventHandlers`) that adds sprites moving between places the table
names (an area of the map, a seat's panel, an A.S.T. space) and the sound heard with
them: tokens rising where they grew, sliding where they moved, a flash where they
fought, cities rising and crumbling, a calamity's name striking its victim, cards
flying between panels, the A.S.T. marker stepping on. An event private to a seat is
never animated: the screen may be shared.

An action's events play one after another in the order the rules ran, each started a
step after the one before, the steps shrunk so that no action takes longer than
`ACTION_SECONDS` (a growth of forty tokens must not hold the table up) and a "since
your last turn" replay no longer than `REPLAY_SECONDS` (issue 22: at most 30 s).
Animations block: the controller shows the next action, and lets a computer move,
only once they end, so a phase of computers goes exactly as fast as its animations.
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
    Fade,
    Flyer,
    Rise,
    Slide,
    Strike,
    land_tween,
    slide_tween,
    soft_tween,
)
from game.kit.handlers import EventHandlers
from game.tween import SPEEDS

Point = tuple[float, float]
Event = Mapping[str, Any]

STEP = 0.28             # seconds between two events' animations at normal speed
ACTION_SECONDS = 2.5    # at most, for one action's events
REPLAY_SECONDS = 30.0   # at most, for a "since your last turn" replay


class Stage(Protocol):
    """What the table tells the choreographer of its places and sprites."""

    def area_point(self, area: int) -> Point: ...
    def city_point(self, area: int) -> Point: ...
    def panel_point(self, seat: int) -> Point: ...
    def ast_point(self, seat: int, space: int) -> Point: ...
    def map_centre(self) -> Point: ...
    def piece_size(self) -> int: ...
    def side(self, owner: Any) -> str:
        """The nation of a seat (an int or its decimal string), or the barbarians."""

    def token_sprite(self, side: str) -> pygame.Surface: ...
    def city_sprite(self, side: str) -> pygame.Surface: ...
    def ship_sprite(self, side: str) -> pygame.Surface: ...
    def card_sprite(self) -> pygame.Surface: ...
    def banner_sprite(self, words: str) -> pygame.Surface: ...
    def calamity_words(self, card: str) -> str: ...


@dataclass
class _Moves:
    """What one action's animations share: where, how fast (`k` scales durations), the
    step between events and the clock at which the next one starts."""

    stage: Stage
    animator: Animator
    k: float
    step: float
    clock: float = 0.0
    started: int = 0

    def add(self, anim: Any, shows: str) -> None:
        self.animator.add(anim.showing(shows))
        self.started += 1

    def sound(self, name: str) -> None:
        self.animator.sound(name, self.clock)

    def next(self) -> None:
        self.clock += self.step


def _area_rect(stage: Stage, area: int) -> pygame.Rect:
    x, y = stage.area_point(area)
    size = stage.piece_size() * 2
    return pygame.Rect(int(x - size / 2), int(y - size / 2), size, size)


def _grown(e: Event, m: _Moves) -> None:
    sprite = m.stage.token_sprite(m.stage.side(e["seat"]))
    for i, area in enumerate(sorted(e["areas"], key=int)):
        at = m.clock + min(i * 0.03, 0.4) * m.k
        m.add(Rise(sprite, m.stage.area_point(int(area)), land_tween(0.4 * m.k, at),
                   drop=True), "grown")
    m.sound("civ_grow")
    m.next()


def _slid(e: Event, m: _Moves, sprite: pygame.Surface, start: int, end: int) -> None:
    m.add(Slide(sprite, m.stage.area_point(start), m.stage.area_point(end),
                slide_tween(0.45 * m.k, m.clock), lift=12.0), str(e["type"]))
    m.sound("civ_march")
    m.next()


def _moved(e: Event, m: _Moves) -> None:
    _slid(e, m, m.stage.token_sprite(m.stage.side(e["seat"])), int(e["from"]), int(e["to"]))


def _barbarians_moved(e: Event, m: _Moves) -> None:
    _slid(e, m, m.stage.token_sprite(m.stage.side("barbarian")), int(e["from"]), int(e["to"]))


def _risen(sprite_of: str, sound: str | None = None) -> Any:
    """A piece rising where the event puts it (a token, a ship, a city)."""

    def handler(e: Event, m: _Moves) -> None:
        owner = e.get("seat", e.get("owner", "barbarian"))
        side = m.stage.side("barbarian" if e["type"] in ("pirate_city", "barbarians") else owner)
        sprite = getattr(m.stage, f"{sprite_of}_sprite")(side)
        area = int(e["area"])
        point = m.stage.city_point(area) if sprite_of == "city" else m.stage.area_point(area)
        m.add(Rise(sprite, point, land_tween(0.45 * m.k, m.clock), drop=True), str(e["type"]))
        if sound:
            m.sound(sound)
        m.next()

    return handler


def _conflict(e: Event, m: _Moves) -> None:
    m.add(Strike(_area_rect(m.stage, int(e["area"])), soft_tween(0.5 * m.k, m.clock),
                 int(e["area"])), "conflict")
    m.sound("civ_fight")
    m.next()


def _city_fell(e: Event, m: _Moves) -> None:
    area = int(e["area"])
    m.add(Crumble(m.stage.city_sprite(m.stage.side(e["owner"])), m.stage.city_point(area),
                  soft_tween(0.6 * m.k, m.clock)), str(e["type"]))
    m.sound("civ_city_falls")
    m.next()


def _city_changed_hands(e: Event, m: _Moves) -> None:
    area = int(e["area"])
    point = m.stage.city_point(area)
    m.add(Fade(m.stage.city_sprite(m.stage.side(e["from"])), point,
               soft_tween(0.5 * m.k, m.clock)), "city_changed_hands")
    m.add(Rise(m.stage.city_sprite(m.stage.side(e["to"])), point,
               land_tween(0.5 * m.k, m.clock + 0.2 * m.k)), "city_changed_hands")
    m.sound("civ_city_rises")
    m.next()


def _tokens_gone(e: Event, m: _Moves) -> None:
    m.add(Fade(m.stage.token_sprite(m.stage.side(e["owner"])),
               m.stage.area_point(int(e["area"])), soft_tween(0.4 * m.k, m.clock)),
          str(e["type"]))
    m.next()


def _tokens_changed_hands(e: Event, m: _Moves) -> None:
    point = m.stage.area_point(int(e["area"]))
    m.add(Fade(m.stage.token_sprite(m.stage.side(e["from"])), point,
               soft_tween(0.4 * m.k, m.clock)), "tokens_changed_hands")
    m.add(Rise(m.stage.token_sprite(m.stage.side(e["to"])), point,
               land_tween(0.4 * m.k, m.clock + 0.15 * m.k)), "tokens_changed_hands")
    m.next()


def _calamity(e: Event, m: _Moves) -> None:
    """A18: the calamity's name strikes over the map, its victim's panel flashes."""
    stage = m.stage
    m.add(Banner(stage.banner_sprite(stage.calamity_words(str(e["card"]))), stage.map_centre(),
                 soft_tween(1.1 * m.k, m.clock)), "calamity")
    x, y = stage.panel_point(int(e["victim"]))
    size = stage.piece_size() * 2
    m.add(Strike(pygame.Rect(int(x - size), int(y - size / 2), size * 2, size),
                 soft_tween(0.6 * m.k, m.clock + 0.3 * m.k), int(e["victim"]) + 101), "calamity")
    m.sound("civ_calamity")
    m.next()


def _flight(e: Event, m: _Moves, start: Point, end: Point, count: int = 1) -> None:
    for i in range(max(1, min(count, 4))):
        m.add(Flyer(m.stage.card_sprite(), start, end,
                    slide_tween(0.5 * m.k, m.clock + i * 0.08 * m.k)), str(e["type"]))
    m.sound("civ_card")
    m.next()


def _traded(e: Event, m: _Moves) -> None:
    """A17.4: each side's cards fly to the other (how many, never which)."""
    a, b = m.stage.panel_point(int(e["a"])), m.stage.panel_point(int(e["b"]))
    _flight(e, m, a, b, int(e["a_gives"]))
    m.clock -= m.step
    _flight(e, m, b, a, int(e["b_gives"]))


def _card_taken(e: Event, m: _Moves) -> None:
    _flight(e, m, m.stage.panel_point(int(e["victim"])), m.stage.panel_point(int(e["seat"])))


def _drawn(e: Event, m: _Moves) -> None:
    """A16: cards come from the stacks (the map's middle stands for them) to the panel."""
    _flight(e, m, m.stage.map_centre(), m.stage.panel_point(int(e["seat"])),
            int(e.get("count", 1)))


def _cards_bought(e: Event, m: _Moves) -> None:
    """A32: the cards paid go back to the stacks, the civilization cards bought come."""
    seat = int(e["seat"])
    if e["paid"]:
        _flight(e, m, m.stage.panel_point(seat), m.stage.map_centre(), len(e["paid"]))
        m.clock -= m.step
    _flight(e, m, m.stage.map_centre(), m.stage.panel_point(seat), len(e["cards"]))


def _ast_moved(e: Event, m: _Moves) -> None:
    """A34: the marker steps from its space to the next."""
    seat = int(e["seat"])
    m.add(Slide(m.stage.token_sprite(m.stage.side(seat)),
                m.stage.ast_point(seat, int(e["from"])), m.stage.ast_point(seat, int(e["to"])),
                slide_tween(0.5 * m.k, m.clock), lift=10.0), "ast_moved")
    m.sound("civ_ast")
    m.next()


MOVES: EventHandlers[_Moves] = EventHandlers({
    "grown": _grown,
    "moved": _moved,
    "barbarians_moved": _barbarians_moved,
    "sailed": _risen("ship", "civ_march"),
    "ship_built": _risen("ship"),
    "unloaded": _risen("token"),
    "barbarians": _risen("token", "civ_fight"),
    "tokens_placed": _risen("token"),
    "city_built": _risen("city", "civ_city_rises"),
    "pirate_city": _risen("city", "civ_city_rises"),
    "conflict": _conflict,
    "city_destroyed": _city_fell,
    "city_reduced": _city_fell,
    "city_changed_hands": _city_changed_hands,
    "tokens_removed": _tokens_gone,
    "tokens_changed_hands": _tokens_changed_hands,
    "calamity": _calamity,
    "traded": _traded,
    "card_taken": _card_taken,
    "cards_drawn": _drawn,
    "bought": _drawn,
    "civ_cards_bought": _cards_bought,
    "ast_moved": _ast_moved,
})
ANIMATED = frozenset(MOVES.handlers)
# What is animated beyond the map, between the seats' panels and the A.S.T. track.
OFF_MAP = frozenset({"calamity", "traded", "card_taken", "cards_drawn", "bought",
                     "civ_cards_bought", "ast_moved"})


def choreograph(events: list[dict[str, Any]], stage: Stage, animator: Animator, speed: str,
                seconds: float = ACTION_SECONDS) -> int:
    """Adds the animations of the public `events` (each with its sound), all of them
    within `seconds` at the user's speed; adds nothing at speed "off" (reduced motion).
    Returns how many animations it started."""
    k = SPEEDS.get(speed, 1.0)
    shown = [e for e in events if "private_to" not in e and e.get("type") in ANIMATED]
    if k <= 0.0 or not shown:
        return 0
    # The last event's animation lasts about 1.1 s at most: the steps share the rest.
    step = min(STEP * k, max(0.0, seconds * min(1.0, k) - 1.1 * k) / len(shown))
    moves = _Moves(stage, animator, k, step)
    MOVES.run(shown, moves)
    return moves.started
