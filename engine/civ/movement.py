"""Phase 5, movement (A12): land moves, road moves, ships sailing, loading and unloading.

Each player in census order makes his moves one action at a time and ends
with `done` (A12.1). `phase_state`: `census`, `next`, `moved` (area → his
tokens there that moved or landed this phase and so cannot move or board
again, A12.2), `ship` (the number of the ship whose move is under way, or
null), `sails` (its `sail` steps so far) and `ships_done` (his ships whose
move is over).
"""

from __future__ import annotations

from collections import deque

from .decisions import Action, Decision, Events, ask
from .map_schema import Boundary
from .position import Position, Ship, holds
from .ships import ship

MOST_ABOARD = 5  # A12.4
SAILS, SAILS_WITH_CLOTH_MAKING = 4, 5


def run_movement(pos: Position, events: Events) -> bool:
    """A12.1: each player in census order moves until `done`; True once all have."""
    ps = pos.phase_state
    ps.setdefault("next", 0)
    order = [s for s in ps["census"] if pos.seats[s].status == "active"]
    while ps["next"] < len(order):
        seat = order[ps["next"]]
        ps.setdefault("moved", {})
        ps.setdefault("ship", None)
        ps.setdefault("sails", 0)
        ps.setdefault("ships_done", [])
        ask(pos, "movement", seat, ship=ps["ship"])
        return False
    return True


def unmoved(pos: Position, seat: int, area: int) -> int:
    """A12.2: his tokens in `area` that may still move or board."""
    moved: int = pos.phase_state["moved"].get(str(area), 0)
    return pos.tokens_of(seat, area) - moved


def _mark_moved(pos: Position, area: int, n: int) -> None:
    moved = pos.phase_state["moved"]
    moved[str(area)] = moved.get(str(area), 0) + n


def land_neighbours(pos: Position, area: int) -> list[int]:
    in_play = pos.in_play()
    return [a for a in pos.board.neighbours(area, over="land")
            if a in in_play and pos.board.area(a).is_land]


def road_via_open(pos: Position, seat: int, via: int) -> bool:
    """A12.2(b): the first area of a road move holds no unit of another side."""
    if any(owner != seat for owner in pos.tokens.get(via, {})):
        return False
    city = pos.cities.get(via)
    return city is None or city.owner == seat


def _ship_free(pos: Position) -> bool:
    """A12.5: the ship under way (if any) is in a coastal area with nothing aboard."""
    number = pos.phase_state["ship"]
    if number is None:
        return True
    assert pos.pending is not None
    sh = ship(pos, pos.pending["seat"], number)
    return sh.aboard == 0 and pos.board.area(sh.area).kind == "coastal"


def water_exits(pos: Position, sh: Ship) -> list[Boundary]:
    """A12.4, A12.6: the boundaries the ship may sail across now (open sea with Astronomy)."""
    in_play = pos.in_play()
    astronomy = holds(pos, sh.owner, "astronomy")
    exits = []
    for b in pos.board.boundaries_of(sh.area):
        to = b.other(sh.area)
        if not b.crosses_water or to not in in_play:
            continue
        if sh.coast is not None and b.coast_at(sh.area) != sh.coast:
            continue
        if pos.board.area(to).kind == "open_sea" and not astronomy:
            continue
        exits.append(b)
    return exits


def steps_to_coast(pos: Position, owner: int, start: int, coast: str | None) -> int | None:
    """A12.5: the fewest sails from `start` to a coastal area (0 if it is one), or None."""
    if pos.board.area(start).kind == "coastal":
        return 0
    probe = Ship(owner, 0, start, coast)
    seen = {start}
    queue = deque([(probe, 0)])
    while queue:
        here, dist = queue.popleft()
        for b in water_exits(pos, here):
            to = b.other(here.area)
            if to in seen:
                continue
            if pos.board.area(to).kind == "coastal":
                return dist + 1
            seen.add(to)
            queue.append((Ship(owner, 0, to, b.coast_at(to)), dist + 1))
    return None


def sail_allowance(pos: Position, seat: int) -> int:
    return SAILS_WITH_CLOTH_MAKING if holds(pos, seat, "cloth_making") else SAILS


