"""A36 leaving and late entry, A1.7 inactive and waiting players, and their ranking (A35.3)."""

from __future__ import annotations

from typing import Any

import pytest
from civ_world import BOARD, OPTIONS, events_of, play, position, seat, state, this_phase

from engine import BadPosition
from engine.civ import check_accounting
from engine.civ import state as civ_state

NO_PIECES = {"tokens": 0, "cities": 0}


def late(**fields: Any) -> dict[str, Any]:
    """A late entrant who has not taken a nation (A36.2)."""
    return seat(None, status="waiting", stock=dict(NO_PIECES), **fields)


def turn_start(seats: list[dict[str, Any]], **kw: Any) -> civ_state.State:
    return state(position(seats, phase="start", **kw))


def test_A36_1_each_turn_starts_with_active_seats_in_AST_order_then_late_entrants() -> None:
    s = turn_start([seat("italy"), late(), seat("africa"), seat("illyria", status="inactive"),
                    seat("thrace")], tokens={1: {2: 1}, 3: {0: 1}, 5: {3: 1}, 7: {4: 1}})
    asked = []
    for answer in ("stay", "stay", "stay", "wait"):
        assert s.pending is not None and s.pending["kind"] == "turn_start"
        asked.append(s.to_move)
        s = play(s, answer)
    assert asked == [2, 0, 4, 1]  # A.S.T. order, then the late entrant; the leaver is not asked
    assert next(e["phase"] for e in s.events if e["type"] == "phase") == "tax"


def test_A36_1_an_active_seat_stays_or_leaves_A36_2_a_late_one_enters_or_waits() -> None:
    s = turn_start([seat("africa"), late()], tokens={1: {0: 1}})
    assert s.pending == {"kind": "turn_start", "seat": 0, "late": False, "nations": []}
    assert s.legal_actions() == [{"type": "stay"}, {"type": "leave"}]
    s = play(s, "stay")
    assert s.pending == {"kind": "turn_start", "seat": 1, "late": True,
                         "nations": ["italy", "illyria", "thrace"]}  # A4.2, two players
    assert s.legal_actions() == [*({"type": "enter", "nation": n}
                                   for n in ("italy", "illyria", "thrace")),
                                 {"type": "wait"}]


def test_A36_1_a_leaver_keeps_one_random_card_per_city_the_rest_go_under_their_stacks() -> None:
    hand = ["ochre", "hides", "grain", "grain", "salt", "civil_war"]
    s = turn_start([seat("africa", hand=hand), seat("italy")],
                   tokens={2: {0: 2}, 4: {1: 2}}, cities={1: 0, 3: 1, 7: 0})
    before = s.to_dict()["stacks"]
    s = play(s, "leave")
    d = s.to_dict()
    kept = d["seats"][0]["hand"]
    assert d["seats"][0]["status"] == "inactive" and len(kept) == 2
    assert events_of(s, "left") == [{"type": "left", "seat": 0, "kept": 2, "returned": 4}]
    returned = list(hand)
    for card in kept:
        returned.remove(card)
    under = []
    for old, new in zip(before, d["stacks"], strict=True):
        assert new[:len(old)] == old  # A32.6: under the stack, never on top
        under += new[len(old):]
    assert sorted(under) == sorted(returned)
    check_accounting(s.position)


def test_A36_1_a_leaver_without_cities_keeps_no_card() -> None:
    s = turn_start([seat("africa", hand=["ochre", "grain"]), seat("italy")],
                   tokens={2: {0: 2}, 4: {1: 2}})
    s = play(s, "leave")
    assert s.to_dict()["seats"][0]["hand"] == []


def test_A36_1_the_draw_of_the_kept_cards_is_the_games_own_A37_1() -> None:
    def left_with(rng: str) -> list[str]:
        s = state(position([seat("africa", hand=["ochre", "hides", "iron", "salt", "grain"]),
                            seat("italy")], tokens={2: {0: 2}, 4: {1: 2}}, cities={1: 0},
                           phase="start", rng=rng))
        return list(play(s, "leave").to_dict()["seats"][0]["hand"])

    assert left_with("00000000000000ff") == left_with("00000000000000ff")
    assert len({tuple(left_with(f"{k:016x}")) for k in range(1, 12)}) > 1


def test_A1_7_an_inactive_seat_pays_no_tax_and_grows_not() -> None:
    # Africa left with two cities and a lone token; Italy stays with one city and a token.
    s = state(position([seat("africa", status="inactive"), seat("italy")],
                       tokens={2: {0: 1}, 4: {1: 1}}, cities={1: 0, 7: 0, 3: 1}, phase="tax"))
    assert [e["seat"] for e in s.events if e["type"] in ("tax_paid", "grown")] == [1, 1]
    d = s.to_dict()
    assert d["seats"][0]["treasury"] == 0 and d["seats"][0]["stock"]["tokens"] == 55 - 1
    assert {a["id"]: a["tokens"] for a in d["areas"]}[2] == {"0": 1}


