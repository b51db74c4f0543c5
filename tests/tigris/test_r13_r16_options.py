"""R13 buildings, R14 alternative board, R15 wonder, R16 open scoring."""

from __future__ import annotations

import pytest

import engine.tigris as engine
from positions import build, build_dict, events_of, play, score

BUILDINGS = {"buildings": True}


def test_R13_2_a_line_of_three_offers_the_building() -> None:
    state = play(build({"A1": "k", "B1": "k"}, options=BUILDINGS), "tile black C1")
    assert state.pending == {"kind": "building", "color": "black",
                             "squares": ["A1", "B1", "C1"], "placed": "C1"}
    state = play(state, "building B1")
    assert state.to_dict()["buildings"]["black"] == {"at": "B1"}
    assert events_of(state, "building_placed")[0]["from"] is None


def test_R13_2_no_building_without_the_option() -> None:
    state = play(build({"A1": "k", "B1": "k"}), "tile black C1")
    assert state.pending is None


def test_R13_2_moving_needs_a_longer_line() -> None:
    d = build_dict({"A1": "k", "B1": "k", "C1": "k", "A3": "k", "B3": "k"},
                   options=BUILDINGS)
    d["buildings"]["black"] = {"at": "B1"}
    state = play(engine.from_dict(d), "tile black C3")
    assert state.pending is None, "3 is not longer than the 3 through B1"
    d["board"].pop("C1")
    d["bag"].append("black")
    state = play(engine.from_dict(d), "tile black C3")
    assert state.pending["squares"] == ["A3", "B3", "C3"], "the building's line is now 2"


def test_R13_4_the_building_doubles_tile_vp_in_its_kingdom() -> None:
    d = build_dict({"H7": "0k", "H6": "g", "H5": "g", "H4": "g"}, options=BUILDINGS)
    d["buildings"]["green"] = {"at": "H5"}
    state = play(engine.from_dict(d), "tile green G6")
    assert score(state, 0)["green"] == 2


def test_R13_3_a_catastrophe_may_not_hit_a_building() -> None:
    d = build_dict({"A1": "k", "B1": "k", "C1": "k"}, options=BUILDINGS)
    d["buildings"]["black"] = {"at": "B1"}
    with pytest.raises(engine.IllegalAction, match="building"):
        play(engine.from_dict(d), "catastrophe B1")


def test_R13_3_a_monument_sends_the_building_back() -> None:
    d = build_dict({"F4": "k", "G4": "k", "H4": "k", "F5": "k"}, options=BUILDINGS,
                   hands=["kkkrrr", "rrbbgk"])
    d["buildings"]["black"] = {"at": "G4"}
    state = play(engine.from_dict(d), "tile black G5", "monument F4 black red")
    assert state.to_dict()["buildings"]["black"] is None
    assert events_of(state, "building_returned") == [
        {"type": "building_returned", "color": "black", "from": "G4"}]


def test_R15_2_a_cross_of_five_offers_the_wonder() -> None:
    cells = {"H5": "g", "G6": "g", "I6": "g", "H7": "g"}
    state = play(build(cells, options={"wonder": True}), "tile green H6")
    assert state.pending == {"kind": "wonder", "squares": ["H6"], "placed": "H6"}
    state = play(state, "wonder H6")
    d = state.to_dict()
    assert d["wonder"] == {"at": "H6"}
    assert all(d["board"][sq].get("face_down") for sq in ("H5", "G6", "H6", "I6", "H7"))


def test_R15_3_the_king_in_the_wonders_kingdom_earns_a_point_of_any_colour() -> None:
    d = build_dict({"H5": "g_", "G6": "g_", "H6": "g_", "I6": "g_", "H7": "g_",
                    "J6": "0k", "J7": "r"}, options={"wonder": True}, actions_left=1)
    d["wonder"] = {"at": "H6"}
    state = play(engine.from_dict(d), "tile black A1")
    assert state.pending == {"kind": "wonder_point"} and state.to_move == 0
    assert len(state.legal_actions()) == 4
    state = play(state, "wonderpoint blue")
    assert score(state, 0)["blue"] == 1 and state.active == 1


def test_R14_the_alternative_board_plays() -> None:
    state = engine.new_game(2, 3, {"board": "alternative"})
    assert len(state.to_dict()["bag"]) == 139 - 12


def test_R16_open_scoring_shows_every_score_in_views() -> None:
    hidden = build().view(0)
    assert hidden["players"][1]["score"] is None and hidden["players"][1]["hand"] is None
    assert hidden["players"][0]["hand"] is not None and hidden["bag"] is None
    shown = build(options={"open_scoring": True}).view(0)
    assert shown["players"][1]["score"] == {"red": 0, "blue": 0, "green": 0, "black": 0}
    assert shown["players"][1]["hand"] is None
