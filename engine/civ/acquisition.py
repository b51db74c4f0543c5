"""Phase 9, trade card acquisition (A16): draws by cities, then buying from stack 9.

`phase_state`: `order` (seats, fewest cities first, ties by A.S.T. order,
fixed when the phase begins), `next` (index into it), `drawn` (the current
player has drawn).
"""

from __future__ import annotations

from collections.abc import Mapping

from .decisions import Action, Decision, Events, ask
from .position import Position
from .stack_record import drawn_from
from .tables import STACK9_PRICE, STACKS


def acquisition_order(pos: Position) -> list[int]:
    """A16.1 by the cities on the board."""
    seats = pos.active_seats()
    return draw_order(seats, {seat: len(pos.cities_of(seat)) for seat in seats})


def draw_order(seats: list[int], cities: Mapping[int, int]) -> list[int]:
    """A16.1: fewest cities on the board first, ties by A.S.T. order (that of `seats`); a
    player may ask it of the cities he expects, as the computer does to see who draws what."""
    return sorted(seats, key=lambda seat: (cities[seat], seats.index(seat)))


def calamity_drawers(order: list[int], cities: Mapping[int, int],
                     depths: list[int | None]) -> dict[str, int]:
    """Each non-tradable calamity the draws reach → the seat drawing it, in the stacks'
    order, the calamity lying `depths` cards down its stack (`position.calamity_depths`)
    and the seats drawing in `order` with `cities` (A16.1: a seat of n cities draws the top
    card of stacks 1 to n, so stack n's cards go, one each, to the seats of n cities or
    more)."""
    drawers: dict[str, int] = {}
    for stack, depth in zip(STACKS, depths, strict=True):
        reaching = [seat for seat in order if cities[seat] >= stack.number]
        if stack.non_tradable_calamity is not None and depth is not None \
                and depth < len(reaching):
            drawers[stack.non_tradable_calamity] = reaching[depth]
    return drawers


def draw_cards(pos: Position, seat: int, events: Events) -> None:
    """A16.1: the top card of each of stacks 1 to n, n his cities; empty stacks give none."""
    cities = min(len(pos.cities_of(seat)), len(STACKS))
    drawn = [pos.stacks[i].pop(0) for i in range(cities) if pos.stacks[i]]
    for i in range(cities):
        drawn_from(pos, i)
    pos.seats[seat].hand += drawn
    if drawn:
        events.append({"type": "cards_drawn", "seat": seat, "count": len(drawn)})
        events.append({"type": "hand_drawn", "seat": seat, "cards": drawn, "private_to": seat})


def can_buy(pos: Position, seat: int) -> bool:
    return bool(pos.stacks[-1]) and pos.seats[seat].treasury >= STACK9_PRICE


def run_acquisition(pos: Position, events: Events) -> bool:
    """A16: each player in order draws, then may buy from stack 9 one card at a time."""
    ps = pos.phase_state
    if "order" not in ps:
        ps["order"], ps["next"], ps["drawn"] = acquisition_order(pos), 0, False
    while ps["next"] < len(ps["order"]):
        seat = ps["order"][ps["next"]]
        if not ps["drawn"]:
            draw_cards(pos, seat, events)
            ps["drawn"] = True
        if can_buy(pos, seat):
            ask(pos, "stack9", seat)
            return False
        ps["next"], ps["drawn"] = ps["next"] + 1, False
    return True


def stack9_legal(pos: Position) -> list[Action]:
    return [{"type": "buy"}, {"type": "done"}]


def stack9_answer(pos: Position, action: Action, events: Events) -> None:
    """A16.2: one card from stack 9 for 18 treasury tokens, which go to stock; or done."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    ps = pos.phase_state
    if action["type"] == "done":
        ps["next"], ps["drawn"] = ps["next"] + 1, False
        return
    s = pos.seats[seat]
    s.treasury -= STACK9_PRICE
    s.stock_tokens += STACK9_PRICE
    card = pos.stacks[-1].pop(0)
    drawn_from(pos, len(pos.stacks) - 1)
    s.hand.append(card)
    events.append({"type": "bought", "seat": seat})
    events.append({"type": "hand_drawn", "seat": seat, "cards": [card], "private_to": seat})


DECISIONS = {"stack9": Decision("A16.2", ("buy", "done"), stack9_legal, stack9_answer)}