def test_A1_7_A7_5_an_inactive_seat_needs_no_support() -> None:
    s = state(position([seat("africa", status="inactive"), seat("italy")],
                       tokens={2: {0: 1}, 4: {1: 2}}, cities={1: 0, 7: 0}, phase="surplus"))
    assert not this_phase(s, "city_reduced") and s.position.cities_of(0) == [1, 7]


def test_A1_7_an_inactive_seat_draws_no_cards_and_is_not_a_trade_partner() -> None:
    s = state(position([seat("africa", status="inactive", hand=["ochre"] * 3),
                        seat("italy", hand=["salt"] * 3), seat("illyria", hand=["iron"] * 3)],
                       tokens={2: {0: 2}, 4: {1: 2}, 6: {2: 2}},
                       cities={1: 0, 3: 1, 5: 2}, phase="acquisition"))
    drawn = [e["seat"] for e in this_phase(s, "cards_drawn")]
    assert drawn == [1, 2]
    assert s.pending is not None and s.pending["kind"] == "trade_open"
    assert s.check({"type": "propose", "to": 0, "give": ["salt"] * 3, "named": ["salt"] * 2,
                    "want": 3, "want_named": ["ochre", "ochre"]}) is not None


def test_A36_1_whoever_destroys_his_city_takes_a_kept_card_and_may_pillage() -> None:
    # Italy's 7 tokens attack Africa's city in Mauretania; Africa has left with one card.
    s = state(position([seat("africa", status="inactive", hand=["gold"]), seat("italy")],
                       tokens={1: {1: 7}, 2: {0: 1}}, cities={1: 0}, phase="conflict"))
    assert s.pending == {"kind": "pillage", "seat": 1, "victim": 0, "area": 1}
    s = play(s, "pillage 2")
    d = s.to_dict()
    assert d["seats"][1]["hand"] == ["gold"] and d["seats"][0]["hand"] == []
    assert d["seats"][1]["treasury"] == 2


def test_A36_1_his_civilization_cards_count_when_he_is_attacked() -> None:
    # A13.5: a city of an Engineering holder needs 8 attackers; 7 are not enough.
    s = state(position([seat("africa", status="inactive", cards=["engineering"]),
                        seat("italy")], tokens={1: {1: 7}, 2: {0: 1}}, cities={1: 0},
                       phase="conflict"))
    assert not this_phase(s, "city_destroyed")
    assert s.to_dict()["areas"][0]["city"] == {"owner": 0, "new": False}


def test_A36_2_an_entrant_takes_his_nations_pieces_into_stock_and_is_not_asked_again() -> None:
    s = turn_start([seat("africa"), late()], tokens={1: {0: 1}}, turn=3)
    s = play(s, "stay", "enter thrace")
    d = s.to_dict()
    assert events_of(s, "entered") == [{"type": "entered", "seat": 1, "nation": "thrace"}]
    assert d["seats"][1] == {**d["seats"][1], "nation": "thrace", "status": "waiting",
                             "stock": {"tokens": 55, "cities": 9}, "entered": 3}
    assert all("1" not in a["tokens"] for a in d["areas"])
    check_accounting(s.position)
    # the next turn start asks Africa alone
    d.update(phase="start", phase_state={}, pending=None)
    again = state(d)
    assert again.to_move == 0
    again = play(again, "stay")
    assert again.pending is None or again.pending["kind"] != "turn_start"


def test_A36_2_a_nation_taken_by_an_entrant_is_no_longer_free() -> None:
    s = turn_start([seat("africa"), late(), late()], tokens={1: {0: 1}})
    s = play(s, "stay", "enter crete")
    assert s.pending is not None and "crete" not in s.pending["nations"]


def civil_war_with(seats: list[dict[str, Any]]) -> civ_state.State:
    # Africa (seat 0): 2 cities and 30 tokens, holding the Civil War; Italy leads the stock
    # ranking of the active players, but a late entrant waits.
    return state(position(seats, tokens={2: {0: 30}, 4: {1: 2}}, cities={1: 0, 3: 0},
                          phase="calamities", turn=5))


def test_A36_2_the_entrant_is_the_civil_wars_beneficiary_whatever_the_stock_ranking() -> None:
    s = civil_war_with([seat("africa", hand=["civil_war"], cards=["pottery", "mysticism"],
                             ast=6),
                        seat("italy"), seat("crete", status="waiting", entered=2)])
    assert s.pending is not None and s.pending["kind"] == "selection" and s.pending["seat"] == 0
    s = play(s, "select city 1", "select city 3")
    assert s.pending == {"kind": "faction", "seat": 0}
    s = play(s, "keep 1")
    moved = this_phase(s, "tokens_changed_hands")
    assert len(moved) == 5 and all(e["to"] == 2 for e in moved)
    assert this_phase(s, "entered_play") == [{"type": "entered_play", "seat": 2, "victim": 0,
                                              "cards": ["pottery", "mysticism"], "ast": 6}]
    crete = s.to_dict()["seats"][2]
    assert (crete["status"], crete["cards"], crete["entered"]) == (
        "active", ["pottery", "mysticism"], None)
    # active from now on: his marker moves in phase 13 (A34.1: no city, one space back)
    assert {"type": "ast_moved", "seat": 2, "from": 6, "to": 5} in s.events
    check_accounting(s.position)


