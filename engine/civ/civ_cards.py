"""Civilization cards: credits, price and payment of a purchase (A32.2–A32.4), card value (A5.3).

A purchase is judged here as a whole — the cards bought, the commodity cards
handed in, Mining's set — because A32.1 makes it one decision whose cards
arrive together; the treasury pays exactly what the cards do not cover.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from ..errors import Refusal, quote
from .tables import CIV_CARD_BY_ID, COMMODITY_BY_ID, CREDITS, GROUPS, MINING_COMMODITIES
from .trade_cards import cards_value


def credit(held: Iterable[str], card: str) -> int:
    """A32.3, A33.1: the credit the cards held give towards buying `card`."""
    return sum(CREDITS.get(h, {}).get(card, 0) for h in held)


def price(held: Collection[str], buying: Iterable[str]) -> int:
    """A32.3: the sum over the cards bought of cost − credits, each at least 0."""
    return sum(max(0, CIV_CARD_BY_ID[c].cost - credit(held, c)) for c in buying)


def card_value(held: Iterable[str]) -> int:
    """A5.3: the printed costs of the civilization cards held."""
    return sum(CIV_CARD_BY_ID[c].cost for c in held)


def groups_covered(held: Iterable[str]) -> int:
    """A5.3: how many of the five groups the cards held cover; two-group cards count in both."""
    covered = {g for c in held for g in CIV_CARD_BY_ID[c].groups}
    return sum(1 for g in GROUPS if g in covered)


@dataclass(frozen=True)
class Purchase:
    """A32.1: the civilization cards bought, the trade cards handed in, Mining's commodity."""

    cards: tuple[str, ...]
    pay: tuple[str, ...]
    mining: str | None


@dataclass(frozen=True)
class Buyer:
    """What a purchase is judged against: the buyer's cards, hand and treasury this phase."""

    held: frozenset[str]
    new_this_turn: frozenset[str]
    hand: Sequence[str]
    treasury: int
    mining_used: bool
    grain_shown: int


def treasury_due(buyer: Buyer, purchase: Purchase) -> int:
    """A32.4: the treasury tokens the purchase takes: max(0, price − value handed in)."""
    value = cards_value(purchase.pay, purchase.mining)
    return max(0, price(buyer.held, purchase.cards) - value)


def purchase_refusal(buyer: Buyer, purchase: Purchase) -> Refusal | None:
    """Why this purchase is not allowed (A32.2–A32.4), or None when it is."""
    seen: set[str] = set()
    for card in purchase.cards:
        if card not in CIV_CARD_BY_ID:
            return Refusal("action/bad_value", {"type": "purchase", "field": "cards",
                                                "value": card},
                           f"{quote(card)} is not a civilization card (A33.1).")
        if card in buyer.held or card in seen:
            return Refusal("purchase/already_held", {"card": card},
                           f"A32.2: a player holds at most one {card}.")
        seen.add(card)
        needs = CIV_CARD_BY_ID[card].prerequisite
        if needs and (needs not in buyer.held or needs in buyer.new_this_turn):
            return Refusal("purchase/prerequisite", {"card": card, "needs": needs},
                           f"A32.2: {card} needs {needs}, held from an earlier turn.")
    hand = Counter(buyer.hand)
    for card, n in sorted(Counter(purchase.pay).items()):
        if card not in COMMODITY_BY_ID or hand[card] < n:
            return Refusal("purchase/not_in_hand", {"card": card},
                           f"A32.4: only commodity cards from the hand are handed in, not {card}.")
    if hand["grain"] - buyer.grain_shown < Counter(purchase.pay)["grain"]:
        return Refusal("purchase/grain_shown", {},
                       "A32.4, A21.3: Grain shown for Pottery this turn cannot be handed in.")
    if purchase.mining is not None and (
            "mining" not in buyer.held or buyer.mining_used
            or purchase.mining not in MINING_COMMODITIES or purchase.mining not in purchase.pay):
        return Refusal("purchase/mining", {"commodity": purchase.mining},
                       "A32.4: Mining enlarges, once a turn, a set of Iron, Bronze, Silver, "
                       "Gems or Gold handed in by its holder.")
    due = treasury_due(buyer, purchase)
    if due > buyer.treasury:
        return Refusal("purchase/treasury", {"needed": due, "treasury": buyer.treasury},
                       f"A32.4: the treasury must pay {due} but holds {buyer.treasury}.")
    return None
