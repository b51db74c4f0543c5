"""Advanced Civilization at the client's table (issue 22), through the real input path:
the title lists it, the set-up screen starts it, computers play it to its end (A35), a
person answers decisions by taps (a move by taps on the map, A12), hovering an area
tells it at once, the hand-over hides each hand from the other seats (A1.5), and a
saved game resumes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from support.apps import closed_after, make_app

import engine.civ as civ
from game.app import App
from game.civ.table import CivTable
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_new_game
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.tigris.driver import Driver


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def area_point(table: CivTable, area: int) -> tuple[int, int]:
    """Where a finger taps an area: its label point, on screen."""
    return table.board.screen(table.board.shape.shapes[area].label)


def run_until(app: Any, table: CivTable, done: Any, frames: int = 3000) -> None:
    for _ in range(frames):
        if done():
            return
        app.run_frames(1)


def test_the_title_lists_civ_and_its_set_up_starts_a_table_of_two_to_eight(app: Any) -> None:
    title = TitleScene(app)
    app.replace(title)
    app.run_frames(1)
    assert "game:civ" in [card.id for card in title.cards.buttons]
    Driver(app).tap(title.cards.get("game:civ").rect.center)
    assert app.game.id == civ.ID
    setup = SetupScene(app)
    app.push(setup)
    app.run_frames(1)
    assert [b.id for b in setup.buttons.buttons if b.id.startswith("count:")] == \
        [f"count:{n}" for n in range(2, 9)]
    driver = Driver(app)
    assert setup.buttons.get("option:turns").label == "Play to the end (A35.1)"
    driver.press_button(setup, "option:turns")
    assert setup.buttons.get("option:turns").label == "2 turns"
    driver.press_button(setup, "start")
    table = app.stack.top
    assert isinstance(table, CivTable)
    assert table.session.record["game"] == civ.ID
    assert table.session.options["turn_limit"] == 2


def test_a_game_of_computers_plays_to_its_end_at_the_table_with_a35_scores(app: Any) -> None:
    table = start_new_game(app, ["computer"] * 3, seed=3, options={"turn_limit": 2},
                           levels=["random", "easy", "random"])
    run_until(app, table, lambda: isinstance(app.stack.top, DialogScene))
    state = table.session.state
    assert state.is_over
    assert civ.replay(table.session.record).digest() == state.digest()
    result = app.stack.top
    assert isinstance(result, DialogScene)
    scores = state.final_scores()
    assert len(scores) == 3
    assert any("The game is over" in line for line in table.log)
    assert len(result.spec.lines) == 3
    for place, seats in enumerate(state.ranking(), start=1):
        assert all(any(line.startswith(f"{place}. ") and f": {scores[seat]} points = " in line
                       for line in result.spec.lines) for seat in seats)


def test_a_person_answers_by_taps_and_moves_tokens_by_taps_on_the_map(app: Any) -> None:
    table = start_new_game(app, ["human", "computer", "computer"], seed=5,
                           options={"turn_limit": 2})
    driver = Driver(app)
    moved = False
    for _ in range(600):
        state = table.session.state
        if state.is_over:
            break
        pending = state.pending
        if pending is None or pending["seat"] != 0 or table.deciding() != 0:
            app.run_frames(1)
            continue
        before = len(table.session.record["actions"])
        answers = table.answers()
        moves = [a for a in answers if a["type"] == "move"]
        if pending["kind"] == "movement" and moves and not moved:
            move = moves[0]
            driver.tap(area_point(table, move["from"]))
            assert table.chosen_from == move["from"]
            assert move["to"] in table.lit()
            driver.tap(area_point(table, move["to"]))
            if len(table.session.record["actions"]) == before:
                # several counts: the chooser names them; the first one is tapped
                assert table.only and all(a["to"] == move["to"] for a in table.only)
                driver.press_button(table, "act:0")
            action = table.session.record["actions"][before]
            assert action["type"] == "move" and action["from"] == move["from"]
            moved = True
            continue
        bid = next((b.id for b in table.buttons.buttons if b.id.startswith("act:")), None)
        if bid is None:
            app.run_frames(1)
            continue
        # "done" and "stay" keep the game short and the seat in it
        shown = table.shown
        pick = next((i for i, a in enumerate(shown) if a["type"] in ("done", "stay", "pass")),
                    0)
        driver.press_button(table, f"act:{pick}")
        assert len(table.session.record["actions"]) > before
    assert moved


def test_hovering_an_area_tells_its_name_limit_and_pieces_in_the_next_frame(app: Any) -> None:
    table = start_new_game(app, ["human", "computer"], seed=2, options={"turn_limit": 2})
    app.run_frames(2)
    view = table.session.state.view(None)
    held = next(a for a in view["areas"] if a["tokens"])
    pos = area_point(table, held["id"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.run_frames(1)
    assert table.hover == held["id"]
    from game.civ.table import area_info
    lines = area_info(held["id"], view)
    assert "population limit" in lines[1] and "Next to:" in lines[2]
    assert any(line.startswith("Tokens of ") for line in lines)


def test_a_seat_panels_icons_fit_their_square_so_no_count_is_covered(app: Any) -> None:
    """A stack and a city are drawn larger than their size on the map (they stand over
    their area); beside a panel's counts they would cover the number before them."""
    table = start_new_game(app, ["computer", "computer"], seed=2, options={"turn_limit": 2})
    app.run_frames(2)
    panels = [p for p in table.seat_panels() if p.counts]
    assert panels, "the nations are chosen"
    for px in (14, 20, 32):
        for panel in panels:
            for icon, _value in panel.counts:
                w, h = icon(px).get_size()
                assert w <= px and h <= px, (px, w, h)


