"""The civ table's turn flow and liveliness (issue 22), through the real input path:
Undo of one's own steps, refused (greyed, with its reason) once a step showed something
hidden; the "since your last turn" summary of a seeded game; an animation started for
each kind of engine event; the scoring screen's A35.2 parts and the finished games'
scores."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from support.apps import closed_after, make_app

import ai
import engine.civ as civ
from engine.civ.scoring import score_parts
from engine.civ.tables import CARD_ORDER, CARD_STACK
from game import savesummary
from game.app import App
from game.civ import choreography
from game.civ.table import CivTable
from game.kit.computers import COMPUTER_PAUSE
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_from_position, start_new_game
from game.tigris.driver import Driver


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def area_point(table: CivTable, area: int) -> tuple[int, int]:
    return table.board.screen(table.board.shape.shapes[area].label)


def answer_quickly(table: CivTable, driver: Driver) -> bool:
    """Taps the seat's shortest answer ("done", "stay", "pass", else the first): True if
    there was one to tap."""
    bid = next((b.id for b in table.buttons.buttons if b.id.startswith("act:")), None)
    if bid is None:
        return False
    pick = next((i for i, a in enumerate(table.shown) if a["type"] in ("done", "stay", "pass")),
                0)
    driver.press_button(table, f"act:{pick}")
    return True


def test_a_move_is_undone_by_the_lit_undo_button(app: Any) -> None:
    """A12: a move tapped on the map is taken back by Undo, lit until then; the tokens are
    where they were and the same decision is asked again."""
    table = start_new_game(app, ["human", "computer", "computer"], seed=5,
                           options={"turn_limit": 2})
    driver = Driver(app)
    for _ in range(600):
        state = table.session.state
        pending = state.pending
        if pending is None or pending["seat"] != 0 or table.deciding() != 0:
            app.run_frames(1)
            continue
        moves = [a for a in table.answers() if a["type"] == "move"]
        if pending["kind"] == "movement" and moves:
            break
        assert answer_quickly(table, driver)
    else:
        pytest.fail("seat 0 was never asked to move")
    before = table.session.state
    undo = table.buttons.get("undo")
    assert undo is not None and not undo.enabled   # the computers moved since seat 0's step
    assert table.life.tips.words["undo"] == "No Undo: another player has acted since your last step"
    move = moves[0]
    driver.tap(area_point(table, move["from"]))
    driver.tap(area_point(table, move["to"]))
    if table.session.state is before:
        driver.press_button(table, "act:0")
    assert table.session.record["actions"][-1]["type"] == "move"
    assert table.session.state.view(None)["areas"] != before.view(None)["areas"]
    undo = table.buttons.get("undo")
    assert undo is not None and undo.enabled
    assert table.life.tips.words["undo"] == "Take back your last step"
    driver.press_button(table, "undo")
    assert table.session.state.digest() == before.digest()
    assert table.session.state.pending == pending
    assert table.deciding() == 0
    driver.tap(area_point(table, move["from"]))   # again, taken back by its key this time
    driver.tap(area_point(table, move["to"]))
    if table.session.state is before or table.session.state.digest() == before.digest():
        driver.press_button(table, "act:0")
    assert table.session.state.digest() != before.digest()
    driver.key("u", "u")
    assert table.session.state.digest() == before.digest()


def civ_cards_position() -> dict[str, Any]:
    """A seeded game played by easy computers to its first purchase of civilization cards
    (A32), the buyer holding the top cards of stacks 6, 1 and 3 (3, 9 and 5): after buying
    Pottery he holds more commodities than A32.5 lets him keep and must return some."""
    state = civ.new_game(2, 1, {"turn_limit": 6})
    bots = [ai.make_bot("civ", "easy", 10 + s) for s in range(2)]
    while state.pending["kind"] != "civ_cards":
        me = state.to_move
        state = state.apply(bots[me].choose(state.view(me), 0.0))
    d = state.to_dict()
    seat = state.to_move
    for card in d["seats"][seat]["hand"]:
        d["stacks"][CARD_STACK[card] - 1].append(card)
    hand = []
    for stack, n in ((5, 3), (0, 9), (2, 5)):
        hand += d["stacks"][stack][:n]
        d["stacks"][stack] = d["stacks"][stack][n:]
    d["seats"][seat]["hand"] = sorted(hand, key=CARD_ORDER.__getitem__)
    return d


def test_undo_is_greyed_with_its_reason_once_a_step_showed_hidden_cards(app: Any) -> None:
    """A1.5 / A32.3: paying for a card with trade cards shows them to all; the buyer is
    still asked (A32.5, the cards over eight) but may not take the purchase back: Undo
    is greyed, its tip says why, and tapping it changes nothing."""
    position = civ_cards_position()
    seat = position["pending"]["seat"]
    seats = ["computer", "computer"]
    seats[seat] = "human"
    table = start_from_position(app, position, seats)
    driver = Driver(app)
    app.run_frames(2)
    assert table.deciding() == seat
    hand = table.view()["seats"][seat]["hand"]
    for _ in range(20):   # the chooser's pages, to Pottery (paid with trade cards)
        paid = [i for i, a in enumerate(table.shown)
                if a["type"] == "purchase" and a["cards"] == ["pottery"]]
        if paid:
            break
        driver.press_button(table, "more")
    driver.press_button(table, f"act:{paid[0]}")
    bought = table.session.record["actions"][-1]
    assert bought["type"] == "purchase" and bought["pay"]
    assert table.session.state.pending["kind"] == "excess"
    assert table.session.state.to_move == seat and table.deciding() == seat
    assert table.session.undo_refusal(seat) == "hidden"
    undo = table.buttons.get("undo")
    assert undo is not None and not undo.enabled
    assert table.life.tips.words["undo"] == "No Undo: your last step showed hidden cards"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.run_frames(1)
    assert table.life.tips.text == "No Undo: your last step showed hidden cards"
    actions = len(table.session.record["actions"])
    driver.tap(undo.rect.center)
    assert len(table.session.record["actions"]) == actions
    assert len(hand) == 17


def test_the_since_your_last_turn_summary_of_a_seeded_game(app: Any) -> None:
    """Issue 22: when seat 0 is asked again, what the others did since its last step shows
    in one line a nation, and the map replays it within 30 s."""
    table = start_new_game(app, ["human", "computer", "computer"], seed=5,
                           options={"turn_limit": 3})
    driver = Driver(app)
    shown: list[tuple[int, list[str]]] = []
    for _ in range(3000):
        state = table.session.state
        if state.is_over or len(shown) == 3:
            break
        panel = table.life.panel
        if panel is not None:
            shown.append((state.view(None)["turn"], panel[1]))
            driver.tap(table.life.panel_rect.center)   # a tap closes it (a newer may show)
            assert table.life.panel is not panel
            continue
        if state.to_move == 0 and table.deciding() == 0 and answer_quickly(table, driver):
            continue
        app.run_frames(1)
    assert shown == EXPECTED_SINCE


# (the turn, the lines) of the first three summaries seat 0 saw in seed 5's game; A36's
# "stay" is answered for a person without asking, so turn 2's spans its population growth
EXPECTED_SINCE: list[tuple[int, list[str]]] = [
    (1, ["Illyria grew 1 token", "Crete grew 1 token"]),
    (2, ["Illyria grew 2 tokens, moved 2 tokens, reached A.S.T. space 2",
         "Crete grew 2 tokens, moved 2 tokens, reached A.S.T. space 2"]),
    (3, ["Illyria grew 2 tokens, moved 4 tokens, lost 2 tokens, reached A.S.T. space 3",
         "Crete grew 2 tokens, moved 4 tokens, lost 2 tokens, reached A.S.T. space 3"]),
]


def test_an_animation_starts_for_each_kind_of_engine_event(app: Any) -> None:
    """Growth, moves, fights, cities rising and falling, calamities, cards changing hands
    and the A.S.T. marker: each event type the choreographer knows starts at least one
    animation (counted by what each shows), with its sound; a private one starts none."""
    app.speed_override = "normal"
    table = start_new_game(app, ["human", "human", "human"], seed=3, options={"turn_limit": 2})
    app.run_frames(1)
    events = sample_events()
    assert {e["type"] for e in events} == set(choreography.ANIMATED)
    started: Counter[str] = Counter()
    for event in events:
        table.life.animator.clear()
        table.present([event], None, None, None)
        assert table.life.animator.running(), event
        started.update(table.life.animator.running())
    assert set(started) == set(choreography.ANIMATED)
    table.life.animator.clear()
    table.present([{"type": "hand_drawn", "seat": 0, "cards": ["salt"], "private_to": 0},
                   {"type": "phase", "turn": 1, "phase": "tax"}], None, 0, None)
    assert not table.life.animator.running()
    # a long stretch replayed since a seat's last turn ends within 30 s, sounds included
    table.life.animate(events * 40, choreography.REPLAY_SECONDS)
    anims, sounds = table.life.animator.anims, table.life.animator.sounds
    assert max(a.tween.delay + a.tween.duration for a in anims) <= 30.0
    assert sounds and max(at for at, _name in sounds) <= 30.0
    # a person who acts is not held up by it
    table.life.acting()
    assert not table.animating


def sample_events() -> list[dict[str, Any]]:
    """One public event of each animated type (docs/civ-engine-api.md, "Events")."""
    return [
        {"type": "grown", "seat": 0, "areas": {"12": 2, "13": 1}},
        {"type": "moved", "seat": 0, "from": 12, "to": 13, "count": 2, "via": None},
        {"type": "barbarians_moved", "from": 12, "to": 13, "count": 3},
        {"type": "sailed", "seat": 1, "ship": 1, "area": 20, "coast": None},
        {"type": "ship_built", "seat": 1, "ship": 1, "area": 20, "pay": 2, "coast": None},
        {"type": "unloaded", "seat": 1, "ship": 1, "area": 21, "count": 2},
        {"type": "barbarians", "area": 30, "count": 15},
        {"type": "tokens_placed", "area": 30, "owner": 2, "count": 1, "reason": "epidemic"},
        {"type": "city_built", "area": 12, "seat": 0, "treasury": 0},
        {"type": "pirate_city", "area": 40},
        {"type": "conflict", "area": 13, "sides": ["0", "1"]},
        {"type": "city_destroyed", "area": 12, "owner": 0, "reason": "famine"},
        {"type": "city_reduced", "area": 12, "owner": 0, "tokens": 6, "reason": "volcano"},
        {"type": "city_changed_hands", "area": 12, "from": 0, "to": 1, "reason": "revolt"},
        {"type": "tokens_removed", "area": 13, "owner": 1, "count": 2, "reason": "conflict"},
        {"type": "tokens_changed_hands", "area": 13, "from": 1, "to": 2, "count": 2,
         "reason": "civil_war"},
        {"type": "calamity", "card": "famine", "victim": 1, "trader": None},
        {"type": "traded", "a": 0, "b": 1, "a_gives": 3, "b_gives": 3},
        {"type": "card_taken", "seat": 0, "victim": 1},
        {"type": "cards_drawn", "seat": 2, "count": 2},
        {"type": "bought", "seat": 2},
        {"type": "civ_cards_bought", "seat": 0, "cards": ["pottery"], "paid": ["grain"],
         "treasury": 3},
        {"type": "ast_moved", "seat": 0, "from": 1, "to": 2},
    ]


def test_the_scoring_screen_shows_each_scores_a35_2_parts_and_the_list_the_scores(
        app: Any) -> None:
    """A35.2: the result names each seat's points and their parts (cards, hand, treasury,
    A.S.T., cities), the hand's worth what the true hand is; the finished games' list says
    each seat's score, not only who won."""
    table = start_new_game(app, ["computer"] * 3, seed=3, options={"turn_limit": 3},
                           levels=["easy", "easy", "easy"])
    for _ in range(5000):
        if isinstance(app.stack.top, DialogScene):
            break
        app.run_frames(1)
    state = table.session.state
    assert state.is_over
    result = app.stack.top
    assert isinstance(result, DialogScene)
    d = state.to_dict()
    scores = state.final_scores()
    expected = []
    for place, seats in enumerate(state.ranking(), start=1):
        for seat in seats:
            s = d["seats"][seat]
            cities = sum(1 for a in d["areas"] if a["city"] and a["city"]["owner"] == seat)
            parts = score_parts(s["cards"], s["hand"], s["treasury"], s["ast"], cities)
            expected.append((place, scores[seat], parts))
    assert len(result.spec.lines) == 3
    for line, (place, points, p) in zip(result.spec.lines, expected, strict=True):
        assert line.startswith(f"{place}. ")
        assert line.endswith(f": {points} points = cards {p['cards']} + hand {p['hand']} + "
                             f"treasury {p['treasury']} + A.S.T. {p['ast']} + cities "
                             f"{p['cities']}")
    saved = table.session.saved()
    summary = savesummary.parse(saved.summary, 3)
    assert summary is not None and summary.scores == [scores[s] for s in range(3)]
    words = savesummary.result_words(app.game, saved, summary)
    assert all(f" {scores[s]}" in words for s in range(3))


