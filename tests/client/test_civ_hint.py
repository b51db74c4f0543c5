"""Hints at the civ desk table (issue 25), through the real input path: the person
deciding taps Hint; the medium civ player (ai/civ/medium.py), looking at that seat's
view only, finds an answer; a move is drawn on the map (source and target ringed), any
other answer is framed in the prompt's list (paged to it), and a card says it with one
sentence of why. Nothing is played. The same view gives the same hint whatever the
other seats hold and whatever the stacks' order; the set-up's switch hides the button."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from support.apps import closed_after, make_app
from support.civ_decision_positions import load
from support.civ_tables import civ_table_at
from support.civ_views import CYDONIA, HIERAPYTNA, seat0_view

import engine.civ as civ
from engine.civ.tables import CALAMITIES
from game.app import App
from game.civ.hint_view import MOVES, why
from game.civ.table import CivTable
from game.civ.words import cards_words, describe
from game.i18n import t
from game.savegame import SavedGame, SeatConfig
from game.scenes.flow import make_table
from game.session import GameSession
from game.tigris.driver import Driver
from game.ui import text

# Positions where the medium player answers with what the list lacks: a purchase of a
# card paid from several sets and a trade offer, met in a seeded game of four medium
# players (turn 7), stored as the engine's `to_dict`.
BUILT = json.loads((Path(__file__).parent / "data" / "civ_hint_positions.json").read_text())
POSITIONS = {**load(), **BUILT}
NON_TRADABLE = {c.id for c in CALAMITIES if not c.tradable}


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def tap_hint(app: Any, table: CivTable) -> None:
    button = table.buttons.get("hint")
    assert button is not None and button.enabled, "the deciding person may ask"
    Driver(app).tap(button.rect.center)
    app.run_frames(2)


def hinted(app: Any, position: dict[str, Any]) -> tuple[CivTable, dict[str, Any]]:
    table = civ_table_at(app, position)
    tap_hint(app, table)
    action = table.hint.action
    assert action is not None and table.hint.lines
    return table, action


def test_a_movement_hint_is_drawn_on_the_map_and_plays_nothing(app):
    table, action = hinted(app, POSITIONS["movement"])
    state = table.state
    digest, plies = state.digest(), len(table.session.record["actions"])
    view = state.view(table.deciding())
    assert state.check(action) is None, "a legal answer of the seat"
    assert table.hint.lines[1:] == [describe(action, view), why(action, view)]
    if action["type"] in MOVES:
        assert table.hint.areas()[0] == action["from"] and table.hint.areas()[-1] == action["to"]
    table.draw(pygame.Surface((1280, 800)))
    app.run_frames(30)
    assert table.state.digest() == digest and len(table.session.record["actions"]) == plies
    assert table.hint.action == action, "shown while the position stays"
    assert table.session.seats[table.deciding()].hints == 1
    tap_hint(app, table)
    assert table.session.seats[table.deciding()].hints == 1, "the same position asks once"


@pytest.mark.parametrize("kind", ["tax_rate", "cities", "civ_cards", "trade_open", "loss",
                                  "growth", "ships"])
def test_an_answer_hint_is_framed_in_the_prompts_list(app, kind):
    table, action = hinted(app, POSITIONS[kind])
    assert table.state.check(action) is None
    if action in table.choices:
        assert action in table.shown, "the list is turned to the page holding it"
    table.draw(pygame.Surface((1280, 800)))
    assert len(table.session.record["actions"]) == 0, "nothing is played"


def test_asking_a_hint_folds_the_summary_that_would_cover_its_card(app):
    table = civ_table_at(app, POSITIONS["movement"])
    table.life.toggle_summary()
    assert table.life.panel is not None
    tap_hint(app, table)
    assert table.life.panel is None and table.hint.lines, "the hint's card is in sight"


def test_the_hint_goes_when_the_person_answers(app):
    table, action = hinted(app, POSITIONS["tax_rate"])
    other = next(a for a in table.answers() if a != action and not a["type"].startswith("_"))
    table.act(other)
    app.run_frames(2)
    assert table.hint.action is None


def reshuffled(position: dict[str, Any], viewer: int, seed: int) -> dict[str, Any]:
    """The same position for `viewer`: the other seats' trade cards dealt anew among them
    (each keeps its count) and every stack's order shuffled, but for its non-tradable
    calamity, whose place everyone counted (A6.2, A32.6)."""
    out = copy.deepcopy(position)
    rng = random.Random(seed)
    others = [s for i, s in enumerate(out["seats"]) if i != viewer]
    pool = [card for s in others for card in s["hand"]]
    rng.shuffle(pool)
    for s in others:
        s["hand"], pool = pool[:len(s["hand"])], pool[len(s["hand"]):]
    for stack in out["stacks"].values() if isinstance(out["stacks"], dict) else out["stacks"]:
        slots = [i for i, card in enumerate(stack) if card not in NON_TRADABLE]
        cards = [stack[i] for i in slots]
        rng.shuffle(cards)
        for i, card in zip(slots, cards, strict=True):
            stack[i] = card
    return out


@pytest.mark.parametrize("kind", ["trade_open", "civ_cards", "trade_answer",
                                  "trade_open_propose", "civ_cards_buy"])
def test_a_civ_hint_is_found_from_the_seats_view_only(app, kind):
    position = POSITIONS[kind]
    me = int(civ.from_dict(position).to_move)
    changed = [reshuffled(position, me, seed) for seed in (1, 2)]
    assert any(c["seats"] != position["seats"] for c in changed), "hidden cards differ"
    for other in changed:
        assert civ.from_dict(other).view(me) == civ.from_dict(position).view(me)
    _table, first = hinted(app, position)
    for other in changed:
        _again, action = hinted(app, other)
        assert action == first


def table_with_switch(app: Any, hints_on: bool) -> CivTable:
    position = POSITIONS["tax_rate"]
    me = int(civ.from_dict(position).to_move)
    seats = [SeatConfig("human" if s == me else "computer", "random", "")
             for s in range(len(position["seats"]))]
    record = {"game": civ.ID, "players": len(seats), "seed": 1,
              "options": position["options"], "actions": []}
    table = make_table(app, GameSession(SavedGame(record=record, seats=seats, start=position,
                                                  hints_on=hints_on)))
    app.replace(table)
    app.run_frames(2)
    return table


def test_the_set_up_switch_hides_the_civ_hint_button(app):
    on = table_with_switch(app, True)
    assert on.buttons.get("hint") is not None
    off = table_with_switch(app, False)
    assert off.deciding() is not None and off.buttons.get("hint") is None
    off.hint.ask()
    assert all(seat.hints == 0 for seat in off.session.seats)


def test_no_civ_hint_in_a_replay(app):
    position = POSITIONS["tax_rate"]
    record = {"game": civ.ID, "players": len(position["seats"]), "seed": 1,
              "options": position["options"], "actions": []}
    seats = [SeatConfig("human") for _ in position["seats"]]
    table = CivTable(app, GameSession(SavedGame(record=json.loads(json.dumps(record)),
                                                seats=seats, start=position)), replay=True)
    assert not table.hint.offered and table.buttons.get("hint") is None


def test_the_final_scores_say_the_hints_used(app):
    table, _action = hinted(app, POSITIONS["tax_rate"])
    me = table.deciding()
    assert me is not None
    lines = table.result_scene().spec.lines
    assert lines[-1] == t("civ.hint.used", counts=f"{table.seat_name(me)} 1")
    table.session.seats[me].hints = 0
    assert t("civ.hint.used", counts="").strip() not in " ".join(table.result_scene().spec.lines)


@pytest.mark.parametrize("kind", ["trade_open_propose", "civ_cards_buy"])
def test_an_answer_the_list_lacks_is_offered_first_framed_and_taken_only_if_tapped(app, kind):
    table, action = hinted(app, POSITIONS[kind])
    assert action["type"] == ("propose" if kind.startswith("trade") else "purchase")
    assert action not in table.answers(), "the list alone would not hold it"
    assert action in table.shown, "offered in the prompt's list, on the page shown"
    if action["type"] == "propose":
        assert table.hint.lines[2] == t(
            "civ.hint.terms", give=cards_words(action["give"]),
            named=cards_words(action["named"]), want=action["want"],
            wanted=cards_words(action["want_named"]))
    app.run_frames(10)
    assert table.session.record["actions"] == [], "nothing is played"
    button = table.buttons.get(f"act:{table.shown.index(action)}")
    assert button is not None
    Driver(app).tap(button.rect.center)
    app.run_frames(2)
    assert table.session.record["actions"][0] == action, "the person took it"


@pytest.mark.parametrize("kind", ["growth", "selection", "assign", "loss", "tax_rate",
                                  "movement", "trade_answer"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 480)])
def test_the_frame_around_a_hinted_answer_leaves_the_prompts_words_readable(data_dir, kind,
                                                                           size):
    """Long prompts (three to eight lines) over their framed answer: the frame stands
    clear of the ink of the prompt's last line, descenders and all."""
    for application in closed_after(make_app(size, game="civ")):
        table, _ = hinted(application, POSITIONS[kind])
        frame = table.hint.frame_rect()
        assert frame is not None, "the answer is framed in the list"
        ask = table.areas["ask"]
        lines = text.wrap(table.prompt(), "text", table.prompt_px, ask.w)
        ink = max(text.render(line, "text", table.prompt_px, (255, 255, 255))
                  .get_bounding_rect().bottom for line in lines)
        last_line_top = ask.y + (len(lines) - 1) * int(table.prompt_px * 1.25)
        assert frame.top >= last_line_top + ink, (len(lines), frame.top, last_line_top + ink)


