"""R4 the turn, R5.3 catastrophes, R5.4 swaps."""

from __future__ import annotations

import pytest

import engine.tigris as engine
from positions import build, events_of, play


def test_R4_1_two_actions_then_the_turn_passes() -> None:
    state = play(build(), "tile black A1")
    assert state.active == 0 and state.actions_left == 1
    state = play(state, "tile green A3")
    assert state.active == 1 and state.actions_left == 2
    assert [e["type"] for e in state.events][-2:] == ["turn_ended", "turn_started"]


def test_R4_1_the_same_action_twice_and_ending_early() -> None:
    state = play(build(), "pass")
    assert state.active == 1
    assert events_of(state, "passed") == [{"type": "passed", "seat": 0}]
    state = play(build(), "tile black A1", "pass")
    assert state.active == 1


def test_R4_3_refill_active_first_then_others_in_seat_order() -> None:
    state = build({"H7": "1r", "K7": "r"}, players=3, hands=["rrrbgk", "rrbbgk", "rk"],
                  bag=["green"] * 10, actions_left=1)
    state = play(state, "leader red J7", "commit 2", "commit 1")
    hands = [p["hand"] for p in state.to_dict()["players"]]
    assert [len(h) for h in hands] == [6, 6, 6]
    drawn = [(e["seat"], len(e["tiles"])) for e in events_of(state, "hand_drawn")]
    assert drawn == [(0, 2), (1, 1), (2, 4)]
    counted = [(e["seat"], e["count"]) for e in events_of(state, "tiles_drawn")]
    assert counted == [(0, 2), (1, 1), (2, 4)]
    assert all(e["private_to"] == e["seat"] for e in events_of(state, "hand_drawn"))


def test_R4_2_the_engine_names_who_decides_during_an_action() -> None:
    state = play(build({"H7": "1r", "K7": "r"}), "leader red J7")
    assert state.to_move == 0
    state = play(state, "commit 0")
    assert state.to_move == 1 and state.active == 0


def test_R5_3_catastrophe_removes_a_tile_and_stays() -> None:
    state = play(build({"A1": "k"}), "catastrophe A1")
    d = state.to_dict()
    assert d["board"]["A1"] == {"catastrophe": True}
    assert d["players"][0]["catastrophes"] == 1
    assert events_of(state, "catastrophe")[0]["removed"] == "black"
    state = play(state, "catastrophe E1")
    assert state.to_dict()["board"]["E1"] == {"catastrophe": True}
    assert state.active == 1
    with pytest.raises(engine.IllegalAction, match="already holds a catastrophe"):
        play(state, "catastrophe A1")


@pytest.mark.parametrize("square,reason", [
    ("I7", "treasure"), ("H7", "leader"), ("G5", "face down"),
])
def test_R5_3_catastrophe_forbidden_squares(square: str, reason: str) -> None:
    cells = {"H7": "0r", "G5": "r_", "H5": "r_", "G6": "r_", "H6": "r_"}
    d = build_monument_position(cells)
    with pytest.raises(engine.IllegalAction, match=reason):
        play(engine.from_dict(d), f"catastrophe {square}")


def build_monument_position(cells: dict[str, str]) -> dict[str, object]:
    from positions import build_dict
    d = build_dict(cells)
    d["monuments"] = [{"colors": ["red", "blue"], "at": "G5"}]
    return d


def test_R5_3_no_catastrophe_left() -> None:
    state = build(catastrophes=[0, 2], cells={"A1": "X", "A3": "X"})
    with pytest.raises(engine.IllegalAction, match="no catastrophe"):
        play(state, "catastrophe A5")
    assert not any(a["type"] == "catastrophe" for a in state.legal_actions())


def test_R5_4_swap_discards_and_draws_as_many() -> None:
    state = build(hands=["rrbbgk", "rrbbgk"], bag=["green"] * 20)
    state = play(state, "swap red red black")
    assert state.to_dict()["players"][0]["hand"] == ["blue", "blue", "green", "green", "green",
                                                     "green"]
    assert events_of(state, "hand_discarded") == [
        {"type": "hand_discarded", "seat": 0, "tiles": ["red", "red", "black"],
         "private_to": 0}]
    assert events_of(state, "tiles_discarded") == [
        {"type": "tiles_discarded", "seat": 0, "count": 3}]
    with pytest.raises(engine.IllegalAction, match="holds 0 red"):
        play(state, "swap red")


def test_R5_4_every_sub_multiset_of_the_hand_is_a_swap() -> None:
    swaps = [a for a in build(hands=["rrbbgk", "rrbbgk"]).legal_actions() if a["type"] == "swap"]
    assert len(swaps) == 3 * 3 * 2 * 2 - 1
    assert {"type": "swap", "tiles": ["red", "red", "blue", "blue", "green", "black"]} in swaps


def test_R5_4_R11_2_a_short_bag_gives_what_it_has_and_ends_the_game() -> None:
    state = build(hands=["rrbbgk", "rrbbgk"], bag=["green", "green"])
    state = play(state, "swap red red black")
    assert len(state.to_dict()["players"][0]["hand"]) == 5
    assert not state.is_over, "the game ends at the end of the turn"
    state = play(state, "tile green A1")
    assert state.is_over and state.to_move is None
    assert events_of(state, "game_over")
