"""The tabletop mode: panels facing their seats, hands open only while held, many
fingers at once, whole games and commitments played with synthetic finger events."""

from __future__ import annotations

import random
from functools import partial

import pygame
import pytest
from pygame import Rect
from support.apps import make_app as shared_make_app

from game import main as client_main
from game.app import App
from game.i18n import t
from game.input import InputMapper
from game.kit.tabletop import Frame, chooser_geometry
from game.scenes.flow import start_from_position, start_new_game
from game.scenes.handover import HandoverScene
from game.settings import Settings
from game.tigris import art
from game.tigris.scenes.conflict_moment import ConflictMomentScene
from game.tigris.scenes.scoring import ScoringScene
from game.tigris.scenes.tabletop import TabletopScene
from game.tigris.tabletop_driver import TabletopDriver
from game.tigris.tabletop_layout import EDGES, TARGET, tabletop_layout
from game.tigris.ui import seat_panel
from positions import build_dict

make_app = partial(shared_make_app, tabletop=True)

SIZES = [(800, 480), (1024, 600), (1280, 800), (1920, 1080), (3840, 2160), (720, 1280)]
ROTATIONS = {"bottom": 0, "left": 90, "top": 180, "right": 270}


def crop(app: App, rect: Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect.clip(app.screen.get_rect())), "RGB")


# ----- geometry ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_panels_face_their_seats_at_their_edges(size, players):
    w, h = size
    table = tabletop_layout(w, h, players)
    screen = Rect(0, 0, w, h)
    assert [p.edge for p in table.seats] == list(EDGES[players])
    strips = [p.strip for p in table.seats]
    for place in table.seats:
        assert place.rotation == ROTATIONS[place.edge]
        strip = place.strip
        assert screen.contains(strip), (place.edge, strip)
        edge = {"bottom": strip.bottom == h, "top": strip.top == 0, "left": strip.left == 0,
                "right": strip.right == w}
        assert edge[place.edge], f"the {place.edge} panel must lie along its own edge: {strip}"
        assert not strip.colliderect(table.board), (place.edge, strip, table.board)
        assert screen.contains(place.open_frame().rect)
        depth = strip.h if place.edge in ("bottom", "top") else strip.w
        assert depth >= 40, "a closed panel is one finger-sized target"
    for i, a in enumerate(strips):
        for b in strips[i + 1:]:
            assert not a.colliderect(b), (a, b)
    for rect in table.buttons.values():
        assert screen.contains(rect) and rect.w >= 40 and rect.h >= 40, rect
        assert not rect.colliderect(table.board)
        assert not any(rect.colliderect(s) for s in strips)
    if table.log is not None:
        assert screen.contains(table.log) and not table.log.colliderect(table.board)
    assert table.board.w == 16 * table.cell and table.board.h == 11 * table.cell


@pytest.mark.parametrize("players", [2, 3, 4])
def test_held_pieces_and_choices_are_finger_sized_at_800x480(players):
    table = tabletop_layout(800, 480, players)
    assert table.cell >= 30
    for place in table.seats:
        g = place.panel
        length, depth = place.open_frame().size
        for rect in [*g.tiles, *g.leaders, g.catastrophe, *g.buttons]:
            assert rect.w >= TARGET - 4 and rect.h >= TARGET - 4, (place.edge, rect)
            assert Rect(0, 0, length, depth).contains(rect), (place.edge, rect)
            assert not rect.colliderect(g.strip)
        for options, footer, width in ((7, 1, TARGET), (6, 2, TARGET), (5, 0, 132)):
            chooser = chooser_geometry(place.length, table.cell, options, footer, 3, width,
                                       place.strip_depth)
            for rect in [*chooser.options, *chooser.footer]:
                assert rect.w >= 40 and rect.h >= 40
            assert chooser.depth <= place.reach


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_frames_map_local_and_screen_coordinates_both_ways(rotation):
    frame = Frame(Rect(30, 40, 120, 70) if rotation in (0, 180) else Rect(30, 40, 70, 120),
                  rotation)
    length, depth = frame.size
    assert (length, depth) == (120, 70)
    for local in [(0, 0), (119, 69), (10, 60), (100, 5)]:
        screen = frame.point_to_screen(local)
        assert frame.rect.collidepoint(screen)
        assert frame.to_local(screen) == local
    near = frame.to_screen(Rect(0, depth - 10, length, 10))
    side = {0: near.bottom == frame.rect.bottom, 180: near.top == frame.rect.top,
            90: near.left == frame.rect.left, 270: near.right == frame.rect.right}
    assert side[rotation], "local y grows toward the seated player"


