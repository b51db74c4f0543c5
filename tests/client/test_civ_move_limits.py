"""A move over an area's population limit is legal (A12) but costs tokens later (A15.1's
removal of surplus population, or A13.4's conflict beside another side): the desk table
says so before the move is sent, through the real input path (a tap on the source, one on
the target, then the count)."""

from __future__ import annotations

import copy
from typing import Any

import pygame
import pytest
from support.apps import make_app
from support.civ_decision_positions import load
from support.civ_driver import CivDriver
from support.civ_tables import civ_table_at
from support.civ_views import HIERAPYTNA, seat0_view

import engine.civ as civ
from game.civ.move_limits import warning
from game.civ.table import CivTable
from game.ui import text

# The stored movement position: Africa (seat 2) has 2 tokens in Byzacium (14, limit 3),
# beside Capsa (15, limit 1, empty) and Hippo Regius (12, limit 3, empty).
BYZACIUM, CAPSA, HIPPO = 14, 15, 12
OVER_CAPSA = "Moving 2 or more puts Capsa over its limit of 1: the surplus goes back to " \
             "stock at A15.1."


def movement(lone_tokens: bool = False) -> dict[str, Any]:
    """The position; with `lone_tokens`, one token in Byzacium and one already in Capsa
    (from the same stock), so a single move (of 1) goes over Capsa's limit."""
    d = copy.deepcopy(load()["movement"])
    if lone_tokens:
        next(a for a in d["areas"] if a["id"] == BYZACIUM)["tokens"]["2"] = 1
        d["areas"].append({"id": CAPSA, "tokens": {"2": 1}, "city": None})
        d["areas"].sort(key=lambda a: a["id"])
    return civ.from_dict(d).to_dict()


