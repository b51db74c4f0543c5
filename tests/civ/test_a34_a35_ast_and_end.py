"""A34 A.S.T. alteration and A35 scoring and ranking."""

from __future__ import annotations

import pytest

from engine.civ.ast_track import ast_alteration, ast_outlook
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


@pytest.mark.parametrize(("at", "cities", "cards", "active", "step", "epoch", "short"), [
    (1, 0, (), True, "advance", "Stone Age", ()),
    (4, 1, (), True, "entry", "Early Bronze Age", (("cities", 2, 1),)),
    (6, 1, (), True, "cities", "Early Bronze Age", (("cities", 2, 1),)),
    (6, 0, (), True, "no_city", "Early Bronze Age", (("cities", 1, 0),)),
    (7, 2, ("pottery",), True, "entry", "Late Bronze Age",
     (("cities", 3, 2), ("groups", 3, 1))),
    (10, 4, NINE_ALL_GROUPS[:8], True, "entry", "Early Iron Age", (("cards", 9, 8),)),
    (13, 5, NINE_ALL_GROUPS, True, "value", "Late Iron Age", (("value", 1200, 720),)),
    (15, 5, ALL_CARDS_VALUE, True, "value", "Late Iron Age", (("value", 1800, 1740),)),
    (6, 2, (), False, "inactive", "Early Bronze Age", ()),
    (16, 0, (), True, "finish", "Late Iron Age", ()),
])
def test_A34_1_ast_outlook_names_the_deciding_step_and_what_is_lacking(
        at: int, cities: int, cards: tuple[str, ...], active: bool, step: str, epoch: str,
        short: tuple[tuple[str, int, int], ...]) -> None:
    outlook = ast_outlook(at, cities, cards, active)
    assert (outlook.step, outlook.epoch) == (step, epoch)
    assert tuple((s.what, s.need, s.have) for s in outlook.short) == short
    if active:
        assert outlook.to == ast_alteration(at, cities, cards)
    else:
        assert outlook.to == at   # A34.2


def test_A34_1_ast_outlook_agrees_with_the_alteration_everywhere() -> None:
    hands = ((), ("pottery",), NINE_ALL_GROUPS, ALL_CARDS_VALUE, (*ALL_CARDS_VALUE, "deism"))
    for at in range(1, 17):
        for cities in range(7):
            for cards in hands:
                outlook = ast_outlook(at, cities, cards)
                assert outlook.to == ast_alteration(at, cities, cards)
                assert (outlook.to > at) == (outlook.step == "advance")
                assert bool(outlook.short) == (outlook.step not in ("advance", "finish"))
