"""The table is a scene composed of parts with one job each, and it plays through its
session: an action is submitted and shown from the "applied" event that answers it."""

from __future__ import annotations

from functools import partial

from support.apps import make_app as shared_make_app

from game.i18n import refusal_text
from game.scene import Scene
from game.scenes.flow import start_new_game
from game.session import GameSession
from game.tigris.scenes.lan_table import LanTableScene
from game.tigris.scenes.table import TableScene
from game.tigris.scenes.table_drawing import TableDrawing
from game.tigris.scenes.table_input import TableInput
from game.tigris.scenes.tabletop import TabletopScene
from game.tigris.scenes.tabletop_drawing import TabletopDrawing
from game.tigris.scenes.tabletop_input import TabletopInput
from game.tigris.scenes.tabletop_panels import TabletopPanels

make_app = partial(shared_make_app, size=(1280, 800))


def test_every_table_is_a_scene_with_nothing_mixed_in() -> None:
    for kind in (TableScene, TabletopScene, LanTableScene):
        assert [c for c in kind.__mro__ if c is not object and not issubclass(c, Scene)] == []


def test_the_desk_tables_parts_hold_their_table(data_dir) -> None:
    app = make_app()
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        assert type(table.input) is TableInput and table.input.table is table
        assert type(table.drawing) is TableDrawing and table.drawing.table is table
    finally:
        app.close()


def test_the_tabletops_parts_hold_their_table(data_dir) -> None:
    app = make_app(tabletop=True)
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        assert isinstance(table, TabletopScene)
        assert type(table.input) is TabletopInput and table.input.table is table
        assert type(table.drawing) is TabletopDrawing and table.drawing.table is table
        assert type(table.panels) is TabletopPanels and table.panels.table is table
    finally:
        app.close()


def test_a_move_is_submitted_and_shown_from_the_sessions_answer(data_dir, monkeypatch) -> None:
    app = make_app()
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        submitted: list[dict[str, object]] = []
        submit = table.session.submit

        def spy(action: dict[str, object]) -> None:
            submitted.append(action)
            submit(action)

        monkeypatch.setattr(table.session, "submit", spy)
        action = next(a for a in table.session.state.legal_actions() if a["type"] == "tile")
        assert table.act(action)
        assert submitted == [action]
        assert table.session.record["actions"] == [action]
        assert not table.queue, "a local action is shown as soon as it is heard"
        assert table.view["board"][action["to"]]["tile"] == action["color"]
    finally:
        app.close()


def test_a_refused_move_is_told_by_the_engines_refusal_code(data_dir) -> None:
    app = make_app()
    try:
        table = start_new_game(app, ["human", "human"], seed=3)
        state = table.session.state
        refused = {"type": "tile", "color": "blue", "to": "A1"}
        refusal = state.check(refused)
        assert refusal is not None
        assert not table.act(refused)
        assert table.toast == refusal_text(refusal)
        assert table.session.state is state and table.session.record["actions"] == []
    finally:
        app.close()


def test_what_a_computer_changed_is_marked_for_the_person_whose_turn_comes(data_dir) -> None:
    """The squares another seat played on since the viewer's turn ended are marked (the
    corners on the board) when the controller shows its actions."""
    app = make_app()
    try:
        table = start_new_game(app, ["human", "computer"], seed=3)
        for _ in range(300):
            if table.held is not None:
                table.end_turn()
            elif table.legal is not None:
                if any(t.seat == 1 for t in table.session.taken):
                    break
                table.act(table.session.state.legal_actions()[0])
            app.run_frames(1)
        assert table.legal is not None and table.viewer == 0
        assert table.recent, "the computer's squares are marked"
        played = GameSession(table.session.saved()).replayed_events
        assert table.recent <= {e["at"] for events in played for e in events
                                if e.get("seat") == 1 and "at" in e}
    finally:
        app.close()
