"""Issue 21: at the tabletop the set-up says which edge each seat sits at, the edge its
panel then lies along (players sit down before the game opens)."""

from __future__ import annotations

from support.apps import make_app, open_setup

from game.i18n import t
from game.tigris.scenes.tabletop import TabletopScene


def test_the_tabletop_setup_names_each_seats_edge_as_the_table_then_seats_it(data_dir):
    app = make_app((1920, 1080), tabletop=True)
    try:
        driver, setup = open_setup(app)
        driver.press_button(setup, "count:4")
        labels = [label for label, _ in setup.labels]
        edges = ["bottom", "left", "top", "right"]
        for seat, edge in enumerate(edges):
            assert t("setup.seat_edge", number=seat + 1, edge=t(f"setup.edge.{edge}")) in labels
        assert "Seat 2 · left edge" in labels
        driver.press_button(setup, "start")
        driver.frames(3)
        table = next(s for s in app.stack.scenes if isinstance(s, TabletopScene))
        assert [place.edge for place in table.tl.seats] == edges
    finally:
        app.close()


def test_the_desk_setup_names_seats_without_edges(data_dir):
    app = make_app((1280, 800))
    try:
        _driver, setup = open_setup(app)
        assert "Seat 1" in [label for label, _ in setup.labels]
    finally:
        app.close()
