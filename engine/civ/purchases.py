"""Phase 12, civilization card acquisition and excess cards (A32).

`phase_state`: `next` (index into the A.S.T. order), `bought` (the current
player has made his purchase and is returning cards above the limit).
"""

from __future__ import annotations

from collections import Counter

from ..errors import Refusal
from ..rng import SplitMix64
from .civ_cards import Buyer, Purchase, price, purchase_refusal, treasury_due
from .decisions import Action, Decision, Events, ask
from .position import Position
from .tables import CARD_STACK, CIV_CARD_IDS, COMMODITY_BY_ID, MINING_COMMODITIES
from .trade_cards import cards_value, return_to_stacks

HAND_LIMIT = 8  # A32.5


def buyer(pos: Position, seat: int) -> Buyer:
    s = pos.seats[seat]
    return Buyer(frozenset(s.cards), frozenset(s.cards_new), list(s.hand), s.treasury,
                 s.mining_used, s.grain_shown)


def can_buy_something(pos: Position, seat: int) -> bool:
    """Whether any one card is within reach of his hand and treasury (else A1.2: not asked)."""
    s = pos.seats[seat]
    spendable = [c for c in s.hand if c in COMMODITY_BY_ID]
    for _ in range(min(s.grain_shown, spendable.count("grain"))):
        spendable.remove("grain")
    minings: list[str | None] = [None]
    if "mining" in s.cards and not s.mining_used:
        minings += sorted(MINING_COMMODITIES & set(spendable))
    reach = max(cards_value(spendable, m) for m in minings) + s.treasury
    b = buyer(pos, seat)
    for card in CIV_CARD_IDS:
        refusal = purchase_refusal(b, Purchase((card,), (), None))
        if (refusal is None or refusal.code == "purchase/treasury") \
                and price(b.held, [card]) <= reach:
            return True
    return False


def run_civ_cards(pos: Position, events: Events) -> bool:
    """A32: each player in A.S.T. order buys, then returns cards above 8; then A32.6."""
    ps = pos.phase_state
    ps.setdefault("next", 0)
    order = pos.active_seats()
    while ps["next"] < len(order):
        seat = order[ps["next"]]
        if not ps.get("bought"):
            ps["bought"] = True
            if can_buy_something(pos, seat):
                ask(pos, "civ_cards", seat, open=True)
                return False
        excess = len([c for c in pos.seats[seat].hand if c in COMMODITY_BY_ID]) - HAND_LIMIT
        if excess > 0:
            ask(pos, "excess", seat, left=excess)
            return False
        ps["next"], ps["bought"] = ps["next"] + 1, False
    return_cards(pos)
    return True


def return_cards(pos: Position) -> None:
    """A32.6: the turn's returned cards go under their stacks; traders are forgotten."""
    returned = [c for stack in pos.returns for c in stack]
    rng = SplitMix64(pos.rng)
    pos.stacks = return_to_stacks(pos.stacks, returned, rng)
    pos.rng = rng.state
    pos.returns = [[] for _ in pos.returns]
    pos.traders = {}


def purchase_of(action: Action) -> Purchase:
    return Purchase(tuple(action["cards"]), tuple(action["pay"]), action["mining"])


def purchase_judge(pos: Position, action: Action) -> Refusal | None:
    assert pos.pending is not None
    if action["type"] != "purchase":
        return Refusal("decision/not_offered", {"type": action["type"], "pending": "civ_cards"},
                       "A32.1: a purchase is answered by purchase.")
    return purchase_refusal(buyer(pos, pos.pending["seat"]), purchase_of(action))


def purchase_legal(pos: Position) -> list[Action]:
    return [{"type": "purchase", "cards": [], "pay": [], "mining": None}]


def purchase_answer(pos: Position, action: Action, events: Events) -> None:
    """A32.1–A32.4: the cards arrive together; handed-in cards go back; treasury pays the rest."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    s = pos.seats[seat]
    purchase = purchase_of(action)
    due = treasury_due(buyer(pos, seat), purchase)
    for card in purchase.pay:
        s.hand.remove(card)
        pos.returns[CARD_STACK[card] - 1].append(card)
    s.treasury -= due
    s.stock_tokens += due
    s.cards += purchase.cards
    s.cards_new += purchase.cards
    s.mining_used = s.mining_used or purchase.mining is not None
    if purchase.cards:
        events.append({"type": "civ_cards_bought", "seat": seat, "cards": list(purchase.cards),
                       "paid": list(purchase.pay), "treasury": due})


def excess_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    hand = Counter(c for c in pos.seats[pos.pending["seat"]].hand if c in COMMODITY_BY_ID)
    return [{"type": "return", "card": c} for c in sorted(hand, key=list(COMMODITY_BY_ID).index)]


def excess_answer(pos: Position, action: Action, events: Events) -> None:
    """A32.5: one commodity card back under its stack (at A32.6)."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    pos.seats[seat].hand.remove(action["card"])
    pos.returns[CARD_STACK[action["card"]] - 1].append(action["card"])
    events.append({"type": "cards_returned", "seat": seat, "count": 1})


DECISIONS = {
    "civ_cards": Decision("A32.1", ("purchase",), purchase_legal, purchase_answer,
                          purchase_judge),
    "excess": Decision("A32.5", ("return",), excess_legal, excess_answer, private=True),
}
