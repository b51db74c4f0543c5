"""The hard level plays the same moves as the version the golden file was made with.

`tests/ai/golden/tigris_hard_moves.json` holds three recorded games (their
actions in notation) and, for 60 decisions spread over them (main actions
and pending answers, 2 to 4 players), the action the hard bot chose with a
given seed and a fixed iteration count, which makes the search independent
of the clock. It was written by hard.py before the search moved into the
shared harness (`ai.search`), so that the move is proven to change no
choice, bit for bit. Rewrite it on purpose only, when hard is meant to play
differently: ``.venv/bin/python tests/ai/tigris/test_ai_hard_golden.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import ai
import engine.tigris as engine

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "tigris_hard_moves.json"
GAMES = ((2, 11, ("medium", "easy")), (3, 12, ("easy", "medium", "easy")),
         (4, 13, ("medium", "easy", "easy", "medium")))
PER_GAME = 20       # decisions taken from each game
PENDING = 5         # of which at least this many answer a pending decision, where there are
SHORT, LONG = 30, 150   # iterations: every decision with seed 1, every fourth also with seed 2


def play(players: int, seed: int, levels: tuple[str, ...]) -> list[str]:
    state = engine.new_game(players, seed)
    bots = [ai.make_bot(engine.ID, level, seed + i) for i, level in enumerate(levels)]
    actions = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.view(seat), 1.0)
        actions.append(engine.format_action(action))
        state = state.apply(action)
    return actions


def spread(states: list[engine.State]) -> list[int]:
    """PER_GAME decision indices over the game, PENDING of them pending answers."""
    deciding = [i for i, s in enumerate(states) if not s.is_over]
    pending = [i for i in deciding if s_pending(states[i])]
    picked = set(pending[::max(1, len(pending) // PENDING)][:PENDING])
    rest = [i for i in deciding if i not in picked]
    step = max(1, len(rest) // (PER_GAME - len(picked)))
    picked.update(rest[::step][:PER_GAME - len(picked)])
    return sorted(picked)


def s_pending(state: engine.State) -> bool:
    return state.to_dict()["pending"] is not None


def replayed(game: dict[str, Any]) -> list[engine.State]:
    states = [engine.new_game(game["players"], game["seed"])]
    for text in game["actions"]:
        states.append(states[-1].apply(engine.parse_action(text)))
    return states


def hard_move(state: engine.State, seed: int, iterations: int) -> str:
    bot = ai.make_bot(engine.ID, "hard", seed, iterations=iterations)
    view = state.view(state.to_move)
    return engine.format_action(bot.choose(view, 1.0))


def write() -> None:
    games, moves = [], []
    for g, (players, seed, levels) in enumerate(GAMES):
        game = {"players": players, "seed": seed, "levels": list(levels),
                "actions": play(players, seed, levels)}
        games.append(game)
        states = replayed(game)
        for n, index in enumerate(spread(states)):
            runs = [(1, SHORT)] + ([(2, LONG)] if n % 4 == 0 else [])
            for seed_, iterations in runs:
                moves.append({"game": g, "index": index, "seed": seed_,
                              "iterations": iterations,
                              "action": hard_move(states[index], seed_, iterations)})
    GOLDEN.write_text(json.dumps({"games": games, "moves": moves}, indent=1) + "\n")
    print(f"{len(moves)} moves over {sum(len(spread(replayed(g))) for g in games)} decisions")


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


def chunks() -> list[int]:
    return list(range(8))


@pytest.mark.parametrize("chunk", chunks())
def test_hard_plays_the_golden_moves(chunk: int) -> None:
    data = golden()
    states = [replayed(game) for game in data["games"]]
    mine = data["moves"][chunk::len(chunks())]
    got = [hard_move(states[m["game"]][m["index"]], m["seed"], m["iterations"]) for m in mine]
    assert got == [m["action"] for m in mine]


def test_the_golden_decisions_cover_every_table_size_and_pending_answers() -> None:
    data = golden()
    assert [g["players"] for g in data["games"]] == [2, 3, 4]
    states = [replayed(game) for game in data["games"]]
    decisions = {(m["game"], m["index"]) for m in data["moves"]}
    assert len(decisions) == 60
    assert sum(s_pending(states[g][i]) for g, i in decisions) >= 10
    assert {m["iterations"] for m in data["moves"]} == {SHORT, LONG}


if __name__ == "__main__":
    write()
    sys.exit(0)
