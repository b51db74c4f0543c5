"""Phase 2, population expansion (A9).

Growth is automatic while the stock suffices (A1.2); a player short of stock
places it one token at a time (A9.2), or the whole of what is left at once
with `place` (one area per token). `phase_state`: `next` (index into the
A.S.T. order of the player growing next) and, during a short player's
placement, `room` (area → tokens still allowed).
"""

from __future__ import annotations

from collections import Counter

from ..errors import Refusal
from .decisions import Action, Decision, Events, ask, not_offered
from .position import Position


def growth_due(pos: Position, seat: int) -> dict[int, int]:
    """A9.1: per area holding his tokens and no city, 1 token where he has 1, else 2."""
    return {area: min(here[seat], 2) for area, here in sorted(pos.tokens.items())
            if seat in here and area not in pos.cities}


def run_growth(pos: Position, events: Events) -> bool:
    """A9: every active player in A.S.T. order grows; True once all have."""
    ps = pos.phase_state
    order = pos.active_seats()
    ps.setdefault("next", 0)
    while ps["next"] < len(order):
        seat = order[ps["next"]]
        if "room" in ps:
            if pos.seats[seat].stock_tokens and ps["room"]:
                ask(pos, "growth", seat, left=pos.seats[seat].stock_tokens, room=ps["room"])
                return False
            del ps["room"]
        else:
            due = growth_due(pos, seat)
            if sum(due.values()) <= pos.seats[seat].stock_tokens:
                grow(pos, seat, due, events)
            elif pos.seats[seat].stock_tokens:
                ps["room"] = {str(a): n for a, n in due.items()}
                continue
        ps["next"] += 1
    return True


def grow(pos: Position, seat: int, due: dict[int, int], events: Events) -> None:
    for area, n in due.items():
        pos.add_tokens(seat, area, n)
    pos.seats[seat].stock_tokens -= sum(due.values())
    if due:
        events.append({"type": "grown", "seat": seat,
                       "areas": {str(a): n for a, n in due.items()}})


def growth_legal(pos: Position) -> list[Action]:
    return [{"type": "grow", "area": int(a)} for a in pos.phase_state["room"]]


def growth_placement(pos: Position, action: Action) -> Refusal | None:
    """A9.2: `place` puts the whole stock still to place, no area beyond its growth."""
    assert pos.pending is not None
    if action["type"] != "place":
        return not_offered("A9.2", "growth", action)
    left = pos.pending["left"]
    if len(action["areas"]) != left:
        return Refusal("growth/whole_stock", {"left": left, "placed": len(action["areas"])},
                       f"A9.2: place your whole stock, {left} token(s), one area per token "
                       f"(not {len(action['areas'])}).")
    room = pos.phase_state["room"]
    counts: Counter[int] = Counter(action["areas"])
    for area, n in sorted(counts.items()):
        if n > room.get(str(area), 0):
            return Refusal("growth/no_room", {"area": area, "room": room.get(str(area), 0)},
                           f"A9.2: area {area} may grow by {room.get(str(area), 0)} more "
                           f"token(s), not {n}.")
    return None


def growth_answer(pos: Position, action: Action, events: Events) -> None:
    """A9.2: one token of a short stock (`grow`), or all that is left (`place`), into areas
    whose growth is not yet reached."""
    assert pos.pending is not None
    room = pos.phase_state["room"]
    areas = [action["area"]] if action["type"] == "grow" else action["areas"]
    placed = Counter(areas)
    for area, n in placed.items():
        key = str(area)
        room[key] -= n
        if not room[key]:
            del room[key]
    grow(pos, pos.pending["seat"], dict(sorted(placed.items())), events)
    pos.pending = None


DECISIONS = {"growth": Decision("A9.2", ("grow", "place"), growth_legal, growth_answer,
                                shortcut=growth_placement,
                                stepped=lambda pos: pos.phase_state["next"])}