def test_a_seats_deeds_are_compressed_to_one_line_in_the_phases_order(app: Any) -> None:
    """Issue 22's example: "Egypt grew 6 tokens, built 2 cities, bought Pottery"; a
    private event is never read, and the reader's own seat may be left out."""
    from game.civ import summary

    view = {"seats": [{"nation": "egypt"}, {"nation": "crete"}]}
    events = [
        {"type": "civ_cards_bought", "seat": 0, "cards": ["pottery"], "paid": [],
         "treasury": 0},
        {"type": "city_built", "area": 3, "seat": 0, "treasury": 0},
        {"type": "grown", "seat": 0, "areas": {"3": 4, "5": 2}},
        {"type": "city_built", "area": 5, "seat": 0, "treasury": 0},
        {"type": "calamity", "card": "famine", "victim": 1, "trader": 0},
        {"type": "city_changed_hands", "area": 9, "from": 1, "to": 0, "reason": "revolt"},
        {"type": "hand_drawn", "seat": 1, "cards": ["gold"], "private_to": 1},
        {"type": "moved", "seat": 1, "from": 7, "to": 8, "count": 3, "via": None},
    ]
    assert summary.lines(events, view) == [
        "Egypt grew 6 tokens, built 2 cities, took 1 city, bought Pottery",
        "Crete moved 3 tokens, lost 1 city, was struck by Famine",
    ]
    assert summary.lines(events, view, leave_out=1) == [
        "Egypt grew 6 tokens, built 2 cities, took 1 city, bought Pottery"]


