"""T&E's commit and swap dialogs are the kit's count picker and card hand (issue 20):
the numbers and tiles the rules allow, by tap and by key, with the confirm button
following the choice."""

from __future__ import annotations

from typing import Any

from support.apps import make_app
from test_client_dialog_frame import open_decision
from test_client_game import find_positions

from game.i18n import t, tn
from game.kit.card_hand import CardHand
from game.kit.count_picker import CountPicker
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_new_game
from game.tigris.driver import Driver


def done(table: Any) -> dict[str, Any]:
    """The action the table took: held until "End turn" when it hands the game over."""
    if table.held is not None:
        return dict(table.held.action)
    return dict(table.session.record["actions"][-1])


def test_r6_2_the_commit_dialog_counts_by_keys_and_taps_what_the_hand_allows(data_dir):
    position = find_positions(kinds=("commit",))["commit"]
    app = make_app((1280, 800))
    try:
        table, dialog = open_decision(app, position)
        picker = dialog.spec.widget
        assert isinstance(picker, CountPicker)
        allowed = sorted(a["count"] for a in table.session.state.legal_actions())
        assert picker.values == allowed and picker.value == allowed[0]
        driver = Driver(app)
        driver.key("end")
        top = allowed[-1]
        assert picker.value == top
        confirm = app.stack.top.buttons.get("confirm")
        assert confirm.label == (tn("dialog.conflict.commit", top) if top
                                 else t("dialog.conflict.commit_none"))
        driver.key("home")
        driver.press_button(app.stack.top, f"commit:{top}")
        assert picker.value == top and app.stack.top.buttons.get(f"commit:{top}").selected
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
