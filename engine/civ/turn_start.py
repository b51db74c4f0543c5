"""The start of a turn (A36): players may leave, late entrants may take a nation.

Before phase 1 every active player in A.S.T. order says `stay` or `leave`,
then every late entrant without a nation, in seat order, says `enter` with a
free nation or `wait` (A36.1–A36.2). A leaver keeps one trade card per city
of his, drawn at random (A37.1), and the rest go under their stacks at once
as at A32.6; from then on he is inactive (A1.7). An entrant takes his
nation's pieces into stock and waits for a Civil War (A23, `civil_war`).
`phase_state`: `order` (the seats still to be asked, fixed when the turn
starts).
"""

from __future__ import annotations

from .conflict import draw_random
from .decisions import Action, Decision, Events, ask
from .position import Position
from .setup import free_nations, take_nation
from .stack_record import put_under


def unentered(pos: Position) -> list[int]:
    """A36.2: late entrants who have not taken a nation yet, in seat order."""
    return [s for s, seat in enumerate(pos.seats) if seat.status == "waiting"
            and seat.nation is None]


def run_turn_start(pos: Position, events: Events) -> bool:
    """A36: ask each active seat, then each late entrant without a nation; True once done."""
    ps = pos.phase_state
    if "order" not in ps:
        ps["order"] = pos.active_seats() + unentered(pos)
    if not ps["order"]:
        return True
    seat = ps["order"][0]
    late = pos.seats[seat].status == "waiting"
    ask(pos, "turn_start", seat, late=late, nations=free_nations(pos) if late else [])
    return False


def turn_start_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    if pos.seats[pos.pending["seat"]].status == "active":
        return [{"type": "stay"}, {"type": "leave"}]
    return [*({"type": "enter", "nation": n} for n in free_nations(pos)), {"type": "wait"}]


def turn_start_answer(pos: Position, action: Action, events: Events) -> None:
    """A36.1: a leaver becomes inactive; A36.2: an entrant takes his nation and waits."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    pos.phase_state["order"].pop(0)
    if action["type"] == "leave":
        leave(pos, seat, events)
    elif action["type"] == "enter":
        take_nation(pos, seat, action["nation"])
        pos.seats[seat].entered = pos.turn
        events.append({"type": "entered", "seat": seat, "nation": action["nation"]})


def leave(pos: Position, seat: int, events: Events) -> None:
    """A36.1: one card per city of his on the board kept at random, the others under their
    stacks (A32.6); he is inactive from now on."""
    s = pos.seats[seat]
    keep = len(pos.cities_of(seat))
    kept = s.hand if keep >= len(s.hand) else draw_random(pos, s.hand, keep)
    returned = list(s.hand)
    for card in kept:
        returned.remove(card)
    put_under(pos, returned, [[] for _ in pos.stacks])
    s.hand = list(kept)
    s.status = "inactive"
    events.append({"type": "left", "seat": seat, "kept": len(kept), "returned": len(returned)})


DECISIONS = {"turn_start": Decision("A36", ("stay", "leave", "enter", "wait"), turn_start_legal,
                                    turn_start_answer)}
