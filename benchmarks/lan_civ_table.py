"""A 6-player Advanced Civilization game over the LAN, to its end on one digest.

Seats 1-2: human-driven peers, joined from this process and played by a script (the
game's random level on each seat's view: it proposes, counters, accepts and buys, A17,
A32); seats 3-4: `ziggurat bot civ` peers, each in its own process; seats 5-6: the
host's computer players. The host (this process) plays no seat. The game ends at its turn
limit, or with `--turns 0` at its real end (A35.1: random players never finish the
A.S.T.; their games end when no unit is left, after thousands of actions). Every process
must end on the host's digest, the host's autosave must replay to it, and a new host must
resume from the autosave at its ply and digest.

Midway, the scripted player of seat 2 drops; while its seat is empty a stranger's
program says hello for it without the seat's token (a hijack attempt, which the host
must refuse with seat/owned), and then the player comes back with its own token.

Prints the actions, the trades (proposals, counters, acceptances), the road moves,
purchases, the final digest, the autosave's resume and the time.

    .venv/bin/python benchmarks/lan_civ_table.py [--turns 16] [--seed 1]
    .venv/bin/python benchmarks/lan_civ_table.py --turns 0 --timeout 3600   # a whole game
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import zmq  # noqa: E402

import ai  # noqa: E402
import engine.civ as civ  # noqa: E402
from net import errors, storage  # noqa: E402
from net.host import HostConfig, read_hosted_autosave  # noqa: E402
from net.protocol import decode, encode, packed_size, record_room  # noqa: E402
from net.replica import Replay  # noqa: E402
from net.session import NetworkSession  # noqa: E402

HEARTBEAT = 0.5
DROP_AT = 300
"""The ply at which seat 2's player drops, and a stranger tries to take the seat."""


