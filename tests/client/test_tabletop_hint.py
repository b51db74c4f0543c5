"""Hints at the T&E tabletop (issue 25): the Hint button is in the seat's own held panel
on its turn; the hint is found from that seat's view only and shown in the same panel,
turned to that seat like its hand, only while the panel is held, never on the shared
board (a lit square would tell the others the seat's tiles), and never played."""

from __future__ import annotations

import random
from functools import partial

import pygame
from support.apps import make_app as shared_make_app

import engine.tigris as engine
from game.app import App
from game.scenes.flow import start_from_position, start_new_game
from game.tigris.hint_view import hint_lines
from game.tigris.scenes.bindings import TABLETOP_GESTURES
from game.tigris.scenes.tabletop import TabletopScene
from game.tigris.tabletop_driver import TabletopDriver

make_app = partial(shared_make_app, tabletop=True)


def tabletop(app: App, seats: list[str], hints_on: bool = True) -> TabletopScene:
    app.settings.taught = [gesture.name for gesture in TABLETOP_GESTURES]
    table = start_new_game(app, seats, seed=5, hints_on=hints_on)
    assert isinstance(table, TabletopScene)
    TabletopDriver(app).frames(2)
    return table


def ask(driver: TabletopDriver, table: TabletopScene, seat: int) -> None:
    """Holds the seat's strip, taps Hint in its panel, lifts."""
    holder = driver.hold(table, seat)
    driver.frames(1)
    view = table.panels.panel_view(seat)
    assert view.has("hint"), "Hint is in the seat's own panel"
    driver.tap_at(view.control_center("hint"))
    driver.frames(2)
    driver.up(holder, driver.strip_point(table, seat))
    driver.frames(1)


def test_the_hint_is_asked_and_shown_in_the_seats_own_panel_turned_to_it(data_dir, monkeypatch):
    app = make_app((1280, 800))
    try:
        table = tabletop(app, ["computer", "human"])
        driver = TabletopDriver(app)
        driver.settle(table)
        me = 1
        assert table.viewer == me and table.legal is not None
        assert not table.panels.panel_view(0).has("hint"), "no Hint in another seat's panel"
        lit: list[object] = []
        monkeypatch.setattr(table.painter, "spotlight", lambda *a, **k: lit.append(a))
        digest, plies = table.session.state.digest(), len(table.session.record["actions"])
        ask(driver, table, me)
        shown = table.hint.hints.shown
        assert shown is not None and shown.seat == me
        assert table.session.seats[me].hints == 1
        view = table.panels.panel_view(me)
        assert view.kind == "chooser" and view.has("hint_done")
        assert view.frame.rotation == table.tl.seats[me].open_frame().rotation == 180, \
            "turned to the seat at the top edge, like its hand"
        words = hint_lines(table.session.state, table.seat_views[me], me, shown.action,
                           table.dynasties)
        assert " ".join(view.lines).split() == " ".join(words).split()
        assert not table.input.panel_open(me)
        table.draw(app.screen)
        assert lit == [], "nothing of the hint on the shared board"
        driver.frames(30)
        assert table.session.state.digest() == digest
        assert len(table.session.record["actions"]) == plies, "nothing is played"
        holder = driver.hold(table, me)
        driver.frames(1)
        driver.tap_at(table.panels.panel_view(me).control_center("hint_done"))
        driver.frames(1)
        assert table.panels.panel_view(me).kind == "hand", "Got it: the hand again"
        driver.up(holder, driver.strip_point(table, me))
        ask(driver, table, me)
        assert table.panels.panel_view(me).kind == "chooser"
        assert table.session.seats[me].hints == 1, "unfolded again for free"
    finally:
        app.close()


def test_the_tabletop_hint_is_the_seats_whatever_the_others_hold(data_dir):
    """The other seat's tiles and the bag, dealt anew before the table opens: the same
    hint (the kit asks with `view(seat)` only)."""
    actions = []
    for deal in (0, 1):
        app = make_app((1280, 800))
        try:
            app.settings.taught = [gesture.name for gesture in TABLETOP_GESTURES]
            table = start_new_game(app, ["human", "human"], seed=5)
            driver = TabletopDriver(app)
            driver.frames(2)
            me = table.viewer
            assert me is not None
            state = table.session.state
            if deal:
                position = state.to_dict()
                other = position["players"][1 - me]
                pool = other["hand"] + position["bag"]
                random.Random(deal).shuffle(pool)
                count = len(other["hand"])
                other["hand"], position["bag"] = pool[:count], pool[count:]
                assert engine.from_dict(position).view(me) == state.view(me)
                table = start_from_position(app, position, ["human", "human"])
                assert isinstance(table, TabletopScene)
                driver.frames(2)
                assert table.viewer == me
            ask(driver, table, me)
            assert table.hint.hints.shown is not None
            actions.append(table.hint.hints.shown.action)
        finally:
            app.close()
    assert actions[0] == actions[1]


def test_no_hint_button_at_the_tabletop_when_the_switch_is_off(data_dir):
    app = make_app((1280, 800))
    try:
        table = tabletop(app, ["human", "human"], hints_on=False)
        seat = table.viewer
        assert seat is not None
        driver = TabletopDriver(app)
        holder = driver.hold(table, seat)
        driver.frames(1)
        assert not table.panels.panel_view(seat).has("hint")
        assert table.panels.panel_view(seat).has("end_turn")
        driver.up(holder, driver.strip_point(table, seat))
        surface = pygame.Surface(app.size)
        table.draw(surface)
    finally:
        app.close()
