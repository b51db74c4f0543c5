"""Hints at the civ tabletop (issue 25's leftover): Hint is among the deciding seat's answers,
on its public card or in its held strip; the hint is found from that seat's view only and
read only in the seat's held strip, turned to it, while its own finger holds it; the map,
the card and the other strips show nothing of it (a trade or a purchase would tell the
seat's hand, A1.5), and nothing is played. Through the real input path (SDL finger events
→ InputMapper(multi=True) → the scene)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from support.civ_tables import civ_table_at
from test_civ_tabletop import tabletop_app  # noqa: F401 (the fixture)
from test_civ_tabletop_trade import Hand, wait_for

from game.civ.tabletop import CivTabletop
from game.i18n import t
from game.kit.tabletop_fingers import Fingers
from game.scenes.flow import start_new_game

# a trade offer medium makes from its hand, met in a seeded game of four medium players
# (test_civ_hint's stored positions)
TRADE_OFFER = json.loads((Path(__file__).parent / "data" / "civ_hint_positions.json")
                         .read_text())["trade_open_propose"]


def start(app: Any, hints_on: bool = True) -> CivTabletop:
    table = start_new_game(app, ["human", "human"], seed=11, options={"turn_limit": 3},
                           hints_on=hints_on)
    assert isinstance(table, CivTabletop)
    app.run_frames(1)
    return table


def test_a_hint_asked_on_the_public_card_is_read_only_in_the_seats_held_strip(
        tabletop_app: Any) -> None:  # noqa: F811
    app = tabletop_app
    table = start(app)
    seat = table.deciding()
    assert seat is not None and table.card is not None and table.card.has("hint")
    other = 1 - seat
    plies, seen = len(table.session.record["actions"]), table.board.view.visible()
    Fingers(app).tap_at(table.card.control_center("hint"))
    app.run_frames(2)
    shown = table.hint.hints.shown
    assert shown is not None and shown.seat == seat and table.session.seats[seat].hints == 1
    assert len(table.session.record["actions"]) == plies, "nothing is played"
    assert table.board.view.visible() == seen, "the map does not slide to the answer"
    assert table.hint.ready(seat) and not table.hint.ready(other)
    assert table.card is not None and not any(t("civ.hint.title") in line
                                              for line in table.card.lines)
    assert table.panel_view(other).kind != "hint"
    hand = Hand(app, table, seat)
    held = table.panel_view(seat)
    assert held.kind == "hint" and held.frame.rotation == table.tl.seats[seat].rotation
    said = " ".join(held.lines)
    assert t("civ.hint.title") in said and table.hint.lines[-1].split()[0] in said
    hand.tap("hint_done")
    app.run_frames(1)
    assert not table.hint.ready(seat) and table.panel_view(seat).kind == "hand"
    hand.let_go()
    assert len(table.session.record["actions"]) == plies


def test_a_trade_hint_is_asked_and_read_in_the_held_strip_and_offered_first_there(
        tabletop_app: Any) -> None:  # noqa: F811
    """A17: the offer's terms come from the hand, so the whole hint stays in the strip; the
    hinted offer (built from the hand, not in the list) comes first in the strip's list, and
    tapped there it is the person's."""
    app = tabletop_app
    table = civ_table_at(app, TRADE_OFFER)
    assert isinstance(table, CivTabletop)
    seat = wait_for(app, table, "trade_open")
    assert table.card is None, "a trade is answered in the held strip"
    hand = Hand(app, table, seat)
    assert table.panel_view(seat).has("hint")
    hand.tap("hint")
    app.run_frames(2)
    action = table.hint.action
    assert action is not None and action["type"] == "propose" and table.hint.ready(seat)
    held = table.panel_view(seat)
    assert held.kind == "hint" and any(t("civ.hint.title") in line for line in held.lines)
    assert table.session.record["actions"] == [], "nothing is played"
    hand.tap("hint_done")
    app.run_frames(1)
    index = len(table.quick_answers())   # after the quick answers, as at the desk
    assert table.shown[index] == action, "the hinted offer comes first in the strip's list"
    hand.tap(f"act:{index}")
    app.run_frames(1)
    assert table.session.record["actions"][0] == action, "the person took it"
    hand.let_go()


def test_no_hint_when_the_set_up_switched_hints_off(
        tabletop_app: Any) -> None:  # noqa: F811
    table = start(tabletop_app, hints_on=False)
    assert table.card is not None and not table.card.has("hint")
    assert not table.hint.offered