def test_A36_2_without_a_second_faction_there_is_no_civil_war_and_he_waits_on() -> None:
    s = state(position([seat("africa", hand=["civil_war"]), seat("italy"),
                        seat("crete", status="waiting", entered=2)],
                       tokens={2: {0: 10}, 4: {1: 2}}, cities={}, phase="calamities",
                       turn=5))
    assert not this_phase(s, "tokens_changed_hands")
    assert s.to_dict()["seats"][2]["status"] == "waiting"


def test_A36_2_of_several_entrants_the_earliest_to_join_goes_first() -> None:
    s = civil_war_with([seat("africa", hand=["civil_war"]), seat("italy"), seat("illyria"),
                        seat("crete", status="waiting", entered=4),
                        seat("thrace", status="waiting", entered=2)])
    s = play(s, "select city 1", "select city 3", "keep 1")
    assert [e["seat"] for e in this_phase(s, "entered_play")] == [4]
    assert s.to_dict()["seats"][3]["status"] == "waiting"


def test_A36_2_the_philosophy_selection_is_the_entrants() -> None:
    s = civil_war_with([seat("africa", hand=["civil_war"], cards=["law", "philosophy"]),
                        seat("italy"), seat("crete", status="waiting", entered=1)])
    assert s.pending is not None and s.pending["seat"] == 2 and s.pending["points"] == 15


def test_A36_2_late_seats_choose_no_nation_at_set_up() -> None:
    s = civ_state.new_game(3, 5, {**OPTIONS, "late_seats": [1]}, BOARD)
    chosen = []
    while s.position.phase == "setup":
        assert s.to_move != 1
        chosen.append(s.to_move)
        s = s.apply(s.legal_actions()[0])
    assert sorted(chosen) == [0, 2]
    d = s.to_dict()
    assert d["options"]["late_seats"] == [1]
    assert d["seats"][1] == {**d["seats"][1], "nation": None, "status": "waiting",
                             "stock": NO_PIECES, "entered": None}


@pytest.mark.parametrize("late_seats", [[3], [1, 1], [2, 1], [0, 1, 2], ["1"], 1, [True]])
def test_A36_2_new_game_refuses_bad_late_seats(late_seats: object) -> None:
    with pytest.raises(ValueError, match="late_seats"):
        civ_state.new_game(3, 5, {**OPTIONS, "late_seats": late_seats}, BOARD)


def test_A35_3_who_left_ranks_after_who_stayed_and_who_never_played_last() -> None:
    d = position([seat("africa", status="inactive", ast=9, treasury=30), seat("italy"),
                  seat("illyria", ast=3), late(), seat("crete", status="waiting", entered=2)],
                 tokens={2: {0: 2}, 4: {1: 2}, 6: {2: 2}}, phase="ast", turn=3,
                 options={**OPTIONS, "turn_limit": 3, "late_seats": [3, 4]})
    s = state(d)
    assert s.is_over
    assert s.ranking() == [[2], [1], [0], [3, 4]]
    over = events_of(s, "game_over")[0]
    assert over["ranking"] == s.ranking() and set(over["scores"]) == {"0", "1", "2"}


@pytest.mark.parametrize(("change", "where"), [
    (lambda d: d["seats"][0].update(entered=1), "seats[0].entered"),
    (lambda d: d["seats"][1].update(nation="thrace", stock={"tokens": 55, "cities": 9}),
     "seats[1].entered"),
    (lambda d: d["seats"][1].update(status="inactive"), "seats[1].status"),
    (lambda d: d["options"].update(late_seats=[5]), "options.late_seats"),
    (lambda d: d["options"].update(late_seats=[0, 1]), "options.late_seats"),
    (lambda d: d["options"].pop("late_seats"), None),
    (lambda d: d["seats"][0].pop("entered"), None),
    (lambda d: d.update(pending={"kind": "turn_start", "seat": 1, "late": False,
                                 "nations": []}, phase_state={"order": [1]}), "pending.seat"),
])
def test_A36_from_dict_refuses_malformed_leaving_and_entry(change: Any, where: Any) -> None:
    d = position([seat("africa"), late()], tokens={1: {0: 1}}, phase="start")
    d["seats"][1]["status"] = "waiting"
    change(d)
    with pytest.raises(BadPosition) as caught:
        state(d)
    if where is not None:
        assert caught.value.refusal.params.get("where") == where
