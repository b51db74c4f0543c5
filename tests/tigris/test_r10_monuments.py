"""R10 monuments."""

from __future__ import annotations

import pytest

import engine.tigris as engine
from positions import build, build_dict, events_of, play, score

# G5 H5 G6 red; placing red on H6 completes the 2×2. The priest on G4 has only G5;
# the farmer on I5 also touches the temple I4.
SQUARE = {"G5": "r", "H5": "r", "G6": "r", "G4": "0r", "I4": "r", "I5": "0b"}


def test_R10_1_a_completed_square_offers_the_monuments_of_its_colour() -> None:
    state = play(build(SQUARE, actions_left=1), "tile red H6")
    assert score(state, 0)["red"] == 1, "the tile scores first (R5.2)"
    assert state.pending == {"kind": "monument", "squares": ["G5"],
                             "colors": [["red", "blue"], ["red", "green"], ["red", "black"]],
                             "placed": "H6"}
    assert {"type": "monument", "at": None} in state.legal_actions()
    assert len(state.legal_actions()) == 4


def test_R10_1_R10_3_R10_4_building_turns_tiles_down_and_scores_at_turn_end() -> None:
    state = play(build(SQUARE, actions_left=1), "tile red H6", "monument G5 blue red")
    d = state.to_dict()
    assert d["monuments"] == [{"colors": ["red", "blue"], "at": "G5"}]
    for sq in ("G5", "H5", "G6", "H6"):
        assert d["board"][sq] == {"tile": "red", "face_down": True}
    assert "G4" not in d["board"], "R10.3: the priest lost its only temple"
    # R10.4 at the end of seat 0's turn: the farmer is in the monument's kingdom
    vps = [e for e in events_of(state, "vp") if e["reason"] == "monument"]
    assert vps == [{"type": "vp", "seat": 0, "color": "blue", "amount": 1,
                    "reason": "monument"}]
    assert state.active == 1


def test_R10_2_declining_leaves_the_tiles_face_up() -> None:
    state = play(build(SQUARE), "tile red H6", "monument none")
    assert state.to_dict()["board"]["H6"] == {"tile": "red"}
    assert state.pending is None and state.to_dict()["monuments"] == []


def test_R1_4_each_monument_exists_once() -> None:
    d = build_dict(dict(SQUARE, A10="k_", B10="k_", A11="k_", B11="k_",
                        C10="r_", D10="r_", C11="r_", D11="r_"))
    d["monuments"] = [{"colors": ["red", "black"], "at": "A10"},
                      {"colors": ["red", "black"], "at": "C10"}]
    with pytest.raises(engine.BadPosition, match="listed twice"):
        engine.from_dict(d)


def test_R10_1_used_monuments_are_not_offered_again() -> None:
    d = build_dict(dict(SQUARE, A10="k_", B10="k_", A11="k_", B11="k_"))
    d["monuments"] = [{"colors": ["red", "black"], "at": "A10"}]
    state = play(engine.from_dict(d), "tile red H6")
    assert state.pending["colors"] == [["red", "blue"], ["red", "green"]]


def test_R10_4_a_king_scores_only_black_monuments() -> None:
    d = build_dict({"G5": "r_", "H5": "r_", "G6": "r_", "H6": "r_", "I5": "0k", "I4": "r"},
                   actions_left=1)
    d["monuments"] = [{"colors": ["red", "blue"], "at": "G5"}]
    state = play(engine.from_dict(d), "tile black A1")
    assert not [e for e in events_of(state, "vp") if e["reason"] == "monument"]
    d["monuments"] = [{"colors": ["red", "black"], "at": "G5"}]
    state = play(engine.from_dict(d), "tile black A1")
    assert [e["color"] for e in events_of(state, "vp")] == ["black"]