def with_hand(state: Any, seat: int, stack: int) -> Any:
    """The position with `seat`'s hand made of the top three cards of stack `stack` (its
    own cards going under that stack): every card still in one place (A2.7)."""
    from engine.civ.tables import CARD_ORDER, CARD_STACK

    d = state.to_dict()
    for card in d["seats"][seat]["hand"]:
        d["stacks"][CARD_STACK[card] - 1].append(card)
    pile = d["stacks"][stack]
    hand, d["stacks"][stack] = pile[:3], pile[3:]
    d["seats"][seat]["hand"] = sorted(hand, key=CARD_ORDER.__getitem__)
    return civ.from_dict(d)


def test_pass_and_play_hides_each_hand_from_the_other_seat(app: Any) -> None:
    """A1.5: once the hand-over gave the screen to one seat, dealing the other seat's hand
    anew (other cards, as many) changes no pixel of what is shown; its own hand shows."""
    table = start_new_game(app, ["human", "human"], seed=7, options={"turn_limit": 3})
    driver = Driver(app)
    for _ in range(300):
        if table.flow.viewer is not None and table.deciding() == table.flow.viewer:
            break
        top = app.stack.top
        if top is not table and hasattr(top, "buttons") and top.buttons.get("confirm"):
            driver.press_button(top, "confirm")
        else:
            app.run_frames(1)
    seat = table.flow.viewer
    assert seat is not None and table.deciding() == seat
    other = 1 - seat
    pictures = []
    for stack in (0, 1, 2):
        table.session.state = with_hand(table.session.state, other, stack)
        table.refresh()
        surface = pygame.Surface(app.size)
        table.draw(surface)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert pictures[0] == pictures[1] == pictures[2]
    table.session.state = with_hand(table.session.state, seat, 3)
    table.refresh()
    surface = pygame.Surface(app.size)
    table.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != pictures[0], "the seat's own hand shows"


def test_a_saved_civ_game_resumes_at_the_same_position(app: Any) -> None:
    table = start_new_game(app, ["human", "computer"], seed=4, options={"turn_limit": 2})
    app.run_frames(3)
    digest = table.session.state.digest()
    app.saver.flush()
    saved = json.loads(table.session.path.read_text(encoding="utf-8"))
    assert saved["record"]["game"] == civ.ID
    title = TitleScene(app)
    app.replace(title)
    app.run_frames(1)
    Driver(app).press_button(title, "continue")
    resumed = app.stack.top
    assert isinstance(resumed, CivTable)
    assert resumed.session.state.digest() == digest