def test_a_phase_of_computers_is_never_slower_than_its_animations(app: Any) -> None:
    """Issue 22: between two computer actions, the table waits for the first one's
    animations and no longer (the pause after a computer's move passes while it
    animates); counted in frames of 1/60 s, not timed."""
    app.speed_override = "normal"
    table = start_new_game(app, ["computer"] * 3, seed=4, options={"turn_limit": 2},
                           levels=["easy"] * 3)
    app.run_frames(1)
    checked = 0
    for _ in range(400):
        actions = len(table.session.record["actions"])
        anims = table.life.animator.anims
        if not anims or table.session.state.is_over:
            app.run_frames(1)
            continue
        longest = max((a.tween.delay + a.tween.duration - a.tween.elapsed for a in anims
                       if a.blocking), default=0.0)
        # the pause a computer's move is followed by (the tests' computers play at once,
        # without it: `Computers.turn` sets it after a move found in the background)
        table.flow.computers.wait = COMPUTER_PAUSE
        frames = 0
        while len(table.session.record["actions"]) == actions and frames < 1000:
            app.run_frames(1)
            frames += 1
        assert frames <= longest * 60 + 2
        checked += 1
    assert checked > 8


def test_civs_sounds_are_synthesised_and_heard_with_their_animations(app: Any) -> None:
    """Each sound the choreographer times is civ's own, made in code (no sound files):
    every one synthesises to audible samples within range, and the client registers them."""
    from game import audio
    from game.civ.sounds import SOUNDS

    assert set(SOUNDS) <= set(audio.sound_names())
    for name, synth in SOUNDS.items():
        samples = synth()
        assert len(samples) > audio.RATE // 20, name
        assert 0.1 < max(abs(v) for v in samples) <= 1.0, name
    app.speed_override = "normal"
    table = start_new_game(app, ["human", "human", "human"], seed=3, options={"turn_limit": 2})
    app.run_frames(1)
    heard: list[str] = []
    table.life.animator.play = heard.append   # what the app would play now
    for event in sample_events():
        table.life.animator.clear()
        table.present([event], None, None, None)
        heard += [name for _at, name in table.life.animator.sounds]
    assert set(heard) == set(SOUNDS)


def test_at_one_screen_a_summary_shows_only_to_the_seat_it_was_made_for(app: Any) -> None:
    """Pass-and-play: once the hand-over gave the screen to another seat, the summary made
    for the seat before is gone (it said "since your last turn" of another turn)."""
    table = start_new_game(app, ["human", "human"], seed=7, options={"turn_limit": 3})
    driver = Driver(app)
    seen: tuple[int | None, Any] = (None, None)   # the viewer and the summary it saw
    handed_over_with_a_summary = 0
    for _ in range(3000):
        if table.session.state.is_over:
            break
        top = app.stack.top
        if top is not table:
            if top.buttons.get("confirm") is not None:
                driver.press_button(top, "confirm")
            else:
                app.run_frames(1)
            continue
        viewer, panel = table.flow.viewer, table.life.panel
        if viewer != seen[0] and seen[1] is not None:
            handed_over_with_a_summary += 1
            assert panel is not seen[1]
        seen = (viewer, panel)
        if table.deciding() is not None and answer_quickly(table, driver):
            continue
        app.run_frames(1)
    assert handed_over_with_a_summary > 3
