"""The LAN seat table lists who watches the game (issue 25): a watcher joins the client's
own host and the line "Watching: Cy" is drawn above the log; it goes when the watcher
leaves, and the players' seats are as they were."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.apps import lan_app
from test_client_lan import host_through_lobby, pump

import engine.tigris as engine
from game.app import App
from game.tigris.driver import Driver
from game.ui import text
from net import NetworkSession

pytestmark = pytest.mark.usefixtures("lan")


@pytest.fixture
def app() -> Iterator[App]:
    yield from lan_app()


def test_the_seat_table_lists_the_watchers(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    driver = Driver(app)
    seats = host_through_lobby(app, driver)
    before = [row[1:] for row in seats.rows]
    cy = NetworkSession.watch(f"127.0.0.1:{seats.session.port}", games={"tigris": engine},
                              name="Cy", heartbeat=0.5)
    try:
        pump(driver, lambda: seats.watching == "Watching: Cy")
        drawn: list[str] = []
        wrapped = text.blit_wrapped

        def noting(surface: Any, line: str, *args: Any, **kwargs: Any) -> int:
            drawn.append(line)
            return wrapped(surface, line, *args, **kwargs)

        monkeypatch.setattr(text, "blit_wrapped", noting)
        driver.frames(1)
        assert "Watching: Cy" in drawn and "Cy is watching." in drawn
        assert [row[1:] for row in seats.rows] == before
    finally:
        cy.close()
    pump(driver, lambda: seats.watching == "")
    assert seats.log[-1] == "Cy stopped watching."
    assert [row[1:] for row in seats.rows] == before
