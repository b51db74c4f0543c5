"""A2, A4, A5, A33: the rulebook's tables in `engine.civ.tables`, against the rulebook's numbers."""

from __future__ import annotations

import pytest

from engine.civ import tables
from engine.civ.tables import CALAMITIES, CIV_CARDS, COMMODITIES, CREDITS, STACKS


def test_A4_1_nine_nations_in_ast_order_with_their_start_area_counts() -> None:
    assert tables.NATION_IDS == ("africa", "italy", "illyria", "thrace", "crete", "asia",
                                 "assyria", "babylon", "egypt")
    starts = {n.id: n.start_areas for n in tables.NATIONS}
    assert starts["thrace"] == (1, 1) and starts["egypt"] == (3, 4)
    assert all(starts[n] == (2, 3) for n in tables.NATION_IDS if n not in ("thrace", "egypt"))


@pytest.mark.parametrize(("players", "configuration", "tokens", "nations"), [
    (8, "full", 47, 9), (7, "full", 55, 9), (6, "full", 55, 9), (5, "no_far_west", 47, 9),
    (4, "east", 55, 4), (3, "west", 47, 5), (2, "west", 55, 4)])
def test_A4_2_player_counts(players: int, configuration: str, tokens: int, nations: int) -> None:
    count = tables.PLAYER_COUNTS[players]
    assert (count.configuration, count.tokens) == (configuration, tokens)
    assert len(tables.nations_for(players)) == nations


def test_A4_2_four_players_are_the_east_and_two_the_west_without_crete() -> None:
    assert tables.nations_for(4) == ("asia", "assyria", "babylon", "egypt")
    assert tables.nations_for(2) == ("africa", "italy", "illyria", "thrace")
    assert tables.nations_for(3) == ("africa", "italy", "illyria", "thrace", "crete")


def test_A2_7_126_trade_cards_114_commodities_and_12_calamities() -> None:
    assert sum(c.count for c in COMMODITIES) == 114
    assert len(CALAMITIES) == 12
    assert sum(len(s.cards) for s in STACKS) == 126


def test_A2_8_commodities_their_values_and_counts() -> None:
    table = {c.id: (c.value, c.count) for c in COMMODITIES}
    assert table == {
        "ochre": (1, 7), "hides": (1, 7), "iron": (2, 8), "papyrus": (2, 7), "salt": (3, 9),
        "timber": (3, 8), "grain": (4, 8), "oil": (4, 7), "cloth": (5, 7), "wine": (5, 6),
        "bronze": (6, 6), "silver": (6, 5), "spices": (7, 6), "resin": (7, 5), "gems": (8, 5),
        "dye": (8, 4), "gold": (9, 5), "ivory": (9, 4)}


def test_A2_8_largest_set_values() -> None:
    largest = {c.id: c.count ** 2 * c.value for c in COMMODITIES}
    assert largest == {
        "ochre": 49, "hides": 49, "iron": 128, "papyrus": 98, "salt": 243, "timber": 192,
        "grain": 256, "oil": 196, "cloth": 245, "wine": 180, "bronze": 216, "silver": 150,
        "spices": 252, "resin": 175, "gems": 200, "dye": 128, "gold": 225, "ivory": 144}


def test_A2_10_the_nine_stacks() -> None:
    rows = [(s.commodities, s.tradable_calamity, s.non_tradable_calamity, len(s.cards))
            for s in STACKS]
    assert rows == [
        (("ochre", "hides"), None, None, 14),
        (("iron", "papyrus"), "treachery", "volcano_earthquake", 17),
        (("salt", "timber"), "superstition", "famine", 19),
        (("grain", "oil"), "slave_revolt", "civil_war", 17),
        (("cloth", "wine"), "barbarian_hordes", "flood", 15),
        (("bronze", "silver"), "epidemic", None, 12),
        (("spices", "resin"), "civil_disorder", None, 12),
        (("gems", "dye"), "iconoclasm_heresy", None, 10),
        (("gold", "ivory"), "piracy", None, 10)]


def test_A37_2_canonical_card_order_is_by_stack_then_commodity_then_calamities() -> None:
    assert tables.TRADE_CARD_IDS[:4] == ("ochre", "hides", "iron", "papyrus")
    assert tables.TRADE_CARD_IDS[4:6] == ("treachery", "volcano_earthquake")
    assert tables.TRADE_CARD_IDS[-1] == "piracy"
    assert len(tables.TRADE_CARD_IDS) == 30


def test_A18_3_calamity_resolution_order_and_tradability() -> None:
    ordered = sorted(CALAMITIES, key=lambda c: c.order)
    assert [c.id for c in ordered] == [
        "volcano_earthquake", "treachery", "famine", "superstition", "civil_war",
        "slave_revolt", "flood", "barbarian_hordes", "epidemic", "civil_disorder",
        "iconoclasm_heresy", "piracy"]
    assert {c.id for c in CALAMITIES if not c.tradable} == {
        "volcano_earthquake", "famine", "civil_war", "flood"}


