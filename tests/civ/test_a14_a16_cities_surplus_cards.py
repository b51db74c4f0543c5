"""A14 city construction, A15 surplus removal and A7.5 city support, A16 trade card acquisition."""

from __future__ import annotations

from civ_world import building_by_the_volcano, events_of, play, position, seat, state, this_phase

from engine.civ.acquisition import calamity_drawers


def areas(s) -> dict:  # type: ignore[no-untyped-def,type-arg]
    return {a["id"]: a for a in s.to_dict()["areas"]}


def test_A14_2_six_tokens_on_a_site_twelve_elsewhere() -> None:
    d = position([seat("africa"), seat("italy"), seat("illyria")],
                 tokens={1: {0: 6}, 2: {0: 11}, 8: {0: 12}, 6: {1: 1}, 5: {2: 1}},
                 phase="cities")
    s = state(d)
    assert s.pending == {"kind": "cities", "seat": 0}
    assert s.legal_actions() == [{"type": "build", "area": 1}, {"type": "build", "area": 8},
                                 {"type": "done"}]
    s = play(s, "build 1")
    assert areas(s)[1]["city"] == {"owner": 0, "new": True} and areas(s)[1]["tokens"] == {}
    assert s.to_dict()["seats"][0]["stock"]["cities"] == 8
    assert events_of(s, "city_built") == [{"type": "city_built", "area": 1, "seat": 0,
                                           "treasury": 0}]


def test_A4_4_with_two_players_islands_have_no_city_site() -> None:
    d = position([seat("africa"), seat("italy")], tokens={9: {0: 6}, 4: {1: 1}},
                 phase="cities")
    assert state(d).pending is None or state(d).to_dict()["phase"] != "cities"
    d3 = position([seat("africa"), seat("italy"), seat("crete")],
                  tokens={9: {0: 6}, 4: {1: 1}, 10: {2: 1}}, phase="cities")
    assert state(d3).legal_actions()[0] == {"type": "build", "area": 9}


def test_A14_3_architecture_pays_the_shortfall_from_treasury_once_a_turn() -> None:
    d = position([seat("africa", cards=["architecture"], treasury=6), seat("italy")],
                 tokens={1: {0: 3}, 3: {0: 4}, 4: {1: 1}}, phase="cities")
    s = state(d)
    assert [a.get("area") for a in s.legal_actions()] == [1, 3, None]
    s = play(s, "build 3")
    assert this_phase(s, "city_built") == [{"type": "city_built", "area": 3, "seat": 0,
                                            "treasury": 2}]
    assert not this_phase(s, "city_built")[1:]  # Mauretania needs Architecture again: no


def test_A14_3_architecture_needs_the_area_to_himself() -> None:
    d = position([seat("africa", cards=["architecture"], treasury=6), seat("italy")],
                 tokens={1: {0: 3, 1: 1}}, phase="cities")
    assert state(d).to_dict()["phase"] != "cities"


def test_A15_1_tokens_leave_city_areas_and_lone_sides_keep_their_limit() -> None:
    d = position([seat("africa", cards=["agriculture"]), seat("italy")],
                 tokens={1: {0: 5}, 2: {0: 4}, 3: {0: 1}, 4: {1: 4}, 8: {0: 2, 1: 2},
                         6: {1: 4}, 5: {1: 3}},
                 cities={3: 1, 7: 0}, phase="surplus")
    s = state(d)
    removed = [(e["area"], e["owner"], e["count"]) for e in this_phase(s, "tokens_removed")]
    assert removed == [
        (1, 0, 1),   # limit 3 + Agriculture
        (2, 0, 1),   # limit 2 + Agriculture
        (3, 0, 1),   # a city keeps no tokens
        (4, 1, 2),   # limit 2
        (5, 1, 1),   # limit 2
        (6, 1, 1),   # limit 3; area 8 holds two sides: untouched
    ]


def test_A7_5_an_unsupported_player_reduces_a_new_city_first() -> None:
    d = position([seat("africa"), seat("italy")],
                 tokens={2: {0: 2}, 4: {1: 2}},
                 cities={1: (0, False), 5: (0, True), 7: (0, True)}, phase="surplus")
    s = state(d)
    assert s.pending == {"kind": "support", "seat": 0, "reason": "support", "discount": 0}
    assert s.legal_actions() == [{"type": "city", "area": 5}, {"type": "city", "area": 7}]
    s = play(s, "city 5")
    # 2 + 2 tokens placed (limit of Dalmatia) = 4 = 2 x 2 cities: supported
    assert this_phase(s, "city_reduced") == [{"type": "city_reduced", "area": 5, "owner": 0,
                                              "tokens": 2, "reason": "support"}]


def test_A16_1_fewest_cities_draw_first_one_card_per_city_from_stacks_1_up() -> None:
    d = position([seat("africa"), seat("italy")], tokens={2: {0: 4}, 4: {1: 4}},
                 cities={1: 0, 3: 1, 5: 1}, phase="acquisition")
    s = state(d)
    drawn = events_of(s, "cards_drawn")
    assert [(e["seat"], e["count"]) for e in drawn] == [(0, 1), (1, 2)]
    hands = [x["hand"] for x in s.to_dict()["seats"]]
    assert hands == [["ochre"], ["ochre", "iron"]]
    private = events_of(s, "hand_drawn")
    assert [e["private_to"] for e in private] == [0, 1]


def test_A16_1_A32_6_every_view_counts_how_deep_a_non_tradable_calamity_lies() -> None:
    # it only ever goes to the very bottom, in view of all, so the count is public. Italy
    # builds its second city; then the three seats draw from stack 2 in A.S.T. order, and
    # the one drawing that many cards down draws it (the game runs on to the next turn)
    for depth in (0, 1, 2):
        s = state(building_by_the_volcano(depth))
        for viewer in (0, 1, 2, None):
            assert s.view(viewer)["calamity_depths"] == [None, depth, 18, 16, 14, None, None,
                                                          None, None]
        assert calamity_drawers([0, 1, 2], {0: 2, 1: 2, 2: 2}, s.view(None)["calamity_depths"]) \
            == {"volcano_earthquake": depth}
        s = play(s, "build 3")
        drawn = [e["seat"] for e in events_of(s, "hand_drawn")
                 if "volcano_earthquake" in e["cards"]]
        assert drawn == [depth]
        view = s.view(None)
        if depth == 1:  # Italy chooses which city the earthquake takes (A19): not yet back
            assert s.pending["kind"] == "earthquake" and view["calamity_depths"][1] is None
        else:  # resolved (A18), it went back to the very bottom (A32.6), as everyone saw
            assert view["calamity_depths"][1] == view["stack_sizes"][1] - 1


def test_A16_2_buying_from_stack_9_for_18_one_card_at_a_time() -> None:
    d = position([seat("africa", treasury=40), seat("italy")], tokens={2: {0: 4}, 4: {1: 4}},
                 phase="acquisition")
    s = state(d)
    assert s.pending == {"kind": "stack9", "seat": 0}
    s = play(s, "buy")
    assert s.to_dict()["seats"][0]["treasury"] == 22 and s.to_dict()["seats"][0]["hand"] == [
        "gold"]
    s = play(s, "buy")
    assert this_phase(s, "bought") == [{"type": "bought", "seat": 0}]
    assert s.pending is None or s.pending["kind"] != "stack9"  # 4 left: no third card
