"""A8 phase 1: tax collection, Coinage rates, partial tax, revolts, Democracy."""

from __future__ import annotations

from civ_world import events_of, play, position, seat, state


def test_A8_2_each_city_pays_two_tokens_from_stock_to_treasury() -> None:
    s = state(position([seat("africa"), seat("italy")], tokens={2: {0: 1}, 4: {1: 1}},
                       cities={1: 0, 5: 0, 3: 1}))
    seats = s.to_dict()["seats"]
    assert seats[0]["treasury"] == 4 and seats[1]["treasury"] == 2
    assert events_of(s, "tax_paid")[0] == {"type": "tax_paid", "seat": 0, "rate": 2,
                                           "cities_paid": 2, "tokens": 4}


def test_A8_1_a_coinage_holder_declares_his_rate() -> None:
    s = state(position([seat("africa", cards=["coinage"]), seat("italy")],
                       tokens={2: {0: 1}, 4: {1: 1}}, cities={1: 0, 5: 0, 3: 1}))
    assert s.pending == {"kind": "tax_rate", "seat": 0}
    assert [a["rate"] for a in s.legal_actions()] == [1, 2, 3]
    s = play(s, "tax 3")
    assert s.to_dict()["seats"][0]["treasury"] == 6


def test_A8_2_partial_tax_pays_only_whole_cities_and_the_rest_revolt() -> None:
    # Africa: 3 cities, 5 tokens in stock -> 2 cities paid, 1 unpaid; Italy benefits.
    d = position([seat("africa", treasury=0), seat("italy")], tokens={2: {0: 1}, 4: {1: 1}},
                 cities={1: 0, 5: 0, 7: 0})
    d["seats"][0]["stock"]["tokens"] = 5
    d["seats"][0]["treasury"] = 55 - 5 - 1
    s = state(d)
    seats = s.to_dict()["seats"]
    assert seats[0]["stock"]["tokens"] == 1 and seats[0]["treasury"] == 49 + 4
    assert s.pending == {"kind": "revolt", "seat": 1, "victim": 0, "left": 1, "destroy": False}
    s = play(s, "city 5")
    city = {a["id"]: a["city"] for a in s.to_dict()["areas"]}[5]
    assert city == {"owner": 1, "new": True}
    assert s.to_dict()["seats"][1]["stock"]["cities"] == 8
    assert s.to_dict()["seats"][0]["stock"]["cities"] == 7
    assert events_of(s, "city_changed_hands") == [
        {"type": "city_changed_hands", "area": 5, "from": 0, "to": 1, "reason": "revolt"}]


def test_A8_3_a_democracy_holder_never_revolts() -> None:
    d = position([seat("africa", cards=["law", "democracy"]), seat("italy")],
                 tokens={2: {0: 1}, 4: {1: 1}}, cities={1: 0, 5: 0})
    d["seats"][0]["stock"]["tokens"] = 1
    d["seats"][0]["treasury"] = 55 - 1 - 1
    s = state(d)
    assert s.to_dict()["seats"][0]["treasury"] == 53
    assert not events_of(s, "city_changed_hands") and s.to_dict()["phase"] != "tax"


def test_A8_4_the_beneficiary_is_first_in_the_stock_ranking() -> None:
    d = position([seat("africa"), seat("italy", treasury=20), seat("illyria", treasury=10)],
                 tokens={2: {0: 1}}, cities={1: 0})
    d["seats"][0]["treasury"] += d["seats"][0]["stock"]["tokens"] - 1
    d["seats"][0]["stock"]["tokens"] = 1
    s = state(d)
    assert events_of(s, "city_changed_hands")[0]["to"] == 2  # forced: Africa's only city


def test_A8_4_leftover_cities_are_destroyed_once_no_beneficiary_has_a_city() -> None:
    # Africa pays for none of its 3 cities; Italy has 8 cities out, 1 in stock.
    d = position([seat("africa"), seat("italy")], tokens={},
                 cities={1: 0, 2: 0, 22: 0, **{a: 1 for a in range(3, 11)}})
    d["seats"][0]["treasury"] = 55
    d["seats"][0]["stock"]["tokens"] = 0
    s = state(d)
    assert s.pending == {"kind": "revolt", "seat": 1, "victim": 0, "left": 3, "destroy": False}
    s = play(s, "city 1")
    # the two left must both be destroyed: not asked (A1.2), each shown
    assert [e["area"] for e in events_of(s, "city_destroyed")] == [2, 22]
    assert s.to_dict()["seats"][0]["stock"]["cities"] == 9
    assert s.to_dict()["seats"][1]["stock"]["cities"] == 0
