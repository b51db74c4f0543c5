"""Faults of the desk table a Board Game Arena regular would hit (issue 12, "Bugs")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from support.apps import make_app

from game.app import App
from game.scenes.flow import start_from_position, start_new_game
from game.scenes.handover import HandoverScene
from game.tigris.scenes.table import TableScene
from game.tigris.settings import tigris_settings


class StillThinking:
    """A worker whose computer player never answers, so the table shows it thinking."""

    def __init__(self) -> None:
        self.busy = True

    def request(self, *_: Any) -> int:
        return 1

    def poll(self) -> None:
        return None

    def cancel(self) -> None:
        self.busy = False

    def close(self) -> None:
        self.busy = False


def panel_pixels_outside(app: App, panel: pygame.Rect, hole: pygame.Rect) -> bytes:
    shot = app.screen.subsurface(panel).copy()
    shot.fill((0, 0, 0), hole.move(-panel.x, -panel.y))
    return pygame.image.tobytes(shot, "RGB")


@pytest.mark.parametrize("size", [(800, 480), (1280, 800), (1920, 1080)])
def test_thinking_is_shown_on_the_name_line_not_over_the_scores(data_dir, size):
    """Issue 12 bug 4: "Bull is thinking…" takes the name's place in the seat panel and
    leaves the counts, leaders and score boxes as they were."""
    app = make_app(size)
    app.sync_computers = False
    worker = StillThinking()
    app.worker = worker  # type: ignore[assignment]
    try:
        table = start_new_game(app, ["computer", "human"], seed=3)
        app.run_frames(3)
        assert table.computers.thinking
        panel = table.layout.side_.panels[0]
        name = table.drawing.name_areas[0]
        thinking = panel_pixels_outside(app, panel, name)
        thinking_name = pygame.image.tobytes(app.screen.subsurface(name).copy(), "RGB")
        worker.busy = False
        app.run_frames(1)
        assert not table.computers.thinking
        assert panel_pixels_outside(app, panel, name) == thinking
        assert pygame.image.tobytes(app.screen.subsurface(name).copy(), "RGB") != thinking_name
    finally:
        worker.busy = False
        app.close()


def test_r5_4_swap_button_counts_only_chosen_tiles(data_dir):
    """Issue 12 bug 9: with no tile chosen the swap dialog's button does not say
    "Swap 1 tile" (R5.4: the player discards 1 to 6 tiles)."""
    from game.i18n import t
    from game.scenes.dialog import DialogScene
    from game.tigris.driver import Driver

    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = start_new_game(app, ["human", "computer"], seed=3)
        driver.frames(2)
        driver.press_button(table, "swap")
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)

        def confirm() -> Any:
            return next(b for b in dialog.buttons.buttons if b.id == "confirm")

        assert confirm().label == t("table.swap") and not confirm().enabled
        driver.press_button(dialog, "swap:0")
        assert confirm().label == t("table.swap_confirm.one", count=1) and confirm().enabled
    finally:
        app.close()


def place_by_keyboard(driver: Any, table: Any) -> None:
    """Picks the first hand tile with its number key, walks the cursor to a square it may
    go to with the arrow keys and places it with Enter."""
    from game.tigris.boardmap import coords

    color = table.hand()[0]
    target = next(a["to"] for a in table.session.state.legal_actions()
                  if a["type"] == "tile" and a["color"] == color)
    driver.key("1")
    if table.cursor is None:
        driver.key("right")
        driver.key("left")
    col, row = coords(table.cursor)
    to_col, to_row = coords(target)
    for key, steps in (("right", to_col - col), ("left", col - to_col),
                       ("down", to_row - row), ("up", row - to_row)):
        for _ in range(max(0, steps)):
            driver.key(key)
    assert table.cursor == target
    driver.key("return")
    driver.settle(table)


def test_r4_1_keyboard_cursor_goes_when_the_turn_or_the_pointer_moves_on(data_dir):
    """Issue 12 bug 9: the arrow keys' square outline does not stay on the board for
    turns: the mouse takes over from it, and it goes when the viewer's turn ends (R4.1:
    up to two actions a turn)."""
    from game.tigris.driver import Driver

    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = start_new_game(app, ["human", "computer"], seed=3)
        driver.frames(2)
        driver.key("right")
        assert table.cursor is not None
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                             buttons=(0, 0, 0)))
        driver.frames(1)
        assert table.cursor is None
        before = len(table.session.record["actions"])
        place_by_keyboard(driver, table)
        assert len(table.session.record["actions"]) == before + 1
        assert table.session.state.to_move == 0 and table.cursor is not None, (
            "between the two actions of a turn the cursor stays")
        place_by_keyboard(driver, table)
        assert table.held is not None and table.cursor is None, (
            "the last action is held for End turn, with no square to place on")
        driver.key("e")
        assert table.session.state.to_move != 0 and table.cursor is None
    finally:
        app.close()


def war_with_joined_kingdom_counts() -> dict[str, Any]:
    """A position waiting for a war's commitments where a leader's whole joined kingdom
    holds more tiles of the war's colour than the war counts for it."""
    import random

    import engine.tigris as engine
    from game.tigris.boardmap import leader_support

    rng = random.Random(4)
    for _ in range(400):
        state = engine.new_game(2, rng.randrange(10**6))
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            position = state.to_dict()
            pending = position["pending"]
            if pending and pending["kind"] == "commit" and pending["conflict"] != "internal":
                whole = leader_support(position["board"])
                if whole[pending["attacker_leader"]][1] != pending["attacker_strength"]:
                    return position
    raise AssertionError("no war found")


