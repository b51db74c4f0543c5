"""Finds seeds on which the guided first game's script (game/tigris/guide_script.py) plays:
the learner moves first and every scripted action, both seats', is legal.

    .venv/bin/python tools/guide_seed.py [FIRST] [COUNT]
"""

from __future__ import annotations

import sys

import engine.tigris as engine
from game.tigris import guide_script as g


def plays(seed: int) -> str | None:
    """None if the script plays on `seed`, else where it stops and why."""
    state = engine.new_game(2, seed, dict(g.OPTIONS))
    for ply, entry in enumerate(g.SCRIPT):
        if state.to_move != entry.seat:
            return f"action {ply + 1} ({entry.notation}): seat {state.to_move} is to move"
        refusal = state.check(entry.action)
        if refusal is not None:
            return f"action {ply + 1} ({entry.notation}): {refusal.code}"
        state = state.apply(entry.action)
    return None


def main(argv: list[str]) -> int:
    first = int(argv[0]) if argv else 1
    count = int(argv[1]) if len(argv) > 1 else 500
    found = [seed for seed in range(first, first + count) if plays(seed) is None]
    print(f"{len(found)} of {count} seeds play the script: {found[:20]}")
    return 0 if found else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