def crete_view(tokens: dict[int, int], ship_area: int, players: int = 6) -> dict[str, Any]:
    """Seat 0's tokens and its ship 1, two aboard, in `ship_area`."""
    return seat0_view(tokens, players, [{"owner": 0, "number": 1, "area": ship_area,
                                         "coast": None, "aboard": 2}])


def test_an_unload_that_fills_a_city_site_says_so_as_a_move_does() -> None:
    unload = {"type": "unload", "ship": 1, "count": 2}
    view = crete_view({HIERAPYTNA: 4}, HIERAPYTNA)
    assert why(unload, view) == t("civ.hint.why.city_site", area="Hierapytna")
    short = crete_view({HIERAPYTNA: 3}, HIERAPYTNA)
    assert why(unload, short) == t("civ.hint.why.ship")


def test_A4_4_with_two_players_an_island_site_is_filled_for_no_city() -> None:
    unload = {"type": "unload", "ship": 1, "count": 2}
    assert why(unload, crete_view({HIERAPYTNA: 4}, HIERAPYTNA, players=2)) \
        == t("civ.hint.why.ship")


def test_a_ships_price_is_told_as_paid_A11_2() -> None:
    view = crete_view({CYDONIA: 4}, CYDONIA)
    said = [describe({"type": "build_ship", "area": CYDONIA, "board": board, "coast": None},
                     view) for board in (0, 1, 2)]
    assert said == [t("civ.act.build_ship_treasury", area="Cydonia"),
                    t("civ.act.build_ship_mixed", area="Cydonia"),
                    t("civ.act.build_ship", area="Cydonia")]
    assert "1 token from the area, 1 from the treasury" in said[1]
