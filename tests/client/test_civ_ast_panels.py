"""What everyone may know (A1.5) at the civ desk table, through the real input path:
the A.S.T. track's epochs and why a marker will or will not move (A5.2, A34.1), the
eight seats' panels readable at 800×480, and a hover or long press telling an area or a
seat on the very next frame (frames counted, never time)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from support.apps import make_app

from ai.civ.determinize import cities_of
from game.civ import ast_panel, seat_rows
from game.civ.table import CivTable, area_info
from game.scenes.flow import start_new_game
from game.tigris.driver import Driver
from game.ui import text


@pytest.fixture
def small(data_dir: Any) -> Any:
    application = make_app((800, 480), game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


@pytest.fixture
def large(data_dir: Any) -> Any:
    application = make_app((1280, 800), game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def eight_nations(app: Any) -> CivTable:
    """A table of eight computers once every nation is chosen (A6.3)."""
    table = start_new_game(app, ["computer"] * 8, seed=3, options={"turn_limit": 9})
    assert isinstance(table, CivTable)
    for _ in range(400):
        if all(s["nation"] for s in table.public()["seats"]):
            break
        app.run_frames(1)
    assert all(s["nation"] for s in table.public()["seats"])
    return table


def seven_and_a_person(app: Any) -> CivTable:
    """Seven computers and a person who has chosen a nation (A6.3): the game waits on the
    person's next decision, so nothing moves while a finger is held down."""
    table = start_new_game(app, ["human"] + ["computer"] * 7, seed=3, options={"turn_limit": 9})
    assert isinstance(table, CivTable)
    driver = Driver(app)
    for _ in range(400):
        named = all(s["nation"] for s in table.public()["seats"])
        if table.deciding() == 0 and table.buttons.get("act:0") is not None:
            if named:
                return table
            driver.press_button(table, "act:0")
        app.run_frames(1)
    raise AssertionError("the person is never asked after the nations are chosen")


def next_frame(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int]]:
    """One frame of the app (its input, update and draw); every text it blits, with the
    size set and the room the clip left for it."""
    said: list[tuple[str, int, int]] = []
    blit = text.blit

    def noting(surface: pygame.Surface, line: str, role: str, px: int, colour: Any,
               pos: Any, anchor: str = "topleft") -> Any:
        said.append((line, px, surface.get_clip().w))
        return blit(surface, line, role, px, colour, pos, anchor)

    monkeypatch.setattr(text, "blit", noting)
    app.run_frames(1)
    monkeypatch.setattr(text, "blit", blit)
    return said


def lines_of(said: list[tuple[str, int, int]]) -> list[str]:
    return [line for line, _px, _room in said]


def told(line: str, said: list[str]) -> bool:
    """Whether `line` was drawn, whole or wrapped into consecutive lines."""
    return line in " ".join(said)


def rest_pointer(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))


