"""The decisions' quick ways (game.civ.decide, deal, purchase_screen) at the LAN table,
through the real input path (issue 22): the client continues, from the LAN lobby, a game
its host autosave holds at the position each test needs (a 3-seat game of easy computer
players, seed 1, cut before the wanted decision of seat 0); two other programs of this
process (`NetworkSession`s on 127.0.0.1) take seats 1 and 2 and answer as the easy player,
accepting any trade they can. Every answer of ours is a tap; what reaches the host is read
from its record."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from support.apps import make_app
from test_civ_lan_table import Peer, easy, pump

import engine.civ as civ
from game.civ import purchase_screen
from game.civ.deal import DealScreen
from game.civ.decide import default_answer
from game.civ.lan_table import CivLanTable
from game.civ.purchase_screen import PurchaseScreen
from game.civ.table import acceptance
from game.i18n import t
from game.scenes.lobby import LobbyScene
from game.scenes.title import TitleScene
from game.tigris.driver import Driver
from net import storage
from net.game import new_record

SEED = 1
OPTIONS = {"turn_limit": 10}
# where seat 0 decides in that game (found by playing it): its first turn start after
# the first turn, a trade open to an offer of ochre ×3 to seat 1 (holding hides ×3), a
# purchase the suggestion makes; and in the game of seed 5, a calamity's choice of which
# city to reduce (A18–A31)
STAY, TRADE, BUY = 3, 82, 176
CALAMITY_SEED, REDUCE = 5, 153


pytestmark = pytest.mark.usefixtures("lan")   # conftest: a LAN game of its own


@pytest.fixture
def app() -> Any:
    application = make_app((1280, 800), game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


@functools.cache
def game_actions(seed: int, plies: int) -> tuple[dict[str, Any], ...]:
    players = [easy(seat) for seat in range(3)]
    state = civ.new_game(3, seed, OPTIONS)
    actions: list[dict[str, Any]] = []
    while len(actions) < plies:
        seat = state.to_move
        action = players[seat].choose(state.view(seat), 0.0)
        actions.append(action)
        state = state.apply(action)
    return tuple(actions)


def position(ply: int, seed: int = SEED) -> Any:
    record = new_record(civ, 3, seed, OPTIONS)
    record["actions"] = list(game_actions(seed, ply))
    return record


class Accepting:
    """The easy player, who accepts every proposal its hand can meet (A17.4)."""

    def __init__(self, seed: int) -> None:
        self.player = easy(seed)

    def choose(self, view: dict[str, Any], budget: float) -> dict[str, Any]:
        pending = view["pending"]
        if pending is not None and pending["kind"] == "trade_answer":
            accept = acceptance(pending["proposal"], view["seats"][view["viewer"]]["hand"])
            if accept is not None:
                return accept
        return dict(self.player.choose(view, budget))


def continued_at(app: Any, driver: Driver, ply: int, seed: int = SEED
                 ) -> tuple[CivLanTable, list[Peer]]:
    """The host autosave holds the game at `ply`, seats 1 and 2 people's (no token, so
    anyone may take them); the client continues it from the LAN lobby and two programs sit
    down at seats 1 and 2."""
    record = position(ply, seed)
    seats = [{"kind": "human", "level": "easy", "name": name, "origin": "human"}
             for name in ("Host", "Ada", "Bo")]
    storage.write_json_atomic(storage.default_autosave(), {
        "format": storage.AUTOSAVE_FORMAT, "version": 1, "game": civ.ID, "record": record,
        "seats": seats, "host_seat": 0, "name": "LAN game", "over": False})
    app.replace(TitleScene(app))
    driver.frames(2)
    driver.press_button(app.stack.top, "lan")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    driver.press_button(lobby, "resume")
    pump(driver, lambda: isinstance(app.stack.top, CivLanTable), [])
    table = app.stack.top
    assert isinstance(table, CivLanTable)
    host = table.game.net
    assert host.is_host and host.ply == ply
    peers = []
    for seat, name in ((1, "Ada"), (2, "Bo")):
        peer = Peer(host.port, seed=seat, name=name, seat=seat)
        peer.player = Accepting(seat)
        peers.append(peer)
    pump(driver, lambda: [s.status for s in host.seats][1:] == ["connected"] * 2
         and not host.paused, peers)
    return table, peers


def until_asked(driver: Driver, table: CivLanTable, peers: list[Peer], kind: str) -> None:
    pump(driver, lambda: table.deciding() == 0 and table.state.pending["kind"] == kind
         and bool(table.shown), peers)


def tap_quick(driver: Driver, table: CivLanTable, kind: str) -> None:
    index = next(i for i, a in enumerate(table.shown) if a["type"] == kind)
    driver.press_button(table, f"act:{index}")


def close(peers: list[Peer]) -> None:
    for peer in peers:
        peer.close()


def test_a36_stay_is_answered_without_a_question_and_undo_is_greyed_with_its_reason(
        app, monkeypatch):
    """A36.1 at the LAN table: our turn start is answered "stay" for us, never shown as a
    question (no chooser laid out offers it); the network: Undo is greyed, its tip says why
    (no undo in a network game) and a tap on it takes nothing back."""
    asked: list[Any] = []
    lay_buttons = CivLanTable._lay_buttons

    def laying(self: CivLanTable) -> None:
        lay_buttons(self)
        asked.extend(a for a in self.shown if a["type"] in ("stay", "leave"))

    monkeypatch.setattr(CivLanTable, "_lay_buttons", laying)
    driver = Driver(app)
    table, peers = continued_at(app, driver, STAY)
    try:
        pump(driver, lambda: len(table.game.actions) > STAY + 2, peers)
        assert table.game.actions[STAY] == {"type": "stay"}
        assert not asked, "A36's stay is never put to a person"
        undo = table.buttons.get("undo")
        assert undo is not None and not undo.enabled
        driver.long_press(undo.rect.center)
        assert table.life.tips.text == t("civ.undo.why.network")
        taken = list(table.game.actions)
        driver.tap(undo.rect.center)
        driver.frames(2)
        assert table.game.actions[:len(taken)] == taken, "nothing taken back"
    finally:
        close(peers)


def test_a17_an_offer_built_on_the_deal_screen_reaches_a_lan_peer_who_accepts_it(app):
    """A17.3–A17.4: our seat opens the deal screen (its quick answer), builds ochre ×3 for
    3 cards naming hides ×2 to seat 1 and sends it; seat 1's program (another peer) is
    asked, accepts, and the cards change hands on every copy."""
    driver = Driver(app)
    table, peers = continued_at(app, driver, TRADE)
    try:
        until_asked(driver, table, peers, "trade_open")
        tap_quick(driver, table, "_deal")
        screen = app.stack.top
        assert isinstance(screen, DealScreen)
        driver.frames(1)
        for bid in ("clear", "to:1", "give:ochre", "give:ochre", "give:ochre", "want:hides",
                    "want:hides", "send"):
            driver.press_button(screen, bid)
        assert app.stack.top is table
        host = table.game.net
        pump(driver, lambda: any(a["type"] == "accept" for a in table.game.actions[TRADE:]),
             peers)
        sent = table.game.actions[TRADE]
        assert sent == {"type": "propose", "to": 1, "give": ["ochre"] * 3,
                        "named": ["ochre"] * 3, "want": 3, "want_named": ["hides", "hides"]}
        pump(driver, lambda: table.state.digest() == host.state.digest()
             and "hides" in (table.view()["seats"][0]["hand"] or []), peers)
        assert (table.view()["seats"][0]["hand"] or []).count("hides") >= 2
        assert "ochre" not in (peers[0].session.state.view(0)["seats"][0]["hand"] or [])
    finally:
        close(peers)


def test_a32_the_purchase_screen_buys_at_the_lan_table(app):
    """A32: the purchase screen (a quick answer) opens on our hand; its suggestion bought
    with one tap of Buy reaches the host as that purchase."""
    driver = Driver(app)
    table, peers = continued_at(app, driver, BUY)
    try:
        until_asked(driver, table, peers, "civ_cards")
        expected = purchase_screen.suggestion(table.view())
        assert expected["type"] == "purchase"
        tap_quick(driver, table, "_purchase")
        screen = app.stack.top
        assert isinstance(screen, PurchaseScreen)
        driver.frames(1)
        driver.press_button(screen, "suggest")
        driver.press_button(screen, "buy")
        assert app.stack.top is table
        pump(driver, lambda: len(table.game.actions) > BUY, peers)
        assert table.game.actions[BUY] == expected
    finally:
        close(peers)


def test_a32_the_suggested_purchase_is_one_tap_at_the_lan_table(app):
    """A32: the suggested purchase, named on its button, is sent by one tap."""
    driver = Driver(app)
    table, peers = continued_at(app, driver, BUY)
    try:
        until_asked(driver, table, peers, "civ_cards")
        expected = purchase_screen.suggestion(table.view())
        tap_quick(driver, table, "_suggested")
        pump(driver, lambda: len(table.game.actions) > BUY, peers)
        assert table.game.actions[BUY] == expected
    finally:
        close(peers)


def test_a18_a_calamitys_one_tap_default_is_answered_over_the_lan(app):
    """A18–A31: a calamity asks which city to reduce; the one-tap least-loss default (its
    button names the step) sends the step `default_answer` picks, which the host applies."""
    driver = Driver(app)
    table, peers = continued_at(app, driver, REDUCE, CALAMITY_SEED)
    try:
        until_asked(driver, table, peers, "reduce")
        pending = table.state.pending
        expected = default_answer(pending, table.state.legal_actions(), table.view())
        assert expected is not None and len(table.state.legal_actions()) > 1
        tap_quick(driver, table, "_default")
        pump(driver, lambda: len(table.game.actions) > REDUCE, peers)
        assert table.game.actions[REDUCE] == expected
        assert table.state.digest() == table.game.net.state.digest()
    finally:
        close(peers)
