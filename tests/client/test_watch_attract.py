"""The kiosk's demo watchable on the LAN (issue 25): off by default; with the flag's port,
the T&E demo is hosted as a LAN game of computers alone that a watcher elsewhere follows
while the kiosk's own screen watches it too; a touch wakes the kiosk and ends the hosted
game. Loopback, an ephemeral port, no mDNS."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from support.apps import lan_app
from test_client_lan import HEARTBEAT, TIMEOUT

import engine.tigris as engine
from game.app import App
from game.kit import attract_lan
from game.scenes.flow import start_attract
from game.scenes.setup import SetupScene
from game.tigris.driver import Driver
from game.tigris.scenes.attract import AttractScene
from game.tigris.scenes.watch_table import WatchTableScene
from net import NetworkSession

pytestmark = pytest.mark.usefixtures("lan")


@pytest.fixture
def app() -> Iterator[App]:
    yield from lan_app()


def test_the_demo_is_not_hosted_unless_asked(app: App) -> None:
    assert attract_lan.HOSTING.port is None
    assert isinstance(start_attract(app), AttractScene)


def test_a_hosted_demo_is_watched_on_the_lan_and_a_touch_ends_it(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(attract_lan, "HOSTING", attract_lan.DemoHosting(0, "127.0.0.1"))
    driver = Driver(app)
    scene = start_attract(app)
    assert isinstance(scene, WatchTableScene) and scene.is_demo
    assert app.stack.top is scene and not scene.buttons.buttons
    demo = scene.game.demo
    assert isinstance(demo, attract_lan.HostedDemo)
    host = demo.session
    assert [s.kind for s in host.seats] == ["bot"] * 4 and host.my_seat is None
    outside = NetworkSession.watch(f"127.0.0.1:{host.port}", games={"tigris": engine},
                                   name="Cy", heartbeat=HEARTBEAT)
    try:
        seen = 0
        deadline = time.monotonic() + TIMEOUT
        while seen < 3:
            assert time.monotonic() < deadline, "the hosted demo was not followed"
            seen += sum(1 for event in outside.poll() if event.kind == "seen")
            driver.frames(1)
            time.sleep(0.01)
        assert "Cy" in host.watchers
        assert scene.game.ply > 0   # the kiosk's screen follows it as well
        driver.tap((640, 400))
        assert isinstance(app.stack.top, SetupScene)
        deadline = time.monotonic() + TIMEOUT
        closed = False
        while not closed:
            assert time.monotonic() < deadline, "the hosted demo did not end"
            closed = any(event.kind == "connection" and event.data.get("status") == "closed"
                         for event in outside.poll())
            time.sleep(0.01)
    finally:
        outside.close()


def test_a_game_whose_watchers_table_is_no_demo_keeps_its_own(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.tigris.client import TigrisClient

    monkeypatch.setattr(attract_lan, "HOSTING", attract_lan.DemoHosting(0, "127.0.0.1"))
    monkeypatch.setattr(TigrisClient, "hosts_demo", False)
    assert isinstance(start_attract(app), AttractScene)