def test_r8_4_war_strength_badges_count_each_side_as_the_war_does(data_dir, monkeypatch):
    """Issue 12 bug 5: with leader strengths shown, the two leaders at war show the
    strength the war counts (R8.4: the face-up tiles of the war's colour on each side), not the
    tiles of the whole joined kingdom."""
    from game.tigris.driver import Driver
    from game.tigris.ui import board_painter

    position = war_with_joined_kingdom_counts()
    pending = position["pending"]
    badges: list[tuple[str, tuple[int, int, int], tuple[int, int]]] = []
    badge = board_painter._badge
    monkeypatch.setattr(board_painter, "_badge", lambda layer, label, px, color, at: (
        badges.append((label, color, at)), badge(layer, label, px, color, at))[1])
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        tigris_settings(app.settings).leader_strength = True
        table = start_from_position(app, position, ["human", "human"])
        assert isinstance(table, TableScene)
        for _ in range(4):
            driver.frames(1)
            if isinstance(app.stack.top, HandoverScene):
                driver.press_button(app.stack.top, "confirm")
        assert table.view["pending"]["kind"] == "commit"
        painter = table.painter
        frame = table.layout.frame
        shown = {}
        for side in ("attacker", "defender"):
            r = painter.square_rect(pending[f"{side}_leader"]).move(-frame.x, -frame.y)
            # Issue 21: the leaders at war show their one badge outside the conflict ring,
            # centred above their square (below it on the top row), no longer in a corner.
            shown[side] = [label for label, _, at in badges
                           if at[0] == r.centerx and not r.top <= at[1] < r.bottom]
        assert shown == {"attacker": [str(pending["attacker_strength"])],
                         "defender": [str(pending["defender_strength"])]}
    finally:
        app.close()


def test_r5_3_catastrophe_targets_are_marked_clear_of_the_tiles_symbol(data_dir):
    """Issue 12 bug 9: a catastrophe may go on a tile (R5.3); the mark of such a target
    sits in a corner of the square, not as a ring over the tile's symbol."""
    from game.tigris.driver import Driver

    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = start_new_game(app, ["human", "computer"], seed=3)
        driver.frames(2)
        place_by_keyboard(driver, table)
        driver.key("c")
        on_tiles = sorted(s for s in table.legal_squares() if table.view["board"].get(s))
        assert on_tiles
        square = table.painter.square_rect(on_tiles[0])
        middle = square.inflate(-square.w * 3 // 5, -square.h * 3 // 5)

        def shot(rect: pygame.Rect, hints: bool) -> bytes:
            app.settings.legal_hints = hints
            table.drawing.dirty = True
            driver.frames(3)
            return pygame.image.tobytes(app.screen.subsurface(rect).copy(), "RGB")

        assert shot(square, True) != shot(square, False), "the target is marked"
        assert shot(middle, True) == shot(middle, False), "the tile's symbol is left clear"
    finally:
        app.close()
