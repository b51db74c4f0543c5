"""Buying civilization cards (A32) and the A.S.T.'s reasons (A34.1) at the tabletop (issue 22),
through the real input path (SDL finger events → InputMapper(multi=True) → the scene). The
purchase is chosen inside the buying seat's held strip, turned to its seat, with the desk
purchase screen's model (`game.civ.purchase_screen.PurchaseChoice`); the hand's sets on it
(A1.5) reach the painters only while its own finger holds the strip. Each closed strip says
why its own seat's marker will or will not move this turn."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import pygame
import pytest
from pygame import Rect
from support.apps import make_app
from support.civ_positions import played, purchase_position
from support.drawn_words import words_drawn
from test_civ_tabletop import hand_of, start
from test_civ_tabletop_trade import Hand, wait_for

import engine.civ as civ
from ai.civ.purchase import best_purchase
from engine.civ.civ_cards import treasury_due
from engine.civ.tables import CARD_STACK, CIV_CARD_IDS, COMMODITY_BY_ID
from game.civ import ast_panel, words
from game.civ.tabletop import CivTabletop
from game.civ.tabletop_deal import PREFIX
from game.civ.tabletop_layout import civ_tabletop_layout
from game.civ.tabletop_purchase import HeldPurchase
from game.kit.tabletop import line_height
from game.kit.tabletop_fingers import Fingers
from game.layout import MIN_TARGET
from game.scenes.flow import start_new_game
from game.ui import text


@pytest.fixture
def tabletop_app(data_dir: Any) -> Any:
    application = make_app((1280, 800), tabletop=True, game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def at_purchase(app: Any, state: Any, seats: int = 2) -> CivTabletop:
    """A tabletop of people put at `state`, a purchase (A32) under way."""
    table = start_new_game(app, ["human"] * seats, seed=1, options={"turn_limit": 12})
    assert isinstance(table, CivTabletop)
    app.run_frames(1)
    table.session.state = state
    table.refresh()
    wait_for(app, table, "civ_cards")
    return table


def buy(hand: Hand, *bids: str) -> None:
    for bid in bids:
        hand.tap(PREFIX + bid)


def test_a32_a_seat_buys_two_cards_in_its_held_strip_with_a_set_and_its_treasury(
        tabletop_app: Any) -> None:
    """A32: the buying seat holds its strip and opens the purchase there (turned to it);
    every card shows its price after credits (A32.3), a card whose prerequisite is missing
    is dimmed and says why (A32.2); Pottery and Music are chosen by two taps, paid with
    whole sets (a set tapped out and in again) and the treasury for the rest (A32.4), and
    bought by a tap of Buy."""
    table = at_purchase(tabletop_app, purchase_position(played(2, 1, 4)))
    seat = table.deciding()
    assert seat is not None
    hand = Hand(tabletop_app, table, seat)
    hand.answer("_purchase")
    assert isinstance(table.deal, HeldPurchase)
    panel = table.panel_view(seat)
    assert panel.kind == "deal" and panel.frame.rotation == table.tl.seats[seat].rotation
    labels = {b.id: b.label for b in panel.controls}
    assert labels[PREFIX + "card:pottery"] == "Pottery · 45"
    assert labels[PREFIX + "card:music"] == "Music · 60"
    laid = table.deal.panel(table.tl, table.px)
    veiled = {b.id for b in laid.buttons if b.rect in laid.veils}
    assert PREFIX + "card:democracy" in veiled and PREFIX + "card:pottery" not in veiled
    buy(hand, "card:democracy")   # needs Law (A32.2): not taken, said why
    model = table.deal.model
    info = " ".join(said for said, _rect in table.deal.panel(table.tl, table.px).texts)
    assert model.chosen == [] and "Needs Law" in info
    buy(hand, "card:pottery", "card:music")
    assert model.chosen == ["pottery", "music"]
    sets = dict((card, n) for card, n, _u in model.sets())
    paid = sorted(model.pay)
    assert paid and all(model.pay[card] == sets[card] for card in paid), "whole sets"
    first = paid[0]
    buy(hand, f"set:{first}")   # handed in no more: the treasury cannot pay the rest
    assert not model.pay[first]
    assert not table.panel_view(seat).control_at(
        table.panel_view(seat).control_center(PREFIX + "buy")), "buy is off while refused"
    buy(hand, f"set:{first}")
    assert model.pay[first] == sets[first]
    due = treasury_due(model.buyer, model.purchase())
    assert due > 0, "the treasury pays the rest"
    treasury = table.session.state.view(None)["seats"][seat]["treasury"]
    before = len(table.session.record["actions"])
    buy(hand, "buy")
    bought = table.session.record["actions"][before]
    assert bought["type"] == "purchase" and bought["cards"] == ["pottery", "music"]
    assert sorted(bought["pay"]) == sorted(model.pay.elements())
    assert table.deal is None
    hand.let_go()
    after = table.session.state.view(None)["seats"][seat]
    assert {"pottery", "music"} <= set(after["cards"]) and after["treasury"] == treasury - due


def test_a32_the_suggested_purchase_is_one_tap_of_the_held_strip(tabletop_app: Any) -> None:
    """Issue 22: the suggested best purchase (`ai.civ.purchase.best_purchase`) is one tap of
    the held strip; in the purchase opened there, its Suggest button chooses it."""
    table = at_purchase(tabletop_app, purchase_position(played(2, 1, 4)))
    seat = table.deciding()
    assert seat is not None
    suggested = best_purchase(table.session.state.view(seat)).action()
    assert suggested["cards"], "the hand and treasury buy something"
    hand = Hand(tabletop_app, table, seat)
    hand.answer("_purchase")
    buy(hand, "suggest")
    assert table.deal is not None and table.deal.model.action() == suggested
    buy(hand, "back")
    assert table.deal is None
    taps = hand.taps
    before = len(table.session.record["actions"])
    hand.answer("_suggested")
    assert table.session.record["actions"][before] == suggested and hand.taps == taps + 1
    hand.let_go()


@pytest.mark.parametrize("seats", [5, 8])
def test_a32_on_a_short_strip_the_purchase_is_on_the_first_page(tabletop_app: Any,
                                                                 seats: int) -> None:
    """A4 with 5 and 8 seats: a strip shares its edge, yet the held strip's first page
    offers the suggested purchase, the purchase to choose and buying nothing (it showed
    one answer a page); the purchase opened there buys what its Suggest button chose."""
    table = at_purchase(tabletop_app, purchase_position(played(seats, 1, 4)), seats)
    seat = table.deciding()
    assert seat is not None
    hand = Hand(tabletop_app, table, seat)
    kinds = [a["type"] for a in table.shown]
    assert kinds[:2] == ["_suggested", "_purchase"], kinds
    assert {"type": "purchase", "cards": [], "pay": [], "mining": None} in table.shown
    suggested = best_purchase(table.session.state.view(seat)).action()
    hand.answer("_purchase")
    buy(hand, "suggest")
    before = len(table.session.record["actions"])
    buy(hand, "buy")
    assert table.session.record["actions"][before] == suggested
    hand.let_go()


def other_hand(state: Any, seat: int) -> Any:
    """`seat`'s hand made of other commodities from the same stacks where they have
    others (the same count from each stack: nothing public changes)."""
    hand = state.view(seat)["seats"][seat]["hand"]
    d = state.to_dict()
    left = Counter(c for pile in d["stacks"] for c in pile) + Counter(hand)
    fresh: list[str] = []
    for card in hand:
        swap = next((c for c in COMMODITY_BY_ID if CARD_STACK[c] == CARD_STACK[card]
                     and c != card and left[c] > 0), card)
        left[swap] -= 1
        fresh.append(swap)
    return hand_of(state, seat, fresh)


def test_the_purchase_draws_nothing_of_the_hand_unless_held_and_nothing_of_other_hands(
        tabletop_app: Any, monkeypatch: Any) -> None:
    """A1.5: every word passed to the painters is recorded; the purchase under way (the
    hand's sets on it) is drawn only while its own finger holds the strip; let go, none of
    the hand's cards is painted. Another seat's hand made of other cards changes no pixel,
    the purchase held or not."""
    base = purchase_position(played(2, 1, 4))
    seat = base.pending["seat"]
    other = 1 - seat
    changed = other_hand(base, other)
    assert changed.view(other)["seats"][other]["hand"] != base.view(other)["seats"][other]["hand"]
    drawn = words_drawn(monkeypatch)

    def said(table: CivTabletop) -> str:
        drawn.clear()
        table._strips.clear()
        table._pictures.clear()
        table._held.clear()
        tabletop_app.run_frames(1)
        return " ".join(drawn)

    pictures: dict[str, list[bytes]] = {"held": [], "closed": []}
    for state in (base, changed):
        table = at_purchase(tabletop_app, state)
        own = {words.card_name(c) for c in state.view(seat)["seats"][seat]["hand"]}
        theirs = {f"× {words.card_name(c)}" for c in state.view(other)["seats"][other]["hand"]
                  if words.card_name(c) not in own}   # as a set's chip says it
        hand = Hand(tabletop_app, table, seat)
        hand.answer("_purchase")
        buy(hand, "card:pottery")
        held = said(table)
        assert all(name in held for name in own), "held, the hand's sets show"
        assert not any(name in held for name in theirs), held
        pictures["held"].append(pygame.image.tobytes(tabletop_app.screen, "RGB"))
        hand.let_go()
        assert table.deal is not None, "the purchase waits for its seat"
        closed = said(table)
        assert not any(name in closed for name in own | theirs), closed
        pictures["closed"].append(pygame.image.tobytes(tabletop_app.screen, "RGB"))
        again = Hand(tabletop_app, table, seat)
        assert table.panel_view(seat).kind == "deal" and table.deal.model.chosen == ["pottery"]
        again.let_go()
        for scene in list(tabletop_app.stack.scenes):
            tabletop_app.pop(scene)
    assert pictures["held"][0] == pictures["held"][1], "another hand shows in the purchase"
    assert pictures["closed"][0] == pictures["closed"][1], "another hand shows on the table"


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)])
@pytest.mark.parametrize("seats", range(2, 9))
def test_the_held_purchase_fits_every_seat_with_finger_sized_controls(seats, size, data_dir):
    """A4: at 2–8 seats, each seat's held purchase (the 24 cards, a hand of nine sets) lies
    on the screen, turned to its seat, its controls a finger wide, apart from each other
    and from the strip the player holds (split into the cards and the payment where the
    strip is short)."""
    app = make_app(size, tabletop=True, game="civ")
    try:
        nine = ["ochre", "hides", "iron", "papyrus", "salt", "timber", "grain", "oil",
                "cloth"]
        tl = civ_tabletop_layout(*size, seats)
        px = max(12, int(line_height(tl.unit) / 1.3))
        screen = Rect(0, 0, *size)
        for place in tl.seats:
            state = hand_of(civ.new_game(seats, 3, {}), place.seat, nine * 2)
            table = SimpleNamespace(app=app, act=lambda _a: None,
                                    state=SimpleNamespace(view=state.view))
            held = HeldPurchase(table, place.seat)  # type: ignore[arg-type]
            for section in ("cards", "pay"):
                held.section = section
                laid = held.panel(tl, px)
                frame = place.band(0, laid.depth)
                assert screen.contains(frame.rect) and frame.rotation == place.rotation
                local = Rect(0, 0, *frame.size)
                strip = Rect(0, laid.depth - place.strip_depth, place.length,
                             place.strip_depth)
                rects = [b.rect for b in laid.buttons]
                ids = {b.id for b in laid.buttons}
                assert PREFIX + "suggest" in ids and PREFIX + "buy" in ids
                assert any(i.startswith(PREFIX + "card:") for i in ids) \
                    or any(i.startswith(PREFIX + "set:") for i in ids)
                for i, rect in enumerate(rects):
                    assert min(rect.size) >= MIN_TARGET and local.contains(rect), rect
                    assert not rect.colliderect(strip)
                    assert rect.collidelist(rects[i + 1:]) == -1, rect
                for _said, rect in laid.texts:
                    assert local.contains(rect) and not rect.colliderect(strip)
                if PREFIX + "cards" not in ids:   # not split: every card and set at once
                    assert {PREFIX + f"card:{c}" for c in CIV_CARD_IDS} <= ids
                    assert PREFIX + "set:ochre" in ids
                    break
    finally:
        app.close()


def spread_markers(state: Any) -> Any:
    """Each seat's A.S.T. marker on its own space (1, 2, 3...), so each line differs."""
    d = state.to_dict()
    for i, s in enumerate(d["seats"]):
        s["ast"] = i + 1
    return civ.from_dict(d)


def ast_sizes(drawn: list[tuple[str, int]], line: str) -> list[int]:
    """The sizes `line` was painted at, on one line or wrapped on two; [] if not painted."""
    for i, (said, px) in enumerate(drawn):
        if said == line:
            return [px]
        if i + 1 < len(drawn) and f"{said} {drawn[i + 1][0]}" == line:
            return [px, drawn[i + 1][1]]
    return []


@pytest.mark.parametrize("seats", [2, 8])
def test_a34_each_strip_says_why_its_own_seats_marker_moves_or_not(
        tabletop_app: Any, monkeypatch: Any, seats: int) -> None:
    """A34.1 at the tabletop: each closed strip says its own seat's A.S.T. line (the
    engine's outlook, as the desk's A.S.T. panel words it), no other seat's, at a size
    read across the table, on the strip turned to its edge."""
    table = start(tabletop_app, ["human"] * seats, seed=3)
    while table.session.state.view(None)["turn"] == 0:   # A6.3: each takes a nation
        assert table.card is not None
        Fingers(tabletop_app).tap_at(table.card.control_center("act:0"))
        tabletop_app.run_frames(1)
    table.session.state = spread_markers(table.session.state)
    table.refresh()
    view = table.public()
    lines = [ast_panel.why_words(view, s, own=True) for s in range(seats)]
    assert len(set(lines)) == seats, lines
    assert all(line.startswith("A.S.T.") for line in lines)
    drawn: list[tuple[str, int]] = []
    real_render = text.render

    def render(words_: str, role: str, px: int, *args: Any, **kwargs: Any) -> Any:
        drawn.append((words_, px))
        return real_render(words_, role, px, *args, **kwargs)

    monkeypatch.setattr(text, "render", render)
    scratch = pygame.Surface(tabletop_app.screen.get_size())
    for seat in range(seats):
        drawn.clear()
        table._strips.clear()
        table.draw_strip(scratch, seat)
        sizes = ast_sizes(drawn, lines[seat])
        assert sizes and min(sizes) >= 10, (seat, drawn)
        assert not any(ast_sizes(drawn, line) for other, line in enumerate(lines)
                       if other != seat), (seat, drawn)
        place = table.tl.seats[seat]
        assert place.strip_frame.rotation == place.rotation
