"""Every registered game over a real host: random games of several seat counts, played by
the host's player, joined peers and the host's computer seats, reach their end on one
digest, Advanced Civilization's with trades and purchases, and the host's autosave then
resumes (issue 24, item 1: civ locked up at its first trade).

The games are the same on every run: every participant's nonce is fixed, so the seed
ceremony agrees on one seed, and every seat's random player is seeded. Long versions:
`benchmarks/lan_civ_table.py`.
"""

from __future__ import annotations

import itertools
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_net_support import (
    Driver,
    Joining,
    all_over,
    host_config,
    host_digests,
    random_player,
)

import ai
import engine
from net import errors as e
from net import fields
from net import host as net_host
from net import peer as net_peer
from net.host import read_hosted_autosave
from net.session import NetworkSession

CASES = [
    # game, seats ("host": the host's player, "peer": a joined player, "bot": the host's
    # computer), options
    ("tigris", ["host", "peer"], {}),
    ("tigris", ["host", "peer", "bot", "peer"], {}),
    ("civ", ["host", "peer", "bot"], {"turn_limit": 12}),
    ("civ", ["peer", "host", "bot", "peer", "bot"], {"turn_limit": 12}),
]


MID_GAME: dict[str, Callable[[list[dict[str, Any]]], bool]] = {
    "tigris": lambda actions: len(actions) >= 50,
    "civ": lambda actions: actions[-1]["type"] == "accept",   # just after a trade
}
"""When the autosave is copied, to be resumed after the game: civ's failed at its first
trade ("record.actions[N]: must be a map of at most 4 entries")."""


@pytest.fixture(autouse=True)
def fixed_nonces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every participant's nonce is 32 zero bytes: the seed follows from the seats alone."""
    monkeypatch.setattr(net_host, "new_nonce", lambda: bytes(32))
    monkeypatch.setattr(net_peer, "new_nonce", lambda: bytes(32))


def seeded_bots(game_id: str) -> Any:
    """The game's random level, seeded in the order the host asks for its bots."""
    seeds = itertools.count(1000)
    return lambda level, seed: ai.bot_factory(game_id)("random", next(seeds))


@pytest.mark.parametrize(("game_id", "seats", "options"), CASES,
                         ids=[f"{g}-{len(s)}" for g, s, _ in CASES])
def test_a_random_game_over_the_lan_ends_on_one_digest_and_its_autosave_resumes(
        game_id: str, seats: list[str], options: dict[str, Any], joining: Joining,
        data_dir: Path) -> None:
    module = engine.load(game_id)
    config = host_config("tiny", len(seats), ["bot:random" if s == "bot" else "human"
                                              for s in seats],
                         host_seat=seats.index("host"), options=options)
    config.game, config.bots = module, seeded_bots(game_id)
    host = NetworkSession.host(config)
    sessions = [host]
    try:
        sessions += [joining(host, seat=seat, games={game_id: module})
                     for seat, kind in enumerate(seats)
                     if kind == "peer"]
        players = {session: random_player(game_id, seat, 10 * seat + 1)
                   for session, seat in zip(sessions, [seats.index("host"), *(
                       s for s, kind in enumerate(seats) if kind == "peer")], strict=True)}
        driver = Driver(sessions, sessions, choose=lambda session: players[session](
            session.state))
        mid_game = MID_GAME[game_id]
        driver.run_until(lambda: host.ply > 0 and mid_game(host.record()["actions"]),
                         timeout=240)
        shutil.copy(data_dir / "lan" / "host-autosave.json", data_dir / "mid-game.json")
        driver.run_until(all_over(*sessions), timeout=240)

        record = host.record()
        assert record is not None
        final = host.state.digest()
        assert {s.state.digest() for s in sessions} == {final}
        expected = host_digests(module, record)
        for session in sessions[1:]:
            seen = driver.digests[id(session)]
            assert seen and all(expected[ply] == digest for ply, digest in seen.items())
        codes = {ev.data.get("code") for s in sessions for ev in driver.events[id(s)]
                 if ev.kind == "rejected"}
        assert not codes & {e.MSG_FIELD, e.ACTION_UNSENDABLE}, codes
        assert host.stats.get("protocol_errors", 0) == 0
        kinds = Counter(action["type"] for action in record["actions"])
        if game_id == "civ":
            assert {"propose", "accept", "purchase"} <= set(kinds), sorted(kinds)
    finally:
        for session in reversed(sessions):
            session.close()

    for name, phase in (("mid-game.json", "playing"), ("lan/host-autosave.json", "over")):
        saved = read_hosted_autosave(data_dir / name, module)
        actions = saved["record"]["actions"]
        assert actions == record["actions"][:len(actions)]
        assert fields.record(module.ACTION_BOUNDS)(saved["record"], "record") == saved["record"]
        again = host_config("tiny", len(seats), host_seat=seats.index("host"), resume=saved,
                            autosave_path=data_dir / "resumed.json")
        again.game = module
        resumed = NetworkSession.host(again)
        try:
            assert resumed.phase == phase and resumed.ply == len(actions)
            assert resumed.state.digest() == expected[len(actions)]
        finally:
            resumed.close()


def test_every_registered_game_is_played_here() -> None:
    """A game registered later must be added to CASES (with a turn limit if it is long)."""
    assert {game_id for game_id, _, _ in CASES} == set(engine.games())