def test_A33_1_costs_groups_and_prerequisites() -> None:
    assert len(CIV_CARDS) == 24
    assert sum(c.cost for c in CIV_CARDS) == 3190
    cost = {c.id: c.cost for c in CIV_CARDS}
    assert cost["engineering"] == 140 and cost["theology"] == 250 and cost["pottery"] == 45
    prerequisites = {c.id: c.prerequisite for c in CIV_CARDS if c.prerequisite}
    assert prerequisites == {"roadbuilding": "engineering", "mining": "engineering",
                             "democracy": "law", "philosophy": "law",
                             "monotheism": "enlightenment", "theology": "enlightenment"}
    two_groups = {c.id: set(c.groups) for c in CIV_CARDS if len(c.groups) == 2}
    assert two_groups == {"engineering": {"crafts", "sciences"},
                          "mathematics": {"sciences", "arts"}, "literacy": {"arts", "civics"},
                          "mysticism": {"religion", "arts"}}


def test_A33_1_six_cards_give_no_credits() -> None:
    assert {c for c in tables.CIV_CARD_IDS if not CREDITS.get(c)} == {
        "law", "democracy", "military", "philosophy", "monotheism", "theology"}


CRAFTS = ("pottery", "cloth_making", "metalworking", "agriculture", "roadbuilding", "mining",
          "engineering")

# A33.2 as the rulebook prints it: per card bought, the credit from each card held.
A33_2: dict[str, dict[str, int]] = {
    **{bought: {c: 10 for c in CRAFTS if c != bought} for bought in CRAFTS[:6]},
    "engineering": {"astronomy": 20, "coinage": 20, "medicine": 20, "mathematics": 20,
                    "pottery": 10, "cloth_making": 10, "metalworking": 10, "agriculture": 10},
    **{bought: {c: 20 for c in ("engineering", "astronomy", "coinage", "medicine", "mathematics")
                if c != bought} for bought in ("astronomy", "coinage", "medicine")},
    "mathematics": {"engineering": 20, "astronomy": 20, "coinage": 20, "medicine": 20,
                    "music": 20, "drama_and_poetry": 5, "architecture": 5, "literacy": 5,
                    "mysticism": 5},
    **{bought: {c: 5 for c in ("mathematics", "drama_and_poetry", "music", "architecture",
                               "literacy", "mysticism") if c != bought}
       for bought in ("drama_and_poetry", "music", "architecture", "mysticism")},
    "literacy": {"drama_and_poetry": 20, "mathematics": 5, "music": 5, "architecture": 5,
                 "mysticism": 5},
    "law": {"literacy": 25, "architecture": 15, "mathematics": 5, "drama_and_poetry": 5,
            "music": 5},
    "democracy": {"literacy": 25, **{c: 10 for c in CRAFTS}, "drama_and_poetry": 10,
                  "music": 10, "architecture": 10},
    "military": {"metalworking": 20},
    "philosophy": {"mathematics": 25, "literacy": 25, "engineering": 20, "astronomy": 20,
                   "coinage": 20, "medicine": 20, "music": 20},
    "deism": {"mysticism": 15},
    "enlightenment": {"mysticism": 15, "deism": 15, "mathematics": 10, "drama_and_poetry": 10,
                      "music": 10, "architecture": 10, "literacy": 10},
    "monotheism": {"mysticism": 15, "deism": 15, "enlightenment": 15, **{c: 10 for c in CRAFTS}},
    "theology": {"mathematics": 25, "engineering": 20, "astronomy": 20, "coinage": 20,
                 "medicine": 20, "mysticism": 15, "deism": 15, "enlightenment": 15},
}
A33_2_MAX = {"pottery": 60, "engineering": 120, "astronomy": 80, "mathematics": 120,
             "music": 25, "literacy": 40, "law": 55, "democracy": 125, "military": 20,
             "philosophy": 150, "deism": 15, "enlightenment": 80, "monotheism": 115,
             "theology": 150}


def usable_credits(bought: str) -> dict[str, int]:
    """A33.1 expanded, less credits from cards that need `bought` first (never usable)."""
    return {held: given[bought] for held, given in CREDITS.items()
            if bought in given and tables.CIV_CARD_BY_ID[held].prerequisite != bought}


@pytest.mark.parametrize("bought", tables.CIV_CARD_IDS)
def test_A33_2_credits_received_agree_with_A33_1(bought: str) -> None:
    assert usable_credits(bought) == A33_2.get(bought, {})


@pytest.mark.parametrize(("bought", "most"), sorted(A33_2_MAX.items()))
def test_A33_2_the_most_credit_a_card_can_receive(bought: str, most: int) -> None:
    assert sum(usable_credits(bought).values()) == most


def test_A5_2_ast_tracks_have_16_spaces_in_five_epochs() -> None:
    spaces = tables.AST_SPACES
    assert [s.number for s in spaces] == list(range(1, 17))
    assert [s.cities for s in spaces] == [0] * 4 + [2] * 3 + [3] * 3 + [4] * 3 + [5] * 3
    assert [s.groups for s in spaces[7:13]] == [3, 3, 3, 5, 5, 5]
    assert [s.cards for s in spaces[10:13]] == [9, 9, 9]
    assert [s.value for s in spaces[13:]] == [1200, 1500, 1800]
    assert [s.epoch for s in spaces if s.number in (1, 5, 8, 11, 14)] == [
        "Stone Age", "Early Bronze Age", "Late Bronze Age", "Early Iron Age", "Late Iron Age"]