def test_the_closed_strip_tells_nothing_about_the_hand():
    pygame.init()
    rect = Rect(0, 0, 560, 44)
    pictures = []
    for hand in (["red", "red", "blue", "blue", "green", "black"],
                 ["black", "black", "black", "green", "green", "green"]):
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        player = {"hand": hand, "hand_size": 6, "score": {"red": 3, "blue": 1, "green": 0,
                                                          "black": 2},
                  "treasures": 0, "catastrophes": 2}
        seat_panel.draw_strip(surface, rect, seat_panel.SeatModel("archer", "Archer", player,
                                                                  set(), status="x"))
        pictures.append(pygame.image.tobytes(surface, "RGBA"))
    assert pictures[0] == pictures[1]


# ----- input --------------------------------------------------------------------------------


def finger(kind, x, y, fid):
    return pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=fid, touch_id=1,
                              pressure=1.0)


def test_the_mapper_follows_every_finger_on_a_table():
    m = InputMapper((800, 480), multi=True)
    a = m.feed(finger(pygame.FINGERDOWN, 0.1, 0.9, 7), 0.0)[0]
    b = m.feed(finger(pygame.FINGERDOWN, 0.5, 0.5, 8), 0.0)[0]
    assert a.pointer != b.pointer and a.primary and not b.primary
    moved = m.feed(finger(pygame.FINGERMOTION, 0.6, 0.5, 8), 0.1)
    assert [i.kind for i in moved] == ["drag_start", "drag"] and moved[0].pointer == b.pointer
    assert m.active_pointers() == {a.pointer, b.pointer}
    up = m.feed(finger(pygame.FINGERUP, 0.1, 0.9, 7), 0.2)
    assert [(i.kind, i.pointer) for i in up] == [("tap", a.pointer)]
    drop = m.feed(finger(pygame.FINGERUP, 0.6, 0.5, 8), 0.3)
    assert [(i.kind, i.pointer) for i in drop] == [("drop", b.pointer)]
    assert m.active_pointers() == set()


