"""Issue 12, "Livelier": what the engine's events look and sound like at the table.

A leader sent home (R7.3 revolt, R8.5 war, R5.1 withdrawal, R3.4 no temple left)
walks to its owner's supply and its slot fills when it lands; tiles beaten in a
war (R8.5) crumble; a monument (R10.1) rises out of its dust; a catastrophe
(R5.3) strikes; a treasure (R9.1) flies to the taker's scores and a point
scored (R5.2) pops to its colour. Each starts its animation (the table's animator
lists what its running animations show) and its sound (the audio keeps what it
started, on SDL's dummy driver). None of them holds anyone up: a player who
acts during an animation has it end at once, and the new ones never block the
next action or a computer's move. The reduced-motion setting (animation speed
"off") shows every change at once.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import engine.tigris as engine
from game.app import App
from game.scenes.flow import start_from_position
from game.settings import Settings
from game.tigris.driver import Driver
from game.tigris.scenes.table import TableScene

Event = dict[str, Any]


@functools.cache
def find_action(wanted: Callable[[Event], bool]) -> tuple[dict, dict, Event]:
    """A position, the action played there and the event of it that `wanted` picks, found
    by seeded random play (once per kind of event; a test must not change what it gets)."""
    rng = random.Random(1)
    for _ in range(300):
        state = engine.new_game(rng.choice([2, 3]), rng.randrange(10**6))
        while not state.is_over:
            actions = state.legal_actions()
            tiles = [a for a in actions if a["type"] == "tile"]
            action = rng.choice(tiles) if tiles and rng.random() < 0.7 else rng.choice(actions)
            before = state
            state = state.apply(action)
            for event in state.events:
                if wanted(event):
                    return before.to_dict(), action, event
    raise AssertionError("no such action in 300 random games")


@functools.cache
def sent_home(reason: str) -> Callable[[Event], bool]:
    return lambda e: e["type"] == "leader_withdrawn" and e["reason"] == reason


@functools.cache
def of_type(kind: str) -> Callable[[Event], bool]:
    return lambda e: e["type"] == kind


def lively_app(speed: str = "normal") -> App:
    """An app that animates and sounds, its sounds loaded before the test goes on."""
    app = App(size=(1280, 800), fullscreen=False, settings=Settings(sound=True),
              animation_speed=speed, persist_settings=False, sync_computers=True)
    deadline = time.monotonic() + 30.0
    while not app.audio.ready and time.monotonic() < deadline:
        time.sleep(0.05)
    assert app.audio.ready, "the sounds did not load"
    return app


@pytest.fixture
def app(data_dir: object) -> Iterator[App]:
    app = lively_app()
    yield app
    app.close()


def table_at(app: App, position: dict, seats: list[str] | None = None) -> TableScene:
    table = start_from_position(app, position, seats or ["human"] * len(position["players"]))
    assert isinstance(table, TableScene)
    return table


# what each event starts: (what its animations show, the sound heard with it)
CASES: dict[str, tuple[Callable[[Event], bool], set[str], str]] = {
    "R7.3_revolt_loser_walks_home": (sent_home("revolt"), {"leader_home"}, "leader_home"),
    "R8.5_war_loser_walks_home": (sent_home("war"), {"leader_home"}, "leader_home"),
    "R5.1_withdrawn_leader_walks_home": (sent_home("action"), {"leader_home"}, "leader_home"),
    "R3.4_leader_without_temple_walks_home": (sent_home("no_temple"), {"leader_home"},
                                              "leader_home"),
    "R8.5_beaten_tiles_crumble": (of_type("tiles_removed"), {"tiles_removed"}, "tiles_crumble"),
    "R10.1_monument_rises_in_dust": (of_type("monument_built"),
                                     {"monument_built", "monument_dust"}, "monument_built"),
    "R5.3_catastrophe_strikes": (of_type("catastrophe"), {"catastrophe", "catastrophe_strike"},
                                 "catastrophe"),
    "R9.1_treasure_flies_to_scores": (of_type("treasure_taken"), {"treasure_taken"},
                                      "treasure_taken"),
    "R5.2_point_pops_to_its_score": (of_type("vp"), {"vp"}, "vp_gain"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_event_starts_its_animation_and_sound(app: App, case: str) -> None:
    wanted, shows, sound = CASES[case]
    position, action, _ = find_action(wanted)
    table = table_at(app, position)
    assert table.act(action)
    running = set(table.animator.running())
    assert shows <= running, f"{shows - running} not started (running: {sorted(running)})"
    Driver(app).frames(90)
    assert sound in app.audio.heard
    assert not table.animator.active, "every animation ends by itself"


def test_sound_off_silences_the_animations_sounds_R8_5(app: App) -> None:
    """The sound setting holds for the sounds timed with animations too."""
    position, action, _ = find_action(of_type("tiles_removed"))
    table = table_at(app, position)
    app.settings.sound = False
    app.save_settings()
    table.act(action)
    assert "tiles_removed" in table.animator.running()
    Driver(app).frames(90)
    assert app.audio.heard == []


def test_leader_home_fills_its_supply_slot_when_it_lands_R8_5(app: App) -> None:
    position, action, event = find_action(sent_home("war"))
    table = table_at(app, position)
    table.act(action)
    driver = Driver(app)
    driver.frames(1)
    home = f"supply:{event['seat']}:{event['color']}"
    assert home in table.drawing.masks, "the slot stays empty while the leader walks"
    from game.tigris.ui.panel_places import panel_places

    slot = panel_places(table.layout.side_.panels[event["seat"]], table.layout.cell).leaders[
        event["color"]]

    def painted() -> tuple[int, ...]:
        for _ in range(3):   # the board and the panels are painted in turn
            table.drawing.draw(app.screen)
        assert table.drawing.static is not None
        return tuple(table.drawing.static.get_at(slot.center))

    walking = painted()
    driver.frames(60)
    assert home not in table.drawing.masks
    assert painted() != walking, "the slot fills when it lands"


def test_leader_home_ends_in_its_owners_panel_slot_R5_1(app: App) -> None:
    """Pass-and-play: nobody's bar is on screen, so the leader walks to the leader row of
    its owner's panel, shrinking to the slot's size."""
    position, action, event = find_action(sent_home("action"))
    table = table_at(app, position)
    table.act(action)
    from game.tigris.ui.panel_places import panel_places

    walk = next(a for a in table.animator.anims if a.shows == "leader_home")
    places = panel_places(table.layout.side_.panels[event["seat"]], table.layout.cell)
    slot = places.leaders[event["color"]]
    assert walk.end == slot.center  # type: ignore[attr-defined]
    assert walk.end_scale * walk.sprite.get_width() == pytest.approx(slot.w)  # type: ignore[attr-defined]


def test_a_point_pops_to_its_colours_score_and_a_treasure_to_the_scores_R5_2_R9_1(
        app: App) -> None:
    from game.tigris.ui.panel_places import panel_places

    for wanted, shows in ((of_type("vp"), "vp"), (of_type("treasure_taken"), "treasure_taken")):
        position, action, event = find_action(wanted)
        table = table_at(app, position)
        table.act(action)
        flight = next(a for a in table.animator.anims if a.shows == shows)
        places = panel_places(table.layout.side_.panels[event["seat"]], table.layout.cell)
        end = places.chips[event["color"]] if shows == "vp" else places.scores
        assert flight.end == end.center  # type: ignore[attr-defined]


def test_the_new_animations_never_block_play(app: App) -> None:
    """A war's walk home, crumbling tiles and points leave the next action and a computer's
    move waiting no longer than the tile that started it."""
    position, action, _ = find_action(of_type("tiles_removed"))
    table = table_at(app, position)
    table.act(action)
    blocking = {a.shows for a in table.animator.anims if a.blocking}
    assert not blocking & {"leader_home", "tiles_removed", "vp", "monument_dust",
                           "catastrophe_strike", "treasure_taken"}


QUIET = {"tile_placed", "vp", "turn_ended", "tiles_drawn", "hand_drawn", "turn_started"}


def _quiet_tiles(state: Any) -> list[dict]:
    """Tile placements that cause nothing but the tile (a point, the turn's end)."""
    return [a for a in state.legal_actions()
            if a["type"] == "tile" and {e["type"] for e in state.apply(a).events} <= QUIET]


def test_acting_during_an_animation_ends_it_and_acts_at_once(app: App) -> None:
    """The player's second tile is placed while the first is still sliding: the tap is
    handled in that frame and the first slide jumps to its end."""
    state = engine.new_game(2, 7)
    seat = state.to_move
    seats = ["human" if s == seat else "computer" for s in range(2)]
    table = table_at(app, state.to_dict(), seats)
    driver = Driver(app)
    driver.frames(2)
    first = _quiet_tiles(state)[0]
    driver.tap(table.layout.hand_slots[table.hand().index(first["color"])].center)
    driver.tap(driver.square_point(table, first["to"]))
    assert table.session.record["actions"] == [first]
    assert table.animator.blocking, "the first tile is still on its way"
    second = _quiet_tiles(table.session.state)[0]
    driver.tap(table.layout.hand_slots[table.hand().index(second["color"])].center)
    assert "tile_placed" not in table.animator.running(), "the slide jumped to its end"
    assert table.selection is not None and table.selection.color == second["color"]
    driver.tap(driver.square_point(table, second["to"]))
    assert table.held is not None and table.held.action == second, (
        "the turn's last tile waits for End turn")
    driver.end_held_turn(table)
    assert table.session.record["actions"][:2] == [first, second]


def test_a_key_during_an_animation_is_handled_at_once(app: App) -> None:
    """The keyboard too: Escape during a slide opens the menu in that frame."""
    state = engine.new_game(2, 7)
    seat = state.to_move
    seats = ["human" if s == seat else "computer" for s in range(2)]
    table = table_at(app, state.to_dict(), seats)
    driver = Driver(app)
    driver.frames(2)
    first = _quiet_tiles(state)[0]
    driver.tap(table.layout.hand_slots[table.hand().index(first["color"])].center)
    driver.tap(driver.square_point(table, first["to"]))
    assert table.animator.active
    driver.key("escape")
    assert not table.animator.active
    assert app.stack.top is not table, "the menu opened"


class TwoFingers(random.Random):
    """The tabletop driver's choice of gesture: always a second finger taking the piece
    while the first holds the strip (the quicker gesture)."""

    def random(self) -> float:
        return 0.9


def test_a_tabletop_carry_during_an_animation_acts_at_once(data_dir: object) -> None:
    """At the tabletop too: a tile carried out of the strip while the last one is still
    sliding is placed at once."""
    from game.scenes.flow import start_new_game
    from game.tigris.tabletop_driver import TabletopDriver

    app = App(size=(1280, 800), fullscreen=False, settings=Settings(sound=False),
              animation_speed="normal", persist_settings=False, sync_computers=True,
              tabletop=True)
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        driver = TabletopDriver(app)
        driver.frames(2)
        seat = table.viewer
        played = []
        for _ in range(2):
            action = _quiet_tiles(table.session.state)[0]
            control = f"tile:{table.hand().index(action['color'])}"
            driver.carry(table, seat, control, driver.square_point(table, action["to"]),
                         TwoFingers())
            played.append(action)
            assert table.animator.blocking, "the tile just placed is still on its way"
            if table.held is not None:
                driver.end_held_turn(table)   # the turn's last tile waits for End turn
            assert table.session.record["actions"] == played
    finally:
        app.close()


def test_reduced_motion_shows_every_change_at_once_R5_1(data_dir: object) -> None:
    """Animation speed "off" is the reduced-motion setting: nothing moves, no slot waits
    for a leader, and the action's one telling sound is still heard."""
    app = lively_app("off")
    try:
        position, action, _ = find_action(sent_home("action"))
        table = table_at(app, position)
        table.act(action)
        assert table.animator.running() == []
        Driver(app).frames(2)
        assert not table.drawing.masks
        assert app.audio.heard == ["leader_home"]
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 480), (1280, 800), (1920, 1080)])
def test_panel_places_lie_inside_their_panel(size: tuple[int, int]) -> None:
    from game.tigris.layout import table_layout
    from game.tigris.ui.panel_places import COLORS, panel_places

    layout = table_layout(*size, 4)
    for rect in layout.side_.panels:
        places = panel_places(rect, layout.cell)
        for color in COLORS:
            assert rect.contains(places.leaders[color]) and rect.contains(places.chips[color])


def test_a_beaten_tile_stands_whole_until_its_turn_to_crumble_R8_5() -> None:
    """Tiles of a war crumble one after another; each stays on its square until its
    turn (it vanished at once before), then breaks apart from the middle."""
    import pygame

    from game.animations import Crumble
    from game.tween import Tween

    sprite = pygame.Surface((40, 40))
    sprite.fill((200, 30, 30))
    crumble = Crumble(sprite, (50.0, 50.0), Tween(0.5, delay=0.2))
    board = pygame.Surface((100, 100))

    def middle() -> tuple[int, ...]:
        board.fill((0, 0, 0))
        crumble.draw(board)
        return tuple(board.get_at((50, 50)))[:3]

    assert middle() == (200, 30, 30), "still whole before its turn"
    crumble.update(0.45)
    assert middle() == (0, 0, 0), "broken apart, its pieces drifting away from the middle"
    crumble.update(0.3)
    assert crumble.done
