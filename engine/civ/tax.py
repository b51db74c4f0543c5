"""Phase 1, tax collection and tax revolts (A8).

The phase remembers, in `phase_state`: `rates` (seat → declared rate, A8.1),
then `revolts` (the players still to revolt, with their unpaid cities) and
`revolt` (the one under way: victim, cities left, beneficiaries in order).
"""

from __future__ import annotations

from .decisions import Action, Decision, Events, ask, pending_fields
from .position import City, Position, holds, stock_ranking

STANDARD_RATE = 2


def tax_payment(rate: int, cities: int, stock: int) -> int:
    """A8.2: how many cities are paid for: only a full rate pays a city."""
    return min(cities, stock // rate)


def run_tax(pos: Position, events: Events) -> bool:
    """A8: declare rates, pay, then revolt; True once the phase is over."""
    ps = pos.phase_state
    if "rates" not in ps:
        ps["rates"] = {}
    if "revolts" not in ps:
        for seat in pos.active_seats():
            if pos.cities_of(seat) and holds(pos, seat, "coinage") \
                    and str(seat) not in ps["rates"]:
                ask(pos, "tax_rate", seat)
                return False
        ps["revolts"] = collect_tax(pos, ps["rates"], events)
    return run_revolts(pos, events)


def collect_tax(pos: Position, rates: dict[str, int], events: Events) -> list[list[int]]:
    """A8.2–A8.3: every player with cities pays; [seat, unpaid cities] of those who revolt."""
    revolts = []
    for seat in pos.active_seats():
        cities = len(pos.cities_of(seat))
        if not cities:
            continue
        s = pos.seats[seat]
        rate = rates.get(str(seat), STANDARD_RATE)
        paid = tax_payment(rate, cities, s.stock_tokens)
        s.stock_tokens -= paid * rate
        s.treasury += paid * rate
        events.append({"type": "tax_paid", "seat": seat, "rate": rate, "cities_paid": paid,
                       "tokens": paid * rate})
        if paid < cities and not holds(pos, seat, "democracy"):
            revolts.append([seat, cities - paid])
    return revolts


def run_revolts(pos: Position, events: Events) -> bool:
    """A8.4: each revolt in A.S.T. order; cities change hands while beneficiaries have cities."""
    ps = pos.phase_state
    while True:
        revolt = ps.get("revolt")
        if revolt is None:
            if not ps["revolts"]:
                return True
            victim, unpaid = ps["revolts"].pop(0)
            revolt = ps["revolt"] = {"victim": victim, "left": unpaid, "beneficiaries": [
                seat for seat in stock_ranking(pos)
                if seat != victim and pos.seats[seat].stock_cities > 0]}
        victim = revolt["victim"]
        if revolt["left"] == 0 or not pos.cities_of(victim):
            del ps["revolt"]
            continue
        while revolt["beneficiaries"] and not pos.seats[revolt["beneficiaries"][0]].stock_cities:
            revolt["beneficiaries"].pop(0)
        chooser = revolt["beneficiaries"][0] if revolt["beneficiaries"] else victim
        ask(pos, "revolt", chooser, victim=victim, left=revolt["left"],
            destroy=not revolt["beneficiaries"])
        return False


def revolt_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    return [{"type": "city", "area": a} for a in pos.cities_of(pos.pending["victim"])]


def revolt_answer(pos: Position, action: Action, events: Events) -> None:
    """A8.4: the chosen city goes to the beneficiary, or is destroyed once none is left."""
    assert pos.pending is not None
    chooser, victim, area = pos.pending["seat"], pos.pending["victim"], action["area"]
    pos.seats[victim].stock_cities += 1
    if pos.pending["destroy"]:
        del pos.cities[area]
        events.append({"type": "city_destroyed", "area": area, "owner": victim,
                       "reason": "revolt"})
    else:
        pos.seats[chooser].stock_cities -= 1
        pos.cities[area] = City(chooser, new=True)
        events.append({"type": "city_changed_hands", "area": area, "from": victim,
                       "to": chooser, "reason": "revolt"})
    pos.phase_state["revolt"]["left"] -= 1
    pos.pending = None


def rate_legal(pos: Position) -> list[Action]:
    return [{"type": "tax", "rate": r} for r in (1, 2, 3)]


def rate_answer(pos: Position, action: Action, events: Events) -> None:
    """A8.1: a Coinage holder's rate for this turn, for all his cities."""
    assert pos.pending is not None
    pos.phase_state["rates"][str(pos.pending["seat"])] = action["rate"]
    pos.pending = None


DECISIONS = {
    "tax_rate": Decision("A8.1", ("tax",), rate_legal, rate_answer),
    "revolt": Decision("A8.4", ("city",), revolt_legal, revolt_answer,
                       stepped=pending_fields("victim", "destroy")),
}
