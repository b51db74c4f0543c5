"""Pass-and-play hides every hand (A1.5, issue 22 "Tests"): through a whole game of three
people at one screen, whatever is shown — a seat's table after its hand-over, or the
hand-over screen itself — is drawn from the same inputs (every text handed to the
painters) and the same pixels when the hidden cards are dealt otherwise: the other
seats' trade cards (swapped with other cards of their stacks, A2.7) and, on the
hand-over screen, every seat's."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from support.apps import make_app
from support.civ_driver import CivDriver, level_pick

import engine.civ as civ
from engine.civ.tables import CARD_ORDER, CARD_STACK
from game.civ.table import CivTable
from game.scenes.flow import start_new_game
from game.ui import text

CHECK_EVERY = 7   # steps of play between two checks (a check draws the screen twice)


@pytest.fixture
def app(data_dir: Any) -> Any:
    application = make_app((1280, 800), game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def dealt_otherwise(state: Any, seats: set[int]) -> Any:
    """The position with each card in the hands of `seats` swapped for another card of
    its stack (the first one that differs), the stacks keeping as many cards."""
    d = state.to_dict()
    for seat in seats:
        hand = []
        for card in d["seats"][seat]["hand"]:
            pile = d["stacks"][CARD_STACK[card] - 1]
            other = next((i for i, c in enumerate(pile) if c != card), None)
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
