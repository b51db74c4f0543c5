"""A calamity of several steps answered by its one-tap default at a joined LAN table
(issue 22, A18–A31 through game.civ.decide): the client joins a LAN game by typing the
host's address and plays seat 2; the host's player (seat 0) and a third program (seat 1)
are `NetworkSession`s of this process answering as the easy computer player.

The position: the seeded game of easy players (seed 10, turn limit 10) at its ply 212,
where Superstition strikes seat 2 in turn 9 and it reduces 3 of its 4 cities one by one
(A22). A LAN game is a seed and its actions (net/PROTOCOL.md), so the position is that
record, resumed by the host."""

from __future__ import annotations

from typing import Any

import pytest
from test_civ_lan_decisions import position, tap_quick
from test_civ_lan_table import HEARTBEAT, Peer, play, private_seats, pump

import engine.civ as civ
from game.civ.decide import default_answer
from game.civ.lan_table import CivLanTable
from game.scenes.lobby import LobbyScene
from game.scenes.title import TitleScene
from game.tigris.driver import Driver
from net import HostConfig, NetworkSession, storage

SEED, PLY, VICTIM = 10, 212, 2

pytestmark = pytest.mark.usefixtures("lan")   # conftest: a LAN game of its own


@pytest.fixture
def app() -> Any:
    from support.apps import make_app

    application = make_app((1280, 800), game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def defaults(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps the one-tap default answers, one by one as the engine asks them."""
    state = civ.replay(record)
    key = (state.pending["kind"], state.pending["seat"], state.pending["calamity"])
    steps = []
    while state.pending is not None and (
            state.pending["kind"], state.pending["seat"], state.pending.get("calamity")) == key:
        step = default_answer(state.pending, state.legal_actions(), state.view(VICTIM))
        assert step is not None
        steps.append(step)
        state = state.apply(step)
    return steps


def test_a22_a_superstitions_three_reductions_are_one_tap_at_a_joined_lan_table(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    record = position(PLY, SEED)
    asked = civ.replay(record).pending
    assert asked == {"kind": "reduce", "seat": VICTIM, "calamity": "superstition", "left": 3,
                     "effect": "reduce", "cities": [1, 3, 23, 25]}
    expected = defaults(record)
    assert expected == [{"type": "city", "area": n} for n in (1, 3, 23)]
    seats = [{"kind": "human", "level": "easy", "name": name, "origin": "human"}
             for name in ("Host", "Ada", "Bo")]
    saved = {"format": storage.AUTOSAVE_FORMAT, "version": 1, "game": civ.ID,
             "record": record, "seats": seats, "host_seat": 0, "name": "LAN game",
             "over": False}
    driver = Driver(app)
    host = Peer(0, seed=0, name="Host", session=NetworkSession.host(HostConfig(
        game=civ, players=3, seats=["human"] * 3, host_seat=0, bind="127.0.0.1", port=0,
        heartbeat=HEARTBEAT, host_name="Host", resume=saved)))
    third = Peer(host.session.port, seed=1, name="Ada", seat=1)
    peers = [host, third]
    try:
        pump(driver, lambda: third.session.my_seat == 1, peers)
        app.replace(TitleScene(app))
        driver.frames(2)
        driver.key("l")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        driver.type(f"127.0.0.1:{host.session.port}")
        driver.key("return")
        pump(driver, lambda: isinstance(app.stack.top, CivLanTable), peers)
        table = app.stack.top
        assert isinstance(table, CivLanTable) and table.flow.viewer == VICTIM
        given: list[dict[str, Any]] = []
        take = table.game.take_applied

        def taking(event: Any) -> list[dict[str, Any]]:
            events = take(event)
            given.extend(events)
            return events

        monkeypatch.setattr(table.game, "take_applied", taking)
        pump(driver, lambda: table.deciding() == VICTIM and bool(table.shown)
             and table.state.pending == asked, peers)
        tap_quick(driver, table, "_default")   # one tap for the whole decision
        done = PLY + len(expected)
        pump(driver, lambda: host.session.ply >= done and len(table.game.actions) >= done
             and third.session.ply >= done, peers)
        assert table.game.actions[PLY:done] == expected
        assert host.session.record()["actions"][PLY:done] == expected
        pending = table.state.pending
        assert pending is not None and pending["kind"] != "reduce", "the run ended with it"
        assert len({host.session.state.digest(), table.state.digest(),
                    third.session.state.digest()}) == 1, "every copy on the host's digest"
        # on to the next turn's trade cards (A16), each seat's draw private to it (A1.5)
        play(driver, table, peers, lambda: table.state.is_over or (
            VICTIM in private_seats(given) and table.public()["turn"] >= 10
            and private_seats(host.heard) and private_seats(third.heard)
            and not table.flow.queue and host.session.ply == len(table.game.actions)),
             seed=VICTIM)
        assert private_seats(given) == {VICTIM}, "only our own private events reach our table"
        assert private_seats(host.heard) == {0} and private_seats(third.heard) == {1}
        for seat in (0, 1):
            assert table.view()["seats"][seat]["hand"] is None
        assert len({host.session.state.digest(), table.state.digest(),
                    third.session.state.digest()}) == 1
    finally:
        for peer in peers:
            peer.close()
