"""LAN lockstep latency: from an action's submission until every peer has checked its digest.

Four peers on loopback, each in its own process (the host in this one, three
joiners started from this script), play whole games with random legal
actions. Each process notes, on the shared monotonic clock, when it
submitted an action and when its network thread finished the digest check
of every update (`SessionEvent.at`). The latency of one action is the
latest check among the four minus its submission. Target: p99 ≤ 10 ms.

    .venv/bin/python benchmarks/net_bench.py [--games 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from net.host import HostConfig  # noqa: E402
from net.session import NetworkSession  # noqa: E402

TARGET_P99_MS = 10.0
PLAYERS = 4
GAME_TIMEOUT = 120.0


def play(session: NetworkSession, seed: int) -> dict[str, dict[int, float]]:
    """Play my seat at random until the game ends; return submission and check times by ply."""
    rng = random.Random(seed)
    submits: dict[int, float] = {}
    checks: dict[int, float] = {}
    deadline = time.monotonic() + GAME_TIMEOUT
    asked = -1
    while time.monotonic() < deadline:
        for event in session.poll(0.05):
            if event.kind == "applied":
                checks[event.data["ply"]] = event.at
            elif event.kind == "rejected":
                asked = -1
            elif event.kind in ("game_over", "refused"):
                return {"submits": submits, "checks": checks}
        state = session.state
        if (state is None or session.phase != "playing" or state.to_move != session.my_seat
                or asked == session.ply):
            continue
        action = rng.choice(state.legal_actions())
        asked = session.ply
        submits[asked + 1] = time.monotonic()
        session.submit(action)
    raise SystemExit("a game did not finish in time")


def run_peer(address: str, out: Path, seed: int) -> None:
    session = NetworkSession.join(address, heartbeat=1.0)
    try:
        out.write_text(json.dumps(play(session, seed)))
    finally:
        session.close()


def one_game(game: int, folder: Path) -> list[float]:
    config = HostConfig(game=engine.load("tigris"), players=PLAYERS, host_seat=0,
                        bind="127.0.0.1", port=0, autosave_path=folder / f"autosave-{game}.json")
    host = NetworkSession.host(config)
    address = f"127.0.0.1:{host.port}"
    outs = [folder / f"peer-{game}-{i}.json" for i in range(PLAYERS - 1)]
    procs = [subprocess.Popen([sys.executable, __file__, "--peer", address, "--out", str(out),
                               "--seed", str(game * 10 + i)], cwd=ROOT)
             for i, out in enumerate(outs)]
    try:
        mine = play(host, game * 10 + 9)
    finally:
        for proc in procs:
            proc.wait(30)
        host.close()
    timings = [mine] + [_load(out) for out in outs]
    submits: dict[int, float] = {}
    for t in timings:
        submits.update(t["submits"])
    latencies = []
    for ply, submitted in submits.items():
        checked = [t["checks"].get(ply) for t in timings]
        if all(c is not None for c in checked):
            latencies.append((max(c for c in checked if c is not None) - submitted) * 1000)
    return latencies


def _load(path: Path) -> dict[str, dict[int, float]]:
    raw: dict[str, Any] = json.loads(path.read_text())
    return {key: {int(k): float(v) for k, v in raw[key].items()} for key in raw}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--peer", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.peer:
        run_peer(args.peer, args.out, args.seed)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TIGRIS_DATA_DIR"] = tmp
        latencies: list[float] = []
        for game in range(args.games):
            found = one_game(game, Path(tmp))
            latencies += found
            print(f"game {game + 1}: {len(found)} actions, "
                  f"p50 {percentile(found, 50):.2f} ms, p99 {percentile(found, 99):.2f} ms")
    p99 = percentile(latencies, 99)
    print(f"net_bench: {PLAYERS} peers on loopback, {len(latencies)} actions, "
          f"submit → every digest checked: mean {statistics.fmean(latencies):.2f} ms, "
          f"p50 {percentile(latencies, 50):.2f} ms, p90 {percentile(latencies, 90):.2f} ms, "
          f"p99 {p99:.2f} ms, max {max(latencies):.2f} ms "
          f"(target p99 ≤ {TARGET_P99_MS:.0f} ms: {'met' if p99 <= TARGET_P99_MS else 'MISSED'})")
    return 0 if p99 <= TARGET_P99_MS else 1


if __name__ == "__main__":
    sys.exit(main())
