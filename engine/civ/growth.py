"""Phase 2, population expansion (A9).

Growth is automatic while the stock suffices (A1.2); a player short of stock
places it one token at a time (A9.2). `phase_state`: `next` (index into the
A.S.T. order of the player growing next) and, during a short player's
placement, `room` (area → tokens still allowed).
"""

from __future__ import annotations

from .decisions import Action, Decision, Events, ask
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


def growth_answer(pos: Position, action: Action, events: Events) -> None:
    """A9.2: one token of a short stock, into an area whose growth is not yet reached."""
    assert pos.pending is not None
    room = pos.phase_state["room"]
    key = str(action["area"])
    room[key] -= 1
    if not room[key]:
        del room[key]
    grow(pos, pos.pending["seat"], {action["area"]: 1}, events)
    pos.pending = None


DECISIONS = {"growth": Decision("A9.2", ("grow",), growth_legal, growth_answer,
                                stepped=lambda pos: pos.phase_state["next"])}
