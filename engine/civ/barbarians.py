"""Barbarian Hordes (A26): 15 barbarian tokens placed in a start area of the victim, then
moving while they exceed the area's limit, fighting every side they meet.

Every "most damage" choice simulates the conflict in that one area (A26.2);
ties go to the tie-decider (the trader, or the chooser of A18.7) as a
`choose_area` decision. **Decision:** the calamity's conflicts give no
pillage and no card to anyone (A13.6 names player attacks in phase 6).
`current` keeps `step` (`place`, `move`), `at` (the horde's area) and, while
a tie is asked, `options` (area → number of tokens that would move there).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .conflict import attack_city, conflict_kind, fight_in, remove_tokens
from .decisions import Events, ask
from .position import BARBARIAN, Position, stock_ranking

HORDE = 15
Calamity = dict[str, Any]


def tie_decider(pos: Position, cal: Calamity) -> int:
    """A26.2: the trader, or for a kept card the first in the stock ranking (A18.7)."""
    return int(cal["trader"]) if cal["trader"] is not None else stock_ranking(pos)[0]


def barbarian_conflict(pos: Position, area: int, events: Events) -> None:
    """A26.3–A26.5: the area's conflict, at once, as in phase 6 but without pillage."""
    kind = conflict_kind(pos, area)
    if kind == "a":
        fight_in(pos, area, True, events)
    elif kind == "b":
        attack_city(pos, area, events, pillage=False)
        standins = pos.phase_state.pop("standins", None)
        if standins is not None:
            if conflict_kind(pos, area) == "a":
                fight_in(pos, area, True, events)
            if standins["pirates"] and pos.tokens_of(BARBARIAN, area):
                remove_tokens(pos, BARBARIAN, area, pos.tokens_of(BARBARIAN, area),
                              "pirates", events)


def victim_points(pos: Position, seat: int, area: int) -> int:
    city = pos.cities.get(area)
    return pos.tokens_of(seat, area) + (5 if city is not None and city.owner == seat else 0)


def damage(pos: Position, victim: int, area: int, tokens: int, source: int | None) -> int:
    """A26.2: the victim's unit points lost if `tokens` barbarians enter `area`."""
    trial = pos.copy()
    if source is not None:
        trial.add_tokens(BARBARIAN, source, -tokens)
    trial.add_tokens(BARBARIAN, area, tokens)
    trial.phase_state = {}
    barbarian_conflict(trial, area, [])
    return victim_points(pos, victim, area) - victim_points(trial, victim, area)


def open_to_horde(pos: Position, area: int) -> bool:
    """A26.4: never open sea, never an area with a pirate city (Decision)."""
    city = pos.cities.get(area)
    return (area in pos.in_play() and pos.board.area(area).kind != "open_sea"
            and not (city is not None and city.owner == BARBARIAN))


def placement_options(pos: Position, victim: int) -> list[int]:
    """A26.3: the start areas where the horde may land, best first (ties all listed)."""
    nation = pos.seats[victim].nation
    assert nation is not None
    starts = [a for a in pos.board.start_areas(nation) if open_to_horde(pos, a)]
    held = [a for a in starts if victim_points(pos, victim, a)]
    if held:
        scores = {a: damage(pos, victim, a, HORDE, None) for a in held}
        best = max(scores.values())
        return [a for a in held if scores[a] == best]
    empty = [a for a in starts if not pos.tokens.get(a) and a not in pos.cities]
    return empty or starts


def next_steps(pos: Position, victim: int, at: int, excess: int) -> list[int]:
    """A26.4: the areas the excess may move to: most damage, else the next areas on shortest
    paths to the victim's nearest units; [] if none can be reached."""
    around = [a for a in pos.board.neighbours(at) if open_to_horde(pos, a)]
    scores = {a: damage(pos, victim, a, excess, at) for a in around}
    best = max(scores.values(), default=0)
    if best > 0:
        return [a for a in around if scores[a] == best]
    targets = {a for a in pos.in_play() if victim_points(pos, victim, a)}
    dist = {t: 0 for t in targets if open_to_horde(pos, t)}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for nxt in pos.board.neighbours(here):
            if nxt not in dist and open_to_horde(pos, nxt):
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    reachable = [a for a in around if a in dist]
    if not reachable:
        return []
    nearest = min(dist[a] for a in reachable)
    return [a for a in reachable if dist[a] == nearest]


def resolve_barbarian_hordes(pos: Position, cal: Calamity, events: Events) -> bool:
    """A26: placement, then moves while the horde exceeds its area's limit."""
    victim = cal["victim"]
    if pos.seats[victim].nation == "crete":
        return True
    if cal["step"] == "start":
        options = placement_options(pos, victim)
        if not options:
            return True
        cal["step"] = "place"
        if len(options) > 1:
            ask(pos, "choose_area", tie_decider(pos, cal), calamity="barbarian_hordes",
                areas=options)
            return False
        cal["at"] = options[0]
    if cal["step"] == "place":
        at = cal["at"]
        pos.add_tokens(BARBARIAN, at, HORDE)
        events.append({"type": "barbarians", "area": at, "count": HORDE})
        barbarian_conflict(pos, at, events)
        cal["step"] = "move"
        cal.pop("to", None)
    while True:
        at = cal["at"]
        excess = pos.tokens_of(BARBARIAN, at) - pos.board.area(at).limit
        if excess <= 0:
            return True
        to = cal.pop("to", None)
        if to is None:
            options = next_steps(pos, victim, at, excess)
            if not options:
                remove_tokens(pos, BARBARIAN, at, excess, "barbarians_lost", events)
                return True
            if len(options) > 1:
                ask(pos, "choose_area", tie_decider(pos, cal), calamity="barbarian_hordes",
                    areas=options)
                return False
            to = options[0]
        pos.add_tokens(BARBARIAN, at, -excess)
        pos.add_tokens(BARBARIAN, to, excess)
        events.append({"type": "barbarians_moved", "from": at, "to": to, "count": excess})
        barbarian_conflict(pos, to, events)
        cal["at"] = to
