"""City support (A7.5): a player needs two tokens on the board per city, or loses cities.

Checked at the end of phase 8 (A15.2) and of phase 11 (A31.2), and at once
in a Slave Revolt (A24). While a player is short, he chooses a city to
reduce — a new one while he has one (A7.4).
"""

from __future__ import annotations

from .cities import reduce_city
from .decisions import Action, Decision, Events, ask, pending_fields
from .position import Position

TOKENS_PER_CITY = 2


def supported(pos: Position, seat: int, discount: int = 0) -> bool:
    """A7.5 (A24.1: `discount` tokens that cannot support cities)."""
    cities = len(pos.cities_of(seat))
    return cities == 0 or pos.tokens_on_board(seat) - discount >= TOKENS_PER_CITY * cities


def ask_support(pos: Position, seat: int, reason: str, discount: int = 0) -> bool:
    """Ask `seat` to reduce a city if he is not supported; True if he was asked."""
    if supported(pos, seat, discount):
        return False
    ask(pos, "support", seat, reason=reason, discount=discount)
    return True


def support_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    seat = pos.pending["seat"]
    mine = pos.cities_of(seat)
    new = [a for a in mine if pos.cities[a].new]
    return [{"type": "city", "area": a} for a in (new or mine)]


def support_answer(pos: Position, action: Action, events: Events) -> None:
    """A7.2, A7.5: the chosen city is reduced; the tokens placed count at once."""
    assert pos.pending is not None
    reason = pos.pending["reason"]
    pos.pending = None
    reduce_city(pos, action["area"], reason, events)


DECISIONS = {"support": Decision("A7.5", ("city",), support_legal, support_answer,
                                 stepped=pending_fields("reason"))}
