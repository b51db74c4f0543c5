"""What the network tests share: a data folder per test, the games they play, hosting.

Tests of the network layer itself play Tiny (`tests/support/tinygame.py`):
it is fast, takes 2 to 8 seats, and has private hands and a private draw,
which is all lockstep, refusals and privacy need. The end-to-end tests of
Tigris & Euphrates over the LAN ask for `tigris` instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from support import tinygame
from test_net_support import GAMES, HEARTBEAT, LOCALHOST, Hosting, Joining, host_config

from net import storage
from net.session import NetworkSession


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves and desync reports go to the test's own folder."""
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path))
    return tmp_path


@pytest.fixture
def tiny() -> ModuleType:
    return tinygame


def join_games(game: str) -> dict[str, ModuleType]:
    return {game: GAMES[game][0]}


@pytest.fixture
def hosting() -> Iterator[Hosting]:
    """`hosting(game, players, seats, host_seat, **config)`: a host, closed after the test."""
    opened: list[NetworkSession] = []

    def host(*args: Any, **kwargs: Any) -> NetworkSession:
        session = NetworkSession.host(host_config(*args, **kwargs))
        opened.append(session)
        return session

    yield host
    for session in opened:
        session.close()


@pytest.fixture
def joining() -> Iterator[Joining]:
    """`joining(host, seat=None, name="", games=...)`: a peer of the host's game, closed after."""
    opened: list[NetworkSession] = []

    def join(host: NetworkSession, seat: int | None = None, name: str = "",
             games: dict[str, ModuleType] | None = None, **kwargs: Any) -> NetworkSession:
        assert host.game is not None
        session = NetworkSession.join(
            f"{LOCALHOST}:{host.port}", games=games or join_games(host.game.ID), seat=seat,
            name=name, heartbeat=HEARTBEAT, **kwargs)
        opened.append(session)
        return session

    yield join
    for session in opened:
        session.close()
