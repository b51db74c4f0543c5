"""Pass-and-play hides every hand (A1.5, issue 22 "Tests"): through a whole game of three
people at one screen, whatever is shown — a seat's table after its hand-over, or the
hand-over screen itself — is drawn from the same inputs (every text handed to the
painters) and the same pixels when the hidden cards are dealt otherwise: the other
seats' trade cards (swapped with other cards of their stacks, A2.7) and, on the
hand-over screen, every seat's. A non-tradable calamity stays where it is, in a stack or
a hand, and a hand's card is swapped only with one of its stack's top part, above what
everyone counted going under: where those lie is public (A6.2, A32.6; the views'
`calamity_depths` and `under`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from support.apps import closed_after, make_app
from support.civ_counted import uncounted_top
from support.civ_driver import CivDriver, level_pick

import engine.civ as civ
from engine.civ.tables import CALAMITIES, CARD_ORDER, CARD_STACK
from game.app import App
from game.civ.table import CivTable
from game.scenes.flow import start_new_game
from game.ui import text

CHECK_EVERY = 7   # steps of play between two checks (a check draws the screen twice)
PUBLIC_PLACE = {c.id for c in CALAMITIES if not c.tradable}


def swap_for(pile: list[str], places: list[int], card: str) -> int | None:
    """The first of `places` in `pile` whose card may stand in for hidden `card`: another
    card, and none whose place is public."""
    if card in PUBLIC_PLACE:
        return None
    return next((k for k in places if pile[k] != card and pile[k] not in PUBLIC_PLACE), None)


@pytest.fixture
def app(data_dir: Any) -> Iterator[App]:
    yield from closed_after(make_app((1280, 800), game="civ"))


def dealt_otherwise(state: Any, seats: set[int]) -> Any:
    """The position with each card in the hands of `seats` swapped for another card of
    its stack that nobody counted (the first one that differs), the stacks keeping as many
    cards."""
    d = state.to_dict()
    for seat in seats:
        hand = []
        for card in d["seats"][seat]["hand"]:
            pile = d["stacks"][CARD_STACK[card] - 1]
            other = swap_for(pile, uncounted_top(d, CARD_STACK[card] - 1), card)
            if other is None:
                hand.append(card)
                continue
            hand.append(pile[other])
            pile[other] = card
        d["seats"][seat]["hand"] = sorted(hand, key=CARD_ORDER.__getitem__)
    return civ.from_dict(d)


def drawn(app: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], bytes]:
    """Every text the shown scenes hand to the painters in one frame, and its pixels."""
    said: list[str] = []
    render = text.render

    def noting(line: str, role: str, px: int, colour: Any) -> pygame.Surface:
        said.append(line)
        return render(line, role, px, colour)

    monkeypatch.setattr(text, "render", noting)
    surface = pygame.Surface(app.size)
    for scene in app.stack.visible():
        scene.draw(surface)
    monkeypatch.setattr(text, "render", render)
    return said, pygame.image.tobytes(surface, "RGB")


def hidden_from_screen(app: Any, table: CivTable) -> set[int]:
    """The seats whose hands the screen must not show: all but the shown seat at its
    table; all on the hand-over screen. Seats of a pending proposal are left as dealt
    (the proposal holds their cards)."""
    state = table.session.state
    players = set(range(table.session.players))
    if app.stack.top is table and table.flow.viewer is not None:
        hidden = players - {table.flow.viewer}
    else:
        hidden = players
    pending = state.pending or {}
    if "proposal" in pending:
        hidden -= {int(pending["proposal"]["from"]), int(pending["proposal"]["to"])}
    return hidden


def test_no_hidden_card_reaches_the_screen_through_a_pass_and_play_game(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = start_new_game(app, ["human"] * 3, seed=41, options={"turn_limit": 8})
    assert isinstance(table, CivTable)
    driver = CivDriver(app, table)
    pick = level_pick("easy", 41, table)
    checks = {"table": 0, "hand-over": 0}
    steps = 0
    while driver.step(pick):
        steps += 1
        if steps % CHECK_EVERY:
            continue
        state = table.session.state
        seats = hidden_from_screen(app, table)
        if not any(state.to_dict()["seats"][s]["hand"] for s in seats):
            continue
        try:
            # the same position as a new object, so that nothing is drawn from a cache
            table.session.state = civ.from_dict(state.to_dict())
            before = drawn(app, monkeypatch)
            table.session.state = dealt_otherwise(state, seats)
            after = drawn(app, monkeypatch)
        finally:
            table.session.state = state
        where = "table" if app.stack.top is table else "hand-over"
        assert before[0] == after[0], (where, set(before[0]) ^ set(after[0]))
        assert before[1] == after[1], where
        checks[where] += 1
    assert table.session.state.is_over
    assert checks["table"] >= 10 and checks["hand-over"] >= 3, checks


def unnamed_otherwise(state: Any, outside: set[int]) -> Any:
    """The position with each unnamed card of each proposal under way (A17.3) swapped for
    another card of its stack's uncounted top, in the proposer's hand and in the proposal
    alike; when that holds none that may stand in, for a card in the hand of a seat outside
    the deal (as hidden, and every count stays)."""
    from collections import Counter

    d = state.to_dict()
    for proposal in d["phase_state"]["negotiation"]["proposals"]:
        unnamed = Counter(proposal["give"]) - Counter(proposal["named"])
        hand = d["seats"][proposal["from"]]["hand"]
        for card in unnamed.elements():
            stack = CARD_STACK[card] - 1
            places = [(d["stacks"][stack], uncounted_top(d, stack)),
                      *((held, list(range(len(held))))
                        for held in (d["seats"][seat]["hand"] for seat in sorted(outside)))]
            pile, other = next((pile, i) for pile, free in places
                               if (i := swap_for(pile, free, card)) is not None)
            swapped = pile[other]
            pile[other] = card
            hand[hand.index(card)] = swapped
            give = proposal["give"]
            give[give.index(card)] = swapped
            proposal["give"] = sorted(give, key=CARD_ORDER.__getitem__)
    for seat in d["seats"]:
        seat["hand"] = sorted(seat["hand"], key=CARD_ORDER.__getitem__)
    return civ.from_dict(d)


def test_a_proposals_unnamed_cards_are_never_drawn_for_its_receiver(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A17.3: the receiver of a proposal, at the hand-over and at his table, is shown the
    named cards and how many others, never which: dealing the unnamed ones otherwise
    (and the hands of the seats outside the deal) changes nothing drawn."""
    from support.civ_decision_positions import load

    from game.savegame import SavedGame, SeatConfig
    from game.scenes.flow import make_table
    from game.session import GameSession

    position = load()["trade_answer"]
    state = civ.from_dict(position)
    proposal = state.pending["proposal"]
    giver, receiver = int(proposal["from"]), int(proposal["to"])
    assert proposal["give_count"] > len(proposal["named"]), "the proposal has unnamed cards"
    people = {giver, receiver}
    seats = [SeatConfig("human" if s in people else "computer", "random", "")
             for s in range(len(position["seats"]))]
    record = {"game": civ.ID, "players": len(seats), "seed": 1,
              "options": position["options"], "actions": []}
    table = make_table(app, GameSession(SavedGame(record=record, seats=seats, start=position)))
    app.replace(table)
    app.run_frames(2)
    outside = set(range(len(seats))) - people
    for shown in ("hand-over", "table"):
        assert (app.stack.top is table) == (shown == "table")
        try:
            table.session.state = civ.from_dict(state.to_dict())
            before = drawn(app, monkeypatch)
            table.session.state = unnamed_otherwise(dealt_otherwise(state, outside), outside)
            after = drawn(app, monkeypatch)
        finally:
            table.session.state = state
        assert before[0] == after[0], (shown, set(before[0]) ^ set(after[0]))
        assert before[1] == after[1], shown
        if shown == "hand-over":
            CivDriver(app, table).tap_button(app.stack.top, "confirm")
            app.run_frames(1)
    assert table.flow.viewer == receiver and table.deciding() == receiver
