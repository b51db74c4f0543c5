"""Dialogs keep their buttons off the frame, wrap titles cleanly, and the commit dialog
docks at the side (issue 12, bug 9 and "Conflicts you can follow")."""

from __future__ import annotations

import pytest
from support.apps import make_app
from test_client_game import find_positions

from game import art
from game.app import App
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_from_position, start_new_game
from game.scenes.handover import HandoverScene
from game.scenes.menu import PauseMenu
from game.tigris.driver import Driver
from game.tigris.scenes.table import TableScene
from game.ui import text

SIZES = [(800, 480), (1280, 800), (1920, 1080)]


@pytest.fixture(scope="module")
def positions():
    return find_positions(kinds=("commit", "treasure"))


def open_decision(app: App, position: dict) -> tuple[TableScene, DialogScene]:
    driver = Driver(app)
    table = start_from_position(app, position, ["human"] * len(position["players"]))
    for _ in range(6):
        driver.frames(1)
        if isinstance(app.stack.top, HandoverScene):
            driver.press_button(app.stack.top, "confirm")
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    return table, dialog


def assert_buttons_clear_of_the_frame(dialog: DialogScene) -> None:
    """Every button keeps the layout's margin from the edge of the parchment it sits on."""
    size = dialog.rect.size
    paper = (art.panel_paper_rect(size) if dialog.spec.docked
             else art.dialog_paper_rect(size)).move(dialog.rect.topleft)
    margin = art.content_margin(size)
    for button in dialog.buttons.buttons:
        r = button.rect
        gaps = (r.left - paper.left, paper.right - r.right, r.top - paper.top,
                paper.bottom - r.bottom)
        assert min(gaps) >= margin, (button.id, gaps, margin)


@pytest.mark.parametrize("size", SIZES)
def test_pause_menu_buttons_keep_the_margin_of_the_frame(data_dir, size):
    app = make_app(size)
    try:
        table = start_new_game(app, ["human", "computer"], seed=1)
        driver = Driver(app)
        driver.frames(2)
        driver.press_button(table, "menu")
        menu = app.stack.top
        assert isinstance(menu, PauseMenu)
        assert_buttons_clear_of_the_frame(menu)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_commit_dialog_docks_beside_both_leaders_with_the_sides_marked(data_dir, positions,
                                                                       size):
    app = make_app(size)
    try:
        table, dialog = open_decision(app, positions["commit"])
        pending = table.view["pending"]
        assert dialog.spec.docked
        for side in ("attacker", "defender"):
            square = table.painter.square_rect(pending[f"{side}_leader"])
            assert not dialog.rect.colliderect(square), f"the {side}'s leader is covered"
        assert table.conflict_leaders == {"attacker": pending["attacker_leader"],
                                          "defender": pending["defender_leader"]}
        assert table.conflict_sides == table.session.state.conflict_support()
        assert_buttons_clear_of_the_frame(dialog)
        assert app.screen.get_rect().contains(dialog.rect)
        Driver(app).press_button(dialog, dialog.spec.options[0].id)
        assert table.conflict_sides == {} and table.conflict_leaders == {}
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_treasure_title_wraps_at_the_dot_without_leaving_it(data_dir, positions, size):
    app = make_app(size)
    try:
        _, dialog = open_decision(app, positions["treasure"])
        lines = text.wrap(dialog.spec.title, "title", dialog.title_px(), dialog.inner.w)
        words = [w for w in dialog.spec.title.split() if w != "·"]
        assert [w for w in " ".join(lines).split() if w != "·"] == words
        for line in lines:
            assert not line.startswith("·") and not line.endswith("·"), lines
    finally:
        app.close()


@pytest.mark.parametrize("width", range(40, 400, 7))
def test_wrap_never_leaves_a_separator_at_a_line_end_or_start(width):
    words = "Take a treasure · Bull · 2 left"
    lines = text.wrap(words, "title", 20, width)
    for line in lines:
        assert not line.startswith("·") and not line.endswith("·"), lines
    kept = " ".join(lines).split()
    assert [w for w in kept if w != "·"] == [w for w in words.split() if w != "·"]
