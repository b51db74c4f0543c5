"""A1.2: a decision answered in steps is asked only while its end is not yet fixed.

Losses (A7.6), selections (A7.7), assignments (A21.2, A25.4, A27.2), the
calamities' cities (A22, A28–A30) and revolts (A8.4) go one step at a time;
when every way of finishing ends alike, only the order would be left to
choose, and the engine takes the steps itself, each shown by its events.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from civ_world import BOARD, events_of, play, position, seat, state, this_phase

import engine.civ as civ
from engine.civ import flow
from engine.civ.losses import loss_legal


def calamity(seats: list[dict[str, Any]], tokens: dict[int, dict[int, int]],
             cities: dict[int, int]) -> Any:
    return state(position(seats, tokens=tokens, cities=cities, phase="calamities"))


def kinds_asked(s: Any) -> str | None:
    return None if s.pending is None else str(s.pending["kind"])


def test_A1_2_A8_4_leftover_cities_that_must_all_be_destroyed_are_not_asked() -> None:
    # Africa pays for neither of its 2 cities and Italy has no city in stock: both go.
    d = position([seat("africa"), seat("italy")], tokens={},
                 cities={1: 0, 2: 0, **{a: 1 for a in (3, 4, 5, 6, 7, 8, 9, 10, 22)}})
    d["seats"][0]["treasury"] = d["seats"][0]["stock"]["tokens"]
    d["seats"][0]["stock"]["tokens"] = 0
    s = state(d)
    assert [e["area"] for e in events_of(s, "city_destroyed")] == [1, 2]
    assert all(e["reason"] == "revolt" for e in events_of(s, "city_destroyed"))
    assert kinds_asked(s) != "revolt"


def test_A1_2_A8_4_fewer_cities_to_destroy_than_he_has_are_still_asked() -> None:
    # 1 of his 2 cities unpaid: which one stays is his choice
    d = position([seat("africa"), seat("italy")], tokens={},
                 cities={1: 0, 2: 0, **{a: 1 for a in (3, 4, 5, 6, 7, 8, 9, 10, 22)}})
    d["seats"][0]["treasury"] = d["seats"][0]["stock"]["tokens"] - 2
    d["seats"][0]["stock"]["tokens"] = 2
    s = state(d)
    assert s.pending == {"kind": "revolt", "seat": 0, "victim": 0, "left": 1, "destroy": True}
    assert len(s.legal_actions()) == 2


def test_A1_2_A21_2_caps_that_force_the_split_are_assigned_without_asking() -> None:
    # Famine: 20 points among Italy (cap 5, his unit points) and Illyria (cap 8): 13 in all,
    # so each takes his cap whatever the order
    s = calamity([seat("africa", hand=["famine"]), seat("italy"), seat("illyria")],
                 tokens={1: {0: 10}, 4: {1: 5}, 6: {2: 12}}, cities={})
    assert {(e["seat"], e["points"]) for e in this_phase(s, "assigned")} == {(1, 5), (2, 8)}
    assert kinds_asked(s) != "assign"
    assert sum(e["count"] for e in this_phase(s, "tokens_removed") if e["owner"] == 2) == 8


def test_A1_2_A22_superstition_with_as_many_cities_as_it_reduces_is_not_asked() -> None:
    s = calamity([seat("africa", hand=["superstition"]), seat("italy")],
                 tokens={2: {0: 9}, 4: {1: 2}}, cities={1: 0, 3: 0, 5: 0})
    assert [e["area"] for e in this_phase(s, "city_reduced")] == [1, 3, 5]
    assert kinds_asked(s) != "reduce"


def test_A1_2_A22_superstition_with_a_city_to_spare_is_asked() -> None:
    s = calamity([seat("africa", hand=["superstition"]), seat("italy")],
                 tokens={2: {0: 9}, 4: {1: 2}}, cities={1: 0, 3: 0, 5: 0, 7: 0})
    assert s.pending is not None and s.pending["kind"] == "reduce"
    s = play(s, "city 1", "city 3")
    assert s.pending is not None and s.pending["cities"] == [5, 7]


def test_A1_2_A23_2_music_a_civil_war_whose_selections_must_take_everything() -> None:
    # Africa holds Music (he selects 20) and has 35 points: the 15 he leaves all go to
    # Italy's 20, the second faction is empty and nothing happens (A23.3), whatever he takes
    s = calamity([seat("africa", hand=["civil_war"], cards=["music"]), seat("italy")],
                 tokens={2: {0: 25}, 4: {1: 2}}, cities={1: 0, 3: 0})
    assert this_phase(s, "calamity")[0]["card"] == "civil_war"
    assert kinds_asked(s) not in ("selection", "faction")
    assert not this_phase(s, "tokens_changed_hands") and not this_phase(s, "city_changed_hands")


def test_A1_2_A23_2_a_selection_that_must_take_all_that_is_left_is_not_asked() -> None:
    # Philosophy: Italy alone selects 15 of Africa's 15 points: all of them, in one go
    s = calamity([seat("africa", hand=["civil_war"], cards=["law", "philosophy"]),
                  seat("italy")], tokens={2: {0: 5}, 5: {0: 5}, 4: {1: 2}}, cities={1: 0})
    assert kinds_asked(s) != "selection"
    assert not this_phase(s, "tokens_changed_hands")  # the second faction is empty


def test_A1_2_A7_6_one_combination_a_city_destroyed_and_two_tokens() -> None:
    # Flood with Engineering: 7 points on the Euphrates; Ur's city (5, or 3 reduced) and
    # Sippar's 3 tokens: 7 is only 5 + 2, and the 2 tokens are Sippar's either way
    s = calamity([seat("africa", hand=["flood"], cards=["engineering"]), seat("italy"),
                  seat("illyria"), seat("thrace"), seat("crete")],
                 tokens={16: {0: 3}, 4: {1: 2}}, cities={17: 0})
    assert [e["area"] for e in this_phase(s, "city_destroyed")] == [17]
    assert sum(e["count"] for e in this_phase(s, "tokens_removed") if e["owner"] == 0) == 2
    assert kinds_asked(s) != "loss"


def test_A1_2_A7_6_A27_3_one_token_from_each_area_is_not_asked() -> None:
    # Epidemic with Medicine: 8 points; 2 tokens in each of 8 areas, one of which stays
    s = calamity([seat("africa", hand=["epidemic"], cards=["medicine"]), seat("italy")],
                 tokens={**{a: {0: 2} for a in range(1, 9)}, 9: {1: 2}}, cities={})
    africa = [e for e in this_phase(s, "tokens_removed") if e["owner"] == 0]
    assert sorted(e["area"] for e in africa) == list(range(1, 9))
    assert all(e["count"] == 1 for e in africa)
    assert kinds_asked(s) != "loss"


def test_A1_2_A7_6_two_reductions_the_only_way_to_the_total_are_not_asked() -> None:
    # Famine with Pottery and one Grain shown: 6 points from two cities in areas of limit 2
    # (5 destroyed, 3 reduced): 6 is only 3 + 3
    s = calamity([seat("africa", hand=["famine", "grain"], cards=["pottery"]),
                  seat("italy")], tokens={9: {1: 2}}, cities={2: 0, 4: 0})
    assert s.pending is not None and s.pending["kind"] == "pottery"
    s = play(s, "show 1")
    assert [e["area"] for e in this_phase(s, "city_reduced")] == [2, 4]
    assert kinds_asked(s) != "loss"


def test_A1_2_A7_6_a_loss_with_two_ways_to_its_total_is_asked() -> None:
    s = calamity([seat("africa", hand=["famine"]), seat("italy")],
                 tokens={1: {0: 6}, 2: {0: 6}, 4: {1: 2}}, cities={})
    assert s.pending is not None and s.pending["kind"] == "loss"
    assert s.legal_actions() == [{"type": "lose", "unit": "token", "area": 1},
                                 {"type": "lose", "unit": "token", "area": 2}]


def test_A7_6_trying_each_step_of_a_loss_changes_nothing_in_the_position() -> None:
    """The legal steps are found by trying each on a copy sharing all a step cannot change
    (`losses._trial`): the tokens, cities and stocks of every seat stay as they were."""
    s = calamity([seat("africa", hand=["famine"]), seat("italy")],
                 tokens={1: {0: 6}, 2: {0: 6}, 3: {0: 2}, 4: {1: 2}}, cities={5: 0, 6: 0})
    assert s.pending is not None and s.pending["kind"] == "loss"
    d = s.to_dict()
    steps = loss_legal(s.position)
    assert {a["unit"] for a in steps} >= {"token", "destroy"}
    assert s.to_dict() == d


def test_A1_2_a_written_question_with_one_way_left_is_answered_unless_read_as_played() -> None:
    """The famine above with Africa's tokens of area 2 back in stock: area 1 is the only way
    left. Read as written, the question is answered; read `played` (a computer player's
    world dealt from a view of a question play asked) it stands as written."""
    d = calamity([seat("africa", hand=["famine"]), seat("italy")],
                 tokens={1: {0: 6}, 2: {0: 6}, 4: {1: 2}}, cities={}).to_dict()
    d["areas"] = [a for a in d["areas"] if a["id"] != 2]
    d["seats"][0]["stock"]["tokens"] += 6
    assert kinds_asked(state(d)) != "loss"
    played = civ.from_dict(d, BOARD, played=True)
    assert played.pending == d["pending"]
    assert played.legal_actions() == [{"type": "lose", "unit": "token", "area": 1}]


def test_A1_2_exception_A32_5_excess_cards_of_one_kind_are_still_asked() -> None:
    # one legal answer, but it comes from his hidden hand: a question skipped would tell it
    d = position([seat("africa", hand=["salt"] * 9), seat("italy")],
                 tokens={2: {0: 1}, 4: {1: 1}}, phase="civ_cards")
    s = play(state(d), "purchase none")
    assert s.pending == {"kind": "excess", "seat": 0, "left": 1}
    assert s.legal_actions() == [{"type": "return", "card": "salt"}]


def test_A1_2_exception_A21_3_a_pottery_holder_without_grain_is_still_asked() -> None:
    # "show 0" is his only answer, but because of his hand: skipping it would tell it (an
    # empty hand would tell nothing, its size being public: A1.5)
    s = calamity([seat("africa", hand=["famine", "ochre"], cards=["pottery"]), seat("italy")],
                 tokens={1: {0: 12}, 4: {1: 2}}, cities={})
    assert s.pending == {"kind": "pottery", "seat": 0, "calamity": "famine"}
    assert s.legal_actions() == [{"type": "show_grain", "count": 0}]


def test_A1_2_A7_6_once_the_rest_owed_is_every_unit_left_they_all_go() -> None:
    # Famine, 10: a city in Numidia (5, or 3 reduced) and 7 tokens in two areas. Reducing
    # the city leaves 7 owed: every token, in whatever order
    s = calamity([seat("africa", hand=["famine"]), seat("italy")],
                 tokens={1: {0: 4}, 3: {0: 3}, 5: {1: 2}}, cities={2: 0})
    assert s.pending is not None and s.pending["kind"] == "loss"
    s = play(s, "lose reduce 2")
    africa = [e for e in this_phase(s, "tokens_removed") if e["owner"] == 0]
    assert sorted((e["area"], e["count"]) for e in africa) == [(1, 1)] * 4 + [(3, 1)] * 3
    assert kinds_asked(s) != "loss"


def test_A1_2_A23_2_a_selection_leaving_one_token_is_seen_as_a_choice_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Africa's 36 points: he selects his 3 cities (15), then Italy 20 of the 21 left, so
    # one token stays out; the last area holds two tokens, so every dive by first answers
    # leaves one of those two, and only other orders show that another token could stay.
    # A second end is found by two dives, not by trying subset after subset (527 steps
    # before)
    tokens = {a: {0: 1} for a in (1, 2, 3, 5, 6, 7, 8, 12, 13)} | {14: {0: 2}, 21: {1: 2}}
    s = calamity([seat("africa", hand=["civil_war"]), seat("italy"), seat("illyria"),
                  seat("thrace"), seat("crete")],
                 tokens=tokens, cities={a: 0 for a in (16, 17, 18, 19, 20)})
    s = play(s, "select city 16", "select city 17", "select city 18")
    assert s.pending is not None and s.pending["kind"] == "selection"
    assert s.pending["seat"] != 0 and s.pending["target"] == 20
    steps = 0
    selection = flow.DECISIONS["selection"]

    def counted(pos: Any, action: Any, events: Any) -> None:
        nonlocal steps
        steps += 1
        selection.answer(pos, action, events)

    monkeypatch.setitem(flow.DECISIONS, "selection", replace(selection, answer=counted))
    s = play(s, "select token 1")
    assert s.pending is not None and s.pending["kind"] == "selection"
    assert s.pending["taken"] == 1
    assert steps < 100
