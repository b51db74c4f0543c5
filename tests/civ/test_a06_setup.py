"""A6 set-up: options, stacks, the order of nation choice, the first tokens; the position format."""

from __future__ import annotations

import json

import pytest
from civ_world import BOARD, OPTIONS, new_game, play, position, seat, state

from engine import BadPosition
from engine.civ import state as civ_state


def test_A6_3_seats_choose_nations_in_a_seeded_order_then_turn_1_begins() -> None:
    s = new_game(3, seed=4)
    d = s.to_dict()
    assert d["phase"] == "setup" and d["turn"] == 0
    assert s.pending is not None and s.pending["kind"] == "nation"
    first = s.to_move
    assert s.pending["nations"] == ["africa", "italy", "illyria", "thrace", "crete"]
    s = play(s, "nation italy 4")
    assert s.to_dict()["seats"][first]["nation"] == "italy"
    assert s.to_dict()["seats"][first]["stock"] == {"tokens": 46, "cities": 9}
    assert s.events[0] == {"type": "nation_chosen", "seat": first, "nation": "italy", "area": 4}
    assert all(a["nation"] != "italy" for a in s.legal_actions())


def test_A6_3_order_depends_on_the_seed() -> None:
    firsts = {new_game(8, seed).to_move for seed in range(12)}
    assert len(firsts) > 2


def test_A6_3_the_nations_allowed_by_A4_2_and_their_start_areas_in_play() -> None:
    s = new_game(4)
    assert {(a["nation"], a["area"]) for a in s.legal_actions()} == {
        ("asia", 12), ("asia", 13), ("assyria", 14), ("assyria", 15), ("babylon", 16),
        ("babylon", 17), ("egypt", 18), ("egypt", 19), ("egypt", 20)}


def test_A1_2_the_last_seat_with_one_answer_is_not_asked() -> None:
    s = new_game(2, seed=3)
    s = play(s, "nation africa 1")
    assert s.to_move is not None
    s = play(s, "nation thrace 7")
    assert s.to_dict()["turn"] == 1
    assert s.pending is not None and s.pending["kind"] == "turn_start"  # A36 before phase 1
    s = play(s, "stay", "stay")
    assert [e["phase"] for e in s.events if e["type"] == "phase"][:3] == [
        "tax", "growth", "census"]  # nobody is asked anything before the ships


def test_A6_2_new_game_builds_the_stacks_from_the_seed() -> None:
    a, b = new_game(5, seed=9).to_dict(), new_game(5, seed=9).to_dict()
    assert a == b
    assert a["stacks"] != new_game(5, seed=10).to_dict()["stacks"]
    assert sum(len(st) for st in a["stacks"]) == 126


@pytest.mark.parametrize(("options", "message"), [
    ({"colour": 1}, "unknown option .colour."),
    ({"trade_rounds": 0}, "trade_rounds"),
    ({"turn_limit": 0}, "turn_limit"),
    ({"map": "atlantis"}, "no map 'atlantis'"),
])
def test_A6_1_bad_options_are_a_value_error_naming_them(options: dict[str, object],
                                                        message: str) -> None:
    with pytest.raises(ValueError, match=message):
        civ_state.new_game(3, 1, options)


def test_A4_2_player_count_outside_2_to_8_is_refused() -> None:
    with pytest.raises(ValueError, match="2 to 8"):
        civ_state.new_game(9, 1, OPTIONS, BOARD)


def test_position_round_trips_through_json_with_the_same_digest() -> None:
    s = play(new_game(3, seed=2), "nation crete 9")
    again = state(json.loads(json.dumps(s.to_dict())))
    assert again.digest() == s.digest() and again.legal_actions() == s.legal_actions()


def test_A1_5_views_hide_other_hands_the_stack_order_and_the_generator() -> None:
    d = position([seat("africa", hand=["salt", "treachery"]), seat("italy", hand=["gold"])],
                 tokens={1: {0: 1}, 3: {1: 1}}, phase="growth")
    v = state(d).view(1)
    assert v["seats"][0]["hand"] is None and v["seats"][0]["hand_size"] == 2
    assert v["seats"][1]["hand"] == ["gold"]
    assert v["stack_sizes"] == [14, 16, 18, 17, 15, 12, 12, 10, 9]
    assert v["stacks"] is None and v["returns"] is None and v["rng"] is None
    spectator = state(d).view(None)
    assert all(s["hand"] is None for s in spectator["seats"])


@pytest.mark.parametrize(("change", "code", "where"), [
    (lambda d: d.pop("turn"), "position/missing_keys", "position"),
    (lambda d: d.update(version=1), "position/version", None),
    (lambda d: d["seats"][0]["stock"].update(tokens=3), "position/breaks_rule", "seats[0]"),
    (lambda d: d["seats"][1].update(nation="egypt"), "position/breaks_rule", "seats[1].nation"),
    (lambda d: d["seats"][1].update(nation="africa"), "position/breaks_rule", "seats[1].nation"),
    (lambda d: d["stacks"][0].pop(), "position/breaks_rule", "stacks"),
    (lambda d: d["areas"].append({"id": 11, "tokens": {"0": 1}, "city": None}),
     "position/breaks_rule", "areas[2].id"),
    (lambda d: d["areas"][0]["tokens"].update({"7": 1}), "position/bad_value", None),
    (lambda d: d.update(rng="xyz"), "position/bad_value", "rng"),
    (lambda d: d.update(phase="lunch"), "position/bad_value", "phase"),
    (lambda d: d.update(pending={"kind": "lunch", "seat": 0}), "position/bad_pending", None),
])
def test_malformed_positions_are_refused_with_a_code(change, code, where) -> None:  # type: ignore[no-untyped-def]
    d = position([seat("africa"), seat("italy")], tokens={1: {0: 2}, 3: {1: 1}})
    change(d)
    with pytest.raises(BadPosition) as caught:
        state(d)
    assert caught.value.refusal.code == code
    if where is not None:
        assert caught.value.refusal.params["where"] == where