def ship_steps(pos: Position, sh: Ship) -> list[Action]:
    """A12.4–A12.5: the sail, load and unload steps of one ship that keep its move finishable."""
    steps: list[Action] = []
    ps = pos.phase_state
    sails = ps["sails"] if ps["ship"] == sh.number else 0
    left = sail_allowance(pos, sh.owner) - sails
    if left > 0:
        for b in water_exits(pos, sh):
            to = b.other(sh.area)
            dist = steps_to_coast(pos, sh.owner, to, b.coast_at(to))
            if dist is not None and dist <= left - 1:
                steps.append({"type": "sail", "ship": sh.number, "to": to})
    if pos.board.area(sh.area).kind == "coastal":
        room = min(unmoved(pos, sh.owner, sh.area), MOST_ABOARD - sh.aboard)
        steps += [{"type": "load", "ship": sh.number, "count": k} for k in range(1, room + 1)]
        steps += [{"type": "unload", "ship": sh.number, "count": k}
                  for k in range(1, sh.aboard + 1)]
    return steps


def movement_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    seat = pos.pending["seat"]
    ps = pos.phase_state
    actions: list[Action] = []
    if ps["ship"] is not None:
        actions += ship_steps(pos, ship(pos, seat, ps["ship"]))
    if not _ship_free(pos):
        return actions
    roads = holds(pos, seat, "roadbuilding")
    for area in sorted(pos.tokens):
        n = unmoved(pos, seat, area)
        if n <= 0:
            continue
        for to in land_neighbours(pos, area):
            actions += [{"type": "move", "from": area, "to": to, "count": k}
                        for k in range(1, n + 1)]
        if roads:
            for via in land_neighbours(pos, area):
                if not road_via_open(pos, seat, via):
                    continue
                for to in land_neighbours(pos, via):
                    if to != area:
                        actions += [{"type": "road", "from": area, "via": via, "to": to,
                                     "count": k} for k in range(1, n + 1)]
    for sh in sorted(pos.ships, key=lambda s: s.number):
        if sh.owner == seat and sh.number != ps["ship"] and sh.number not in ps["ships_done"]:
            actions += ship_steps(pos, sh)
    actions.append({"type": "done"})
    return actions


def _finish_ship(pos: Position) -> None:
    ps = pos.phase_state
    if ps["ship"] is not None:
        ps["ships_done"].append(ps["ship"])
        ps["ship"], ps["sails"] = None, 0


def movement_answer(pos: Position, action: Action, events: Events) -> None:
    """A12: carry out one move or ship step; `done` hands movement to the next player."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    ps = pos.phase_state
    kind = action["type"]
    pos.pending = None
    if kind == "done":
        _finish_ship(pos)
        ps["next"] += 1
        ps["moved"], ps["ships_done"] = {}, []
        return
    if kind in ("move", "road"):
        _finish_ship(pos)
        pos.add_tokens(seat, action["from"], -action["count"])
        pos.add_tokens(seat, action["to"], action["count"])
        _mark_moved(pos, action["to"], action["count"])
        events.append({"type": "moved", "seat": seat, "from": action["from"],
                       "to": action["to"], "count": action["count"],
                       "via": action.get("via")})
        return
    if ps["ship"] != action["ship"]:
        _finish_ship(pos)
        ps["ship"] = action["ship"]
    sh = ship(pos, seat, action["ship"])
    if kind == "sail":
        boundary = next(b for b in water_exits(pos, sh) if b.other(sh.area) == action["to"])
        sh.area, sh.coast = action["to"], boundary.coast_at(action["to"])
        ps["sails"] += 1
        events.append({"type": "sailed", "seat": seat, "ship": sh.number, "area": sh.area,
                       "coast": sh.coast})
    elif kind == "load":
        pos.add_tokens(seat, sh.area, -action["count"])
        sh.aboard += action["count"]
        events.append({"type": "loaded", "seat": seat, "ship": sh.number, "area": sh.area,
                       "count": action["count"]})
    else:
        pos.add_tokens(seat, sh.area, action["count"])
        _mark_moved(pos, sh.area, action["count"])
        sh.aboard -= action["count"]
        events.append({"type": "unloaded", "seat": seat, "ship": sh.number, "area": sh.area,
                       "count": action["count"]})


DECISIONS = {
    "movement": Decision("A12", ("move", "road", "sail", "load", "unload", "done"),
                         movement_legal, movement_answer),
}
