"""Civ's decisions at the table, quick and clear (issue 22), through the real input path
(taps posted as pygame events, `Driver`): a trade proposed, countered and accepted with
its taps counted (A17: an offer in at most 5, an acceptance in at most 2, the hand-over
screen's tap included), a calamity's loss chosen by taps and one taken by the one-tap
default (A7.6, A21), a purchase of several cards and the suggested one (A32), growth
placed in one go (A9.2), and A36's stay never asked as a question."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from support.apps import closed_after, make_app
from support.civ_counted import counted_bottom
from support.civ_positions import (
    calamity_position,
    growth_position,
    played,
    purchase_position,
    trade_position,
)

from ai.civ.purchase import best_purchase
from engine.civ.tables import COMMODITY_BY_ID
from game.app import App
from game.civ.deal import DealScreen
from game.civ.purchase_screen import PurchaseScreen
from game.civ.table import CivTable
from game.civ.words import cards_words, seat_words
from game.i18n import t
from game.scenes.flow import start_new_game
from game.tigris.driver import Driver


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


class Taps:
    """The driver, counting the taps a person makes."""

    def __init__(self, app: Any) -> None:
        self.driver = Driver(app)
        self.count = 0

    def press(self, scene: Any, bid: str) -> None:
        self.count += 1
        self.driver.press_button(scene, bid)

    def tap(self, pos: tuple[int, int]) -> None:
        self.count += 1
        self.driver.tap(pos)


def at(app: Any, kinds: list[str], state: Any) -> CivTable:
    """A table of `kinds` seats put at `state` (the autosave and replay are not this test's)."""
    table = start_new_game(app, kinds, seed=1, options={"turn_limit": 12})
    app.run_frames(1)
    table.session.state = state
    table.refresh()
    return table


def quick(table: CivTable, kind: str) -> str:
    """The chooser's button of a quick answer (`_deal`, `_default`, `_purchase`...)."""
    i = next(i for i, a in enumerate(table.shown) if a["type"] == kind)
    return f"act:{i}"


def settle(app: Any, table: CivTable, frames: int = 60) -> None:
    """Frames until the table waits on a person (or the hand-over screen is up)."""
    for _ in range(frames):
        if table.deciding() is not None or app.stack.top is not table:
            return
        app.run_frames(1)


def handed_over(app: Any, table: CivTable, taps: Taps, seat: int) -> None:
    """The hand-over screen is confirmed by `seat`'s player (one tap)."""
    settle(app, table)
    top = app.stack.top
    assert top is not table and top.buttons.get("confirm"), "the hand-over screen shows"
    taps.press(top, "confirm")
    settle(app, table)
    assert table.flow.viewer == seat and table.deciding() == seat


def actions(table: CivTable) -> list[dict[str, Any]]:
    return table.session.record["actions"]


def test_a17_a_trade_is_proposed_in_3_taps_countered_and_accepted_in_2(app: Any) -> None:
    table = at(app, ["human", "human"], trade_position(played(2, 3, 3)))
    state = table.session.state
    a = state.pending["seat"]
    b = 1 - a
    taps = Taps(app)
    handed_over(app, table, taps, a)
    # the offer: open the builder (filled with a suggested truthful offer), change one
    # wanted card, send it
    taps.count = 0
    taps.press(table, quick(table, "_deal"))
    deal = app.stack.top
    assert isinstance(deal, DealScreen)
    hand = state.view(a)["seats"][a]["hand"]
    extra = next(c for c in ("gold", "ivory", "dye") if c not in deal.wanted)
    taps.press(deal, f"want:{extra}")
    before = len(actions(table))
    taps.press(deal, "send")
    assert taps.count <= 5, taps.count
    assert len(actions(table)) == before + 1
    offer = actions(table)[-1]
    assert offer["type"] == "propose" and offer["to"] == b
    assert len(offer["give"]) >= 3 and not Counter(offer["give"]) - Counter(hand)
    # truthful (A17.2): every commodity given is named, and only cards given are named
    assert sorted(offer["named"]) == sorted(c for c in offer["give"] if c in COMMODITY_BY_ID)
    assert extra in offer["want_named"] and offer["want"] >= 3
    # the counter: the other seat takes the screen, builds from his own hand, names two
    # cards the first seat holds
    handed_over(app, table, taps, b)
    assert table.session.state.pending["kind"] == "trade_answer"
    taps.press(table, quick(table, "_deal"))
    counter = app.stack.top
    assert isinstance(counter, DealScreen) and counter.counter
    taps.press(counter, "clear")
    mine = [c for c in table.session.state.view(b)["seats"][b]["hand"] if c in COMMODITY_BY_ID]
    for card in mine[:3]:
        taps.press(counter, f"give:{card}")
    for card in sorted(set(hand))[:2]:
        taps.press(counter, f"want:{card}")
    before = len(actions(table))
    taps.press(counter, "send")
    assert actions(table)[before]["type"] == "counter"
    # the acceptance: the hand-over screen and one tap
    taps.count = 0
    handed_over(app, table, taps, a)
    accept = next(i for i, x in enumerate(table.shown) if x["type"] == "accept")
    before = len(actions(table))
    taps.press(table, f"act:{accept}")
    assert taps.count <= 2, taps.count
    assert actions(table)[before]["type"] == "accept"
    assert any(e["type"] == "traded" for e in table.session.state.events) \
        or any("traded" in line or "trade" in line for line in table.log)


def test_a17_3_the_offer_screen_says_what_the_partner_was_heard_to_name(app: Any) -> None:
    """Seat a named two of its commodities to seat b, who refused: b's offer screen says a
    holds them (the truth rule, A17.2; everyone heard them, A17.3), as a player at a real
    table remembers; before anything was heard it says nothing of the kind."""
    state = trade_position(played(2, 3, 3))
    a = state.pending["seat"]
    b = 1 - a
    hand = state.view(a)["seats"][a]["hand"]
    named = hand[:2]
    state = state.apply({"type": "propose", "to": b, "give": hand[:3], "named": named,
                         "want": 3, "want_named": ["gold", "gold"]})
    state = state.apply({"type": "reject"})
    assert state.pending["kind"] == "trade_open" and state.pending["seat"] == b
    deal = DealScreen(app, state.view(b), lambda action: None)
    assert deal.to == a
    assert deal.you_want() == t("civ.deal.you_want_heard", seat=seat_words(deal.view, a),
                                cards=cards_words(named))
    app.push(deal)
    app.run_frames(2)
    assert any(said == deal.you_want() for said, *_ in deal.texts)
    first = DealScreen(app, trade_position(played(2, 3, 3)).view(a), lambda action: None)
    assert first.you_want() == t("civ.deal.you_want", seat=seat_words(first.view, first.to))


def test_a32_6_the_offer_screen_names_the_cards_counted_under_the_stacks(app: Any) -> None:
    """Two cards went under stack 1 in view of all (A32.4, A32.6): no hand holds them, and
    the offer screen says so, as the computer players count them; with nothing counted it
    says nothing of the kind."""
    state = trade_position(played(2, 3, 3))
    a = state.pending["seat"]
    assert DealScreen(app, state.view(a), lambda action: None).counted() == ""
    d = state.to_dict()
    under = counted_bottom(d, 0, 2)
    deal = DealScreen(app, civ_from_dict(d).view(a), lambda action: None)
    assert deal.counted() == t("civ.deal.counted", cards=cards_words(under))
    app.push(deal)
    app.run_frames(2)
    assert any(said == deal.counted() for said, *_ in deal.texts)


def test_a7_6_a_famine_loss_is_chosen_by_taps_on_the_lit_areas(app: Any) -> None:
    table = at(app, ["human", "computer"], calamity_position(played(2, 1, 4), 0))
    pending = table.session.state.pending
    assert pending["kind"] == "loss" and pending["calamity"] == "famine"
    settle(app, table)
    assert table.deciding() == 0
    prompt = table.prompt()
    assert "exactly 10" in prompt and "Famine strikes" in prompt
    taps = Taps(app)
    heard = Heard(table)
    steps = 0
    while True:
        p = table.session.state.pending
        if p is None or p["kind"] != "loss" or p["seat"] != 0:
            break
        lit = sorted(table.lit())
        assert lit, "the areas a loss may take from are lit"
        area = lit[-1]
        x, y = table.board.screen(table.board.shape.shapes[area].label)
        n = len(actions(table))
        taps.tap((x, y))
        if len(actions(table)) == n:   # several answers in that area: the chooser names them
            taps.press(table, "act:1")
        assert actions(table)[n]["type"] == "lose" and actions(table)[n]["area"] == area
        steps += 1
        settle(app, table)
    assert steps >= 2
    assert famine_loss(heard.events, 0) == 10   # exactly (A7.6)


def famine_loss(events: list[dict[str, Any]], seat: int) -> int:
    """A7.6's points `seat` lost in these events, up to the next calamity or phase (the
    engine runs on past the loss in the same answer)."""
    lost = 0
    for e in events:
        if e["type"] in ("phase", "calamity", "assigned"):
            break
        if e["type"] == "tokens_removed" and e["owner"] == seat:
            lost += int(e["count"])
        elif e["type"] == "city_destroyed" and e["owner"] == seat:
            lost += 5
        elif e["type"] == "city_reduced" and e["owner"] == seat:
            lost += 5 - int(e["tokens"])
    return lost


class Heard:
    """Every event the table is shown (`present`), in order."""

    def __init__(self, table: CivTable) -> None:
        self.events: list[dict[str, Any]] = []
        shown = table.present

        def present(events: list[dict[str, Any]], *args: Any) -> None:
            self.events.extend(events)
            shown(events, *args)

        table.present = present  # type: ignore[method-assign]


def test_a7_6_a_famine_loss_is_taken_whole_by_the_one_tap_default(app: Any) -> None:
    table = at(app, ["human", "computer"], calamity_position(played(2, 2, 4), 0))
    assert table.session.state.pending["kind"] == "loss"
    settle(app, table)
    heard = Heard(table)
    start = len(actions(table))
    taps = Taps(app)
    taps.press(table, quick(table, "_default"))
    for _ in range(40):
        p = table.session.state.pending
        if p is None or p["kind"] != "loss" or p["seat"] != 0:
            break
        app.run_frames(1)
    assert taps.count == 1
    steps = [a for a in actions(table)[start:] if a["type"] == "lose"]
    assert len(steps) >= 2, "every step after the first was answered without a tap"
    assert all(a["unit"] == "token" for a in steps), "tokens before cities (least loss)"
    assert famine_loss(heard.events, 0) == 10


def test_a32_several_cards_are_bought_in_one_purchase_and_the_suggestion_in_one_tap(
        app: Any) -> None:
    table = at(app, ["human", "human"], purchase_position(played(2, 1, 4)))
    first = table.session.state.pending["seat"]
    assert table.session.state.pending["kind"] == "civ_cards"
    taps = Taps(app)
    handed_over(app, table, taps, first)
    taps.press(table, quick(table, "_purchase"))
    screen = app.stack.top
    assert isinstance(screen, PurchaseScreen)
    labels = {b.id: b.label for b in screen.buttons.buttons}
    assert labels["card:pottery"] == "Pottery · 45" and labels["card:music"] == "Music · 60"
    veiled = {b.id for b in screen.buttons.buttons if b.rect in screen.veils}
    assert {"card:democracy", "card:theology"} <= veiled, "a prerequisite missing (A32.2)"
    assert "card:pottery" not in veiled and "card:music" not in veiled
    assert ("card:mathematics" in veiled) == (screen.most < 230), "what the hand can pay"
    taps.press(screen, "card:pottery")
    taps.press(screen, "card:music")
    info = " ".join(words for words, *_ in screen.texts)
    assert "Civil War: 5 more points" in info, "what the card tapped last does (A33.1)"
    assert "price 105" in info
    taps.press(screen, "card:democracy")   # needs Law (A32.2): not taken, said why
    assert "democracy" not in screen.chosen
    assert "Law" in " ".join(words for words, *_ in screen.texts)
    before = len(actions(table))
    taps.press(screen, "buy")
    bought = actions(table)[before]
    assert bought["type"] == "purchase" and bought["cards"] == ["pottery", "music"]
    assert app.stack.top is not screen
    assert {"pottery", "music"} <= set(table.session.state.view(None)["seats"][first]["cards"])
    # the other seat: the suggested best purchase is one tap away
    second = 1 - first
    for _ in range(10):
        p = table.session.state.pending
        if p is not None and p["kind"] == "civ_cards" and p["seat"] == second:
            break
        settle(app, table)
        top = app.stack.top
        if top is not table and top.buttons.get("confirm"):
            taps.press(top, "confirm")
        elif table.deciding() == first:   # A32.5: cards over 8 returned
            taps.press(table, "act:0")
    handed_over_or_shown(app, table, taps, second)
    suggested = best_purchase(table.session.state.view(second)).action()
    assert suggested["cards"], "the hand and treasury buy something"
    before = len(actions(table))
    taps.press(table, quick(table, "_suggested"))
    assert actions(table)[before] == suggested


def handed_over_or_shown(app: Any, table: CivTable, taps: Taps, seat: int) -> None:
    settle(app, table)
    if table.deciding() != seat:
        handed_over(app, table, taps, seat)


def test_a36_stay_is_never_asked_and_leaving_is_one_tap_away(app: Any) -> None:
    table = start_new_game(app, ["human", "computer"], seed=5, options={"turn_limit": 4})
    driver = Driver(app)
    asked_stay = 0
    left = False
    for _ in range(3000):
        state = table.session.state
        if state.is_over or left:
            break
        pending = state.pending
        if any(a["type"] in ("stay", "leave") for a in table.shown) \
                or (table.areas["ask"].h and "stay in the game or leave" in table.prompt()) \
                or (app.stack.top is not table and not hasattr(app.stack.top, "seat")):
            asked_stay += 1
        if table.deciding() != 0 or pending is None or app.stack.top is not table:
            app.run_frames(1)
            left = any(a == {"type": "leave"} for a in actions(table))
            continue
        turn = state.view(None)["turn"]
        if turn == 2 and table.decide.leaving == set():
            driver.press_button(table, "leave")     # one tap: leave at the next turn start
            assert table.buttons.get("leave").label.startswith("Leaving")
        shown = table.shown
        pick = next((i for i, a in enumerate(shown) if a["type"] in ("done", "pass")), None)
        if pick is None:
            pick = next(i for i, a in enumerate(shown) if not a["type"].startswith("_"))
        driver.press_button(table, f"act:{pick}")
    assert asked_stay == 0
    stays = [a for a in actions(table) if a == {"type": "stay"}]
    assert stays, "A36.1: stay was answered at each turn start without a question"
    assert {"type": "leave"} in actions(table)
    assert table.session.state.view(None)["seats"][0]["status"] == "inactive"


def test_a9_2_growth_is_laid_out_by_taps_and_placed_in_one_go(app: Any) -> None:
    table = at(app, ["human", "computer"], growth_position(played(2, 1, 4), 0))
    settle(app, table)
    pending = table.session.state.pending
    seat = pending["seat"]
    assert table.deciding() == seat
    assert "A9.2" in table.prompt()
    taps = Taps(app)
    left = int(pending["left"])
    for _ in range(left):
        area = sorted(table.lit())[0]
        x, y = table.board.screen(table.board.shape.shapes[area].label)
        taps.tap((x, y))
    before = len(actions(table))
    taps.press(table, quick(table, "_grow"))
    placed = actions(table)[before]
    assert placed["type"] == "place" and len(placed["areas"]) == left


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_the_purchase_and_trade_screens_fit_finger_sized_targets_on_the_screen(
        data_dir: Any, size: tuple[int, int]) -> None:
    """Every target of both screens lies on the screen, none over another, each at least
    36 px high (the kit's 40 px where there is room: 800x480 holds 24 cards and 18
    commodities)."""
    application = make_app(size, game="civ")
    try:
        base = played(2, 1, 4)
        for state, screen_type in ((purchase_position(base), PurchaseScreen),
                                   (trade_position(base), DealScreen)):
            seat = state.pending["seat"]
            screen = screen_type(application, state.view(seat), lambda _action: None)
            application.push(screen)
            application.run_frames(1)
            rects = [b.rect for b in screen.buttons.buttons]
            for i, r in enumerate(rects):
                assert r.h >= 36, (screen_type.__name__, size, r)
                assert pygame.Rect((0, 0), size).contains(r), (screen_type.__name__, r)
                assert r.collidelist(rects[i + 1:]) == -1, (screen_type.__name__, r)
            application.pop(screen)
    finally:
        application.close()


def test_a17_3_the_unnamed_card_of_a_proposal_is_never_drawn_for_the_other_seat(
        app: Any) -> None:
    """A proposal giving a tradable calamity unnamed: the other seat's table and counter
    screen say how many cards are given, never which the unnamed one is."""
    state = trade_position(played(2, 3, 3))
    a = state.pending["seat"]
    d = state.to_dict()
    from engine.civ.tables import CARD_ORDER, CARD_STACK

    calamity = next(c for c in ("epidemic", "civil_disorder", "treachery", "superstition")
                    if c in d["stacks"][CARD_STACK[c] - 1])
    d["stacks"][CARD_STACK[calamity] - 1].remove(calamity)
    d["seats"][a]["hand"] = sorted([*d["seats"][a]["hand"], calamity], key=CARD_ORDER.__getitem__)
    table = at(app, ["human", "human"], civ_from_dict(d))
    taps = Taps(app)
    handed_over(app, table, taps, a)
    taps.press(table, quick(table, "_deal"))
    deal = app.stack.top
    assert isinstance(deal, DealScreen)
    taps.press(deal, "clear")
    hand = table.session.state.view(a)["seats"][a]["hand"]
    for card in [*[c for c in hand if c in COMMODITY_BY_ID][:2], calamity]:
        taps.press(deal, f"give:{card}")
    taps.press(deal, "want:gold")
    taps.press(deal, "want:ivory")
    taps.press(deal, "send")
    sent = actions(table)[-1]
    assert calamity in sent["give"] and calamity not in sent["named"]
    name = words_card(calamity)
    handed_over(app, table, taps, 1 - a)
    said = [table.prompt(), *(b.label for b in table.buttons.buttons), *table.log]
    assert "offers 3 cards" in said[0]
    assert not [line for line in said if name in line]
    taps.press(table, quick(table, "_deal"))
    counter = app.stack.top
    assert isinstance(counter, DealScreen)
    said = [words for words, *_ in counter.texts] + [b.label for b in counter.buttons.buttons]
    assert "offers 3 cards (named: " in said[1], "the count given is public (A17.3)"
    assert not [line for line in said if name in line]


def civ_from_dict(d: dict[str, Any]) -> Any:
    import engine.civ as civ

    return civ.from_dict(d)


def words_card(card: str) -> str:
    from game.civ import words

    return words.card_name(card)


def test_a8_1_the_tax_prompt_says_what_each_rate_pays_and_leaves_unpaid() -> None:
    from game.civ.decide import why

    view = {"seats": [{"nation": "egypt", "stock": {"tokens": 5}}],
            "areas": [{"id": i, "tokens": {}, "city": {"owner": 0, "new": False}}
                      for i in (1, 2, 3)],
            "phase_state": {}}
    said = why({"kind": "tax_rate", "seat": 0}, view)
    assert "3 cities and 5 tokens" in said
    assert "rate 1 pays for 3 cities (3 tokens), 0 unpaid" in said
    assert "rate 2 pays for 2 cities (4 tokens), 1 unpaid" in said
    assert "rate 3 pays for 1 cities (3 tokens), 2 unpaid" in said
    assert "revolt (A8.4)" in said