def bot_peer(port: int, seat: int, seed: int, data: Path, timeout: float
             ) -> subprocess.Popen[str]:
    """`ziggurat bot civ` at `seat`, its output to a file (a pipe left unread would fill
    and stop it)."""
    env = dict(os.environ, TIGRIS_DATA_DIR=str(data), PYTHONUNBUFFERED="1")
    log = (data / f"bot-{seat}.log").open("w")
    return subprocess.Popen(
        [sys.executable, "-m", "ziggurat_cli.main", "bot", "civ", "--join", f"127.0.0.1:{port}",
         "--seat", str(seat), "--seed", str(seed), "--budget", "0.01", "--heartbeat",
         str(HEARTBEAT), "--timeout", str(timeout), "--name", f"Bot peer {seat}"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True)


def hijack_attempt(port: int) -> str:
    """A stranger's hello for seat 2 without its token, as another program on the LAN
    would send it: the host's answer (its kind and code)."""
    ctx = zmq.Context()
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.connect(f"tcp://127.0.0.1:{port}")
    try:
        sock.send(encode("hello", seat=-1, seq=1, ply=0, digest="",
                         games={civ.ID: civ.RULES_VERSION}, name="Mallory", want=1,
                         token=""))
        if not sock.poll(10_000):
            return "no answer"
        answer = decode(sock.recv(), civ.ACTION_BOUNDS)
        return f"{answer.kind} {answer.body.get('code', '')}".strip()
    finally:
        sock.close()
        ctx.term()


def wait(host: NetworkSession, done: Callable[[], bool], deadline: float) -> None:
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out at ply {host.ply}")
        host.poll(0.005)


def run(turns: int, seed: int, timeout: float) -> int:
    data = Path(tempfile.mkdtemp(prefix="lan-civ-table-"))
    os.environ[storage.ENV_DATA_DIR] = str(data)
    config = HostConfig(game=civ, bots=ai.bot_factory(civ.ID), players=6,
                        seats=["human"] * 4 + ["bot:random"] * 2, host_seat=None,
                        options={"turn_limit": turns} if turns else {}, bind="127.0.0.1",
                        port=0, heartbeat=HEARTBEAT, bot_budget=0.01)
    started = time.monotonic()
    host = NetworkSession.host(config)
    humans = [NetworkSession.join(f"127.0.0.1:{host.port}", games={civ.ID: civ}, seat=seat,
                                  name=f"Player {seat + 1}", heartbeat=HEARTBEAT)
              for seat in (0, 1)]
    procs = [bot_peer(host.port, seat, seed + seat, data, timeout) for seat in (3, 4)]
    rng = random.Random(seed)
    players = {id(s): ai.bot_factory(civ.ID)("random", rng.randrange(2**32)) for s in humans}
    rejected: Counter[str] = Counter()
    asked: dict[int, int] = {}
    hijack = "not tried (the game ended first)"
    try:
        deadline = time.monotonic() + timeout
        while not (host.state is not None and host.state.is_over
                   and all(s.state is not None and s.state.is_over for s in humans)):
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out at ply {host.ply}")
            host.poll(0.005)
            if host.ply >= DROP_AT and hijack.startswith("not tried") and not host.state.is_over:
                player = players.pop(id(humans[1]))
                humans[1].close()
                wait(host, lambda: host.seats[1].status == "disconnected", deadline)
                hijack = hijack_attempt(host.port)
                humans[1] = NetworkSession.join(f"127.0.0.1:{host.port}",
                                                games={civ.ID: civ}, seat=1,
                                                name="Player 2", heartbeat=HEARTBEAT)
                players[id(humans[1])] = player
                wait(host, lambda: host.seats[1].status == "connected", deadline)
            for session in humans:
                for event in session.poll(0.0):
                    if event.kind == "rejected":
                        rejected[str(event.data.get("code"))] += 1
                        asked.pop(id(session), None)
                state = session.state
                if (state is None or session.paused or session.phase != "playing"
                        or state.to_move != session.my_seat
                        or asked.get(id(session)) == session.ply):
                    continue
                asked[id(session)] = session.ply
                session.submit(players[id(session)].choose(session.view(), 0.0))
        seconds = time.monotonic() - started
        final = host.state.digest()
        for proc in procs:
            proc.wait(timeout=60)
        outputs = [(data / f"bot-{seat}.log").read_text() for seat in (3, 4)]
        bot_finals = [m.group(1) for out in outputs
                      for m in [re.search(r"GAME OVER digest=([0-9a-f]{64})", out)] if m]
        record = host.record()
        assert record is not None
    finally:
        for session in humans:
            session.close()
        host.close()
        for proc in procs:
            proc.kill()
    resumed_at = time.monotonic()
    states: list[Any] = []
    ply_digests: list[str] = []
    saved = read_hosted_autosave(data / "lan" / "host-autosave.json", civ, states, ply_digests)
    replayed = civ.replay(saved["record"]).digest()
    read_seconds = time.monotonic() - resumed_at
    again = NetworkSession.host(replace(config, resume=saved,
                                        resume_replay=Replay(states[0], ply_digests),
                                        autosave_path=data / "resumed-autosave.json"))
    try:
        resumed = (again.phase, again.ply, again.state.digest() if again.state else "")
    finally:
        again.close()
    resume_seconds = time.monotonic() - resumed_at
    actions = record["actions"]
    kinds = Counter(a["type"] for a in actions)
    digests = {final, *(s.state.digest() for s in humans), *bot_finals, replayed, resumed[2]}
    end = f"turn limit {turns}" if turns else "no turn limit, to its end"
    print(f"6-player civ over the LAN, {end}: {len(actions)} actions, "
          f"{host.state.to_dict()['turn']} turns, in {seconds:.1f} s "
          f"({1000 * seconds / max(1, len(actions)):.1f} ms an action)")
    print(f"  trades: {kinds['propose']} proposals, {kinds['counter']} counters, "
          f"{kinds['accept']} acceptances, {kinds['reject']} rejections; "
          f"{kinds['purchase']} purchases; {kinds['road']} road moves, {kinds['move']} moves")
    print(f"  record: {sum(map(packed_size, actions)):,} bytes of actions in msgpack "
          f"(a frame of civ holds {record_room(civ.ACTION_BOUNDS):,}), autosave "
          f"{(data / 'lan' / 'host-autosave.json').stat().st_size:,} bytes of JSON")
    print(f"  autosave resumed by a new host in {resume_seconds:.1f} s (read, checked and "
          f"replayed twice, here and to compare: {read_seconds:.1f} s): phase {resumed[0]}, "
          f"ply {resumed[1]} of {len(actions)}, "
          f"{'same digest' if resumed[2] == final else 'ANOTHER DIGEST'}")
    lists = [len(v) for a in record["actions"] for v in a.values() if isinstance(v, list)]
    print(f"  largest action: {max(len(a) for a in record['actions'])} entries; longest list: "
          f"{max(lists, default=0)} cards")
    print(f"  final digest {final} — host, 2 scripted peers, {len(bot_finals)} bot peers and "
          f"the autosave's replay: {'one digest' if len(digests) == 1 else 'DIFFERENT'}")
    print(f"  refusals of the scripted peers: {dict(rejected) or 'none'}; host protocol "
          f"errors: {host.stats.get('protocol_errors', 0)}")
    print(f"  seat 2 dropped at ply {DROP_AT}: a stranger's hello for it without its token "
          f"got {hijack}; its player came back with its own token and played on")
    print(f"  action types played: {len(kinds)} of {len(civ.actions.FIELDS)}: "
          f"{', '.join(sorted(kinds))}")
    ok = (len(digests) == 1 and len(bot_finals) == 2 and kinds["propose"] > 0
          and hijack == f"refused {errors.SEAT_OWNED}"
          and resumed[:2] == ("over", len(actions)))
    return 0 if ok else 1


def main(argv: Any = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=16,
                        help="the game's turn limit (A35.1); 0: none, the whole game")
    parser.add_argument("--seed", type=int, default=1, help="the scripted players' seed")
    parser.add_argument("--timeout", type=float, default=900.0,
                        help="seconds the game may take (every process)")
    args = parser.parse_args(argv)
    return run(args.turns, args.seed, args.timeout)


if __name__ == "__main__":
    raise SystemExit(main())