# ----- hands open only while held -------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
def test_a_hand_shows_only_while_its_panel_is_held(data_dir, seat):
    from game.tigris.scenes.bindings import TABLETOP_GESTURES

    app = make_app()
    # first-use hints (test_client_shortcuts) would change the pixels compared here
    app.settings.taught = [gesture.name for gesture in TABLETOP_GESTURES]
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        driver = TabletopDriver(app)
        driver.frames(2)
        view = table.panels.panel_view(seat)
        area = view.frame.rect
        hand = table.seat_views[seat]["players"][seat]["hand"]
        before = crop(app, area)
        assert not table.input.panel_open(seat)
        fid = driver.hold(table, seat)
        driver.frames(1)
        assert table.input.panel_open(seat) and not table.input.panel_open(1 - seat)
        held = crop(app, area)
        for i, color in enumerate(hand):
            slot = view.control_rect(f"tile:{i}")
            middle = Rect(0, 0, slot.w // 2, slot.h // 2)
            middle.center = slot.center
            seen = pygame.transform.average_color(app.screen, middle)[:3]
            face = art.tile_surface(color, slot.w - 4)
            want = pygame.transform.average_color(face, middle.move(-slot.x - 2, -slot.y - 2))
            assert all(abs(s - f) < 12 for s, f in zip(seen, want[:3], strict=True)), (
                i, color, seen, want)
        driver.up(fid, driver.strip_point(table, seat))
        driver.frames(1)
        assert not table.input.panel_open(seat)
        assert crop(app, area) == before, "after the finger lifts the panel is closed again"
        assert held != before
        assert not any(isinstance(s, HandoverScene) for s in app.stack.scenes)
    finally:
        app.close()


def test_a_picked_tile_stays_face_down_on_the_closed_strip(data_dir):
    app = make_app()
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        driver = TabletopDriver(app)
        driver.frames(2)
        seat = table.viewer
        strip = table.tl.seats[seat].strip
        pictures = []
        for slot in (0, 5):
            holder = driver.hold(table, seat)
            driver.tap_at(table.panels.panel_view(seat).control_center(f"tile:{slot}"))
            driver.up(holder, driver.strip_point(table, seat))
            assert table.selection is not None and table.selection.slot == slot
            pictures.append(crop(app, strip))
        assert pictures[0] == pictures[1], "which slot was picked would tell the colour"
        assert table.drawing.hint_squares() == set(), "legal squares would tell a blue tile"
    finally:
        app.close()


# ----- several fingers -----------------------------------------------------------------------


def test_two_seats_touching_at_once_do_not_disturb_each_other(data_dir):
    app = make_app((1024, 600))
    try:
        table = start_new_game(app, ["human", "human", "human"], seed=6)
        driver = TabletopDriver(app)
        driver.frames(2)
        me = table.viewer
        other = (me + 1) % 3
        peek = driver.hold(table, other)
        assert table.input.panel_open(other) and not table.input.panel_open(me)
        hand = table.hand()
        color = hand[0]
        square = sorted(table.legal.tiles[color])[0]
        holder = driver.hold(table, me)
        assert table.input.panel_open(me) and table.input.panel_open(other)
        driver.tap_at(table.panels.panel_view(me).control_center("tile:0"))
        driver.up(holder, driver.strip_point(table, me))
        assert table.input.panel_open(other) and not table.input.panel_open(me)
        driver.tap_at(driver.square_point(table, square))
        assert table.session.record["actions"][-1] == {"type": "tile", "color": color,
                                                       "to": square}
        assert table.input.panel_open(other), "the peeking finger still holds its own panel"
        driver.up(peek, driver.strip_point(table, other))
        assert not table.input.panel_open(other)
    finally:
        app.close()


def test_a_finger_never_opens_another_seats_panel(data_dir):
    app = make_app()
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        driver = TabletopDriver(app)
        driver.frames(2)
        start = driver.strip_point(table, 0)
        fid = driver.hold(table, 0)
        top = driver.strip_point(table, 1)
        driver.move(fid, start, top, steps=8)
        assert not table.input.panel_open(1), "seat 0's finger slid over seat 1's strip"
        assert not table.input.panel_open(0), "a finger that leaves its panel lets it close"
        driver.up(fid, top)
        assert not table.input.panel_open(1)
        second = driver.down(top)
        assert table.input.panel_open(1)
        driver.up(second, top)
    finally:
        app.close()


def test_a_drag_on_the_board_survives_a_press_on_another_panel(data_dir):
    position = build_dict({"E6": "0r", "F6": "r"}, players=2, hands=["rrbbgk", "rrbbgk"])
    app = make_app((1280, 800))
    try:
        table = start_from_position(app, position, ["human", "human"])
        driver = TabletopDriver(app)
        driver.frames(2)
        assert table.viewer == 0
        target = sorted(table.legal.leaders["red"] - {"E6"})[0]
        start, end = driver.square_point(table, "E6"), driver.square_point(table, target)
        mover = driver.down(start)
        driver.move(mover, start, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))
        assert table.drag_pos is not None and table.selection.from_square == "E6"
        other = driver.hold(table, 1)
        intruder = driver.down(driver.square_point(table, "A1"))
        driver.move(intruder, driver.square_point(table, "A1"), driver.square_point(table, "B2"))
        driver.up(intruder, driver.square_point(table, "B2"))
        assert table.input.panel_open(1) and table.drag_pos is not None
        driver.move(mover, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), end)
        driver.up(mover, end)
        assert table.session.record["actions"][-1] == {"type": "leader", "color": "red",
                                                       "to": target}
        assert table.input.panel_open(1)
        driver.up(other, driver.strip_point(table, 1))
    finally:
        app.close()


