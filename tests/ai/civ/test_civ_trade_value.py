"""Valuing trade (A17) from a seat's view: sets, unnamed cards priced by calamity risk, offers.

Positions are built through the position format on the rules tests' small
map (`civ.civ_world`): every card not in a hand lies in its stack, so the
cards a seat cannot see are the other hands; the engine judges every
proposal and acceptance built here."""

from __future__ import annotations

import random
from typing import Any

import pytest
from civ.civ_world import play, position, seat, state

from ai.civ.trade_value import (
    TradeView,
    TradeWorth,
    calamity_cost,
    judge,
    passed_me,
    proposals,
)
from engine.civ.state import State
from engine.civ.tables import CALAMITY_BY_ID, COMMODITIES, COMMODITY_BY_ID, STACKS

NATIONS = ["africa", "italy", "illyria"]
TOKENS = {2: 0, 4: 1, 6: 2}  # a token each, beside its city
CITIES = {1: 0, 3: 1, 5: 2}


def trade_state(hands: list[list[str]], cards: list[list[str]] | None = None) -> State:
    """Phase 10 (A17) with one city each; seat 0 (Africa) opens first."""
    n = len(hands)
    cards = cards or [[] for _ in hands]
    return state(position(
        [seat(NATIONS[i], hand=hands[i], cards=cards[i]) for i in range(n)],
        tokens={a: {s: 1} for a, s in TOKENS.items() if s < n},
        cities={a: s for a, s in CITIES.items() if s < n}, phase="trade"))


def test_A2_9_completing_a_set_beats_any_other_card() -> None:
    tv = TradeView(trade_state([["salt"] * 3 + ["ochre"], ["gold"] * 3]).view(0))
    hand = list(tv.hand)
    salt = tv.marginal(hand, "salt")
    assert salt == 48 - 27  # A2.9: 4 Salt are 48, 3 are 27
    assert all(tv.marginal(hand, c.id) < salt for c in COMMODITIES if c.id != "salt")
    # two Salt named beat any two other named cards, the unnamed third the same
    two_salt = tv.offer_value(1, ["ochre"], ["salt", "salt"], 1)
    for other in ("gold", "ivory", "grain", "hides"):
        assert tv.offer_value(1, ["ochre"], [other, other], 1) < two_salt


def test_A17_2_a_likely_calamity_lowers_an_unnamed_card() -> None:
    # Italy, one city, draws stack 1 only; the calamities of stacks 2 and 3 are unseen by
    # Africa unless Africa holds them itself
    others = [["salt"] * 3 + ["ochre"], ["iron", "hides", "hides", "papyrus"]]
    risky = TradeView(trade_state(others).view(0))
    held = TradeView(trade_state([others[0] + ["treachery", "superstition"],
                                  others[1]]).view(0))
    assert held.calamity_share(1) < risky.calamity_share(1)
    hand = list(risky.hand)
    assert held.unnamed_worth(1, hand) > risky.unnamed_worth(1, hand)
    # the more a seat is suspected of passing a calamity, the less its unnamed card is worth
    wary = TradeView(risky.view, TradeWorth(suspicion=4.0))
    assert wary.unnamed_worth(1, hand) < risky.unnamed_worth(1, hand)
    assert wary.offer_value(1, ["ochre"], ["salt"], 2) < risky.offer_value(1, ["ochre"],
                                                                           ["salt"], 2)


def test_A1_5_dealing_the_hidden_cards_anew_changes_nothing() -> None:
    # the same cards of each stack in other hands, not the same cards: the views are equal
    mine = ["salt", "salt", "salt", "treachery", "gold", "ochre"]
    one = trade_state([mine, ["salt", "salt", "iron", "grain", "wine"],
                       ["oil", "oil", "oil", "hides"]])
    two = trade_state([mine, ["timber", "salt", "papyrus", "oil", "cloth"],
                       ["grain", "grain", "oil", "ochre"]])
    assert one.to_dict() != two.to_dict()
    views = [s.view(0) for s in (one, two)]
    assert views[0] == views[1]
    results = [(proposals(v, [1, 2]), TradeView(v).odds(1), TradeView(v).calamity_share(2))
               for v in views]
    assert results[0] == results[1]


def test_A17_3_the_unnamed_card_of_a_proposal_changes_nothing() -> None:
    # Africa's unnamed card is Timber or Superstition (both of stack 3): Italy cannot tell
    answers = []
    for unnamed in ("timber", "superstition"):
        s = trade_state([["salt", "salt", "ochre", unnamed],
                         ["gold", "gold", "salt", "salt", "slave_revolt", "hides"]])
        s = play(s, f"propose 1 give salt salt {unnamed} named salt salt want 3 gold gold")
        answers.append((s.view(1), judge(s.view(1))))
    assert answers[0] == answers[1]


def proposal_to(s: State, text: str) -> State:
    return play(s, text)


