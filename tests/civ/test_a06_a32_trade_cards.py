"""A2.9 set values, A6.2 building the stacks, A32.6 returns under them (A37 shuffles)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.civ.tables import COMMODITIES, STACKS
from engine.civ.trade_cards import (
    best_mining_value,
    build_stacks,
    canonical,
    cards_value,
    return_to_stacks,
    set_value,
)
from engine.rng import SplitMix64

# A2.9's table, row per face value, n = 1 up to the larger card count of its commodities.
A2_9 = {
    1: [1, 4, 9, 16, 25, 36, 49],
    2: [2, 8, 18, 32, 50, 72, 98, 128],
    3: [3, 12, 27, 48, 75, 108, 147, 192, 243],
    4: [4, 16, 36, 64, 100, 144, 196, 256],
    5: [5, 20, 45, 80, 125, 180, 245],
    6: [6, 24, 54, 96, 150, 216],
    7: [7, 28, 63, 112, 175, 252],
    8: [8, 32, 72, 128, 200],
    9: [9, 36, 81, 144, 225],
}


@pytest.mark.parametrize("value", sorted(A2_9))
def test_A2_9_set_value_table(value: int) -> None:
    longest = max((c for c in COMMODITIES if c.value == value), key=lambda c: c.count)
    assert [set_value(longest.id, n) for n in range(1, longest.count + 1)] == A2_9[value]


def test_A2_9_three_grain_are_worth_36_not_12() -> None:
    assert cards_value(["grain", "grain", "grain"]) == 36


def test_A2_9_different_commodities_of_equal_value_never_combine() -> None:
    assert cards_value(["grain", "oil"]) == 8
    assert cards_value(["grain", "grain", "oil", "oil"]) == 32


def test_A2_9_calamities_are_worth_nothing() -> None:
    assert cards_value(["treachery", "ochre"]) == 1


def test_A32_4_mining_makes_one_set_a_card_larger_within_the_card_count() -> None:
    assert cards_value(["iron", "iron"], mining="iron") == 18
    assert cards_value(["dye"] * 4 + ["gems"] * 5, mining="gems") == 4 * 4 * 8 + 200
    assert cards_value(["gold"], mining="gold") == 36


def test_A35_2_scoring_applies_mining_where_it_gains_most() -> None:
    assert best_mining_value(["iron", "gold", "gold"]) == 2 + 81
    assert best_mining_value(["grain"]) == 4


def test_A6_2_stacks_hold_every_card_and_no_calamity_in_the_top_n() -> None:
    for players in range(2, 9):
        stacks = build_stacks(players, SplitMix64(players))
        for stack, cards in zip(STACKS, stacks, strict=True):
            assert Counter(cards) == Counter(stack.cards)
            if stack.number > 1:
                assert all(c in stack.commodities for c in cards[:players])
            if stack.non_tradable_calamity:
                assert cards[-1] == stack.non_tradable_calamity


def test_A6_2_stacks_depend_only_on_the_seed() -> None:
    assert build_stacks(5, SplitMix64(7)) == build_stacks(5, SplitMix64(7))
    assert build_stacks(5, SplitMix64(7)) != build_stacks(5, SplitMix64(8))


def test_A6_2_the_tradable_calamity_is_shuffled_among_the_rest() -> None:
    places = {build_stacks(2, SplitMix64(seed))[1].index("treachery") for seed in range(40)}
    assert min(places) >= 2 and len(places) > 5


def test_A32_6_returns_go_under_their_stacks_non_tradable_calamity_last() -> None:
    stacks = [[] for _ in range(9)]
    stacks[1] = ["iron"]
    returned = ["volcano_earthquake", "papyrus", "treachery", "iron", "ochre", "gold"]
    after = return_to_stacks(stacks, returned, SplitMix64(3))
    assert after[0] == ["ochre"]
    assert after[1][0] == "iron" and after[1][-1] == "volcano_earthquake"
    assert Counter(after[1][1:-1]) == Counter(["papyrus", "treachery", "iron"])
    assert after[8] == ["gold"]


def test_A37_2_returns_are_shuffled_from_canonical_order_whatever_order_they_came() -> None:
    empty: list[list[str]] = [[] for _ in range(9)]
    a = return_to_stacks(empty, ["salt", "timber", "salt", "superstition"], SplitMix64(5))
    b = return_to_stacks(empty, ["superstition", "salt", "salt", "timber"], SplitMix64(5))
    assert a == b
    assert canonical(["superstition", "timber", "salt"]) == ["salt", "timber", "superstition"]
