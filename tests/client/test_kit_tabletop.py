"""The kit's tabletop (game.kit.tabletop, game.kit.tabletop_panels) for any board shape
and 2–8 seats: places at their edges and facing them, nothing overlapping, targets
finger-sized, taps through the real input path hitting turned controls, hands open
only while held. The table used is tests/support/tabletop_demo.py, which knows no game."""

from __future__ import annotations

import math

import pygame
import pytest
from pygame import Rect
from support.apps import make_app
from support.tabletop_demo import DemoTabletop

from game.app import App
from game.kit.tabletop import (
    CLOCKWISE,
    ROTATION,
    SEATS_AT,
    Frame,
    TabletopSpec,
    hand_geometry,
    seat_edges,
    tabletop_geometry,
)
from game.kit.tabletop_fingers import Fingers
from game.kit.tabletop_panels import PanelView
from game.layout import MIN_TARGET
from game.ui.widgets import Button

SIZES = [(800, 480), (1280, 800), (1920, 1080), (720, 1280), (480, 800)]
# T&E's 16×11 squares, a wide map of about 2:1 and 3:2, a square board, a tall one
UNITS = [(16, 11), (30, 15), (30, 20), (12, 12), (15, 20)]
SEATS = range(2, 9)


def along_edge(rect: Rect, edge: str, w: int, h: int) -> bool:
    return {"bottom": rect.bottom == h, "top": rect.top == 0, "left": rect.left == 0,
            "right": rect.right == w}[edge]


