"""A watcher at civ's table (issue 25): the kit's watching session and controller under the
civ LAN table, with no seat. It comes while three computers the host runs play a short
game, follows it to the end on the host's public position, shows no hand, no Undo and the final
scores of the game's end, and no frame it received holds a hidden field."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest
from support.apps import lan_app
from test_client_lan import TIMEOUT
from test_watch_table import assert_public, wire  # noqa: F401 (wire: the fixture)

import ai
import engine.civ as civ
from game.app import App
from game.civ.watch_table import CivWatchTable
from game.main import _watch
from game.scenes.dialog import DialogScene
from game.scenes.title import TitleScene
from game.tigris.driver import Driver
from net import HostConfig, NetworkSession
from net.watch import public_digest

pytestmark = pytest.mark.usefixtures("lan")


@pytest.fixture
def app() -> Iterator[App]:
    yield from lan_app()


def computers_host(players: int, level: str, turns: int, budget: float) -> NetworkSession:
    """A civ game of computers alone, hosted on this machine for watchers."""
    return NetworkSession.host(HostConfig(
        game=civ, bots=ai.bot_factory("civ"), players=players, seats=[f"bot:{level}"] * players,
        host_seat=None, bind="127.0.0.1", port=0, autosave=False,
        options={"turn_limit": turns}, bot_budget=budget))


def test_a_watcher_follows_a_civ_game_of_computers_to_its_end(
        app: App, wire: dict[str, list[Any]]) -> None:  # noqa: F811
    host = computers_host(3, "easy", turns=4, budget=0.2)
    driver = Driver(app)
    try:
        app.replace(TitleScene(app))
        _watch(app, f"127.0.0.1:{host.port}", "Cy")
        deadline = time.monotonic() + TIMEOUT * 4
        table = None
        while table is None or not table.flow.finished:
            assert time.monotonic() < deadline, f"timed out at ply {host.ply}"
            host.poll()
            if isinstance(app.stack.top, CivWatchTable):
                table = app.stack.top
                assert table.flow.viewer is None and table.deciding() is None
                assert [b.id for b in table.life.buttons()] == ["summary"]  # nothing to undo
            driver.frames(1)
            time.sleep(0.002)
        final = host.state
        assert final is not None and final.is_over
        assert public_digest(table.game.view(None)) == public_digest(final.view(None))
        assert app.stack.top is not table   # the final scores over it
        # It came while the game was played and showed each action since, to the end's.
        seen = [msgpack.unpackb(f, raw=False) for f in wire["received"]]
        shown = [m["ply"] for m in seen if m["t"] == "seen"]
        assert len(shown) > 20 and shown[-1] == len(host.record()["actions"])
        result = app.stack.top
        assert isinstance(result, DialogScene)
        for seat, points in final.final_scores().items():   # the hands' part too (A35.2)
            assert any(f": {points} points = " in line for line in result.spec.lines), seat
    finally:
        host.close()
    assert set(wire["sent"]) <= {"watch", "ping", "bye"}
    assert assert_public(wire["received"], civ_public) > 0


def test_a_watcher_who_comes_after_the_end_reads_the_announced_scores(app: App) -> None:
    """The final position keeps the scores game_over announced (A35.2), hands' part and all:
    a watcher who missed that event reads them there (before, it showed 0 points)."""
    host = computers_host(2, "random", turns=1, budget=0.01)
    driver = Driver(app)
    try:
        deadline = time.monotonic() + TIMEOUT * 4
        while host.state is None or not host.state.is_over:
            assert time.monotonic() < deadline, f"timed out at ply {host.ply}"
            host.poll()
            time.sleep(0.002)
        final = host.state
        app.replace(TitleScene(app))
        _watch(app, f"127.0.0.1:{host.port}", "Cy")
        while not isinstance(app.stack.top, DialogScene):
            assert time.monotonic() < deadline, "no final scores shown"
            host.poll()
            driver.frames(1)
            time.sleep(0.002)
        lines = app.stack.top.spec.lines
        for seat, points in final.final_scores().items():
            assert any(f": {points} points = " in line for line in lines), (seat, lines)
    finally:
        host.close()


def civ_public(view: dict[str, Any]) -> None:
    """A civ position shows no seat's hand, no stack's order and no generator (A1.5): only
    the stacks' sizes."""
    assert view["viewer"] is None and view["rng"] is None and "stack_sizes" in view
    assert view["stacks"] is None and view["returns"] is None
    assert all(seat["hand"] is None for seat in view["seats"])
