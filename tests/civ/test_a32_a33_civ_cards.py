"""A32 civilization card purchases (credits, prerequisites, payment, Mining) and A33's cards."""

from __future__ import annotations

from engine.civ.civ_cards import (
    Buyer,
    Purchase,
    card_value,
    credit,
    groups_covered,
    price,
    purchase_refusal,
    treasury_due,
)


def buyer(held: tuple[str, ...] = (), hand: tuple[str, ...] = (), treasury: int = 0,
          new: tuple[str, ...] = (), mining_used: bool = False, grain_shown: int = 0) -> Buyer:
    return Buyer(frozenset(held), frozenset(new), list(hand), treasury, mining_used, grain_shown)


def code(b: Buyer, p: Purchase) -> str | None:
    refusal = purchase_refusal(b, p)
    return refusal.code if refusal else None


def test_A33_2_rulebook_example_music_with_mysticism_grain_papyrus_hides_and_10_treasury() -> None:
    b = buyer(held=("mysticism",), hand=("grain",) * 3 + ("papyrus",) * 2 + ("hides",),
              treasury=10)
    p = Purchase(("music",), ("grain",) * 3 + ("papyrus",) * 2 + ("hides",), None)
    assert credit(b.held, "music") == 5
    assert treasury_due(b, p) == 10
    assert purchase_refusal(b, p) is None
    assert code(buyer(held=b.held, hand=b.hand, treasury=9), p) == "purchase/treasury"


def test_A33_1_rulebook_example_engineering_receives_credit_from_both_its_groups() -> None:
    assert credit(["pottery", "astronomy"], "engineering") == 30
    assert credit(["engineering"], "astronomy") == 20 and credit(["engineering"], "pottery") == 10


def test_A32_3_each_card_bought_gets_every_credit_and_none_goes_below_zero() -> None:
    held = ["pottery", "cloth_making", "metalworking", "agriculture"]
    assert price(held, ["democracy", "monotheism"]) == (200 - 40) + (220 - 40)
    crafts = ["pottery", "metalworking", "agriculture", "engineering", "roadbuilding"]
    assert price(crafts, ["cloth_making"]) == 0


def test_A32_3_credits_come_only_from_cards_held_not_from_cards_bought_with_them() -> None:
    assert price([], ["pottery", "cloth_making"]) == 90


def test_A32_2_a_card_already_held_or_named_twice_is_refused() -> None:
    b = buyer(held=("pottery",), treasury=500)
    assert code(b, Purchase(("pottery",), (), None)) == "purchase/already_held"
    assert code(b, Purchase(("music", "music"), (), None)) == "purchase/already_held"


def test_A32_2_prerequisite_must_be_held_from_an_earlier_turn() -> None:
    rich = 1000
    assert code(buyer(treasury=rich), Purchase(("law", "democracy"), (), None)) == (
        "purchase/prerequisite")
    assert code(buyer(held=("law",), new=("law",), treasury=rich),
                Purchase(("democracy",), (), None)) == "purchase/prerequisite"
    assert code(buyer(held=("law",), treasury=rich), Purchase(("democracy",), (), None)) is None


def test_A32_4_only_commodities_from_the_hand_are_handed_in() -> None:
    b = buyer(hand=("salt", "treachery"), treasury=100)
    assert code(b, Purchase(("pottery",), ("salt", "salt"), None)) == "purchase/not_in_hand"
    assert code(b, Purchase(("pottery",), ("treachery",), None)) == "purchase/not_in_hand"
    assert code(b, Purchase(("pottery",), ("salt",), None)) is None


def test_A21_3_A32_4_grain_shown_for_pottery_cannot_be_handed_in() -> None:
    b = buyer(hand=("grain", "grain"), treasury=100, grain_shown=1)
    assert code(b, Purchase(("pottery",), ("grain", "grain"), None)) == "purchase/grain_shown"
    assert code(b, Purchase(("pottery",), ("grain",), None)) is None


def test_A32_4_mining_enlarges_one_handed_in_set_once_a_turn() -> None:
    hand = ("iron",) * 3 + ("salt",)
    b = buyer(held=("mining", "engineering"), hand=hand, treasury=0)
    pottery = Purchase(("pottery",), ("iron",) * 3, "iron")
    plain = Purchase(("pottery",), ("iron",) * 3, None)
    assert price(b.held, ["pottery"]) == 25
    assert treasury_due(b, plain) == 25 - 18
    assert treasury_due(b, pottery) == 0  # four Iron: 32
    assert code(b, plain) == "purchase/treasury"
    assert code(b, pottery) is None
    assert code(b, Purchase(("pottery",), ("salt",), "salt")) == "purchase/mining"
    assert code(b, Purchase(("pottery",), ("salt",), "iron")) == "purchase/mining"
    used = buyer(held=b.held, hand=hand, mining_used=True)
    assert code(used, pottery) == "purchase/mining"
    assert code(buyer(hand=hand), pottery) == "purchase/mining"


def test_A32_4_excess_value_is_lost_and_nothing_bought_costs_nothing() -> None:
    b = buyer(hand=("gold",) * 5)
    assert treasury_due(b, Purchase(("pottery",), ("gold",) * 5, None)) == 0
    assert purchase_refusal(b, Purchase((), (), None)) is None


def test_A32_unknown_card_is_refused_as_a_bad_value() -> None:
    assert code(buyer(), Purchase(("chariots",), (), None)) == "action/bad_value"


def test_A5_3_card_value_and_group_coverage_count_two_group_cards_in_both() -> None:
    assert card_value(["pottery", "theology"]) == 295
    assert groups_covered(["engineering"]) == 2
    assert groups_covered(["mysticism", "literacy", "engineering"]) == 5
