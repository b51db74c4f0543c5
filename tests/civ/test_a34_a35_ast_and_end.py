"""A34 A.S.T. alteration and A35 scoring and ranking."""

from __future__ import annotations

import pytest

from engine.civ.ast_track import ast_alteration
from engine.civ.scoring import ranking, score

NINE_ALL_GROUPS = ("pottery", "cloth_making", "metalworking", "astronomy", "coinage",
                   "drama_and_poetry", "law", "mysticism", "deism")
ALL_CARDS_VALUE = ("mathematics", "medicine", "philosophy", "theology", "monotheism",
                   "engineering", "democracy", "law", "enlightenment")  # 1740


@pytest.mark.parametrize(("at", "cities", "cards", "to"), [
    (1, 0, (), 2),                      # (5) Stone Age needs nothing
    (4, 1, (), 4),                      # (3) the Early Bronze Age needs 2 cities
    (4, 2, (), 5),
    (6, 1, (), 6),                      # (2) fewer cities than the present epoch asks
    (6, 0, (), 5),                      # (1) no city outside the Stone Age: one back
    (3, 0, (), 4),                      # (1) not in the Stone Age
    (7, 3, ("pottery", "astronomy"), 7),          # (3) Late Bronze Age: 3 groups
    (7, 3, ("pottery", "astronomy", "law"), 8),
    (7, 3, ("engineering", "law"), 8),            # a two-group card covers both
    (10, 4, NINE_ALL_GROUPS[:8], 10),             # Early Iron Age: 9 cards
    (10, 4, NINE_ALL_GROUPS, 11),
    (13, 5, NINE_ALL_GROUPS, 13),                 # (4) value below 1200
    (13, 5, ALL_CARDS_VALUE, 14),
    (14, 5, ALL_CARDS_VALUE, 15),
    (15, 5, ALL_CARDS_VALUE, 15),                 # 1740 < 1800
    (15, 5, (*ALL_CARDS_VALUE, "deism"), 16),     # 1820
    (16, 0, (), 16),                              # the finish
])
def test_A34_1_ast_alteration(at: int, cities: int, cards: tuple[str, ...], to: int) -> None:
    assert ast_alteration(at, cities, cards) == to


def test_A35_2_score_adds_cards_hand_treasury_ast_and_cities() -> None:
    assert score(["pottery"], ["grain", "grain", "treachery"], 7, 5, 3) == (
        45 + 16 + 7 + 400 + 150)


def test_A35_2_start_arrow_scores_nothing() -> None:
    assert score([], [], 0, 1, 0) == 0


def test_A35_2_mining_holder_scores_the_best_enlarged_set() -> None:
    assert score(["mining"], ["gold", "gold", "iron"], 0, 1, 0) == 180 + 81 + 2
    assert score(["pottery"], ["gold", "gold", "iron"], 0, 1, 0) == 45 + 36 + 2


def test_A35_3_equal_scores_share_a_place() -> None:
    assert ranking({0: 10, 1: 30, 2: 10, 3: 5}) == [[1], [0, 2], [3]]
