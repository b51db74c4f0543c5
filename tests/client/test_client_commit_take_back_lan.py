"""Undo of a commitment over the LAN (issue 21): the host applies an action for good once it
has it (net/PROTOCOL.md), so a commitment is held at this table, Undo lit, until Confirm
sends it; once sent and until the other side answers, Undo stays greyed, its tip and the
turn line saying that the other side has it. The client continues, from the LAN lobby, a
two-seat game its host autosave holds just before seat 0 (ours) starts a revolt against
seat 1, whose program (a `NetworkSession` of this process on 127.0.0.1) answers only when
the test lets it. Every action of ours is a tap."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from support.apps import lan_app
from test_client_lan import Peer, pump

import engine.tigris as engine
from game.app import App
from game.i18n import t
from game.scenes.dialog import DialogScene
from game.scenes.lobby import LobbyScene
from game.scenes.title import TitleScene
from game.tigris import narrate
from game.tigris.driver import Driver
from game.tigris.scenes.lan_table import LanTableScene
from net import NetworkSession, storage
from net.game import new_record

# A two-seat game of seed 1 played by random choices (swaps and passes rarer): at ply 6
# seat 0's black leader on F2 starts a revolt against seat 1 (R7), found by playing it.
SEED, PLY = 1, 6
REVOLT = {"type": "leader", "color": "black", "to": "F2"}

pytestmark = pytest.mark.usefixtures("lan")   # conftest: a LAN game of its own


@pytest.fixture
def app() -> Iterator[App]:
    yield from lan_app()


@functools.cache
def game_actions() -> tuple[dict[str, Any], ...]:
    state = engine.new_game(2, SEED, {})
    rng = random.Random(SEED)
    actions: list[dict[str, Any]] = []
    while len(actions) < PLY:
        legal = state.legal_actions()
        weights = [0.1 if a["type"] in ("swap", "pass") else 1.0 for a in legal]
        actions.append(rng.choices(legal, weights)[0])
        state = state.apply(actions[-1])
    return tuple(actions)


def continued(app: App, driver: Driver) -> tuple[LanTableScene, Peer]:
    """The host autosave holds the game at PLY; the client continues it from the LAN lobby
    and the other program sits down at seat 1."""
    record = new_record(engine, 2, SEED, {})
    record["actions"] = list(game_actions())
    seats = [{"kind": "human", "level": "easy", "name": name, "origin": "human"}
             for name in ("Host", "Ada")]
    storage.write_json_atomic(storage.default_autosave(), {
        "format": storage.AUTOSAVE_FORMAT, "version": 1, "game": engine.ID, "record": record,
        "seats": seats, "host_seat": 0, "name": "LAN game", "over": False})
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "lan")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    driver.press_button(lobby, "resume")
    pump(driver, lambda: isinstance(app.stack.top, LanTableScene))
    table = app.stack.top
    assert isinstance(table, LanTableScene)
    host = table.game.net
    assert host.is_host and host.ply == PLY
    peer = Peer(0, seed=2, session=NetworkSession.join(f"127.0.0.1:{host.port}", name="Ada",
                                                       seat=1))
    pump(driver, lambda: host.seats[1].status == "connected" and not host.paused
         and table.legal is not None and not table.queue, peer)
    return table, peer


def test_r7_a_commitment_is_held_until_confirm_then_undo_greys_saying_the_host_has_it(app):
    driver = Driver(app)
    table, peer = continued(app, driver)
    host = table.game.net
    try:
        assert table.session.state.to_move == 0 and REVOLT in table.session.state.legal_actions()
        driver.perform(table, REVOLT, random.Random(0))
        pump(driver, lambda: isinstance(app.stack.top, DialogScene) and host.ply == PLY + 1)
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        driver.press_button(dialog, "commit:1")
        assert table.held is not None and host.ply == PLY + 1, "held here, not sent"
        undo = table.buttons.get("undo")
        assert undo is not None and undo.enabled, "Undo lit while held"
        assert table.drawing.status_lines()[0] == t("table.held.confirm")
        driver.press_button(table, "end_turn")
        pump(driver, lambda: host.ply == PLY + 2 and not table.queue and table.held is None)
        driver.frames(2)
        undo = table.buttons.get("undo")
        assert undo is not None and not undo.enabled, "greyed, not gone: the player looks"
        assert table.tips.words.get("undo") == t("table.undo.why.sent")
        assert table.drawing.status_lines()[0] == t(
            "table.answering.sent", player=narrate.player(1, table.dynasties))
        driver.tap(undo.rect.center)   # a tap on the greyed button does nothing
        assert host.ply == PLY + 2 and host.state.to_move == 1, "nothing taken back"
        pump(driver, lambda: host.ply == PLY + 3 and not table.queue, peer)
        driver.frames(2)
        assert table.game.actions[PLY:PLY + 2] == [REVOLT, {"type": "commit", "count": 1}]
        assert table.tips.words.get("undo") != t("table.undo.why.sent"), "answered"
    finally:
        peer.session.close()