def test_A17_4_an_offer_that_completes_my_set_is_accepted_passing_a_calamity_on() -> None:
    s = trade_state([["salt", "salt", "ochre", "ochre"],
                     ["gold", "gold", "salt", "salt", "slave_revolt", "hides"]])
    s = proposal_to(s, "propose 1 give salt salt ochre named salt salt want 3 gold gold")
    j = judge(s.view(1))
    assert j.accept == {"type": "accept", "give": ["slave_revolt", "gold", "gold"]}
    assert j.value > 0 and s.check(j.accept) is None


def test_A17_4_an_offer_that_breaks_my_set_is_worth_less_than_nothing() -> None:
    s = trade_state([["ochre", "ochre", "hides", "hides"],
                     ["salt", "salt", "salt", "salt", "hides"]])
    s = proposal_to(s, "propose 1 give ochre ochre hides named ochre ochre want 3 salt salt")
    j = judge(s.view(1))
    assert j.accept is not None and s.check(j.accept) is None
    assert j.value < 0


def test_A17_4_a_demand_the_hand_cannot_meet_gives_no_acceptance() -> None:
    s = trade_state([["salt", "salt", "ochre", "ochre"], ["gold", "hides", "hides"]])
    s = proposal_to(s, "propose 1 give salt salt ochre named salt salt want 3 gold gold")
    assert judge(s.view(1)).accept is None


def test_A17_7_a_tradable_calamity_goes_first_and_hidden() -> None:
    tv = TradeView(trade_state([["salt"] * 3 + ["ochre", "piracy", "gold"],
                                ["grain"] * 4]).view(0))
    assert tv.cheapest(2) == ["piracy", "ochre"]
    offers = tv.proposals([1])
    assert offers
    for o in offers:
        assert "piracy" in o.give and "piracy" not in o.named


def random_trade_state(seed: int) -> State:
    rng = random.Random(seed)
    pool = [c for stack in STACKS[:5] for c in stack.cards
            if c in COMMODITY_BY_ID or CALAMITY_BY_ID[c].tradable]
    rng.shuffle(pool)
    hands = [sorted(pool[i * 7:i * 7 + rng.randint(3, 7)]) for i in range(3)]
    return trade_state(hands)


@pytest.mark.parametrize("seed", range(20))
def test_A17_2_A17_3_proposals_are_legal_and_grow_my_sets(seed: int) -> None:
    s = random_trade_state(seed)
    assert s.pending is not None and s.pending["kind"] == "trade_open"
    me = s.pending["seat"]
    view = s.view(me)
    offers = proposals(view, [p for p in range(3) if p != me])
    tv = TradeView(view)
    sure = [o.theirs > 0 and o.likely >= tv.worth.sure for o in offers]
    assert sure == sorted(sure, reverse=True)  # those likely taken first
    for o in offers:
        assert s.check(o.action()) is None
        assert len(o.want_named) == 2 and o.want == 3
        gain = sum(tv.marginal(list(tv.hand), c) for c in o.want_named)
        assert gain > 0
    if offers:
        after = s.apply(offers[0].action())
        answer: dict[str, Any] | None = judge(after.view(after.to_move)).accept
        assert answer is None or after.check(answer) is None


def test_A17_3_the_unnamed_odds_come_from_public_counts() -> None:
    s = trade_state([["salt"] * 3 + ["ochre"], ["iron", "hides", "hides", "papyrus"],
                     ["oil", "oil", "grain"]])
    tv = TradeView(s.view(0))
    odds = tv.odds(1)
    assert sum(odds.values()) == pytest.approx(1.0)
    assert all(c in COMMODITY_BY_ID or CALAMITY_BY_ID[c].tradable for c in odds)
    # Italy draws stack 1 (one city, A16.1): its cards outweigh the others
    by_stack: dict[int, float] = {}
    for c, p in odds.items():
        number = next(st.number for st in STACKS if c in st.cards)
        by_stack[number] = by_stack.get(number, 0.0) + p
    assert by_stack[1] > max(v for k, v in by_stack.items() if k != 1)


def test_A17_7_a_seat_that_passed_me_a_calamity_is_trusted_less() -> None:
    s = trade_state([["salt", "salt", "treachery", "ochre"],
                     ["gold", "gold", "iron", "grain"], ["oil", "oil", "oil", "hides"]])
    s = play(s, "propose 1 give salt salt treachery named salt salt want 3 gold gold",
             "accept give gold gold iron")
    view = s.view(1)
    assert passed_me(view) == {0: 1}
    wary, trusting = TradeView(view), TradeView(view, distrust={})
    assert trusting.calamity_share(0) > 0
    assert wary.calamity_share(0) == pytest.approx(2 * trusting.calamity_share(0))
    assert wary.calamity_share(2) == trusting.calamity_share(2)


def test_A22_1_a_calamity_my_cards_shield_me_from_costs_less() -> None:
    # the purchase optimiser's table of what cards save: Enlightenment, no city reduced
    bare = calamity_cost("superstition", 3)
    assert 0 < calamity_cost("superstition", 3, ["mysticism"]) < bare
    assert calamity_cost("superstition", 3, ["mysticism", "enlightenment"]) == 0
    assert calamity_cost("iconoclasm_heresy", 4, ["roadbuilding"]) > \
        calamity_cost("iconoclasm_heresy", 4)
