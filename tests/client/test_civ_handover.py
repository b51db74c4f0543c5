"""Civ's hand-over screen between two people at one screen (issue 22, pass-and-play):
seen under Xvfb, it told civ's players that their "tiles" stay hidden and showed an empty
square for a seat whose nation was not chosen yet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.apps import closed_after, make_app

from game.app import App
from game.i18n import t
from game.scenes.flow import start_new_game
from game.scenes.handover import HandoverScene


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def test_a6_3_the_handover_before_a_nation_is_chosen_names_a_hand_and_a_numbered_medal(
        app: Any) -> None:
    start_new_game(app, ["human", "human"], seed=3, options={"turn_limit": 2})
    app.run_frames(1)
    handover = app.stack.top
    assert isinstance(handover, HandoverScene)
    words = t("handover.hidden").lower()
    assert "hand" in words and "tile" not in words
    medal = handover.game.seat_icon(handover.table, handover.seat, 64)
    assert medal.get_at((0, 0)).a == 0, "a round medal, not a square"
    assert medal.get_at((32, 32)) != medal.get_at((10, 32)), "the seat's number on it"


def test_a6_3_the_log_names_the_seat_that_took_a_nation_by_its_number(app: Any) -> None:
    """Seen under Xvfb: once its nation was chosen the seat was named by it, so the line
    read "Italy took Italy, starting in Roma"."""
    table = start_new_game(app, ["human", "human"], seed=3, options={"turn_limit": 2})
    app.run_frames(1)
    assert isinstance(app.stack.top, HandoverScene)
    app.stack.top.table.handover_done(app.stack.top.seat)
    app.run_frames(1)
    seat = table.session.state.to_move
    choice = next(a for a in table.session.state.legal_actions() if a["type"] == "nation")
    table.act(choice)
    app.run_frames(2)
    nation = t(f"civ.nation.{choice['nation']}")
    line = next(line for line in table.told if f"took {nation}" in line)
    assert line.startswith(f"Seat {seat + 1} took {nation}"), line


def test_the_handover_says_what_must_be_decided_in_a_sentence(app: Any) -> None:
    """Seen under Xvfb: "Italy must ship construction." (the shell says "{player} must
    {decision}", and civ's decisions are named as things)."""
    from game.civ.client import CLIENT

    must = t("handover.must_decide", player="Italy",
             decision=CLIENT.decision_name({"kind": "ships", "seat": 0}))
    assert must == "Italy must decide on ship construction."
    assert t("handover.must_decide", player="Italy", decision=CLIENT.decision_name(None)) \
        == "Italy must take a turn."


def test_a9_growth_is_told_with_counted_words() -> None:
    """Seen under Xvfb: "Thrace grew by 1 tokens in 1 areas."."""
    from game.civ.words import TELLERS, Telling

    told = Telling({"seats": [{"nation": "thrace"}]})
    TELLERS.run([{"type": "grown", "seat": 0, "areas": {"70": 1}},
                 {"type": "grown", "seat": 0, "areas": {"70": 2, "71": 1}}], told)
    assert [str(line) for line in told.lines] == [
        "Thrace grew by 1 token in 1 area.", "Thrace grew by 3 tokens in 2 areas."]
