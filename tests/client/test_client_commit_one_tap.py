"""Committing is one tap (issue 21, "Conflicts read at a glance"): a button per count,
"Commit 2" with who it leaves ahead beside it, held with Undo lit until the other side
answers, and the turn line saying what the buttons say. Played through the real input
path: taps on the buttons' squares of the screen."""

from __future__ import annotations

from support.apps import make_app
from test_client_conflict_glance import REVOLT, start

from game.i18n import t
from game.scenes.dialog import DialogScene
from game.scenes.handover import HandoverScene
from game.tigris.scenes.table import TableScene


def labels(dialog: DialogScene) -> dict[str, str]:
    return {o.id: o.label for o in dialog.spec.options}


def commit_words(count: int, key: str) -> str:
    return f'{t("dialog.conflict.commit_count", count=count)} · {t(f"dialog.conflict.short.{key}")}'


def agrees(table: TableScene) -> tuple[str, str, bool]:
    """The turn line, the End turn button's words and whether Undo is lit."""
    undo = table.buttons.get("undo")
    return (table.drawing.status_lines()[0], table.buttons.get("end_turn").label,
            undo is not None and undo.enabled)


def test_r7_a_commitment_is_one_tap_held_with_undo_until_the_defender_answers(data_dir):
    """A revolt (R7, R7.3: a tie goes to the defender). Seat 0's priest on J7 has 2
    temples against seat 1's 1. Each count's button says who it leaves ahead; one tap
    holds the answer, Undo takes back the leader with it; the defender's one tap is
    held likewise, and the turn line says "confirm" as the button does."""
    app = make_app((1280, 800))
    try:
        driver, table = start(app, REVOLT, ["human", "human"], hands=["rrrbgk", "rrrbgk"])
        driver.tap(table.layout.leader_slots[0].center)
        driver.tap(driver.square_point(table, "J7"))
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert labels(dialog) == {"commit:0": commit_words(0, "ahead"),
                                  "commit:1": commit_words(1, "ahead"),
                                  "commit:2": commit_words(2, "ahead"),
                                  "commit:3": commit_words(3, "ahead")}
        assert "confirm" not in {b.id for b in dialog.buttons.buttons}, "no second tap"
        driver.press_button(dialog, "commit:1")
        assert app.stack.top is table, "one tap answers"
        assert table.held is not None and table.held.action == {"type": "commit", "count": 1}
        assert len(table.session.record["actions"]) == 1, "held, not sent"
        assert agrees(table) == (t("table.held.confirm"), t("common.confirm"), True)
        driver.press_button(table, "undo")
        assert table.held is None and table.session.record["actions"] == []
        assert "J7" not in table.view["board"], "Undo takes back the leader that asked"

        driver.tap(table.layout.leader_slots[0].center)
        driver.tap(driver.square_point(table, "J7"))
        driver.press_button(app.stack.top, "commit:0")
        driver.press_button(table, "end_turn")
        assert table.session.record["actions"][-1] == {"type": "commit", "count": 0}
        assert isinstance(app.stack.top, HandoverScene)
        driver.press_button(app.stack.top, "confirm")
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert labels(dialog) == {"commit:0": commit_words(0, "lose"),
                                  "commit:1": commit_words(1, "tie_win"),
                                  "commit:2": commit_words(2, "win"),
                                  "commit:3": commit_words(3, "win")}
        sent = len(table.session.record["actions"])
        driver.press_button(dialog, "commit:2")
        driver.settle(table)
        for _ in range(20):
            if app.stack.top is table:
                break
            driver.tap(app.screen.get_rect().center)   # the revolt's result, held
        assert table.held is not None and table.held.action == {"type": "commit", "count": 2}
        assert len(table.session.record["actions"]) == sent, "held, not sent"
        line, button, undo_lit = agrees(table)
        assert (line, button) == (t("table.held.confirm"), t("common.confirm"))
        assert undo_lit, "Undo until the defender's answer is confirmed"
        driver.press_button(table, "undo")
        driver.frames(2)
        dialog = app.stack.top
        assert table.held is None and len(table.session.record["actions"]) == sent
        assert table.session.record["actions"][-1] == {"type": "commit", "count": 0}, (
            "the defender's Undo leaves the attacker's answer")
        assert isinstance(dialog, DialogScene) and dialog.button("commit:1") is not None, (
            "asked again")
        driver.press_button(dialog, "commit:2")
        for _ in range(20):
            if app.stack.top is table:
                break
            driver.tap(app.screen.get_rect().center)
        driver.press_button(table, "end_turn")
        assert table.session.record["actions"][-1] == {"type": "commit", "count": 2}
        assert table.held is None
    finally:
        app.close()


def test_every_count_fits_the_docked_column_at_800x480(data_dir):
    """Four counts and Undo at the smallest screen: every button inside the dialog, the
    dialog on the screen, and one tap still commits."""
    app = make_app((800, 480))
    try:
        driver, table = start(app, REVOLT, ["human", "human"], hands=["rrrbgk", "rrrbgk"])
        driver.tap(table.layout.leader_slots[0].center)
        driver.tap(driver.square_point(table, "J7"))
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        ids = [b.id for b in dialog.buttons.buttons]
        assert ids == ["commit:0", "commit:1", "commit:2", "commit:3", "undo"]
        assert app.screen.get_rect().contains(dialog.rect)
        for button in dialog.buttons.buttons:
            assert dialog.rect.contains(button.rect), button.id
        driver.press_button(dialog, "commit:3")
        assert table.held is not None and table.held.action == {"type": "commit", "count": 3}
    finally:
        app.close()
