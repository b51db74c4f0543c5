"""Issue 21, "Readable at four players and at 800x480": the desk table's status bar says
whose turn it is and the actions left (at 800x480 the actions left used to be dropped
once the bag's count shared their line), beside the bag and the treasures left, in every
language; with 3 or 4 seats the panels fold to two rows and the log keeps at least 10
lines at 1280x800 and 4 at 800x480."""

from __future__ import annotations

import random

import pytest
from support.apps import make_app

from game import i18n
from game.i18n import tn
from game.scenes.flow import start_new_game
from game.tigris.driver import Driver
from game.tigris.layout import table_layout
from game.tigris.ui import status_bar
from game.tigris.ui.panel_places import panel_places
from game.ui import skin, text

LEAST_LOG_LINES = {(1280, 800): 10, (800, 480): 4}


@pytest.mark.parametrize("size", list(LEAST_LOG_LINES))
@pytest.mark.parametrize("players", [3, 4])
def test_with_many_seats_the_panels_fold_and_the_log_keeps_its_lines(size, players):
    layout = table_layout(*size, players)
    side = layout.side_
    assert all(panel_places(p, layout.cell).rows == 2 for p in side.panels)
    px = max(11, int(layout.cell * 0.3))
    inner = skin.panel_inner(side.log.w, side.log.h)
    body = inner.h - int(px * 1.5) - px // 4
    assert body // int(px * 1.2) >= LEAST_LOG_LINES[size]


@pytest.mark.parametrize("code", i18n.languages())
@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_the_status_bar_holds_whose_turn_and_the_actions_left_in_every_language(
        data_dir, monkeypatch, code, size):
    app = make_app(size)
    try:
        i18n.set_language(code)
        driver = Driver(app)
        table = start_new_game(app, ["human", "computer", "computer", "computer"], seed=7)
        driver.frames(3)
        bar = table.layout.side_.info
        row = status_bar.places(bar)[0]
        left = tn("table.actions_left", int(table.view["actions_left"]))
        lines = table.drawing.status_lines()
        shown, px = status_bar.choose_status(lines, status_bar.status_px(bar), row)
        assert shown in (list(lines[0].rpartition(" — ")[::2]), [lines[0]]), (
            "your turn and the actions left, both")
        assert left in " ".join(shown)
        assert px >= 11, "readable"
        assert all(text.size(part, "bold", px)[0] <= row.w for part in shown)
        assert len(shown) * int(px * 1.15) <= row.h
        drawn: list[list[str]] = []
        original = status_bar.choose_status

        def spy(*args):
            drawn.append(original(*args)[0])
            return original(*args)

        monkeypatch.setattr(status_bar, "choose_status", spy)
        table.drawing.dirty = True
        driver.frames(2)
        assert drawn and drawn[-1] == shown, "the painter shows it"
    finally:
        i18n.set_language("en")
        app.close()


def test_a_four_player_game_at_800x480_shows_four_lines_of_log(data_dir):
    app = make_app((800, 480))
    try:
        driver = Driver(app)
        table = start_new_game(app, ["human", "computer", "computer", "computer"], seed=7)
        driver.frames(3)
        rng = random.Random(4)
        for _ in range(3):
            tiles = [a for a in table.session.state.legal_actions() if a["type"] == "tile"]
            driver.perform(table, rng.choice(tiles), rng)
            driver.end_held_turn(table)
            driver.frames(10)
        assert len(table.log) > 10
        hits = table.drawing.log_hits
        px = table.drawing.log_px()
        lines = sum(area.h // int(px * 1.2) for area, _ in hits.lines)
        assert lines >= 4, "besides its headers"
    finally:
        app.close()
