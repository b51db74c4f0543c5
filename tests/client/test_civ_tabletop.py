"""Advanced Civilization at the tabletop (issue 22), through the real input path (SDL
finger events → InputMapper(multi=True) → the scene): the tabletop mode gives civ its
tabletop table, every seat of 2–8 (A4) sits at its edge facing it with finger-sized
targets clear of the map, a hand (A1.5: hidden) reaches the screen only while its own
finger holds its strip, and decisions are answered by touch, turned to their seat."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from pygame import Rect
from support.apps import make_app
from support.drawn_words import words_drawn

import engine.civ as civ
from engine.civ.tables import CARD_ORDER, CARD_STACK
from game.civ import words
from game.civ.table import CivTable
from game.civ.tabletop import CivTabletop
from game.civ.tabletop_layout import civ_tabletop_layout
from game.kit.tabletop import ROTATION, seat_edges
from game.kit.tabletop_fingers import Fingers
from game.layout import MIN_TARGET
from game.scenes.flow import start_new_game

SIZES = [(1920, 1080), (1280, 800)]
SEATS = range(2, 9)


def along_edge(rect: Rect, edge: str, w: int, h: int) -> bool:
    return {"bottom": rect.bottom == h, "top": rect.top == 0, "left": rect.left == 0,
            "right": rect.right == w}[edge]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", SEATS)
def test_every_seat_faces_its_edge_clear_of_the_map_and_of_each_other(seats, size):
    """A4: 2–8 seats; each strip on screen at its own edge, turned to it, apart from the
    map's least area, the shared buttons and the other strips; every target a finger
    wide; a held hand with private answers, and a public decision's card, stay on screen
    with finger-sized controls and leave the map most of its room."""
    w, h = size
    tl = civ_tabletop_layout(w, h, seats)
    screen = Rect(0, 0, w, h)
    assert screen.contains(tl.map) and tl.map.w >= w // 2 and tl.map.h >= h // 2
    assert [p.edge for p in tl.seats] == seat_edges(seats)
    shared = list(tl.buttons.values())
    for rect in [*shared, *([tl.track, tl.log] if tl.track is not None else [])]:
        assert rect is not None and screen.contains(rect) and not rect.colliderect(tl.map)
    for rect in shared:
        assert min(rect.size) >= MIN_TARGET, rect
    for place in tl.seats:
        strip = place.strip
        assert place.rotation == ROTATION[place.edge]
        assert place.strip_frame.rotation == place.rotation
        assert screen.contains(strip) and along_edge(strip, place.edge, w, h)
        assert not strip.colliderect(tl.map), (place, tl.map)
        assert place.strip_depth >= MIN_TARGET and place.length >= 4 * MIN_TARGET
        assert not any(strip.colliderect(r) for r in shared)
        for other in tl.seats:
            if other is not place:
                assert not strip.colliderect(other.strip), (place, other)
    held_frames: dict[str, list[Rect]] = {}
    for place in tl.seats:
        seat = place.seat
        # a hand of nine sets, answering a private decision of six answers and a footer
        held = tl.held(seat, 9, tl.per_page(seat, 6, 2, tl.held(seat, 9, 0, 0, 0).depth), 2,
                       2)
        frame = place.band(0, held.depth)
        held_frames.setdefault(place.edge, []).append(frame.rect)
        assert frame.size == (place.length, held.depth), "the panel fits the seat's reach"
        assert screen.contains(frame.rect) and frame.rotation == place.rotation
        local = Rect(0, 0, *frame.size)
        chooser = held.chooser
        assert chooser is not None and chooser.options
        for rect in [*held.cards, *chooser.options, *chooser.footer]:
            assert min(rect.size) >= MIN_TARGET and local.contains(rect), (place, rect)
            assert not rect.colliderect(held.strip), "the strip stays the seat's to hold"
        # a public decision of twelve answers: a page of them on the card by the strip
        per = tl.per_page(seat, 12, 2)
        card = tl.chooser(seat, per, 2 if per < 12 else 0, 2)
        card_frame = tl.card_frame(seat, card.depth)
        assert per >= 1 and screen.contains(card_frame.rect)
        assert card_frame.rotation == place.rotation
        assert not card_frame.rect.colliderect(place.strip)
        for other in tl.seats:
            assert not card_frame.rect.colliderect(other.strip), (place, other)
        for rect in [*card.options, *card.footer]:
            assert min(rect.size) >= MIN_TARGET
        assert card_frame.rect.clip(tl.map).size != tl.map.size, "the map stays in sight"
        depth = card_frame.size[1]
        across = tl.map.h if place.edge in ("bottom", "top") else tl.map.w
        assert depth <= across * 0.45, (place, depth)
    for edge, rects in held_frames.items():
        if len(rects) == 2:
            assert not rects[0].colliderect(rects[1]), f"two held panels at the {edge} edge"


# ----- the table through the real input path --------------------------------------------


@pytest.fixture
def tabletop_app(data_dir: Any) -> Any:
    application = make_app((1280, 800), tabletop=True, game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def start(app: Any, seats: list[str], seed: int = 5, turns: int = 3) -> CivTabletop:
    table = start_new_game(app, seats, seed=seed, options={"turn_limit": turns})
    assert isinstance(table, CivTabletop)
    app.run_frames(1)
    return table


def area_point(table: CivTabletop, area: int) -> tuple[int, int]:
    return table.board.screen(table.board.shape.shapes[area].label)


def strip_point(table: CivTabletop, seat: int) -> tuple[int, int]:
    c = table.tl.seats[seat].strip.center
    return (int(c[0]), int(c[1]))


def test_the_tabletop_mode_gives_civ_its_tabletop_table(tabletop_app: Any) -> None:
    """`--tabletop` (the kiosk's mode) gives the tabletop table, not the desk's; the desk
    app keeps the desk table."""
    table = start(tabletop_app, ["human", "computer", "human"])
    assert table.multi_touch and table.faces_every_edge
    assert tabletop_app.input.multi
    desk = make_app((1280, 800), game="civ")
    try:
        other = start_new_game(desk, ["human", "computer"], seed=5)
        assert isinstance(other, CivTable) and not isinstance(other, CivTabletop)
    finally:
        for scene in list(desk.stack.scenes):
            scene.exit()
        desk.close()


def test_decisions_are_answered_by_taps_on_the_card_turned_to_each_seat(
        tabletop_app: Any) -> None:
    """A6.3 and the first turn: eight people at every edge (all four rotations) answer the
    first decisions by tapping their card's first answer; each tap sends the answer its
    seat reads there."""
    table = start(tabletop_app, ["human"] * 8)
    fingers = Fingers(tabletop_app)
    edges: set[str] = set()
    for _ in range(12):
        for _ in range(60):   # A36's "stay" is answered for a person without asking
            if table.deciding() is not None:
                break
            tabletop_app.run_frames(1)
        seat = table.deciding()
        assert seat is not None and table.card is not None and table.card.seat == seat
        assert table.card.frame.rotation == table.tl.seats[seat].rotation
        expected = table.shown[0]
        before = len(table.session.record["actions"])
        fingers.tap_at(table.card.control_center("act:0"))
        assert len(table.session.record["actions"]) > before
        assert table.session.record["actions"][before] == expected, seat
        edges.add(table.tl.seats[seat].edge)
        tabletop_app.run_frames(1)
    assert edges == {"bottom", "left", "top", "right"}


def hand_of(state: Any, seat: int, cards: list[str]) -> Any:
    """The position with `seat`'s hand made of `cards` taken from their stacks (every card
    still in one place, A2.7)."""
    d = state.to_dict()
    for card in d["seats"][seat]["hand"]:
        d["stacks"][CARD_STACK[card] - 1].append(card)
    for card in cards:
        d["stacks"][CARD_STACK[card] - 1].remove(card)
    d["seats"][seat]["hand"] = sorted(cards, key=CARD_ORDER.__getitem__)
    return civ.from_dict(d)


def test_a_hand_reaches_the_screen_only_while_its_owner_holds_its_strip(
        tabletop_app: Any, monkeypatch: Any) -> None:
    """A1.5: every word drawn is recorded; no card of a closed hand is among them, nor
    does dealing a hand anew change a pixel; held, its cards show (and no other seat's),
    and on release they are gone again. A computer's strip never opens."""
    table = start(tabletop_app, ["human", "human", "computer"])
    hands = {0: ["ochre", "ochre", "salt"], 1: ["hides", "grain", "grain"],
             2: ["iron", "papyrus", "papyrus"]}
    for seat, cards in hands.items():
        table.session.state = hand_of(table.session.state, seat, cards)
    table.refresh()
    drawn = words_drawn(monkeypatch)
    names = {seat: {words.card_name(c) for c in cards} for seat, cards in hands.items()}

    def shown() -> set[int]:
        """The seats whose card names were drawn in a fresh frame."""
        drawn.clear()
        table._strips.clear()
        tabletop_app.run_frames(1)
        said = " ".join(drawn)
        return {seat for seat, cards in names.items() if any(n in said for n in cards)}

    assert shown() == set()
    closed = pygame.image.tobytes(tabletop_app.screen, "RGB")
    table.session.state = hand_of(table.session.state, 1, ["salt", "hides", "hides"])
    table.refresh()
    assert shown() == set()
    assert pygame.image.tobytes(tabletop_app.screen, "RGB") == closed, \
        "a closed strip tells nothing of the cards"
    table.session.state = hand_of(table.session.state, 1, hands[1])
    table.refresh()
    fingers = Fingers(tabletop_app)
    for seat in (0, 1):
        holder = fingers.down(strip_point(table, seat))
        assert table.fingers.is_open(seat)
        assert shown() == {seat}
        fingers.up(holder, strip_point(table, seat))
        assert not table.fingers.is_open(seat)
        assert shown() == set()
    holder = fingers.down(strip_point(table, 2))
    assert not table.fingers.is_open(2), "a computer's hand is never shown"
    assert shown() == set()
    fingers.up(holder, strip_point(table, 2))


def trade_position(state: Any) -> Any:
    """The position at the start of phase 10 (A17) with seats 0 and 1 holding commodities
    enough to trade (A17.1)."""
    state = hand_of(state, 0, ["ochre", "ochre", "salt", "hides"])
    state = hand_of(state, 1, ["hides", "grain", "grain", "iron"])
    d = state.to_dict()
    d["phase"], d["phase_state"], d["pending"] = "trade", {}, None
    return civ.from_dict(d)


@pytest.mark.parametrize("one_finger", [True, False])
def test_a_decision_from_the_hand_is_answered_in_the_held_panel(tabletop_app: Any,
                                                                one_finger: bool) -> None:
    """A17: a trade's answers come from the hand, so they are only in the deciding seat's
    held panel (its strip says to hold it; its card shows none); holding the strip and
    sliding onto an answer (or tapping it with a second finger) sends it."""
    table = start(tabletop_app, ["human", "human"], seed=11)
    while table.session.state.view(None)["turn"] == 0:   # A6.3: each takes a nation
        seat = table.deciding()
        assert seat is not None and table.card is not None
        Fingers(tabletop_app).tap_at(table.card.control_center("act:0"))
        tabletop_app.run_frames(1)
    table.session.state = trade_position(table.session.state)
    table.refresh()
    for _ in range(30):
        if table.deciding() is not None:
            break
        tabletop_app.run_frames(1)
    seat = table.deciding()
    assert seat is not None and table.state.pending["kind"] == "trade_open"
    assert table.private() and table.card is None
    assert table.shown, "the seat's answers wait in its held panel"
    index = len(table.shown) - 1
    expected = table.shown[index]
    before = len(table.session.record["actions"])
    Fingers(tabletop_app).use(strip_point(table, seat),
                              lambda: table.panel_view(seat).control_center(f"act:{index}"),
                              one_finger)
    assert table.session.record["actions"][before] == expected
    assert not table.fingers.is_open(seat)


def test_one_finger_pans_the_map_and_two_pinch_it(tabletop_app: Any) -> None:
    """The map at the tabletop is the kit's viewport: two fingers spreading on it zoom in
    about them, one finger dragging then pans, a tap on the minimap moves there; none
    answers a decision."""
    table = start(tabletop_app, ["human", "human"])
    view = table.board.view
    fit = view.scale
    m = table.tl.map
    fingers = Fingers(tabletop_app)
    a, b = (m.centerx - 20, m.centery), (m.centerx + 20, m.centery)
    before = len(table.session.record["actions"])
    fa, fb = fingers.down(a), fingers.down(b)
    fingers.move(fa, a, (m.centerx - 120, m.centery))
    fingers.move(fb, b, (m.centerx + 120, m.centery))
    fingers.up(fa, (m.centerx - 120, m.centery))
    fingers.up(fb, (m.centerx + 120, m.centery))
    assert view.scale > fit * 2
    origin = view.to_board(m.center)
    fid = fingers.down(m.center)
    fingers.move(fid, m.center, (m.centerx + 150, m.centery + 60), steps=6)
    fingers.up(fid, (m.centerx + 150, m.centery + 60))
    assert view.to_board(m.center) != origin
    mini = view.minimap_rect()
    assert mini is not None, "zoomed in, the minimap shows"
    moved = view.to_board(m.center)
    fingers.tap_at((mini.right - 6, mini.bottom - 6))
    tabletop_app.run_frames(30)
    assert view.to_board(m.center) != moved, "a tap on the minimap moves the view there"
    assert len(table.session.record["actions"]) == before


def test_the_command_line_seats_eight_at_the_civ_tabletop(data_dir: Any,
                                                          monkeypatch: Any) -> None:
    """A4: `--seats` takes as many seats as the game does (it took 2 to 4 whatever the
    game), so `play civ --tabletop --seats` with eight opens the tabletop of eight."""
    from game import main

    seen: dict[str, Any] = {}

    def two_frames(app: Any) -> int:
        app.run_frames(2)
        seen["table"] = app.stack.top
        app.close()
        return 0

    monkeypatch.setattr("game.app.App.run", two_frames)
    assert main.run(["--windowed", "--size", "1280x800", "--seed", "3", "--game", "civ",
                     "--tabletop", "--seats", ",".join(["human"] * 8)]) == 0
    assert isinstance(seen["table"], CivTabletop)
    assert seen["table"].session.players == 8
    assert main.run(["--game", "civ", "--seats", ",".join(["human"] * 9)]) == 2


def test_the_tabletops_log_never_tells_a_seats_private_line(tabletop_app: Any,
                                                           monkeypatch: Any) -> None:
    """A1.5: the log lies open to the whole table, so the cards a seat drew are never
    drawn there, not even while that seat must act (the desk shows them to the seat whose
    hand is on screen)."""
    table = start(tabletop_app, ["human", "human"], seed=3)
    seat = table.deciding()
    assert seat is not None and table.tl.log is not None
    table.present([{"type": "hand_drawn", "seat": seat, "cards": ["salt", "gold"],
                    "private_to": seat}], None, seat, None)
    assert any("Gold" in line for line in table.told)
    drawn = words_drawn(monkeypatch)
    table._pictures.clear()
    tabletop_app.run_frames(1)
    assert drawn and not any("Gold" in said for said in drawn)


def test_the_set_ups_tabletop_hint_names_no_games_pieces() -> None:
    """The shell's set-up tells a tabletop's players to hold their strip for whatever
    game is chosen: "your hand", not T&E's tiles (civ's players hold trade cards)."""
    import json

    from support.imports import ROOT
    from test_shell_words import TE_WORDS

    said = json.loads((ROOT / "game" / "locales" / "en.json").read_text(encoding="utf-8"))
    hint = said["setup.tabletop_seats"]
    assert "hand" in hint and not TE_WORDS.search(hint.lower()), hint


def test_the_log_opens_over_the_map_turned_and_a_tapped_line_lights_its_areas(
        tabletop_app: Any) -> None:
    """Eight seats leave no edge free: the corner's Log button opens the log over the map,
    turned to the seat that must act; a line tapped there (in its turned frame) points at
    the areas it tells of, and the button closes it again."""
    table = start(tabletop_app, ["human"] * 8)
    fingers = Fingers(tabletop_app)
    for _ in range(3):   # A6.3: three nations taken, told with their areas
        assert table.card is not None
        fingers.tap_at(table.card.control_center("act:0"))
    assert table.log_frame() is None
    fingers.tap_at(table.tl.buttons["log"].center)
    frame = table.log_frame()
    assert table.log_open and frame is not None
    assert frame.rotation == table.tl.seats[table.state.to_move].rotation
    tabletop_app.run_frames(1)
    told = [(rect, line) for rect, line in table.log_hits.lines if getattr(line, "places", ())]
    assert told
    rect, line = told[0]
    fingers.tap_at(frame.point_to_screen(rect.center))
    assert table.log_panel.pointed is line
    fingers.tap_at(table.tl.buttons["log"].center)
    assert not table.log_open and table.log_frame() is None


def test_a_game_of_three_is_played_to_its_end_by_touch_alone(tabletop_app: Any) -> None:
    """A35.1: three people at the tabletop play a game of two turns to its end, every
    answer given by a finger: a tap on the card turned to the deciding seat, or, for a
    decision from the hand, on the held panel (one finger sliding, or two). Each decision
    kind met is counted; the hidden-hand ones were met in held panels only."""
    import random

    table = start(tabletop_app, ["human"] * 3, seed=8, turns=8)
    fingers = Fingers(tabletop_app)
    rng = random.Random(4)
    met: dict[str, str] = {}
    for _ in range(4000):
        if table.state.is_over:
            break
        tabletop_app.run_frames(1)
        seat = table.deciding()
        if seat is None:
            continue
        kind = table.state.pending["kind"]
        # nobody leaves the game (A36.1) nor builds ships from its only tokens (A11.2), so
        # it runs to its turn limit with units on the board (A35.1)
        answers = [f"act:{i}" for i, a in enumerate(table.shown) if a["type"] != "leave"
                   and not (a["type"] == "build_ship" and a["board"])]
        # done and pass end a phase's own turn: favoured, so two turns end in time
        enders = [f"act:{i}" for i, a in enumerate(table.shown) if a["type"] in ("done", "pass")]
        if not answers and table.card is not None:
            fingers.tap_at(table.card.control_center("more"))   # the wanted ones are on
            continue                                             # a later page
        pick = rng.choice(enders if enders and rng.random() < 0.4 else answers)
        lit = [area for area in sorted(table.lit()) if table.card is None
               or not table.card.frame.contains(area_point(table, area))]
        if lit and kind != "ships" and table.chosen_from is None and rng.random() < 0.3:
            area = rng.choice(lit)   # a tap on the map, as at the desk (A12)
            fingers.tap_at(area_point(table, area))
            met[f"map:{kind}"] = "map"
            continue
        if table.card is not None:
            met[kind] = "card"
            fingers.tap_at(table.card.control_center(pick))
        else:
            met.setdefault(kind, "held")
            assert table.private(), kind
            fingers.use(strip_point(table, seat),
                        lambda s=seat, p=pick: table.panel_view(s).control_center(p),
                        rng.random() < 0.5)
    assert table.state.is_over, table.state.view(None)["phase"]
    assert {"nation", "movement"} <= set(met), met
    assert "turn_start" not in met, "A36's stay is answered for a person without a question"
    assert any(kind.startswith("map:") for kind in met), met
    assert all(how == "held" for kind, how in met.items() if kind in
               ("trade_open", "trade_answer", "civ_cards", "excess", "pottery")), met


def test_a16_1_a_held_hand_tells_the_calamity_the_next_draws_reach(
        tabletop_app: Any, monkeypatch: Any) -> None:
    """As the desk's hand line does (A6.2, A32.6: where it lies is public): held, the strip
    names Volcanic Eruption/Earthquake when it is on top of stack 2, and not when the next
    draws stop short of it."""
    from support.civ_tables import civ_table_at, volcano_at

    drawn = words_drawn(monkeypatch)
    coming = "Coming: Volcanic Eruption / Earthquake, card 1 of stack 2"
    for depth, told in ((0, True), (4, False)):
        table = civ_table_at(tabletop_app, volcano_at(depth))
        assert isinstance(table, CivTabletop)
        fingers = Fingers(tabletop_app)
        holder = fingers.down(strip_point(table, 3))
        assert table.fingers.is_open(3)
        drawn.clear()
        tabletop_app.run_frames(1)
        assert (coming in drawn) is told, depth
        fingers.up(holder, strip_point(table, 3))
        drawn.clear()
        tabletop_app.run_frames(1)
        assert coming not in drawn, "a closed strip keeps to its seat's numbers"
