"""Phase 12, civilization card acquisition and excess cards (A32).

`phase_state`: `next` (index into the A.S.T. order), `bought` (the current
player has made his purchase and is returning cards above the limit).
"""

from __future__ import annotations

from collections import Counter

from ..errors import Refusal
from .civ_cards import Buyer, Purchase, price, purchase_refusal, treasury_due
from .decisions import Action, Decision, Events, ask
from .position import Position
from .stack_record import put_under, return_card
from .tables import CIV_CARD_IDS, COMMODITY_BY_ID
from .trade_cards import most_value

HAND_LIMIT = 8  # A32.5


def buyer(pos: Position, seat: int) -> Buyer:
    s = pos.seats[seat]
    return Buyer(frozenset(s.cards), frozenset(s.cards_new), list(s.hand), s.treasury,
                 s.mining_used, s.grain_shown)


def can_buy_something(pos: Position, seat: int) -> bool:
    """Whether any one card may be within reach of his treasury and as many commodity cards
    as he holds besides the Grain shown (else A1.2: not asked).

    Only public facts count (A1.5: the hand's size, not its cards): a player whose hand
    could pay is asked even if it cannot, so that nobody learns the hand from a question
    skipped (A1.2's exception)."""
    s = pos.seats[seat]
    mining = "mining" in s.cards and not s.mining_used
    reach = most_value(len(s.hand) - s.grain_shown, mining) + s.treasury
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
    put_under(pos, (c for stack in pos.returns for c in stack), pos.returns_shown)
    pos.returns = [[] for _ in pos.returns]
    pos.returns_shown = [[] for _ in pos.returns]
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
        return_card(pos, card, shown=True)
    s.treasury -= due
    s.stock_tokens += due
    s.cards += purchase.cards
    s.cards_new += purchase.cards
    s.mining_used = s.mining_used or purchase.mining is not None
    if purchase.cards:
        events.append({"type": "civ_cards_bought", "seat": seat, "cards": list(purchase.cards),
                       "paid": list(purchase.pay), "treasury": due})


def returnable(pos: Position, seat: int) -> list[str]:
    """A21.3, A32.4, A32.5: the commodity cards he may hand in or return: Grain shown for
    Pottery this turn stays in his hand, though it counts toward the limit (there are 8
    Grain cards, so the others always cover the excess)."""
    hand = [c for c in pos.seats[seat].hand if c in COMMODITY_BY_ID]
    for _ in range(min(pos.seats[seat].grain_shown, hand.count("grain"))):
        hand.remove("grain")
    return hand


def excess_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    hand = Counter(returnable(pos, pos.pending["seat"]))
    return [{"type": "return", "card": c} for c in sorted(hand, key=list(COMMODITY_BY_ID).index)]


def excess_answer(pos: Position, action: Action, events: Events) -> None:
    """A32.5: one commodity card back under its stack (at A32.6)."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    pos.seats[seat].hand.remove(action["card"])
    return_card(pos, action["card"], shown=False)
    events.append({"type": "cards_returned", "seat": seat, "count": 1})


DECISIONS = {
    "civ_cards": Decision("A32.1", ("purchase",), purchase_legal, purchase_answer,
                          purchase_judge),
    "excess": Decision("A32.5", ("return",), excess_legal, excess_answer, by_hand=True),
}