@pytest.fixture(params=[(1280, 800), (800, 480)], ids=["1280x800", "800x480"])
def app(request: pytest.FixtureRequest, data_dir: Any) -> Any:
    application = make_app(request.param, game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def table_at(app: Any, position: dict[str, Any]) -> CivTable:
    seat = int(civ.from_dict(position).to_move)
    table = civ_table_at(app, position)
    assert table.deciding() == seat == 2 and table.state.pending["kind"] == "movement"
    return table


def drawn_words(app: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every line of text the next frame draws, joined (a wrapped prompt reads whole)."""
    said: list[str] = []
    render = text.render

    def noting(line: str, role: str, px: int, colour: Any) -> pygame.Surface:
        said.append(line)
        return render(line, role, px, colour)

    monkeypatch.setattr(text, "render", noting)
    app.run_frames(1)
    monkeypatch.setattr(text, "render", render)
    return " ".join(said)


def test_A15_1_a_count_over_the_limit_is_warned_before_it_is_sent(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_at(app, movement())
    driver = CivDriver(app, table)
    sent = table.session.record["actions"]
    driver.tap_area(BYZACIUM)
    assert OVER_CAPSA not in drawn_words(app, monkeypatch)   # no target chosen yet
    driver.tap_area(CAPSA)
    assert sent == []
    assert [a["count"] for a in table.choices] == [1, 2]
    assert OVER_CAPSA in table.prompt()
    assert OVER_CAPSA in drawn_words(app, monkeypatch)
    ask = table.areas["ask"]
    laid = [b for b in ("act:0", "act:1", "more", "back") if table.buttons.get(b) is not None]
    assert "act:0" in laid and "back" in laid
    for bid in laid:   # the longer prompt leaves them room, paged on a small screen
        assert ask.contains(table.buttons.get(bid).rect), (bid, ask)
    two = {"type": "move", "from": BYZACIUM, "to": CAPSA, "count": 2}
    while two not in table.shown:
        driver.tap_button(table, "more")
    driver.tap_button(table, f"act:{table.shown.index(two)}")   # a warning, not a refusal
    assert sent[0] == two


def test_A15_1_a_single_move_over_the_limit_waits_for_its_tap_in_the_chooser(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_at(app, movement(lone_tokens=True))
    driver = CivDriver(app, table)
    sent = table.session.record["actions"]
    driver.tap_area(BYZACIUM)
    driver.tap_area(CAPSA)
    assert sent == []   # before: the one move was sent by the target's tap, unwarned
    move = {"type": "move", "from": BYZACIUM, "to": CAPSA, "count": 1}
    assert table.shown == [move]
    said = "Moving 1 or more puts Capsa over its limit of 1: the surplus goes back to stock " \
           "at A15.1."
    assert said in drawn_words(app, monkeypatch)
    driver.tap_button(table, "act:0")
    assert sent[0] == move


def test_A12_a_move_within_the_limit_is_sent_by_the_targets_tap_unwarned(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_at(app, movement(lone_tokens=True))
    driver = CivDriver(app, table)
    driver.tap_area(BYZACIUM)
    driver.tap_area(HIPPO)
    assert table.session.record["actions"][0] == {
        "type": "move", "from": BYZACIUM, "to": HIPPO, "count": 1}


def view_of(tokens: dict[str, int], city: bool = False,
            cards: list[str] | None = None) -> dict[str, Any]:
    """Seat 0 moving to Capsa (limit 1) holding `tokens` (by side)."""
    seats = [{"cards": cards or []}, {"cards": []}]
    areas = [{"id": CAPSA, "tokens": tokens, "city": {"owner": 0} if city else None}]
    return {"viewer": 0, "seats": seats, "areas": areas if tokens or city else []}


def moves(*counts: int) -> list[dict[str, Any]]:
    return [{"type": "move", "from": BYZACIUM, "to": CAPSA, "count": n} for n in counts]


@pytest.mark.parametrize(("tokens", "city", "cards", "counts", "said"), [
    ({}, False, [], (1,), ""),
    ({}, False, [], (1, 2, 3), "Moving 2 or more puts Capsa over its limit of 1: the surplus "
                               "goes back to stock at A15.1."),
    ({}, False, ["agriculture"], (1, 2), ""),   # A15.1: one more where he stands alone
    ({"0": 1}, False, ["agriculture"], (1, 2), "Moving 2 or more puts Capsa over its limit "
                                               "of 2: the surplus goes back to stock at A15.1."),
    ({"1": 1}, False, ["agriculture"], (1, 2), "Moving 1 or more puts Capsa over its limit "
                                               "of 1 beside another side's tokens: a conflict "
                                               "at A13.4."),   # no Agriculture in a fight
    ({"0": 2}, True, [], (1, 2), ""),   # a city's area: A13.1 and A15.1 say what happens
])
def test_A15_1_the_warning_names_the_least_count_over_the_limit(
        tokens: dict[str, int], city: bool, cards: list[str], counts: tuple[int, ...],
        said: str) -> None:
    assert warning(moves(*counts), view_of(tokens, city, cards)) == said


def test_moves_to_several_targets_get_no_warning() -> None:
    """The source's moves listed before a target is tapped: no one target to tell of."""
    several = [*moves(2), {"type": "move", "from": BYZACIUM, "to": HIPPO, "count": 2}]
    assert warning(several, view_of({})) == ""


def test_a_chooser_narrowed_to_other_answers_gets_no_warning() -> None:
    """Two ships' sails to one area (the chooser narrowed to them): no count to warn of."""
    sails = [{"type": "sail", "ship": n, "to": CAPSA} for n in (1, 2)]
    assert warning(sails, view_of({"0": 1})) == ""


@pytest.mark.parametrize(("counts", "said"), [
    ((1, 2), "Moving 1 or more puts Hierapytna over its limit of 2: the surplus goes back to "
             "stock at A15.1, unless six there build a city first (A14.2)."),
    ((1,), "Moving 1 or more puts Hierapytna over its limit of 2: the surplus goes back to "
           "stock at A15.1."),   # five: no city
])
def test_A14_2_a_site_the_counts_fill_to_six_is_warned_that_a_city_keeps_them(
        counts: tuple[int, ...], said: str) -> None:
    assert warning(to_hierapytna(*counts), hierapytna_view(6)) == said


def test_A4_4_with_two_players_an_island_site_keeps_nothing() -> None:
    assert warning(to_hierapytna(1, 2), hierapytna_view(2)) == (
        "Moving 1 or more puts Hierapytna over its limit of 2: the surplus goes back to stock "
        "at A15.1.")


def hierapytna_view(players: int) -> dict[str, Any]:
    """Seat 0 with 4 tokens in Hierapytna, an island's site (Crete)."""
    return seat0_view({HIERAPYTNA: 4}, players)


def to_hierapytna(*counts: int) -> list[dict[str, Any]]:
    return [{"type": "move", "from": 68, "to": HIERAPYTNA, "count": n} for n in counts]