def test_a_waiting_seat_cannot_play_from_its_panel(data_dir):
    app = make_app()
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        driver = TabletopDriver(app)
        driver.frames(2)
        waiting = 1 - table.viewer
        driver.carry(table, waiting, "tile:0", driver.square_point(table, "H6"),
                     random.Random(1))
        assert table.session.record["actions"] == []
        assert table.selection is None
    finally:
        app.close()


# ----- whole games and decisions --------------------------------------------------------------


def play_tabletop(app: App, table: TabletopScene, rng: random.Random) -> set[str]:
    driver = TabletopDriver(app)
    seen: set[str] = set()
    results = 0
    for _ in range(3000):
        if isinstance(app.stack.top, ScoringScene):
            break
        assert not isinstance(app.stack.top, HandoverScene)
        assert all(not table.input.panel_open(s) for s in range(table.session.players)), \
            "between gestures every hand is closed"
        if table.animator.blocking:
            driver.frames(1)
            continue
        moment = app.stack.top
        if isinstance(moment, ConflictMomentScene):
            results += 1
            seen.add("result")
            driver.tap_at(moment.cards[results % 2][0].center)   # from either long edge
            assert app.stack.top is not moment, "a tap on the result goes on"
            continue
        before = len(table.session.record["actions"])
        if driver.end_held_turn(table):
            pass
        elif table.decision is not None:
            seen.add(table.view["pending"]["kind"])
            driver.answer_decision(table, rng)
        elif table.legal is not None:
            actions = table.session.state.legal_actions()
            weights = [0.2 if a["type"] in ("swap", "pass") else 1.0 for a in actions]
            driver.perform(table, rng.choices(actions, weights)[0], rng)
        else:
            driver.frames(1)
            continue
        driver.frames(1)
        assert len(table.session.record["actions"]) > before or table.held is not None, (
            "the fingers did not act")
    return seen


@pytest.mark.parametrize(("players", "size", "seed"), [(2, (800, 480), 3), (4, (1024, 600), 21)])
def test_a_whole_game_at_the_table(data_dir, players, size, seed):
    app = make_app(size)
    try:
        table = start_new_game(app, ["human"] * players, seed=seed)
        seen = play_tabletop(app, table, random.Random(seed))
        assert isinstance(app.stack.top, ScoringScene)
        assert table.session.state.is_over
        assert "commit" in seen and "result" in seen, "every conflict ends on its result"
        assert len(list((data_dir / "games").glob("*.json"))) == 1
    finally:
        app.close()


def test_the_defender_commits_in_its_own_panel(data_dir):
    position = build_dict({"H7": "1r", "K7": "r"}, players=2, hands=["rrrbgk", "rrrbgk"])
    app = make_app()
    try:
        table = start_from_position(app, position, ["human", "human"])
        driver = TabletopDriver(app)
        rng = random.Random(2)
        driver.frames(2)
        driver.carry(table, 0, "leader:red", driver.square_point(table, "J7"), rng)
        if table.decision is None:
            driver.tap_at(driver.square_point(table, "J7"))
        assert table.decision is not None and table.decision_seat == 0
        assert table.panels.panel_chooser(0) is table.decision and table.panels.card_view() is None
        driver.choose(table, 0, "opt:commit:1", rng)
        assert table.held is not None and table.held.action == {"type": "commit", "count": 1}
        assert table.panels.panel_view(0).buttons[-1].label == t("common.confirm"), (
            "a commitment that hands the game to the defender is confirmed, not the turn ended")
        driver.choose(table, 0, "end_turn", rng)
        assert table.session.record["actions"][-1] == {"type": "commit", "count": 1}
        assert table.decision_seat == 1 and table.decision_private
        assert table.panels.panel_chooser(1) is table.decision
        assert table.panels.panel_chooser(0) is None
        area = table.panels.panel_view(1).frame.rect
        closed = crop(app, area)
        assert not table.input.panel_open(1), "the defender's chooser stays hidden until held"
        holder = driver.hold(table, 1)
        view = table.panels.panel_view(1)
        assert view.frame.rotation == 180 and view.kind == "chooser"
        assert crop(app, area) != closed
        driver.tap_at(view.control_center("opt:commit:2"))
        assert table.held is not None and table.held.action == {"type": "commit", "count": 2}
        if table.moment is not None:   # the revolt's result, shown as the held action's
            driver.tap_at(app.screen.get_rect().center)
        driver.up(holder, driver.strip_point(table, 1))
        driver.choose(table, 1, "end_turn", rng)
        assert table.session.record["actions"][-1] == {"type": "commit", "count": 2}
        assert table.decision is None and table.session.state.to_move == 0
        log = " ".join(table.log)
        assert "Bull" in log
    finally:
        app.close()


