"""A13 phase 6: token fights, cities attacked, pillage."""

from __future__ import annotations

from civ_world import events_of, play, position, seat, state, this_phase

from engine.civ.conflict import token_fight


def tokens(s) -> dict:  # type: ignore[no-untyped-def,type-arg]
    return {a["id"]: a["tokens"] for a in s.to_dict()["areas"] if a["tokens"]}


def cities(s) -> dict:  # type: ignore[no-untyped-def,type-arg]
    return {a["id"]: a["city"] for a in s.to_dict()["areas"] if a["city"]}


def test_A13_3_rulebook_example_3_italians_and_5_illyrians_limit_2() -> None:
    assert token_fight({1: 3, 2: 5}, set(), 2, True) == {2: 3}


def test_A13_3_equal_sides_remove_together() -> None:
    assert token_fight({0: 3, 1: 3}, set(), 2, True) == {0: 1, 1: 1}
    assert token_fight({0: 3, 1: 3}, set(), 2, False) == {}


def test_A13_3_metalworking_removes_after_non_holders() -> None:
    # 3 with Metalworking against 5: the larger side removes first and keeps one fewer.
    assert token_fight({0: 3, 1: 5}, {0}, 2, False) == {1: 2}
    assert token_fight({0: 3, 1: 5}, {0, 1}, 2, False) == {1: 3}


def test_A13_4_a_fight_without_a_city_stops_at_the_limit() -> None:
    d = position([seat("africa"), seat("italy"), seat("illyria")],
                 tokens={4: {0: 3, 1: 2}, 8: {0: 4, 2: 2}, 1: {0: 1, 2: 1}},
                 phase="conflict")
    s = state(d)
    removed = [(e["area"], e["owner"], e["count"]) for e in this_phase(s, "tokens_removed")]
    # area 4, limit 2: Italy 1, Africa 2, Italy 0; area 8, limit 4: Illyria 1, Africa 3, stop;
    # area 1, limit 3: no conflict
    assert removed == [(4, 0, 1), (4, 1, 2), (8, 0, 1), (8, 2, 1)]
    assert events_of(s, "conflict")[0] == {"type": "conflict", "area": 4, "sides": [0, 1]}


def test_A13_5_too_few_attackers_return_to_stock_and_the_city_stands() -> None:
    d = position([seat("africa"), seat("italy")], tokens={3: {0: 6}, 1: {0: 1}},
                 cities={3: 1}, phase="conflict")
    s = state(d)
    assert not events_of(s, "city_destroyed")
    assert events_of(s, "tokens_removed")[0] == {"type": "tokens_removed", "area": 3,
                                                 "owner": 0, "count": 6,
                                                 "reason": "city_held"}


def test_A13_5_A13_6_a_city_falls_to_7_the_attacker_pillages_and_takes_a_card() -> None:
    d = position([seat("africa"), seat("italy", hand=["gold"])], tokens={3: {0: 7}},
                 cities={3: 1, 4: 1}, phase="conflict")
    s = state(d)
    assert s.pending == {"kind": "pillage", "seat": 0, "victim": 1, "area": 3}
    assert [a["count"] for a in s.legal_actions()] == [0, 1, 2, 3]
    destroyed = events_of(s, "city_destroyed")[0]
    assert destroyed["standins"] == 6
    s = play(s, "pillage 3")
    assert this_phase(s, "pillaged") == [{"type": "pillaged", "seat": 0, "count": 3}]
    assert this_phase(s, "card_taken") == [{"type": "card_taken", "seat": 0, "victim": 1}]
    # 7 attackers against 6 stand-ins, limit 3: (6,7) (5,6) ... (1,2): the limit holds
    removed = [(e["owner"], e["count"]) for e in this_phase(s, "tokens_removed")]
    assert removed == [(0, 5), (1, 5)]
    drawn = events_of(s, "hand_drawn")
    assert drawn == [{"type": "hand_drawn", "seat": 0, "cards": ["gold"], "private_to": 0}]


def test_A13_5_engineering_moves_the_thresholds() -> None:
    owner_eng = position([seat("africa"), seat("italy", cards=["engineering"])],
                         tokens={3: {0: 7}}, cities={3: 1, 4: 1}, phase="conflict")
    assert 3 in cities(state(owner_eng))
    attacker_eng = position([seat("africa", cards=["engineering"]), seat("italy")],
                            tokens={3: {0: 6}}, cities={3: 1, 4: 1}, phase="conflict")
    assert state(attacker_eng).pending is not None  # 6 suffice: pillage is asked


def test_A13_5_defenders_and_attackers_fight_to_the_last_side_first() -> None:
    d = position([seat("africa"), seat("italy"), seat("illyria")],
                 tokens={3: {0: 7, 1: 1, 2: 2}}, cities={3: 1}, phase="conflict")
    s = state(d)
    # 7, 1, 2 fight to the last side, past the limit: Africa keeps 6, too few (7).
    assert not events_of(s, "city_destroyed")
    assert [(e["owner"], e["count"], e["reason"]) for e in events_of(s, "tokens_removed")] == [
        (0, 1, "conflict"), (1, 1, "conflict"), (2, 2, "conflict"), (0, 6, "city_held")]


def test_A13_5_pirate_cities_fall_without_a_card_and_their_stand_ins_go() -> None:
    d = position([seat("africa", hand=[]), seat("italy")], tokens={3: {0: 9}},
                 cities={3: "barbarian", 4: 1}, phase="conflict")
    s = state(d)
    assert s.pending == {"kind": "pillage", "seat": 0, "victim": "barbarian", "area": 3}
    s = play(s, "pillage 1")
    fight = [e for e in events_of(s, "tokens_removed") if e["reason"] == "conflict"]
    assert [(e["owner"], e["count"]) for e in fight] == [("barbarian", 6), (0, 5)]


def test_A13_6_barbarians_destroy_cities_but_never_pillage() -> None:
    d = position([seat("africa"), seat("italy")], tokens={3: {"barbarian": 8}},
                 cities={3: 1, 4: 1}, phase="conflict")
    s = state(d)
    assert 3 not in cities(s) and not events_of(s, "pillaged")


def test_A13_5_surviving_pirate_stand_ins_are_removed() -> None:
    d = position([seat("africa"), seat("italy")], tokens={3: {0: 7}},
                 cities={3: "barbarian", 4: 1}, phase="conflict")
    s = play(state(d), "pillage 0")
    removed = [(e["owner"], e["count"], e["reason"]) for e in this_phase(s, "tokens_removed")]
    # (1 pirate, 2) holds the limit; the pirate goes
    assert removed == [("barbarian", 5, "conflict"), (0, 5, "conflict"),
                       ("barbarian", 1, "pirates")]
