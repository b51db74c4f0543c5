"""T&E's commit dialog offers a button per count the rules allow, and the swap dialog is
the kit's card hand (issues 20, 21): by tap and by key, the buttons following the
choice."""

from __future__ import annotations

from typing import Any

from support.apps import make_app
from test_client_dialog_frame import open_decision
from test_client_game import find_positions

from game.i18n import t, tn
from game.kit.card_hand import CardHand
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_new_game
from game.tigris.driver import Driver


def done(table: Any) -> dict[str, Any]:
    """The action the table took: held until "End turn" when it hands the game over."""
    if table.held is not None:
        return dict(table.held.action)
    return dict(table.session.record["actions"][-1])


def test_r6_2_the_commit_dialog_counts_by_keys_and_taps_what_the_hand_allows(data_dir):
    """A button per count the hand allows; the keys move the highlight and Enter commits
    it (issue 21: a tap commits at once; test_client_commit_one_tap)."""
    position = find_positions(kinds=("commit",))["commit"]
    app = make_app((1280, 800))
    try:
        table, dialog = open_decision(app, position)
        allowed = sorted(a["count"] for a in table.session.state.legal_actions())
        assert [o.id for o in dialog.spec.options] == [f"commit:{n}" for n in allowed]
        assert dialog.buttons.get(f"commit:{allowed[0]}").selected
        driver = Driver(app)
        driver.key("end")
        top = allowed[-1]
        assert app.stack.top.buttons.get(f"commit:{top}").selected
        assert app.stack.top.buttons.get(f"commit:{top}").label.startswith(
            t("dialog.conflict.commit_count", count=top))
        driver.key("home")
        assert app.stack.top.buttons.get(f"commit:{allowed[0]}").selected
        driver.key("end")
        driver.key("return")
        assert done(table) == {"type": "commit", "count": top}
    finally:
        app.close()


def test_r5_4_the_swap_dialog_picks_tiles_by_digit_and_enter_leaves_them(data_dir):
    app = make_app((800, 480))
    try:
        driver = Driver(app)
        table = start_new_game(app, ["human", "computer"], seed=3)
        driver.frames(2)
        driver.press_button(table, "swap")
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene) and isinstance(dialog.spec.widget, CardHand)
        driver.key("2")
        driver.key("5")
        driver.key("return")
        assert dialog.spec.widget.chosen == {1, 4}
        assert dialog.buttons.get("confirm").label == tn("table.swap_confirm", 2)
        assert [o.id for o in dialog.choices()] == [f"swap:{i}" for i in range(6)]
        driver.press_button(dialog, "confirm")
        action = done(table)
        assert action["type"] == "swap" and len(action["tiles"]) == 2
    finally:
        app.close()