def test_the_tabletop_flag_starts_the_tabletop(data_dir):
    args = client_main.parse_args(["--tabletop", "--seats", "human,human"])
    assert args.tabletop
    app = make_app()
    try:
        table = start_new_game(app, ["human", "computer"], seed=2)
        assert isinstance(table, TabletopScene) and app.input.multi
        for _ in range(200):
            if table.session.state.to_move == 0 and table.legal is not None:
                break
            app.run_frames(1)
        assert table.viewer == 0
        driver = TabletopDriver(app)
        fid = driver.hold(table, 1)
        assert not table.input.panel_open(1), "a computer's hand is never shown"
        driver.up(fid, driver.strip_point(table, 1))
    finally:
        app.close()


# ----- menus turned to the far edge ------------------------------------------------------


def test_the_title_turns_the_menus_to_the_far_edge_and_the_table_faces_everyone(data_dir):
    from game.scenes.settings_screen import SettingsScene
    from game.scenes.title import TitleScene
    from game.tigris.driver import Driver

    app = make_app((1280, 800))
    try:
        w, h = app.size
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(1)
        upright = pygame.image.tobytes(app.screen, "RGB")
        driver = Driver(app)
        driver.tap(title.buttons.get("turn").rect.center, touch=True)
        assert app.menus_turned and app.turned
        app.run_frames(1)
        shown = pygame.transform.flip(app.screen, True, True)
        assert pygame.image.tobytes(shown, "RGB") == upright, "drawn upside down, nothing else"
        x, y = title.buttons.get("settings").rect.center
        driver.tap((w - 1 - x, h - 1 - y), touch=True)
        assert isinstance(app.stack.top, SettingsScene), "a touch lands where it is seen"
        start_new_game(app, ["human", "human"], seed=3)
        app.run_frames(1)
        assert app.menus_turned and not app.turned, "a table faces every edge by itself"
    finally:
        app.close()


def test_a_desk_title_has_no_turn_button(data_dir):
    from game.scenes.title import TitleScene

    app = App(size=(1280, 800), fullscreen=False, settings=Settings(sound=False),
              animation_speed="off", persist_settings=False)
    try:
        title = TitleScene(app)
        app.replace(title)
        app.run_frames(1)
        assert title.buttons.get("turn") is None
        app.menus_turned = True
        assert not app.turned
    finally:
        app.close()


@pytest.mark.parametrize("tabletop", [False, True])
def test_setup_hint_says_how_this_screen_is_shared(monkeypatch, tabletop):
    """At a tabletop each player sits at an edge: the setup screen does not tell them to
    pass the device on (issue 12, bug 8)."""
    from game import i18n
    from game.scenes.setup import SetupScene
    from game.ui import text

    drawn: list[str] = []
    wrapped = text.blit_wrapped
    monkeypatch.setattr(text, "blit_wrapped", lambda surface, words, *rest: (
        drawn.append(words), wrapped(surface, words, *rest))[1])
    app = shared_make_app(tabletop=tabletop)
    try:
        app.replace(SetupScene(app))
        app.run_frames(1)
    finally:
        app.close()
    passed_on = i18n.t("setup.pass_and_play")
    at_edges = i18n.t("setup.tabletop_seats")
    assert (at_edges in drawn, passed_on in drawn) == (tabletop, not tabletop)
