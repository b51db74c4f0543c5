"""Every level answers every kind of decision with a legal action.

The rare decisions (war order, monument, treasure, building, wonder, wonder
point, commitments on both sides of a revolt and a war) are set up as small
positions on the classic board with `engine.from_dict`, then the triggering
action is applied, so the pending decision is the engine's own.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

import ai
import engine.tigris as engine

TILES = {"red": 57, "blue": 36, "green": 30, "black": 30}  # R1.2
LEVELS = ("random", "easy", "medium", "hard")


def position(board: dict[str, Any], hands: list[list[str]],
             options: dict[str, bool] | None = None) -> dict[str, Any]:
    """A two-player position: the starting temples, `board` added, the rest of the tiles bagged."""
    base = engine.new_game(2, 0, {"board": "classic", **(options or {})}).to_dict()
    base["board"].update(board)
    base["active"] = 0
    for seat, hand in enumerate(hands):
        base["players"][seat]["hand"] = sorted(hand, key=engine.COLORS.index)
    used = Counter(cell["tile"] for cell in base["board"].values() if "tile" in cell)
    used.update(c for hand in hands for c in hand)
    base["bag"] = [c for c in engine.COLORS for _ in range(TILES[c] - used[c])]
    return base


def leader(dynasty: str, color: str) -> dict[str, Any]:
    return {"leader": {"dynasty": dynasty, "color": color}}


def tile(color: str, **marks: bool) -> dict[str, Any]:
    return {"tile": color, **marks}


HANDS = [["red", "red", "blue", "green", "black", "black"],
         ["red", "red", "red", "green", "black", "blue"]]


def revolt() -> engine.State:
    """R7: archer's priest joins the kingdom of bull's priest."""
    board = {"G5": tile("red"), "G4": leader("bull", "red"), "H6": tile("red")}
    state = engine.from_dict(position(board, HANDS))
    return state.apply({"type": "leader", "color": "red", "to": "H5"})


def war(two_colours: bool) -> engine.State:
    """R8: a tile on E6 joins archer's kingdom (west) with bull's (east)."""
    board = {"C6": tile("red"), "C5": leader("archer", "black"), "D6": tile("black"),
             "F6": tile("red"), "F5": leader("bull", "black"), "G6": tile("black")}
    if two_colours:
        board.update({"B6": leader("archer", "green"), "F7": leader("bull", "green")})
    state = engine.from_dict(position(board, HANDS))
    state = state.apply({"type": "tile", "color": "red", "to": "E6"})
    if not two_colours:  # the engine asks the order even of a single war
        state = state.apply({"type": "war_order", "color": "black"})
    return state


def monument() -> engine.State:
    """R10.1: a red tile completes the 2×2 J5–K6."""
    board = {"J5": tile("red"), "K5": tile("red"), "J6": tile("red")}
    return engine.from_dict(position(board, HANDS)).apply(
        {"type": "tile", "color": "red", "to": "K6"})


def treasure() -> engine.State:
    """R9.1: a tile on K7 brings the treasures of I7 and N5 into the trader's kingdom."""
    board = {"H7": leader("archer", "green"), "J7": tile("red"), "L7": tile("red"),
             "L6": tile("black"), "M6": tile("black"), "M5": tile("black")}
    return engine.from_dict(position(board, HANDS)).apply(
        {"type": "tile", "color": "black", "to": "K7"})


def building() -> engine.State:
    """R13.2: a green line J3–L3."""
    board = {"J3": tile("green"), "K3": tile("green")}
    return engine.from_dict(position(board, HANDS, {"buildings": True})).apply(
        {"type": "tile", "color": "green", "to": "L3"})


def wonder() -> engine.State:
    """R15.2: a black plus centred on H5."""
    board = {"H4": tile("black"), "G5": tile("black"), "I5": tile("black"), "H6": tile("black")}
    return engine.from_dict(position(board, HANDS, {"wonder": True})).apply(
        {"type": "tile", "color": "black", "to": "H5"})


def wonder_point() -> engine.State:
    """R15.3: archer's king is in the wonder's kingdom when the turn ends."""
    down = {"face_down": True}
    board = {sq: tile("black", **down) for sq in ("H4", "G5", "H5", "I5", "H6")}
    board.update({"J5": tile("red"), "J4": leader("archer", "black")})
    pos = position(board, HANDS, {"wonder": True})
    pos["wonder"] = {"at": "H5"}
    return engine.from_dict(pos).apply({"type": "pass"})


def defender(state: engine.State) -> engine.State:
    """The same conflict after the attacker committed one tile, when it can."""
    counts = [a["count"] for a in state.legal_actions()]
    return state.apply({"type": "commit", "count": max(counts)})


SCENARIOS = {
    "commit_attacker_revolt": (revolt, "commit"),
    "commit_defender_revolt": (lambda: defender(revolt()), "commit"),
    "commit_attacker_war": (lambda: war(False), "commit"),
    "commit_defender_war": (lambda: defender(war(False)), "commit"),
    "war_order": (lambda: war(True), "war_order"),
    "monument": (monument, "monument"),
    "treasure": (treasure, "treasure"),
    "building": (building, "building"),
    "wonder": (wonder, "wonder"),
    "wonder_point": (wonder_point, "wonder_point"),
}


def bot_for(level: str, seed: int = 1) -> ai.Bot:
    return ai.make_bot(engine.ID, level, seed, iterations=40)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_sets_up_its_decision(name: str) -> None:
    make, kind = SCENARIOS[name]
    state = make()
    assert state.to_dict()["pending"]["kind"] == kind
    assert len(state.legal_actions()) >= 2, "a decision with one answer tests nothing"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_level_answers_every_decision(level: str, name: str) -> None:
    make, _ = SCENARIOS[name]
    state = make()
    seat = state.to_move
    view = state.view(seat)
    action = bot_for(level).choose(copy.deepcopy(view), 5.0)
    assert action in state.legal_actions()
    state.apply(action)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_defender_spends_tiles_to_keep_its_leader(level: str) -> None:
    """R6.2: bull can tie archer's one committed temple with red tiles from hand, and should."""
    state = defender(revolt())
    pending = state.to_dict()["pending"]
    need = pending["attacker_strength"] + pending["attacker_committed"] - \
        pending["defender_strength"]
    action = bot_for(level).choose(state.view(state.to_move), 5.0)
    assert action == {"type": "commit", "count": need}


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_monument_is_built(level: str) -> None:
    state = monument()
    action = bot_for(level).choose(state.view(state.to_move), 5.0)
    assert action["at"] is not None
