"""Building test positions through the position format (the contract's `from_dict`).

`build` starts from the classic board as set up (a temple with a treasure on
each treasure square) and lays the given cells over it, written short:

    "r" "b" "g" "k"   a face-up red/blue/green/black tile ("k" for black)
    "r*"              a tile with its treasure        "r_"  a face-down tile
    "0r" "1k"         seat 0's red leader, seat 1's black leader
    "X"               a catastrophe                    None  an empty square

The bag holds the rest of the tiles in colour order unless given.
"""

from __future__ import annotations

import random
from typing import Any

import engine.tigris as engine

COLOR_OF = {"r": "red", "b": "blue", "g": "green", "k": "black"}
TOTALS = {"red": 57, "blue": 36, "green": 30, "black": 30}
CLASSIC = engine.board_layout("classic")


def cell(code: str, dynasties: list[str]) -> dict[str, Any]:
    if code == "X":
        return {"catastrophe": True}
    if code[0].isdigit():
        return {"leader": {"dynasty": dynasties[int(code[0])], "color": COLOR_OF[code[1]]}}
    out: dict[str, Any] = {"tile": COLOR_OF[code[0]]}
    if "*" in code:
        out["treasure"] = True
    if "_" in code:
        out["face_down"] = True
    return out


def hand(text: str) -> list[str]:
    """'rrbk' -> ['red', 'red', 'blue', 'black'] in the contract's order."""
    order = list(COLOR_OF)
    return [COLOR_OF[c] for c in sorted(text, key=order.index)]


def build_dict(cells: dict[str, str | None] | None = None, *, players: int = 2,
               hands: list[str] | None = None, active: int = 0, actions_left: int = 2,
               scores: list[dict[str, int]] | None = None, taken: list[int] | None = None,
               catastrophes: list[int] | None = None, bag: list[str] | None = None,
               options: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    dynasties = list(engine.DYNASTIES[:players])
    board: dict[str, Any] = {sq: {"tile": "red", "treasure": True}
                             for sq in CLASSIC["treasures"]}
    for sq, code in (cells or {}).items():
        if code is None:
            board.pop(sq, None)
        else:
            board[sq] = cell(code, dynasties)
    hands = hands if hands is not None else ["rrbbgk"] * players
    player_hands = [hand(h) for h in hands]
    if bag is None:
        used = {c: 0 for c in TOTALS}
        for c in board.values():
            if "tile" in c:
                used[c["tile"]] += 1
        for h in player_hands:
            for c in h:
                used[c] += 1
        bag = [c for c in TOTALS for _ in range(TOTALS[c] - used[c])]
    opts = {"board": "classic", "buildings": False, "english_variant": False, "wonder": False,
            "open_scoring": False}
    opts.update(options or {})
    d = {
        "version": 1,
        "options": opts,
        "players": [
            {"dynasty": dynasties[i], "hand": player_hands[i],
             "score": dict((scores or [{}] * players)[i]) or
             {"red": 0, "blue": 0, "green": 0, "black": 0},
             "treasures": (taken or [0] * players)[i],
             "catastrophes": (catastrophes or [2] * players)[i]}
            for i in range(players)
        ],
        "board": board,
        "monuments": [],
        "buildings": {"red": None, "blue": None, "green": None, "black": None},
        "wonder": None,
        "bag": bag,
        "active": active,
        "actions_left": actions_left,
        "pending": None,
        "unification": None,
        "ended": False,
    }
    for p in d["players"]:
        for c in ("red", "blue", "green", "black"):
            p["score"].setdefault(c, 0)
    d.update(extra)
    return d


def build(cells: dict[str, str | None] | None = None, **kw: Any) -> engine.State:
    return engine.from_dict(build_dict(cells, **kw))


def play(state: engine.State, *texts: str) -> engine.State:
    """Apply actions written in the text notation."""
    for text in texts:
        state = state.apply(engine.parse_action(text))
    return state


def events_of(state: engine.State, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


def score(state: engine.State, seat: int) -> dict[str, int]:
    return state.to_dict()["players"][seat]["score"]


def placed_at_random(seed: int, plies: int, players: int = 2) -> engine.State:
    """A position after `plies` random actions that place tiles and leaders where they can."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    for _ in range(plies):
        actions = state.legal_actions()
        placing = [a for a in actions if a["type"] in ("tile", "leader") and a.get("to")]
        state = state.apply(rng.choice(placing or actions))
    return state
