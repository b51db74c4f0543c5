"""R1 components and R2 set-up."""

from __future__ import annotations

import pathlib

import pytest

import engine.tigris as engine
from engine.tigris.board import ALTERNATIVE_TEXT, CLASSIC_TEXT

SHARED = pathlib.Path(__file__).resolve().parents[3] / "shared" / "docs"


def _grid(text: str) -> list[str]:
    rows = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    return [r.rstrip() for r in rows]


@pytest.mark.parametrize("name,text", [("classic", CLASSIC_TEXT),
                                       ("alternative", ALTERNATIVE_TEXT)])
def test_R1_1_board_copies_match_the_shared_layouts(name: str, text: str) -> None:
    original = SHARED / f"board-{name}.txt"
    if not original.exists():
        pytest.skip(f"{original} is not beside this checkout")
    assert _grid(original.read_text()) == _grid(text)


def test_R1_1_classic_layout_has_ten_treasures_four_in_corners() -> None:
    layout = engine.board_layout("classic")
    assert len(layout["treasures"]) == 10
    assert sorted(layout["corner_treasures"]) == ["B2", "B8", "O9", "P2"]
    assert "E1" in layout["river"] and "A1" not in layout["river"]


def test_R14_alternative_layout_has_fourteen_treasures() -> None:
    layout = engine.board_layout("alternative")
    assert len(layout["treasures"]) == 14
    assert "J11" in layout["corner_treasures"]


@pytest.mark.parametrize("board,bag_red,treasures", [("classic", 47, 10),
                                                      ("alternative", 43, 14)])
def test_R2_1_R2_2_temples_with_treasures_and_the_rest_in_the_bag(
        board: str, bag_red: int, treasures: int) -> None:
    state = engine.new_game(3, 7, {"board": board})
    d = state.to_dict()
    on_board = [sq for sq, c in d["board"].items() if c == {"tile": "red", "treasure": True}]
    assert len(on_board) == len(d["board"]) == treasures
    hands = [c for p in d["players"] for c in p["hand"]]
    everything = d["bag"] + hands
    assert len(everything) == 153 - treasures
    assert everything.count("red") == bag_red
    assert everything.count("blue") == 36
    assert everything.count("green") == everything.count("black") == 30


def test_R2_3_six_tiles_each_hidden_and_two_catastrophes() -> None:
    d = engine.new_game(4, 3).to_dict()
    for p in d["players"]:
        assert len(p["hand"]) == 6
        assert p["catastrophes"] == 2
        assert p["score"] == {"red": 0, "blue": 0, "green": 0, "black": 0}
    assert [p["dynasty"] for p in d["players"]] == ["archer", "bull", "pot", "lion"]


def test_R2_2_R2_4_the_seed_decides_bag_and_start_player() -> None:
    a, b = engine.new_game(2, 11), engine.new_game(2, 11)
    assert a.digest() == b.digest()
    starts = {engine.new_game(4, seed).active for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    bags = {tuple(engine.new_game(2, seed).to_dict()["bag"][:10]) for seed in range(10)}
    assert len(bags) == 10


def test_R2_dynasties_can_be_chosen_per_seat() -> None:
    d = engine.new_game(2, 1, {"dynasties": ["lion", "pot"]}).to_dict()
    assert [p["dynasty"] for p in d["players"]] == ["lion", "pot"]


@pytest.mark.parametrize("players,options", [
    (1, {}), (5, {}), (2, {"board": "hex"}), (2, {"colour": True}),
    (2, {"wonder": "yes"}), (3, {"dynasties": ["lion", "lion", "pot"]}),
    (2, {"dynasties": ["lion"]}),
])
def test_R2_bad_set_up_raises_value_error(players: int, options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        engine.new_game(players, 1, options)


def test_R2_the_generator_is_fixed_golden_first_draws() -> None:
    """SplitMix64 and the Fisher-Yates order are part of every game record: this pins them."""
    state = engine.new_game(2, 42)
    d = state.to_dict()
    assert d["active"] == 0
    assert d["bag"][:8] == ["red", "blue", "blue", "red", "green", "blue", "blue", "black"]
    assert d["players"][0]["hand"] == ["red", "blue", "blue", "blue", "green", "green"]
    assert state.digest() == (
        "1e151c6f47cdeff9d91d18cb48ad0cfad8275a65149c23d34a8a3e593fdc99e8")
