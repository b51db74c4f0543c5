"""The purchase optimiser of phase 12 (A32): exact, legal, least waste, from the view alone.

Positions are built through the position format on the rules tests' small
map (`civ.civ_world`); the optimiser reads only `state.view(seat)`, and the
engine judges every purchase it answers. The brute forces below enumerate
every set of cards and every payment, valued by the same rules (the
engine's prices, credits, set values and `purchase_refusal`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest
from civ.civ_world import BOARD, position, seat, state

from ai.civ.purchase import (
    Payments,
    Valuation,
    Worth,
    best_purchase,
    candidates,
    future_credit,
    optimise,
    read_seat,
    return_action,
    value_of,
)
from engine.civ.civ_cards import Purchase, groups_covered, price, purchase_refusal, treasury_due
from engine.civ.purchases import HAND_LIMIT
from engine.civ.state import State
from engine.civ.tables import CIV_CARD_BY_ID, CIV_CARD_IDS, COMMODITIES, MINING_COMMODITIES
from engine.civ.trade_cards import cards_value

# A card worth a fifth more than it scores (A35.2), nothing else counted but what is kept:
# the best purchase is then plain arithmetic a test can state.
SCORE_ONLY = Worth(points=1.2, credit=0.0, ast_step=0.0, group=0.0, card_count=0.0, unlock=0.0,
                   shields={}, effects={})


def civ_cards_state(cards: list[str] | None = None, hand: list[str] | None = None,
                    treasury: int = 0, cities: int = 1, other_hand: list[str] | None = None,
                    **fields: Any) -> State:
    """Seat 0 (Africa) at its purchase (A32.1) with `cities` cities on the board."""
    city_areas = [1, 3, 5, 7, 9][:cities]
    d = position([seat("africa", cards=cards or [], hand=hand or [], treasury=treasury,
                       **fields),
                  seat("italy", hand=other_hand or [])],
                 tokens={2: {0: 1}, 4: {1: 1}}, cities=dict.fromkeys(city_areas, 0),
                 phase="civ_cards")
    return state(d)


def plan_of(s: State, worth: Worth | None = None) -> Any:
    view = s.view(0)
    return best_purchase(view, worth, BOARD) if worth else best_purchase(view, board=BOARD)


def asked(s: State) -> bool:
    return s.pending == {"kind": "civ_cards", "seat": 0, "open": True}


def test_A32_3_free_card_bought_with_nothing_handed_in() -> None:
    held = ["cloth_making", "metalworking", "agriculture", "engineering", "roadbuilding"]
    s = civ_cards_state(held)
    assert price(frozenset(held), ["pottery"]) == 0 and asked(s)
    plan = plan_of(s)
    assert plan.cards == ("pottery",) and plan.pay == () and plan.treasury == 0
    assert s.check(plan.action()) is None


def test_A32_4_least_waste_pays_exactly_and_keeps_the_odd_card() -> None:
    hand = ["salt"] * 3 + ["iron"] * 3 + ["gold"]  # 27 + 18 = 45, and a Gold of 9
    s = civ_cards_state(hand=hand)
    plan = plan_of(s, SCORE_ONLY)
    assert plan.cards in (("pottery",), ("cloth_making",))
    assert Counter(plan.pay) == Counter({"salt": 3, "iron": 3})
    assert plan.wasted == 0 and plan.treasury == 0
    assert s.check(plan.action()) is None


def test_A32_3_credits_are_counted_in_the_price() -> None:
    # Astronomy gives 20 towards Coinage (110): with 72 in cards and 30 treasury, Coinage is
    # the card whose worth exceeds its price most
    s = civ_cards_state(["astronomy"], hand=["grain"] * 3 + ["gold"] * 2, treasury=30)
    plan = plan_of(s, SCORE_ONLY)
    assert plan.cards == ("coinage",) and plan.price == 90 and plan.treasury == 18
    assert "20 in credits" in plan.why
    assert s.check(plan.action()) is None


def test_A32_4_mining_enlarges_the_set_that_pays() -> None:
    # four Gold are 144, five (Mining) 225 (A2.9): what is bought costs more than 144
    s = civ_cards_state(["engineering", "mining"], hand=["gold"] * 4)
    plan = plan_of(s, SCORE_ONLY)
    assert plan.mining == "gold" and plan.price > 144
    assert s.check(plan.action()) is None


def test_A32_2_a_prerequisite_bought_this_turn_does_not_count() -> None:
    s = civ_cards_state(["law"], treasury=40, hand=["gold"] * 5, cards_new=["law"])
    plan = plan_of(s)
    assert not {"democracy", "philosophy"} & set(plan.cards)
    assert s.check(plan.action()) is None


def test_A21_3_A32_4_grain_shown_for_pottery_is_not_handed_in() -> None:
    s = civ_cards_state(["pottery"], hand=["grain"] * 5, grain_shown=3)
    plan = plan_of(s, SCORE_ONLY)
    assert Counter(plan.pay)["grain"] <= 2
    assert s.check(plan.action()) is None


def test_A5_2_A34_1_the_card_that_opens_the_late_bronze_age_is_bought() -> None:
    # space 7, three cities, Crafts and Sciences covered: a third group lets the marker enter
    # space 8 this turn; without the A.S.T. counted, a Crafts card is worth more
    s = civ_cards_state(["pottery", "astronomy"], hand=["gold"] * 2, treasury=40, cities=3,
                        ast=7)
    assert asked(s)
    plan = plan_of(s)
    assert groups_covered(["pottery", "astronomy", *plan.cards]) >= 3
    assert "A.S.T." in plan.why and s.check(plan.action()) is None
    plain = plan_of(s, SCORE_ONLY).cards
    assert len(plain) == 1 and CIV_CARD_BY_ID[plain[0]].groups == ("crafts",)


def test_A1_5_other_hands_change_nothing() -> None:
    hand = ["salt"] * 3 + ["grain"] * 2 + ["gold"]
    one = civ_cards_state(["mysticism"], hand=hand, treasury=12,
                          other_hand=["ochre", "ochre", "wine"])
    two = civ_cards_state(["mysticism"], hand=hand, treasury=12,
                          other_hand=["ivory", "spices", "hides"])
    assert plan_of(one) == plan_of(two)


# ---------------------------------------------------------------- brute force


def held_cards(rng: random.Random) -> list[str]:
    """Civilization cards a seat may hold: every prerequisite held too (A32.2)."""
    held = set(rng.sample(CIV_CARD_IDS, rng.randint(0, 8)))
    return sorted(held | {CIV_CARD_BY_ID[c].prerequisite for c in held} - {None},
                  key=CIV_CARD_IDS.index)  # type: ignore[arg-type]


def random_hand(rng: random.Random, most: int) -> list[str]:
    """Up to `most` commodity cards in a few sets, as hands are after trading (A17)."""
    kinds = rng.sample(COMMODITIES, rng.randint(1, 5))
    hand: list[str] = []
    for kind in kinds:
        hand += [kind.id] * rng.randint(1, min(kind.count, 5))
    rng.shuffle(hand)
    return sorted(hand[:most])


def random_state(seed: int, most_cards: int = 12) -> State:
    rng = random.Random(seed)
    held = held_cards(rng)
    hand = random_hand(rng, most_cards)
    shown = rng.randint(0, hand.count("grain")) if "pottery" in held else 0
    new = [c for c in held if rng.random() < 0.2]
    return civ_cards_state(held, hand=hand, treasury=rng.randint(0, 45),
                           cities=rng.randint(1, 5), ast=rng.randint(1, 12), cards_new=new,
                           grain_shown=shown)


def subsets(cards: list[str], reach: int, held: frozenset[str]) -> Iterator[tuple[str, ...]]:
    """Every set of `cards` whose price is within `reach` (dearer ones cannot be paid)."""
    def walk(i: int, chosen: tuple[str, ...], spent: int) -> Iterator[tuple[str, ...]]:
        if i == len(cards):
            yield chosen
            return
        cost = price(held, [cards[i]])
        if spent + cost <= reach:
            yield from walk(i + 1, (*chosen, cards[i]), spent + cost)
        yield from walk(i + 1, chosen, spent)
    return walk(0, (), 0)


def best_kept(cards: Counter[str], shown: int) -> int:
    """The most set value of at most 8 of `cards` (A32.5), the Grain shown kept (A21.3)."""
    kinds = sorted(cards)
    best = 0
    for keep in product(*(range(cards[c] + 1) for c in kinds)):
        kept = dict(zip(kinds, keep, strict=True))
        if sum(keep) <= HAND_LIMIT and kept.get("grain", 0) >= min(shown, cards["grain"]):
            best = max(best, cards_value(Counter(kept).elements()))
    return best


def best_payment_score(s: State, bought: tuple[str, ...]) -> int | None:
    """Over every payment the engine accepts: the most kept set value plus treasury left."""
    rs = read_seat(s.view(0), BOARD)
    buyer = rs.buyer()
    hand = Counter(c for c in rs.hand if c in dict.fromkeys(x.id for x in COMMODITIES))
    kinds = sorted(hand)
    best: int | None = None
    for paid in product(*(range(hand[c] + 1) for c in kinds)):
        pay = list(Counter(dict(zip(kinds, paid, strict=True))).elements())
        for mining in [None, *sorted(MINING_COMMODITIES & set(pay))]:
            purchase = Purchase(bought, tuple(pay), mining)
            if purchase_refusal(buyer, purchase) is not None:
                continue
            left = hand - Counter(pay)
            score = best_kept(left, rs.grain_shown) + rs.treasury \
                - treasury_due(buyer, purchase)
            best = score if best is None else max(best, score)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_A32_the_search_finds_the_best_of_every_set_of_cards(seed: int) -> None:
    s = random_state(seed)
    rs = read_seat(s.view(0), BOARD)
    payments = Payments(rs)
    cards = candidates(rs)
    valuation = Valuation(rs, Worth(), cards)
    values = [v[0] for S in subsets(cards, payments.most, rs.held)
              if (v := value_of(valuation, payments, S)) is not None]
    plan = optimise(rs)
    nothing = value_of(valuation, payments, ())
    assert nothing is not None and plan.exact
    assert plan.gain + nothing[0] == pytest.approx(max(values))
    # legal, credits counted, affordable: the engine's own judgement
    purchase = Purchase(plan.cards, plan.pay, plan.mining)
    assert purchase_refusal(rs.buyer(), purchase) is None
    assert plan.price == price(rs.held, plan.cards)
    assert plan.treasury == treasury_due(rs.buyer(), purchase) <= rs.treasury
    if asked(s):
        assert s.check(plan.action()) is None


@pytest.mark.parametrize("seed", range(25))
def test_A32_4_the_payment_wastes_least(seed: int) -> None:
    s = random_state(1000 + seed, most_cards=9)
    rs = read_seat(s.view(0), BOARD)
    plan = optimise(rs, SCORE_ONLY)
    expected = best_payment_score(s, plan.cards)
    assert expected is not None
    hand = Counter(c for c in rs.hand if c in dict.fromkeys(x.id for x in COMMODITIES))
    got = best_kept(hand - Counter(plan.pay), rs.grain_shown) + rs.treasury - plan.treasury
    assert got == expected


@pytest.mark.parametrize("seed", range(10))
def test_A32_3_credits_worked_out_once_agree_with_the_engine(seed: int) -> None:
    rng = random.Random(seed)
    held = frozenset(held_cards(rng))
    rs = read_seat(civ_cards_state(sorted(held, key=CIV_CARD_IDS.index)).view(0), BOARD)
    free = [c for c in CIV_CARD_IDS if c not in held]
    valuation = Valuation(rs, Worth(), free)
    for _ in range(20):
        bought = rng.sample(free, rng.randint(0, min(6, len(free))))
        assert valuation.credit(bought) == future_credit(held, bought)


@pytest.mark.parametrize("seed", range(10))
def test_A22_1_shields_worked_out_once_agree_with_the_whole_set(seed: int) -> None:
    s = random_state(2000 + seed)
    rs = read_seat(s.view(0), BOARD)
    free = [c for c in CIV_CARD_IDS if c not in rs.held]
    valuation = Valuation(rs, Worth(), free)
    rng = random.Random(seed)
    for _ in range(20):
        bought = rng.sample(free, rng.randint(0, min(6, len(free))))
        assert valuation.shield_gain(bought) == pytest.approx(
            valuation.shield(rs.held | frozenset(bought)) - valuation.shield(rs.held))


@pytest.mark.parametrize("seed", range(12))
def test_A32_5_the_cards_returned_leave_the_best_eight(seed: int) -> None:
    rng = random.Random(3000 + seed)
    hand = random_hand(rng, 14)
    while len(hand) <= HAND_LIMIT:
        hand = random_hand(rng, 14)
    held = ["pottery"] if seed % 2 else []
    shown = min(2, hand.count("grain")) if held else 0
    s = civ_cards_state(held, hand=hand, grain_shown=shown, cards_new=held)
    s = s.apply({"type": "purchase", "cards": [], "pay": [], "mining": None}) \
        if asked(s) else s
    while s.pending is not None and s.pending["kind"] == "excess":
        s = s.apply(return_action(s.view(0), BOARD))
    kept = Counter(s.to_dict()["seats"][0]["hand"])
    assert sum(kept.values()) == HAND_LIMIT and kept["grain"] >= shown
    assert cards_value(kept.elements()) == best_kept(Counter(hand), shown)


def test_A22_1_cities_exposed_to_superstition_make_enlightenment_worth_more() -> None:
    worth = [Valuation(read_seat(civ_cards_state(cities=n).view(0), BOARD), Worth(),
                       ["enlightenment"]).alone("enlightenment") for n in (1, 3)]
    assert worth[1] > worth[0]


def test_A32_a_search_cut_at_its_budget_still_answers_a_legal_purchase() -> None:
    s = civ_cards_state(hand=["gold"] * 5 + ["ivory"] * 4 + ["gems"] * 3, treasury=40)
    rs = read_seat(s.view(0), BOARD)
    whole, cut = optimise(rs), optimise(rs, max_nodes=3)
    assert whole.exact and not cut.exact and cut.nodes < 10 < whole.nodes
    assert 0 < cut.gain <= whole.gain
    assert s.check(cut.action()) is None and s.check(whole.action()) is None


def test_A5_2_the_card_of_the_fifth_group_outbids_a_shield_of_a_group_held() -> None:
    # space 10, eight cards in four groups, no Sciences: Astronomy (80) covers the fifth group
    # the Early Iron Age asks (A5.2); Enlightenment (90 after credits) is a ninth card and a
    # shield against Superstition, but leaves the marker short of a group for good
    held = ["pottery", "cloth_making", "mysticism", "music", "drama_and_poetry", "metalworking",
            "deism", "literacy"]
    s = civ_cards_state(held, hand=["gold"] * 2 + ["salt"] * 3, treasury=45, cities=3, ast=10)
    plan = plan_of(s)
    assert plan.cards == ("astronomy",)
    assert groups_covered([*held, *plan.cards]) == 5 and s.check(plan.action()) is None
