"""The kiosk's demo, watchable on the LAN (issue 25), when the kiosk is started so.

Off by default: a hosted demo costs a network thread, its computer players
think in the host's thread and the screen follows it as a watcher, which a
Raspberry Pi need not pay for a demo nobody watches elsewhere. With
`ziggurat play -- --attract 60 --attract-watchers PORT` the demo of a game
whose watcher's table can be the demo (`GameClient.hosts_demo`) is hosted as a LAN
game on PORT with computers in every seat and no person's seat: anyone on the
LAN may watch it from the lobby's list or `ziggurat watch`, as the kiosk's
own screen does (its table is a watcher's, `game.kit.watching`, with the
demo's banner over it). A touch wakes the kiosk as from any demo, and the
hosted game ends with it; any other game keeps its own demo.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ai
from game.kit.watching import watch_table
from game.players import default_level
from net import HostConfig, NetworkSession, SessionError

if TYPE_CHECKING:
    from game.app import App
    from game.games import GameClient
    from game.table import LanTable

DEMO_PLAYERS = 4
"""Seats of a hosted demo, at most (the game's own most if fewer)."""
START_SECONDS = 5.0
"""How long the kiosk waits for its own hosted demo to be watchable before it gives up on
hosting and shows the game's own demo instead."""


@dataclass
class DemoHosting:
    """Whether and where demos are hosted: `port` None, never (the default)."""

    port: int | None = None
    bind: str = "0.0.0.0"


HOSTING = DemoHosting()


class HostedDemo:
    """The demo's host: a LAN game of computers alone that takes watchers."""

    def __init__(self, client: GameClient, port: int, bind: str) -> None:
        players = min(DEMO_PLAYERS, client.players.stop - 1)
        level = default_level(client.id)
        self.session = NetworkSession.host(HostConfig(
            game=client.rules, bots=ai.bot_factory(client.id), players=players,
            seats=[f"bot:{level}"] * players, host_seat=None, bind=bind, port=port,
            name=client.name(), autosave=False))

    @property
    def address(self) -> str:
        """Where others watch it from: "host:port"."""
        return self.session.address

    def update(self) -> None:
        """Its own events say nothing the kiosk's screen needs (it watches the game as anyone
        does): they are only read, so that none piles up."""
        self.session.poll()

    def close(self) -> None:
        self.session.close()


def hosted_demo(app: App, client: GameClient) -> LanTable | None:
    """The game's demo hosted on the LAN and the table that watches it here (not yet on the
    stack), or None when demos are not hosted, the game has no watcher's table, or its host
    could not start and be watched in time (the port taken): then the game's own demo
    shows."""
    if HOSTING.port is None or not (client.has_watch_table and client.hosts_demo):
        return None
    try:
        demo = HostedDemo(client, HOSTING.port, HOSTING.bind)
    except (SessionError, ValueError):
        return None
    try:
        watcher = NetworkSession.watch(f"127.0.0.1:{demo.session.port}",
                                       games={client.id: client.rules}, name=client.name())
    except SessionError:
        demo.close()
        return None
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        events = watcher.poll(timeout=0.05)
        for i, event in enumerate(events):
            if event.kind in ("watching", "started") and event.data.get("view") is not None:
                table, _ = watch_table(app, watcher, event, events[i + 1:], demo)
                if table is not None:
                    return table
                deadline = 0.0
    watcher.close()
    demo.close()
    return None