def test_A1_5_eight_seats_panels_at_800x480_name_each_nation_whole_and_readable(
        small: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = eight_nations(small)
    table._chrome = None   # the chrome is painted again on the next frame
    said = next_frame(small, monkeypatch)
    view = table.public()
    for seat, rect in enumerate(table.panels.rects):
        assert rect.h >= seat_rows.LEAST_ROW
        name = seat_rows.short_name(table.seat_name(seat))
        drawn = [(px, room) for line, px, room in said if line == name]
        assert drawn, f"{name} is not drawn"
        px, room = drawn[0]
        assert px >= 11, (name, px)
        assert text.size(name, "bold", px)[0] <= room, f"{name} is cut"
        assert view["seats"][seat]["nation"]


def test_A34_1_the_shown_seats_line_says_why_its_marker_will_or_will_not_move(
        small: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = eight_nations(small)
    table._chrome = None
    said = lines_of(next_frame(small, monkeypatch))
    seat = table.state.to_move
    assert seat is not None
    why = ast_panel.why_words(table.public(), seat)
    assert told(why, said), why


def test_A5_2_the_track_has_the_engines_epochs_and_their_conditions_at_1280x800(
        large: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = eight_nations(large)
    assert table.show_track
    assert [(b.first, b.last) for b in table.track.bands] == [
        (1, 4), (5, 7), (8, 10), (11, 13), (14, 16)]
    table._chrome = None
    said = " ".join(lines_of(next_frame(large, monkeypatch)))
    for label in ("Stone Age", "Early Bronze Age", "Late Bronze Age", "Early Iron Age",
                  "Late Iron Age"):
        assert label in said
    for condition in ("2 cities", "3 groups", "9 cards", "5 cities, 1200/1500/1800"):
        assert condition in said, condition
    seat = table.state.to_move
    assert seat is not None
    assert ast_panel.why_words(table.public(), seat) in said


def test_A35_2_each_seats_score_so_far_is_on_its_row_where_the_row_is_wide(
        large: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The public parts only: a seat's hand is hidden from the others (A1.5)."""
    table = eight_nations(large)
    table._chrome = None
    said: list[str] = []
    render = text.render

    def noting(line: str, role: str, px: int, colour: Any) -> pygame.Surface:
        said.append(line)
        return render(line, role, px, colour)

    monkeypatch.setattr(text, "render", noting)
    large.run_frames(1)
    monkeypatch.setattr(text, "render", render)
    view = table.public()
    assert table.panels.rects[0].w >= 380   # px: a wide row
    for seat in range(8):
        score = ast_panel.public_score(view, seat)
        assert score == 100 * (view["seats"][seat]["ast"] - 1) + view["seats"][seat]["treasury"] \
            + 50 * cities_of(view)[seat]   # no cards bought yet at this point
        assert str(score) in said
        assert (ast_panel.score_icon, str(score)) in table.panels.seats[seat].counts


def test_A34_1_hovering_a_panel_tells_the_seats_whole_public_state_on_the_next_frame(
        small: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = eight_nations(small)
    app = small
    app.run_frames(1)
    rest_pointer(table.panels.rects[5].center)
    said = lines_of(next_frame(app, monkeypatch))
    view = table.public()
    why = ast_panel.why_words(view, 5)
    assert told(why, said), why
    assert any(line.startswith("Score so far") for line in said)
    assert any(line.startswith("Stock ") for line in said)


def test_A34_1_a_long_press_on_a_marker_of_the_track_tells_its_seats(
        large: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Markers sharing a space get a line each (eight nations start together), so the
    card stays on the screen."""
    table = seven_and_a_person(large)
    space = max(table.track.spaces, key=lambda n: len(table.track.seats_at(n)))
    assert len(table.track.seats_at(space)) >= 2
    Driver(large, touch=True).long_press(table.track.spaces[space].center)
    said = lines_of(next_frame(large, monkeypatch))
    view = table.public()
    for seat in table.track.seats_at(space):
        why = ast_panel.why_words(view, seat)
        assert told(why, said), why
    assert not [line for line in said if line.startswith("Stock ")], said


def test_A3_an_area_is_told_on_the_first_frame_after_the_pointer_rests_or_a_long_press(
        small: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = eight_nations(small)
    view = table.public()
    held = next(a for a in view["areas"] if a["tokens"])
    pos = table.board.screen(table.board.shape.shapes[held["id"]].label)
    rest_pointer(pos)
    said = lines_of(next_frame(small, monkeypatch))
    expected = area_info(held["id"], view)
    assert expected[0] in said and told(expected[1], said)   # wrapped to the card
    rest_pointer((2, 2))   # away: the card goes
    assert expected[0] not in lines_of(next_frame(small, monkeypatch))
    driver = Driver(small, touch=True)
    driver.long_press(pos)
    said = lines_of(next_frame(small, monkeypatch))
    assert expected[0] in said and told(expected[1], said)


@pytest.mark.parametrize("size", [(40, 32), (160, 128), (320, 256)])
def test_civs_title_card_is_a_map_fragment_with_cities_tokens_and_a_ship(
        data_dir: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The title's card of civ, at the least and at large sizes: the map's sea and land
    with pieces of several nations on it (drawn by the pieces' own painters)."""
    from game.civ import map_art, pieces, title_picture
    from game.civ.client import CivClient

    drawn: list[tuple[str, str]] = []
    for kind in ("city", "token_stack", "ship"):
        painter = getattr(pieces, kind)

        def noting(side: str, *args: Any, _kind: str = kind, _paint: Any = painter) -> Any:
            drawn.append((_kind, side))
            return _paint(side, *args)

        monkeypatch.setattr(pieces, kind, noting)
    app = make_app(size, game="civ")
    try:
        picture = CivClient().picture(*size)
        assert picture.get_size() == size
        colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, size[0], 2)
                   for y in range(0, size[1], 2)}
        assert map_art.SEA in colours and map_art.LAND_TONES[0] in colours
        assert {k for k, _side in drawn} == {"city", "token_stack", "ship"}
        assert len({side for k, side in drawn if k == "city"}) >= 4
        assert title_picture.picture(*size).get_size() == size
    finally:
        app.close()


@pytest.mark.parametrize(("ast", "cities", "status", "said"), [
    (6, 0, "active", "Egypt goes back to 5: no city outside the Stone Age"),
    (4, 1, "active", "Egypt stays on 4: Early Bronze Age needs 2 cities (has 1)"),
    (4, 2, "active", "Egypt moves from 4 to 5 (Early Bronze Age) this turn"),
    (7, 2, "active", "Egypt stays on 7: Late Bronze Age needs 3 cities (has 2) and "
                     "cards of 3 groups (has 0)"),
    (6, 2, "inactive", "Egypt is not in play: its marker stays on 6"),
    (16, 5, "active", "Egypt is on the finish (16)"),
])
def test_A34_why_words_say_each_step_of_the_alteration(
        ast: int, cities: int, status: str, said: str) -> None:
    view = {"seats": [{"ast": ast, "status": status, "cards": [], "nation": "egypt"}],
            "areas": [{"id": n, "city": {"owner": 0}, "tokens": {}} for n in range(cities)]}
    assert ast_panel.why_words(view, 0) == said
