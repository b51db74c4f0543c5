"""R3 regions and kingdoms, R5.1 positioning a leader."""

from __future__ import annotations

import pytest

import engine.tigris as engine
from positions import build, events_of, placed_at_random, play


def test_R5_1_leader_goes_next_to_a_face_up_temple() -> None:
    state = build()
    assert "H7" in state.legal_squares("leader", "red")
    assert "H5" not in state.legal_squares("leader", "red")
    with pytest.raises(engine.IllegalAction, match="temple"):
        play(state, "leader red H5")
    after = play(state, "leader red H7")
    assert after.to_dict()["board"]["H7"] == {"leader": {"dynasty": "archer", "color": "red"}}
    assert after.actions_left == 1 and after.to_move == 0


def test_R5_1_never_on_a_river_square() -> None:
    state = build({"L7": "r"})
    with pytest.raises(engine.IllegalAction, match="river"):
        play(state, "leader red M7")


def test_R5_1_a_leader_may_not_join_two_kingdoms() -> None:
    state = build({"H7": "0k", "K7": "r", "L7": "1k"})
    with pytest.raises(engine.IllegalAction, match="two kingdoms"):
        play(state, "leader red J7")
    assert "J7" not in state.legal_squares("leader", "red")


def test_R5_1_joining_one_kingdom_with_leaderless_regions_is_allowed() -> None:
    state = build({"H7": "0k", "K7": "r"})
    after = play(state, "leader red J7")
    assert after.pending is None
    assert not events_of(after, "vp"), "positioning a leader never scores"


def test_R5_1_a_move_is_judged_after_the_withdrawal() -> None:
    # The red leader on J7 links K7 to the king's kingdom; moved away, K7 is leaderless,
    # so L7 then touches only one kingdom (L6's).
    state = build({"H7": "0k", "J7": "0r", "K7": "r", "L5": "r", "L6": "1k"})
    assert "L7" not in state.legal_squares("leader", "blue")
    assert "L7" in state.legal_squares("leader", "red")
    moved = play(state, "leader red L7")
    assert moved.to_dict()["board"].get("J7") is None
    assert events_of(moved, "leader_placed") == [
        {"type": "leader_placed", "seat": 0, "color": "red", "at": "L7", "from": "J7"}]
    with pytest.raises(engine.IllegalAction, match="another square"):
        play(state, "leader red J7")


def test_R5_1_withdrawal_returns_the_leader_to_supply() -> None:
    state = play(build({"H7": "0r"}), "withdraw red")
    assert "H7" not in state.to_dict()["board"]
    assert events_of(state, "leader_withdrawn")[0]["reason"] == "action"
    with pytest.raises(engine.IllegalAction, match="not on the board"):
        play(state, "withdraw red")


def test_R3_2_catastrophes_and_empty_squares_never_connect() -> None:
    # I7 kingdom (0k on H7) and K7 kingdom (1k on L7), J7 holds a catastrophe:
    # a tile on J6 touches I7's kingdom? no: J6 touches J7 (catastrophe) and I6/K6 (empty)
    state = build({"H7": "0k", "J7": "X", "K7": "r", "L7": "1k"}, catastrophes=[1, 2])
    after = play(state, "tile green J6")
    assert after.pending is None and after.unification is None


def test_R3_4_leader_without_a_temple_goes_back_at_once() -> None:
    state = build({"G6": "r", "G5": "0b"}, hands=["rrbbgk", "rrbbgk"])
    after = play(state, "catastrophe G6")
    assert "G5" not in after.to_dict()["board"]
    withdrawn = events_of(after, "leader_withdrawn")
    assert withdrawn == [{"type": "leader_withdrawn", "seat": 0, "color": "blue",
                          "from": "G5", "reason": "no_temple"}]


def test_R3_2_board_regions_join_tiles_and_leaders_but_not_catastrophes() -> None:
    board = {"H7": {"leader": {"dynasty": "archer", "color": "black"}}, "I7": {"tile": "red"},
             "K7": {"catastrophe": True}, "L7": {"tile": "green", "face_down": True},
             "L6": {"tile": "red"}}
    regions = sorted(sorted(r) for r in engine.board_regions(board))
    assert ["H7", "I7"] in regions, "a leader joins the tile next to it"
    assert ["K7"] not in regions, "a catastrophe is no region"
    assert ["L6", "L7"] in regions, "a catastrophe separates what lies either side of it"


def test_R3_2_board_regions_partition_the_occupied_squares_into_connected_groups() -> None:
    for seed in range(5):
        board = placed_at_random(seed, plies=40).view(None)["board"]
        regions = [set(r) for r in engine.board_regions(board)]
        joined = {sq for sq, c in board.items() if "tile" in c or "leader" in c}
        assert set().union(*regions) == joined and sum(map(len, regions)) == len(joined)
        region_of = {sq: i for i, r in enumerate(regions) for sq in r}
        for sq in joined:
            for n in NEIGHBOURS_BY_NAME[sq]:
                if n in joined:
                    assert region_of[n] == region_of[sq], f"{sq} and {n} touch"


NEIGHBOURS_BY_NAME = {engine.SQUARE_NAMES[i]: [engine.SQUARE_NAMES[n] for n in ns]
                      for i, ns in enumerate(engine.NEIGHBOURS)}
