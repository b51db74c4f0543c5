"""How long a whole Advanced Civilization record gets: random games without a turn limit.

Each seat is the AI's random level on its own view (it proposes, counters,
accepts and buys, A17, A32), as on the LAN; the game runs to its real end
(A35). Prints, per game, the actions, the trade actions, the road moves,
the record's size in msgpack (as a LAN `welcome` carries it) and in compact
JSON (as the host's autosave and a saved game hold it), and the largest of
each per player count. These figures size net's record and frame limits
(`engine.civ.ACTION_BOUNDS["record"]`, `net.protocol`): random players trade
far more than people do, so a real game stays well below them.

    .venv/bin/python benchmarks/civ_record_size.py [--players 2 4 6 8] [--seeds 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

import msgpack

import ai
import engine.civ as civ


def play(players: int, seed: int) -> dict[str, object]:
    """One whole random game's record and its sizes."""
    bots = [ai.make_bot(civ.ID, "random", seed * 31 + seat) for seat in range(players)]
    state = civ.new_game(players, seed, {})
    actions: list[dict[str, object]] = []
    started = time.perf_counter()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.view(seat), 0.0)
        state = state.apply(action)
        actions.append(action)
    record = {"game": civ.ID, "rules_version": civ.RULES_VERSION, "version": 1,
              "players": players, "seed": seed, "options": {}, "actions": actions}
    kinds = Counter(str(a["type"]) for a in actions)
    return {"players": players, "seed": seed, "actions": len(actions),
            "turns": state.to_dict()["turn"],
            "trades": kinds["propose"] + kinds["counter"] + kinds["accept"],
            "roads": kinds["road"],
            "msgpack": len(msgpack.packb(record, use_bin_type=True)),
            "json": len(json.dumps(record, separators=(",", ":"))),
            "seconds": time.perf_counter() - started}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, nargs="+", default=[2, 4, 6, 8])
    p.add_argument("--seeds", type=int, default=3, help="games per player count")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = p.parse_args(argv)
    for players in args.players:
        rows = [play(players, args.seed + i) for i in range(args.seeds)]
        for r in rows:
            print(f"{players} players, seed {r['seed']}: {r['actions']} actions, "
                  f"{r['turns']} turns, {r['trades']} trade actions, {r['roads']} road moves, "
                  f"msgpack {r['msgpack']:,} bytes, JSON {r['json']:,} bytes, "
                  f"{r['seconds']:.0f} s", flush=True)
        print(f"{players} players: at most {max(int(str(r['actions'])) for r in rows)} actions, "
              f"{max(int(str(r['msgpack'])) for r in rows):,} bytes of msgpack", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