@pytest.mark.parametrize("units", UNITS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", SEATS)
def test_every_seat_sits_at_its_edge_facing_it_and_nothing_overlaps(seats, size, units):
    w, h = size
    g = tabletop_geometry(w, h, seats, TabletopSpec(units=units))
    screen = Rect(0, 0, w, h)
    assert g.board.size == (units[0] * g.unit, units[1] * g.unit), "the board keeps its shape"
    assert screen.contains(g.board) and g.zone.contains(g.board)
    assert [p.edge for p in g.seats] == seat_edges(seats)
    shared = [*([g.hub] if g.hub is not None else []), *g.corners]
    assert (g.hub is None) == (0 not in SEATS_AT[seats]), "a hub where an edge is free"
    strips = [p.strip for p in g.seats]
    for place in g.seats:
        strip = place.strip
        assert place.rotation == ROTATION[place.edge]
        assert place.strip_frame.rotation == place.rotation
        assert screen.contains(strip) and along_edge(strip, place.edge, w, h), (place, g.zone)
        assert place.strip_depth >= MIN_TARGET and place.length >= 2 * MIN_TARGET, place
        assert not strip.colliderect(g.board), (place.edge, strip, g.board)
        assert not any(strip.colliderect(r) for r in shared), (place.edge, strip, shared)
    for i, a in enumerate(strips):
        for b in strips[i + 1:]:
            assert not a.colliderect(b), (a, b)
    for rect in shared:
        assert screen.contains(rect) and not rect.colliderect(g.board), rect
        assert min(rect.size) >= MIN_TARGET, rect
    for i, a in enumerate(shared):
        for b in shared[i + 1:]:
            assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("seats", SEATS)
def test_the_long_edges_are_shared_first_and_seats_go_round_clockwise(seats):
    counts = dict(zip(CLOCKWISE, SEATS_AT[seats], strict=True))
    assert sum(counts.values()) == seats and max(counts.values()) <= 2
    assert counts["bottom"] >= counts["left"] and counts["top"] >= counts["right"]
    assert counts["bottom"] == counts["top"], "the long edges sit as many players each"
    g = tabletop_geometry(1280, 800, seats)
    cx, cy = g.board.center
    # on the screen (y down) clockwise is the growing angle
    angles = [math.degrees(math.atan2(p.strip.centery - cy, p.strip.centerx - cx))
              for p in g.seats]
    turn = [(a - angles[0]) % 360 for a in angles]
    assert turn == sorted(turn) and len(set(turn)) == seats, (seats, angles)


@pytest.mark.parametrize("units", [(16, 11), (30, 15), (30, 20)])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", SEATS)
def test_held_panels_stay_on_screen_with_finger_sized_controls(seats, size, units):
    g = tabletop_geometry(*size, seats, TabletopSpec(units=units))
    screen = Rect(0, 0, *size)
    frames: dict[str, list[Rect]] = {}
    for place in g.seats:
        hand = hand_geometry(place.length, place.strip_depth, g.unit, 5, 1)
        frame = place.band(0, hand.open_depth)
        assert frame.size == (place.length, hand.open_depth), "the hand fits the seat's reach"
        assert screen.contains(frame.rect) and frame.rotation == place.rotation
        local = Rect(0, 0, *frame.size)
        for rect in [*hand.cards, *hand.buttons]:
            assert min(rect.size) >= MIN_TARGET and local.contains(rect), (place, rect)
            assert not rect.colliderect(hand.strip), "the strip stays the seat's to hold"
        frames.setdefault(place.edge, []).append(frame.rect)
    for edge, rects in frames.items():
        if len(rects) == 2:
            assert not rects[0].colliderect(rects[1]), f"two held panels at the {edge} edge"


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_a_panel_hit_tests_in_its_own_turned_frame(rotation):
    rect = Rect(30, 40, 200, 60) if rotation in (0, 180) else Rect(30, 40, 60, 200)
    frame = Frame(rect, rotation)
    view = PanelView(0, "hand", frame, [Button("left", Rect(5, 5, 50, 50)),
                                         Button("right", Rect(140, 5, 50, 50))])
    for cid in ("left", "right"):
        assert view.control_at(view.control_center(cid)) == cid
    # the seated player's left is the screen's left only for the bottom seat
    left = view.control_center("left")
    right = view.control_center("right")
    expect = {0: left[0] < right[0], 90: left[1] < right[1], 180: left[0] > right[0],
              270: left[1] > right[1]}
    assert expect[rotation]


# ----- through the real input path ----------------------------------------------------------


def open_demo(seats: int, size: tuple[int, int], units: tuple[int, int] = (16, 11)
              ) -> tuple[App, DemoTabletop, Fingers]:
    app = make_app(size, tabletop=True)
    scene = DemoTabletop(app, seats, units)
    app.push(scene)
    app.run_frames(1)
    return app, scene, Fingers(app)


def strip_point(scene: DemoTabletop, seat: int) -> tuple[int, int]:
    c = scene.geometry.seats[seat].strip.center
    return (int(c[0]), int(c[1]))


@pytest.mark.parametrize("size", [(1280, 800), (800, 480), (720, 1280)])
def test_a_second_finger_taps_a_turned_panels_controls(size):
    """Each seat of 8 (every edge, so every rotation) holds its strip with one finger
    and taps a card, then Play, with another: the taps land on what the seat sees."""
    app, scene, fingers = open_demo(8, size)
    try:
        for seat in range(8):
            hold = fingers.down(strip_point(scene, seat))
            assert scene.fingers.is_open(seat)
            view = scene.panel_view(seat)
            fingers.tap_at(view.control_center("card:2"))
            assert scene.picked.get(seat) == 2, (seat, view.frame)
            fingers.tap_at(scene.panel_view(seat).control_center("play"))
            fingers.up(hold, strip_point(scene, seat))
            assert not scene.fingers.is_open(seat)
            assert scene.played[-1] == (seat, scene.hands[seat][2])
        assert [s for s, _ in scene.played] == list(range(8))
    finally:
        app.close()


@pytest.mark.parametrize("seat", [0, 2, 4, 7])
def test_one_finger_holds_slides_onto_a_card_and_lifts_to_pick_it(seat):
    app, scene, fingers = open_demo(6 if seat < 6 else 8, (1920, 1080), (30, 20))
    try:
        start = strip_point(scene, seat)
        fingers.tap_at(start)
        assert seat not in scene.picked, "lifting where it went down only peeks"
        fingers.use(start, lambda: scene.panel_view(seat).control_center("card:1"),
                    one_finger=True)
        assert scene.picked[seat] == 1
        assert not scene.fingers.is_open(seat)
    finally:
        app.close()


def test_a_hand_shows_its_faces_only_while_its_own_finger_holds_it():
    app, scene, fingers = open_demo(6, (1280, 800), (30, 15))
    try:
        strips = {seat: scene.geometry.seats[seat].strip for seat in range(6)}

        def picture(seat: int) -> bytes:
            return pygame.image.tobytes(app.screen.subsurface(strips[seat]), "RGB")

        closed = picture(3)
        scene.hands[3] = [str(9 - int(c)) for c in scene.hands[3]]
        app.run_frames(1)
        assert picture(3) == closed, "a closed strip tells nothing of the faces"
        assert all(scene.fingers.shown(s, scene.hands[s]) is None for s in range(6))
        holder = fingers.down(strip_point(scene, 3))
        assert scene.fingers.shown(3, scene.hands[3]) == scene.hands[3]
        assert all(scene.fingers.shown(s, scene.hands[s]) is None for s in range(6) if s != 3)
        # another seat's finger sliding over seat 3's panel neither opens nor closes it
        other = fingers.down(strip_point(scene, 0))
        fingers.move(other, strip_point(scene, 0), strip_point(scene, 3))
        assert scene.fingers.is_open(3) and not scene.fingers.is_open(0)
        fingers.up(other, strip_point(scene, 3))
        assert scene.fingers.is_open(3)
        fingers.up(holder, strip_point(scene, 3))
        app.run_frames(1)
        assert scene.fingers.shown(3, scene.hands[3]) is None
        assert picture(3) == closed
    finally:
        app.close()


def test_a_finger_that_never_lifts_lets_its_panel_close():
    app, scene, fingers = open_demo(4, (1280, 800))
    try:
        fingers.down(strip_point(scene, 1))
        assert scene.fingers.is_open(1)
        app.input.reset()
        app.run_frames(1)
        assert not scene.fingers.is_open(1) and not scene.fingers.fingers
    finally:
        app.close()
