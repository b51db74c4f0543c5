"""A18–A31 phase 11: calamities, losses with A7.6's exactness, Monotheism, city support."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from civ_world import play, position, seat, state, this_phase

from engine.civ import losses


def calamity(seats: list[dict[str, Any]], tokens: dict, cities: dict,  # type: ignore[type-arg]
             traders: dict | None = None) -> Any:  # type: ignore[type-arg]
    return state(position(seats, tokens=tokens, cities=cities, phase="calamities",
                          traders=traders or {}))


def reduced(s: Any) -> list[int]:
    return [e["area"] for e in this_phase(s, "city_reduced")]


def test_A18_1_A22_superstition_reduces_three_cities_of_the_victims_choice() -> None:
    s = calamity([seat("africa", hand=["superstition"]), seat("italy")],
                 tokens={2: {0: 9}, 4: {1: 2}}, cities={1: 0, 3: 0, 5: 0, 7: 0})
    assert this_phase(s, "calamity") == [{"type": "calamity", "card": "superstition",
                                          "victim": 0, "trader": None}]
    assert s.pending == {"kind": "reduce", "seat": 0, "calamity": "superstition", "left": 3,
                         "effect": "reduce", "cities": [1, 3, 5, 7]}
    s = play(s, "city 1", "city 3", "city 5")
    assert reduced(s) == [5]  # the third city; the first two were reduced before


def test_A22_1_only_the_best_religion_card_counts() -> None:
    s = calamity([seat("africa", hand=["superstition"], cards=["mysticism", "deism"]),
                  seat("italy")], tokens={2: {0: 9}, 4: {1: 2}}, cities={1: 0, 3: 0})
    assert s.pending is not None and s.pending["left"] == 1


def test_A28_1_civil_disorder_keeps_three_cities_modified_by_cards() -> None:
    cities = {a: 0 for a in (1, 3, 5, 7, 8, 9)}
    s = calamity([seat("africa", hand=["civil_disorder"], cards=["music", "military"]),
                  seat("italy")], tokens={2: {0: 20}, 4: {1: 2}}, cities=cities)
    assert s.pending is not None and s.pending["left"] == 6 - 3 - 1 + 1


def test_A29_iconoclasm_own_cities_then_two_of_others_philosophy_loses_one() -> None:
    s = calamity([seat("africa", hand=["iconoclasm_heresy"], cards=["law", "philosophy"]),
                  seat("italy", cards=["law", "philosophy"]), seat("illyria",
                                                                   cards=["theology",
                                                                          "enlightenment"])],
                 tokens={2: {0: 9}, 4: {1: 9}, 6: {2: 9}},
                 cities={1: 0, 3: 1, 5: 1, 7: 2})
    # 4 - 1 (Law) - 1 (Philosophy) = 2 of his own, but he has only one: reduced at once
    assert reduced(s) == [1]
    assert s.pending is not None and s.pending["left"] == 2
    assert s.pending["cities"] == [3, 5]  # Illyria holds Theology
    s = play(s, "city 3")
    assert reduced(s) == [3]  # Italy holds Philosophy: one city only


def test_A20_1_treachery_traded_the_trader_takes_a_city() -> None:
    s = calamity([seat("africa", hand=["treachery"]), seat("italy")],
                 tokens={2: {0: 9}, 4: {1: 2}}, cities={1: 0, 3: 0}, traders={"treachery": 1})
    assert s.pending is not None and s.pending["seat"] == 1 and s.pending["cities"] == [1, 3]
    s = play(s, "city 3")
    assert this_phase(s, "city_changed_hands") == [
        {"type": "city_changed_hands", "area": 3, "from": 0, "to": 1, "reason": "treachery"}]


def test_A20_2_treachery_kept_the_victim_reduces_one_of_his() -> None:
    s = calamity([seat("africa", hand=["treachery"]), seat("italy")],
                 tokens={2: {0: 9}, 4: {1: 2}}, cities={1: 0, 3: 0})
    assert s.pending is not None and s.pending["seat"] == 0
    assert s.pending["effect"] == "reduce"


def test_A7_6_rulebook_example_a_reduced_city_leaving_two_tokens_counts_three() -> None:
    # Famine, 10 points: Africa has a city in Numidia (limit 2) and 7 tokens.
    s = calamity([seat("africa", hand=["famine"]), seat("italy")],
                 tokens={1: {0: 7}, 4: {1: 2}}, cities={2: 0})
    assert s.pending is not None and s.pending["kind"] == "loss"
    assert s.pending["target"] == 10
    s = play(s, "lose reduce 2")
    assert this_phase(s, "city_reduced")[0]["tokens"] == 2
    # 7 points are left to lose; the 2 tokens placed cannot be taken: only Mauretania's 7,
    # so the engine takes them without asking (A1.2)
    africa = [(e["area"], e["count"]) for e in this_phase(s, "tokens_removed")
              if e["owner"] == 0]
    assert africa == [(1, 1)] * 7


def test_A7_6_the_smallest_total_above_when_the_points_cannot_be_made_exactly() -> None:
    # 10 points from one city (5 or 3) and 4 tokens: 9 is the most below, 10 can be made?
    s = calamity([seat("africa", hand=["famine"]), seat("italy")],
                 tokens={1: {0: 1}, 4: {1: 2}}, cities={2: 0, 5: 0})
    # totals: cities {0,3,5}+{0,3,5}, token 0..1: 10 = 5 + 5 only; exact, so taken (A1.2)
    assert [e["area"] for e in this_phase(s, "city_destroyed")] == [2, 5]
    s2 = calamity([seat("africa", hand=["famine"]), seat("italy")],
                  tokens={4: {1: 2}}, cities={2: 0, 5: 0, 3: 0})
    # three cities (5 or 3 each, Latium 5 - 3 = 2): 10 = 5 + 5 exact
    assert s2.pending is not None and s2.pending["target"] == 10


def test_A7_6_too_few_units_lose_everything_cities_destroyed() -> None:
    s = calamity([seat("africa", hand=["famine"]), seat("italy")],
                 tokens={1: {0: 2}, 4: {1: 2}}, cities={2: 0})
    assert [e["area"] for e in this_phase(s, "city_destroyed")] == [2]
    assert next((e["area"], e["count"]) for e in this_phase(s, "tokens_removed")) == (1, 2)


def test_A21_3_pottery_grain_shown_lowers_the_famine_loss_by_four_each() -> None:
    s = calamity([seat("africa", hand=["famine", "grain", "grain"], cards=["pottery"]),
                  seat("italy")], tokens={1: {0: 12}, 4: {1: 2}}, cities={})
    assert s.pending == {"kind": "pottery", "seat": 0, "calamity": "famine"}
    assert s.legal_actions() == [{"type": "show_grain", "count": k} for k in range(3)]
    s = play(s, "show 2")
    assert this_phase(s, "grain_shown") == [{"type": "grain_shown", "seat": 0, "count": 2}]
    africa = [e["count"] for e in this_phase(s, "tokens_removed") if e["owner"] == 0]
    assert africa == [1, 1]  # 10 - 2 x 4


def test_A1_2_A21_3_a_pottery_holder_is_asked_whether_or_not_he_holds_grain() -> None:
    """The question is the same with Grain or without (A1.2's exception); its answers are
    his own. With no card left in hand, everyone knows he has none to show: not asked."""
    pendings = []
    for hand, answers in ((["famine", "salt"], 1), (["famine", "grain"], 2)):
        s = calamity([seat("africa", hand=hand, cards=["pottery"]), seat("italy")],
                     tokens={1: {0: 12}, 4: {1: 2}}, cities={})
        pendings.append(s.pending)
        assert s.legal_actions() == [{"type": "show_grain", "count": k}
                                     for k in range(answers)]
    assert pendings == [{"kind": "pottery", "seat": 0, "calamity": "famine"}] * 2
    s = calamity([seat("africa", hand=["famine"], cards=["pottery"]), seat("italy")],
                 tokens={1: {0: 12}, 4: {1: 2}}, cities={})
    assert s.pending is None or s.pending["kind"] != "pottery"


def test_A21_2_famine_twenty_points_at_most_eight_each_within_unit_points() -> None:
    s = calamity([seat("africa", hand=["famine"]), seat("italy"), seat("illyria"),
                  seat("thrace"), seat("crete")],
                 tokens={1: {0: 10}, 4: {1: 6}, 6: {2: 12}, 8: {3: 12}}, cities={})
    assert s.pending is not None and s.pending["kind"] == "assign"  # his 10 went at once
    assert s.pending["left"] == 20 and s.pending["caps"] == {"1": 6, "2": 8, "3": 8}
    assert {(a["seat"], a["points"]) for a in s.legal_actions()} == {
        (1, 4), (1, 5), (1, 6), (2, 6), (2, 7), (2, 8), (3, 6), (3, 7), (3, 8)}
    s = play(s, "assign 2 8", "assign 1 4")
    # the last 8 can only go to Thrace: assigned without asking (A1.2)
    assert [(e["seat"], e["points"]) for e in this_phase(s, "assigned")] == [(1, 4), (3, 8)]


def test_A27_3_epidemic_keeps_one_token_in_every_area() -> None:
    s = calamity([seat("africa", hand=["epidemic"]), seat("italy")],
                 tokens={1: {0: 3}, 2: {0: 3}, 4: {1: 2}}, cities={})
    # capacity 4 < 16: everything allowed goes at once, one token stays in each area
    removed = [(e["area"], e["count"]) for e in this_phase(s, "tokens_removed")]
    assert removed[:2] == [(1, 2), (2, 2)]


def test_A30_piracy_cities_become_pirate_cities() -> None:
    s = calamity([seat("africa", hand=["piracy"]), seat("italy"), seat("illyria")],
                 tokens={2: {0: 9}, 4: {1: 9}, 6: {2: 9}}, cities={1: 0, 3: 1, 5: 2, 9: 2},
                 traders={"piracy": 1})
    # the trader (Italy) names Africa's one coastal city (forced); Africa names one of
    # Illyria's; Italy, the trader, is no secondary victim (A18.4)
    assert s.pending is not None and s.pending["seat"] == 0 and s.pending["cities"] == [5, 9]
    s = play(s, "city 9")
    assert [e["area"] for e in this_phase(s, "pirate_city")] == [9]
    assert s.pending is None or s.pending["kind"] != "reduce"  # one per player


def test_A24_1_slave_revolt_fifteen_tokens_cannot_support_cities() -> None:
    s = calamity([seat("africa", hand=["slave_revolt"]), seat("italy")],
                 tokens={2: {0: 18}, 4: {1: 9}}, cities={1: 0, 3: 0})
    assert s.pending == {"kind": "support", "seat": 0, "reason": "slave_revolt",
                         "discount": 15}


def test_A19_1_a_volcano_under_his_city_destroys_every_unit_there() -> None:
    s = calamity([seat("africa", hand=["volcano_earthquake"]), seat("italy")],
                 tokens={2: {0: 9}, 4: {1: 9}, 22: {1: 1}}, cities={22: 0})
    assert [e["area"] for e in this_phase(s, "city_destroyed")] == [22]


def test_A19_2_earthquake_destroys_his_city_and_reduces_a_neighbours() -> None:
    s = calamity([seat("africa", hand=["volcano_earthquake"]), seat("italy")],
                 tokens={2: {0: 9}, 5: {1: 9}}, cities={1: 0, 3: 1})
    assert [e["area"] for e in this_phase(s, "city_destroyed")] == [1]
    assert reduced(s) == [3]


def test_A25_flood_strikes_the_plain_of_his_units_black_sites_are_safe() -> None:
    s = calamity([seat("asia"), seat("assyria"), seat("babylon"), seat("egypt",
                                                                       hand=["flood"])],
                 tokens={12: {0: 1}, 14: {1: 1}, 16: {2: 1}, 18: {3: 4}, 20: {3: 14}},
                 cities={19: 3})
    # 4 vulnerable tokens in Memphis; Thebes' city stands on a black site: all 4 go
    assert next((e["area"], e["count"]) for e in this_phase(s, "tokens_removed")) == (18, 4)
    assert not this_phase(s, "city_destroyed")


def test_A18_2_more_than_two_calamities_two_are_drawn_at_random() -> None:
    s = calamity([seat("africa", hand=["superstition", "civil_disorder", "piracy"]),
                  seat("italy")], tokens={2: {0: 9}, 4: {1: 2}}, cities={})
    assert len(this_phase(s, "calamity_set_aside")) == 1
    assert len(this_phase(s, "calamity")) == 2


def test_A31_1_monotheism_converts_a_neighbouring_area() -> None:
    s = calamity([seat("africa", cards=["enlightenment", "monotheism"]), seat("italy")],
                 tokens={2: {0: 3}, 4: {1: 2}}, cities={})
    assert s.pending == {"kind": "monotheism", "seat": 0}
    s = play(s, "convert 4")
    assert this_phase(s, "converted") == [{"type": "converted", "seat": 0, "area": 4}]


def test_A23_civil_war_factions_are_selected_and_the_other_goes_to_the_beneficiary() -> None:
    # Africa: 2 cities and 30 tokens (40 points); Italy leads the stock ranking.
    s = calamity([seat("africa", hand=["civil_war"]), seat("italy")],
                 tokens={2: {0: 30}, 4: {1: 2}}, cities={1: 0, 3: 0})
    assert s.pending == {"kind": "selection", "seat": 0, "calamity": "civil_war",
                         "points": 15, "target": 15, "taken": 0}
    s = play(s, "select city 1", "select city 3")
    # the last 5 points and Italy's 20 can only be Numidia's tokens: taken without asking
    assert s.pending == {"kind": "faction", "seat": 0}
    s = play(s, "keep 1")
    moved = this_phase(s, "tokens_changed_hands")
    assert len(moved) == 5 and all(e["to"] == 1 and e["area"] == 2 for e in moved)


def test_A23_1_no_civil_war_when_the_victim_leads_the_stock_ranking() -> None:
    s = calamity([seat("africa", hand=["civil_war"]), seat("italy")],
                 tokens={2: {0: 3}, 4: {1: 30}}, cities={})
    assert not this_phase(s, "tokens_changed_hands") and (
        s.pending is None or s.pending["kind"] != "selection")


def test_A23_2_with_philosophy_the_beneficiary_alone_selects_15() -> None:
    s = calamity([seat("africa", hand=["civil_war"], cards=["law", "philosophy"]),
                  seat("italy")], tokens={2: {0: 30}, 4: {1: 2}}, cities={1: 0, 3: 0})
    assert s.pending is not None and s.pending["seat"] == 1 and s.pending["points"] == 15


def test_A26_1_crete_is_immune_to_barbarian_hordes() -> None:
    s = calamity([seat("africa"), seat("italy"), seat("crete", hand=["barbarian_hordes"])],
                 tokens={2: {0: 3}, 4: {1: 3}, 9: {2: 3}}, cities={})
    assert not this_phase(s, "barbarians")


def test_A26_3_A26_4_the_horde_lands_where_it_hurts_then_its_excess_moves_on() -> None:
    s = calamity([seat("africa", hand=["barbarian_hordes"]), seat("italy")],
                 tokens={2: {0: 4}, 4: {0: 3}, 6: {1: 3}}, cities={})
    assert this_phase(s, "barbarians") == [{"type": "barbarians", "area": 2, "count": 15}]
    # 15 against 4 in Numidia (limit 2): 12 left, 10 too many; Samnium's 3 Africans are
    # the most damage next door; 10 against 3 leaves 8, 6 too many and no African left
    assert this_phase(s, "barbarians_moved") == [
        {"type": "barbarians_moved", "from": 2, "to": 4, "count": 10}]
    lost = [e for e in this_phase(s, "tokens_removed") if e["reason"] == "barbarians_lost"]
    assert [(e["area"], e["count"]) for e in lost] == [(4, 6)]


def test_A26_3_without_his_units_the_horde_lands_in_an_empty_start_area() -> None:
    s = calamity([seat("africa", hand=["barbarian_hordes"]), seat("italy")],
                 tokens={1: {1: 1}, 4: {1: 3}, 8: {0: 2}}, cities={})
    assert this_phase(s, "barbarians")[0]["area"] == 2


def test_A23_4_military_each_faction_loses_5_points_from_its_front_first() -> None:
    s = calamity([seat("africa", hand=["civil_war"], cards=["military"]), seat("italy")],
                 tokens={2: {0: 30}, 4: {1: 2}}, cities={1: 0, 3: 0})
    s = play(s, "select city 1", "select city 3")
    # first faction: both cities and 25 of Numidia's tokens; second: 5 tokens in Numidia.
    # The first's front is Mauretania's city (next to Numidia): destroyed. The second's
    # front, fixed when the factions formed, is Numidia (next to Mauretania): its 5 tokens.
    assert [e["area"] for e in this_phase(s, "city_destroyed")] == [1]
    lost = [e for e in this_phase(s, "tokens_removed") if e["reason"] == "civil_war"]
    assert sum(e["count"] for e in lost) == 5 and {e["area"] for e in lost} == {2}
    assert s.pending == {"kind": "faction", "seat": 0}


def test_A24_1_b_is_fixed_when_the_revolt_strikes_tokens_placed_count_in_full() -> None:
    # Mining: k = 20, b = min(20, 12) = 12. 12 - 12 < 6: one city reduced places 3 (15
    # tokens, 3 short of 2 x 2 + 12); a second places 3 more: 18 - 12 = 6 >= 2 x 1.
    # Recomputing b after a reduction (b = 15, then 18) would ask for the third city too.
    s = calamity([seat("africa", hand=["slave_revolt"], cards=["engineering", "mining"]),
                  seat("italy")], tokens={2: {0: 12}, 4: {1: 9}}, cities={1: 0, 3: 0, 7: 0})
    assert s.pending == {"kind": "support", "seat": 0, "reason": "slave_revolt",
                         "discount": 12}
    s = play(s, "city 1")
    assert s.pending == {"kind": "support", "seat": 0, "reason": "slave_revolt",
                         "discount": 12}
    s = play(s, "city 3")
    assert [e["area"] for e in this_phase(s, "city_reduced")] == [3]
    assert s.position.cities_of(0) == [7] and s.position.tokens_on_board(0) == 18


@pytest.mark.parametrize("cards", [[], ["engineering", "mining"], ["enlightenment"]])
@pytest.mark.parametrize("tokens", [0, 4, 9, 12, 16, 20, 25])
def test_A24_1_the_victim_is_asked_only_while_short_of_the_b_fixed_at_the_start(
        cards: list[str], tokens: int) -> None:
    """The class: whatever k and the tokens on the board, a city is asked for only while
    his tokens minus the b of the revolt's start cannot support his cities, and the
    reductions stop as soon as they can (each here places 3 tokens, the areas' limit)."""
    k = 15 + 5 * ("mining" in cards) - 5 * ("enlightenment" in cards)
    b = min(k, tokens)
    cities = {1: 0, 3: 0, 6: 0, 7: 0}
    s = calamity([seat("africa", hand=["slave_revolt"], cards=cards), seat("italy")],
                 tokens={2: {0: tokens}, 4: {1: 9}} if tokens else {4: {1: 9}},
                 cities=cities)
    events = list(s.events)
    while s.pending is not None and s.pending["kind"] == "support" \
            and s.pending["reason"] == "slave_revolt":
        pos = s.position
        assert s.pending["discount"] == b
        assert pos.tokens_on_board(0) - b < 2 * len(pos.cities_of(0))
        s = play(s, f"city {s.legal_actions()[0]['area']}")
        events += s.events
    expected = next(n for n in range(5) if n == 4 or tokens + 3 * n - b >= 2 * (4 - n))
    assert sum(1 for e in events if e["type"] == "city_reduced"
               and e["reason"] == "slave_revolt") == expected
    assert len(s.position.cities_of(0)) == 4 - expected


def test_A23_4_military_both_fronts_are_fixed_when_the_factions_form() -> None:
    # Philosophy: Italy selects 15 points, Mauretania's city and Thracia's 10 tokens. The
    # second faction: 3 tokens in Numidia (next to Mauretania over land) and 4 on Thera.
    # Fronts when the factions form: the first's is Mauretania, the second's Numidia.
    s = calamity([seat("africa", hand=["civil_war"], cards=["law", "philosophy", "military"]),
                  seat("italy")], tokens={2: {0: 3}, 7: {0: 10}, 22: {0: 4}, 5: {1: 2}},
                 cities={1: 0})
    s = play(s, "select city 1", *["select token 7"] * 10)
    # the first faction loses its front, the city; the second its whole front, Numidia's 3
    # tokens, though Mauretania's city is gone, and the last 2 points on Thera
    assert [e["area"] for e in this_phase(s, "city_destroyed")] == [1]
    lost = [(e["area"], e["count"]) for e in this_phase(s, "tokens_removed")
            if e["reason"] == "civil_war"]
    assert sorted(lost) == [(2, 1)] * 3 + [(22, 1)] * 2
    assert s.pending == {"kind": "faction", "seat": 0}


def _steps_by_definition(pos: Any, loss: dict[str, Any]) -> list[dict[str, Any]]:
    """A7.6 as written: every unit whose loss leaves the rest of the target reachable, tried
    on a whole copy of the position (the engine tries fewer, on a partial copy)."""
    need = loss["target"] - loss["taken"]
    steps = []
    for area in losses._areas(pos, loss):
        units = ["token"] if losses.removable_tokens(pos, loss, area) else []
        city = pos.cities.get(area)
        if city is not None and city.owner == loss["seat"] and area not in loss["protected"]:
            values = losses.city_values(pos, loss, area)
            units += [u for u in ("destroy", "reduce") if 0 < values[u] <= need]
        for unit in units:
            trial, trial_loss = pos.copy(), copy.deepcopy(loss)
            rest = need - losses._take(trial, trial_loss, unit, area, [])
            if rest == 0 or rest in losses.reachable(trial, trial_loss):
                steps.append({"type": "lose", "unit": unit, "area": area})
    return steps


@pytest.mark.parametrize("card, tokens, cities", [
    ("famine", {1: {0: 3}, 7: {0: 2}, 8: {0: 1}}, {2: 0, 3: 0, 5: 0}),
    ("epidemic", {1: {0: 5}, 7: {0: 4}, 8: {0: 3}}, {2: 0, 3: 0, 5: 0, 9: 0}),
])
def test_A7_6_every_step_offered_is_one_the_rule_allows(
        card: str, tokens: dict[int, dict[int, int]], cities: dict[int, int]) -> None:
    s = calamity([seat("africa", hand=[card]), seat("italy")],
                 tokens={**tokens, 4: {1: 2}}, cities=cities)
    rng = random.Random(7)
    asked = 0
    while s.pending is not None and s.pending["kind"] == "loss":
        pos = s.position
        loss = pos.phase_state["loss"]
        expected = _steps_by_definition(pos, loss)
        assert losses.loss_legal_steps(pos, loss) == expected
        s = s.apply(rng.choice(expected))
        asked += 1
    assert asked >= 2