def test_a_private_line_is_told_only_to_its_own_seat_never_to_the_hand_over(app: Any) -> None:
    """A1.5: the cards a seat drew are told in the log while its own hand shows; the lines
    the hand-over screen and the replay read (`table.log`) never hold them."""
    from game.civ import words

    table = start_new_game(app, ["human", "human"], seed=3, options={"turn_limit": 2})
    app.run_frames(1)
    table.present([{"type": "hand_drawn", "seat": 0, "cards": ["salt", "gold"],
                    "private_to": 0}], None, 0, None)
    told = [line for line in table.told if "Gold" in line]
    assert told and told[0].topic == words.PRIVATE
    assert not [line for line in table.log if "Gold" in line]
    assert words.may_read(told[0], 0) and not words.may_read(told[0], 1)


def test_areas_over_their_limit_and_cities_short_of_support_are_told_apart() -> None:
    """A15.1: tokens with a city or past the limit (one more for a lone side holding
    Agriculture) go at the surplus removal; A7.5: fewer tokens than 2 × cities on the
    board leave cities unsupported. The map marks both (each its own marker)."""
    from game.civ.table import over_limit, short_of_support

    seats = [{"cards": []}, {"cards": ["agriculture"]}]
    view = {"seats": seats, "areas": [
        {"id": 1, "tokens": {"0": 3}, "city": None},
        {"id": 2, "tokens": {"1": 3}, "city": None},
        {"id": 3, "tokens": {"0": 1}, "city": {"owner": 0, "new": False}},
        {"id": 4, "tokens": {}, "city": {"owner": 1, "new": False}},
        {"id": 5, "tokens": {}, "city": {"owner": 1, "new": True}}]}
    assert over_limit(view["areas"][0], 2, view)
    assert not over_limit(view["areas"][1], 2, view), "Agriculture: one more (A15.1)"
    assert over_limit(view["areas"][2], 5, view), "no tokens stay with a city"
    assert not over_limit(view["areas"][3], 1, view)
    assert short_of_support(view) == {1}, "seat 0: 4 tokens, 1 city; seat 1: 3 tokens, 2 cities"


def test_a16_1_the_hand_line_tells_a_non_tradable_calamity_the_next_draws_reach() -> None:
    """A6.2, A32.6: it only goes to the very bottom, in view of all, so its place is public.
    Italy is building; Africa and Illyria, of two cities, draw two cards from stack 2: the
    second card down is within reach, the third is not."""
    from civ.civ_world import building_by_the_volcano, state

    from game.civ.words import calamities_near
    from game.i18n import t

    def near(depth: int) -> list[str]:
        return calamities_near(state(building_by_the_volcano(depth)).view(1))

    assert near(1) == [t("civ.calamity_near", card=t("civ.trade.volcano_earthquake"), nth=2,
                         stack=2)]
    assert near(1) == ["Coming: Volcanic Eruption / Earthquake, card 2 of stack 2"]
    assert near(2) == []



def test_a16_1_the_hand_line_is_painted_again_when_only_a_calamitys_depth_changed(
        app: Any) -> None:
    """Another seat's draw moves the calamity up its stack without touching the shown hand:
    the kept chrome must still be the whole painting's, with the new words."""
    from support.civ_tables import civ_session_at, civ_table_at, volcano_at

    from game.civ.words import calamities_near
    from game.kit.kept_picture import SectionedPicture
    from game.ui import skin

    size = app.size
    table = civ_table_at(app, volcano_at(4))
    seat = table.flow.viewer
    assert seat is not None and calamities_near(table.public()) == []
    hand = table.view()["seats"][seat]["hand"]
    table.chrome(size)
    table.session = civ_session_at(volcano_at(0))   # as an action moves the game on
    assert table.view()["seats"][seat]["hand"] == hand
    assert calamities_near(table.public()) == [
        "Coming: Volcanic Eruption / Earthquake, card 1 of stack 2"]
    kept = pygame.image.tobytes(table.chrome(size), "RGB")
    assert "hand" in table.kept_chrome.painted
    whole = SectionedPicture().picture(skin.table(*size), table.chrome_sections())
    assert kept == pygame.image.tobytes(whole, "RGB")
