"""Trade at the tabletop (A17, issue 22): the offer is built inside the deciding seat's held
strip, turned to its seat, with the desk deal screen's model (`game.civ.deal`), through the
real input path (SDL finger events → InputMapper(multi=True) → the scene). A hand (A1.5)
reaches the painters only while its own finger holds the strip, the offer under way too."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from pygame import Rect
from support.apps import make_app
from support.civ_counted import counted_bottom
from support.drawn_words import words_drawn
from test_civ_lan_decisions import position
from test_civ_tabletop import hand_of, start, strip_point, trade_position

import engine.civ as civ
from engine.civ.tables import COMMODITIES
from game.civ import card_labels, words
from game.civ.decide import default_answer
from game.civ.tabletop import CivTabletop
from game.civ.tabletop_deal import PREFIX, HeldDeal
from game.civ.tabletop_layout import civ_tabletop_layout
from game.kit.tabletop import line_height
from game.kit.tabletop_fingers import Fingers
from game.layout import MIN_TARGET
from game.ui import text


@pytest.fixture
def tabletop_app(data_dir: Any) -> Any:
    application = make_app((1280, 800), tabletop=True, game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def at_trade(app: Any, seats: list[str]) -> CivTabletop:
    """A17: the phase of trade, seat 0 holding ochre ×2, salt, hides and seat 1 hides,
    grain ×2, iron (A6.3's nations taken by taps first)."""
    table = start(app, seats, seed=11)
    while table.session.state.view(None)["turn"] == 0:
        assert table.deciding() is not None and table.card is not None
        Fingers(app).tap_at(table.card.control_center("act:0"))
        app.run_frames(1)
    table.session.state = trade_position(table.session.state)
    table.refresh()
    wait_for(app, table, "trade_open")
    return table


def wait_for(app: Any, table: CivTabletop, kind: str) -> int:
    for _ in range(30):
        if table.deciding() is not None and table.state.pending["kind"] == kind:
            break
        app.run_frames(1)
    seat = table.deciding()
    assert seat is not None and table.state.pending["kind"] == kind
    return seat


class Hand:
    """A seat's strip held by one finger while another taps its controls."""

    def __init__(self, app: Any, table: CivTabletop, seat: int) -> None:
        self.app, self.table, self.seat = app, table, seat
        self.fingers = Fingers(app)
        self.holder = self.fingers.down(strip_point(table, seat))
        self.taps = 0
        assert table.fingers.is_open(seat)

    def tap(self, control: str) -> None:
        self.fingers.tap_at(self.table.panel_view(self.seat).control_center(control))
        self.taps += 1

    def answer(self, kind: str) -> None:
        """Taps the held panel's answer of that type."""
        index = next(i for i, a in enumerate(self.table.shown) if a["type"] == kind)
        self.tap(f"act:{index}")

    def deal(self, *bids: str) -> None:
        for bid in bids:
            self.tap(PREFIX + bid)

    def let_go(self) -> None:
        self.fingers.up(self.holder, strip_point(self.table, self.seat))
        assert not self.table.fingers.is_open(self.seat)


def test_an_offer_is_built_in_the_held_strip_countered_there_and_accepted(tabletop_app):
    """A17.3: seat 0 holds its strip, opens the offer (its hand's cards now pickable chips)
    and builds ochre ×2 and salt (named, A17.2) for 3 cards naming grain ×2; A17.4: seat 1
    counters from its own held strip with hides and grain ×2 for ochre and salt; seat 0
    accepts the counter there, and the cards change hands."""
    table = at_trade(tabletop_app, ["human", "human"])
    seat = table.deciding()
    assert seat is not None
    other = 1 - seat
    proposer = Hand(tabletop_app, table, seat)
    assert any(a["type"] == "_deal" for a in table.shown), "the offer is offered in the strip"
    proposer.answer("_deal")
    panel = table.panel_view(seat)
    assert panel.kind == "deal" and panel.frame.rotation == table.tl.seats[seat].rotation
    assert panel.has(PREFIX + "give:ochre") and panel.has(PREFIX + "want:gems")
    proposer.deal("clear", "give:ochre", "give:ochre", "give:salt", "want:grain", "want:grain")
    before = len(table.session.record["actions"])
    proposer.deal("send")
    proposal = table.session.record["actions"][before]
    assert proposal == {"type": "propose", "to": other, "give": ["ochre", "ochre", "salt"],
                        "named": ["ochre", "ochre", "salt"], "want": 3,
                        "want_named": ["grain", "grain"]}
    assert table.deal is None
    proposer.let_go()

    assert wait_for(tabletop_app, table, "trade_answer") == other
    taker = Hand(tabletop_app, table, other)
    taker.answer("_deal")
    assert table.panel_view(other).kind == "deal"
    assert not table.panel_view(other).has(PREFIX + f"to:{seat}"), "a counter goes back"
    taker.deal("clear", "give:hides", "give:grain", "give:grain", "want:ochre", "want:salt")
    before = len(table.session.record["actions"])
    taker.deal("send")
    assert table.session.record["actions"][before] == {
        "type": "counter", "give": ["hides", "grain", "grain"],
        "named": ["hides", "grain", "grain"], "want": 3, "want_named": ["ochre", "salt"]}
    taker.let_go()

    assert wait_for(tabletop_app, table, "trade_answer") == seat
    accepter = Hand(tabletop_app, table, seat)
    before = len(table.session.record["actions"])
    accepter.answer("accept")
    accepted = table.session.record["actions"][before]
    assert accepted["type"] == "accept" and accepter.taps <= 2, "accepting in at most 2 taps"
    accepter.let_go()
    hand = table.session.state.view(seat)["seats"][seat]["hand"]
    assert sorted(hand).count("grain") == 2 and "hides" in hand


def test_the_suggested_offer_is_sent_in_two_taps_of_the_held_strip(tabletop_app):
    """Issue 22: a truthful 3-card offer in at most 5 taps: the strip's offer opens filled
    with the suggested one (the desk's), sent by a second tap."""
    table = at_trade(tabletop_app, ["human", "human"])
    seat = table.deciding()
    assert seat is not None
    hand = Hand(tabletop_app, table, seat)
    hand.answer("_deal")
    deal = table.deal
    assert deal is not None and not deal.model.missing(), "a suggestion is ready to send"
    expected = deal.model.action()
    before = len(table.session.record["actions"])
    hand.deal("send")
    assert table.session.record["actions"][before] == expected
    assert expected["type"] == "propose" and len(expected["give"]) >= 3
    assert hand.taps == 2
    hand.let_go()


def test_nothing_of_the_hand_or_the_offer_is_drawn_while_the_strip_is_not_held(
        tabletop_app, monkeypatch):
    """A1.5: every word passed to the painters is recorded; the offer under way (the
    hand's chips, the wants, what it amounts to) is drawn only while its own finger holds
    the strip; let go, none of it is painted, and it is there again when held."""
    table = at_trade(tabletop_app, ["human", "human"])
    seat = table.deciding()
    assert seat is not None
    drawn = words_drawn(monkeypatch)
    own = {words.card_name(c) for c in table.session.state.view(seat)["seats"][seat]["hand"]}
    every = {words.card_name(c.id) for c in COMMODITIES}

    def said() -> str:
        drawn.clear()
        table._strips.clear()
        table._pictures.clear()
        tabletop_app.run_frames(1)
        return " ".join(drawn)

    hand = Hand(tabletop_app, table, seat)
    hand.answer("_deal")
    hand.deal("clear", "give:ochre", "want:gems")
    held = said()
    assert all(name in held for name in own | every), "held, the offer shows"
    hand.let_go()
    assert table.deal is not None, "the offer waits for its seat"
    closed = said()
    assert not any(name in closed for name in own | every), closed
    again = Hand(tabletop_app, table, seat)
    assert table.panel_view(seat).kind == "deal"
    assert "gems" in str(table.deal.model.wanted) and words.card_name("gems") in said()
    again.let_go()


def test_a32_6_the_held_offer_names_the_cards_counted_under_the_stacks(tabletop_app,
                                                                      monkeypatch):
    """Two cards went under stack 1 in view of all (A32.4, A32.6): the held offer says no
    hand holds them, as the desk's offer screen does."""
    table = at_trade(tabletop_app, ["human", "human"])
    d = table.session.state.to_dict()
    under = counted_bottom(d, 0, 2)
    table.session.state = civ.from_dict(d)
    table.refresh()
    seat = wait_for(tabletop_app, table, "trade_open")
    drawn = words_drawn(monkeypatch)
    hand = Hand(tabletop_app, table, seat)
    hand.answer("_deal")
    assert table.deal is not None
    counted = table.deal.model.counted()
    assert counted and words.cards_words(under) in counted
    drawn.clear()
    table._strips.clear()
    table._pictures.clear()
    tabletop_app.run_frames(1)
    said = " ".join(drawn)
    assert all(word in said for word in counted.split()), (counted, said)
    hand.let_go()


def test_on_a_short_strip_the_hand_and_the_wants_are_tabs_of_the_held_offer(tabletop_app):
    """A4: five seats put two strips on a long edge, too short for the hand and the 18
    commodities at once: the held offer shows one of them, its two titles tabs a second
    finger switches; what was picked stays picked."""
    table = at_trade(tabletop_app, ["human"] * 5)
    seat = table.deciding()
    assert seat is not None
    hand = Hand(tabletop_app, table, seat)
    hand.answer("_deal")
    panel = table.panel_view(seat)
    assert panel.has(PREFIX + "want") and panel.has(PREFIX + "give")
    assert not panel.has(PREFIX + "want:gems")
    assert any(c.id.startswith(PREFIX + "give:") for c in panel.controls)
    hand.deal("clear", "want")
    panel = table.panel_view(seat)
    assert panel.has(PREFIX + "want:gems")
    assert not any(c.id.startswith(PREFIX + "give:") for c in panel.controls)
    hand.deal("want:gems", "give")
    assert table.panel_view(seat).has(PREFIX + "give:" + next(iter(table.deal.model.hand)))
    assert table.deal is not None and table.deal.model.wanted["gems"] == 1
    hand.let_go()


def test_a_calamitys_one_tap_default_is_on_the_card_at_the_tabletop(tabletop_app):
    """A18–A31, A7.5 (issue 22: each calamity choice with a one-tap default): a public
    decision's card at the tabletop offers the desk's least-loss default first; one tap of
    it sends the step `default_answer` picks (the card offered only the engine's answers)."""
    table = start(tabletop_app, ["human"] * 3, seed=1)
    table.session.state = civ.replay(position(231))   # seat 1's support decision (A7.5)
    table.refresh()
    seat = wait_for(tabletop_app, table, "support")
    assert table.card is not None and table.card.seat == seat
    assert table.shown[0] == {"type": "_default"}
    expected = default_answer(table.state.pending, table.state.legal_actions(),
                              table.state.view(seat))
    before = len(table.session.record["actions"])
    Fingers(tabletop_app).tap_at(table.card.control_center("act:0"))
    assert table.session.record["actions"][before] == expected


class Position:
    """A seat's view as at a trade open to it, every seat active and holding 3 cards or
    more (the model reads only the view)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def view(self, seat: int) -> dict[str, Any]:
        view = dict(self.state.view(seat))
        view["pending"] = {"kind": "trade_open", "seat": seat}
        view["phase_state"] = {}
        view["seats"] = [{**s, "status": "active",
                          "hand_size": max(3, int(s["hand_size"]))} for s in view["seats"]]
        return view


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)])
@pytest.mark.parametrize("seats", range(2, 9))
def test_the_held_offer_fits_every_seat_with_finger_sized_controls(seats, size, data_dir):
    """A4: at 2–8 seats, each seat's held offer (a hand of nine sets, a partner for every
    other seat, the 18 commodities) lies on the screen, turned to its seat, its controls a
    finger wide, apart from each other and from the strip the player holds (split into the
    hand and the wants on a short side strip), each chip's name whole at a readable size."""
    app = make_app(size, tabletop=True, game="civ")
    try:
        nine = ["ochre", "hides", "iron", "papyrus", "salt", "timber", "grain", "oil",
                "cloth"]
        tl = civ_tabletop_layout(*size, seats)
        px = max(12, int(line_height(tl.unit) / 1.3))
        screen = Rect(0, 0, *size)
        for place in tl.seats:
            state = hand_of(civ.new_game(seats, 3, {}), place.seat, nine * 2)
            table = SimpleNamespace(app=app, act=lambda _a: None, state=Position(state))
            deal = HeldDeal(table, place.seat)  # type: ignore[arg-type]
            assert len(deal.model.partners) == seats - 1
            for section in ("give", "want"):
                deal.section = section
                laid = deal.panel(tl, px)
                frame = place.band(0, laid.depth)
                assert screen.contains(frame.rect) and frame.rotation == place.rotation
                local = Rect(0, 0, *frame.size)
                strip = Rect(0, laid.depth - place.strip_depth, place.length,
                             place.strip_depth)
                rects = [b.rect for b in laid.buttons]
                for i, rect in enumerate(rects):
                    assert min(rect.size) >= MIN_TARGET and local.contains(rect), rect
                    assert not rect.colliderect(strip)
                    assert rect.collidelist(rects[i + 1:]) == -1, rect
                for button in laid.buttons:   # each chip's name whole, at 11 px or more
                    room = card_labels.inner(button.rect)
                    at, lines = card_labels.fitted(button.label, px, room)
                    assert at >= card_labels.LEAST_PX
                    assert all(text.size(line, card_labels.ROLE, at)[0] <= room.w
                               for line in lines), (button.label, at)
                for _said, rect in laid.texts:
                    assert local.contains(rect) and not rect.colliderect(strip)
    finally:
        app.close()
