"""Conflicts read at a glance, and the buttons around them (issue 21, bugs 3, 4 and 5).

Played headless through the real input path: a lit button always acts, else it
is greyed with a tooltip saying why (bug 3); the turn line says what the
buttons say (bug 4); dialogs about squares dock beside the board, clear of them
(bug 5); a result with no person in it closes by itself.
"""

from __future__ import annotations

from typing import Any

from support.apps import make_app

from game.app import App
from game.i18n import t
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_from_position
from game.scenes.handover import HandoverScene
from game.tigris.driver import Driver
from game.tigris.scenes.conflict_moment import ConflictMomentScene
from game.tigris.scenes.table import TableScene
from game.tigris.settings import KEEP_ALL, tigris_settings
from positions import build_dict

# A red tile on E10 joins seat 0's trader (B9, beside the corner treasure's temple on B8,
# a market on C9) to seat 1's (F11, beside the treasure on F10): a war of traders (R8)
# seat 0 wins 1 to 0, then its trader takes the corner treasure, its only choice (R9.1),
# as the turn's last action.
TREASURE_WAR = {"B9": "0g", "C9": "g", "D9": "r", "D10": "r", "F11": "1g"}


def start(app: App, cells: dict[str, Any], seats: list[str],
          **position: Any) -> tuple[Driver, TableScene]:
    driver = Driver(app)
    table = start_from_position(app, build_dict(cells, **position), seats)
    driver.frames(2)
    if isinstance(app.stack.top, HandoverScene):
        driver.press_button(app.stack.top, "confirm")
    return driver, table


def place(driver: Driver, table: TableScene, color: str, square: str) -> None:
    slot = table.hand().index(color)
    driver.tap(table.layout.hand_slots[slot].center)
    driver.tap(driver.square_point(table, square))


def play_until_held(driver: Driver, table: TableScene, commit: int, limit: int = 300) -> None:
    """Commits `commit`, confirms it, reads the result, until the table holds the turn's
    last action."""
    app = driver.app
    for _ in range(limit):
        top = app.stack.top
        if top is table and table.held is not None and table.held.action["type"] == "treasure":
            return
        if isinstance(top, ConflictMomentScene):
            driver.tap(top.app.screen.get_rect().center)
        elif top is table and table.held is not None:
            driver.end_held_turn(table)
        elif isinstance(top, DialogScene) and top.button(f"commit:{commit}"):
            driver.press_button(top, f"commit:{commit}")
        else:
            driver.frames(1)
    raise AssertionError("the treasure was never held")


def test_bug3_undo_is_greyed_with_why_after_a_war_won_and_a_treasure_taken_by_itself(
        data_dir):
    app = make_app((1280, 800))
    try:
        driver, table = start(app, TREASURE_WAR, ["human", "computer"], actions_left=1,
                              hands=["rrbbgk", "rrbbkk"])
        place(driver, table, "red", "E10")
        play_until_held(driver, table, 0)
        assert table.held is not None and table.held.action == {"type": "treasure", "at": "B8"}
        undo = table.buttons.get("undo")
        assert undo is not None and not undo.enabled, "Undo would do nothing: greyed"
        assert table.tips.words.get("undo") == t("table.undo.why.answered")
        held = table.held
        driver.tap(undo.rect.center)
        driver.frames(2)
        assert table.held is held, "a greyed button does nothing"
    finally:
        app.close()


# Seat 1's priest on H7 touches one temple (I7); seat 0's priest on J7 touches I7 and K7.
REVOLT = {"H7": "1r", "K7": "r"}


def test_bug4_the_turn_line_says_what_the_button_says_and_a_defender_always_confirms(
        data_dir):
    """A revolt (R7) started by the turn's last action, at a shared screen: the attacker's
    held commitment and the defender's are both "Confirm" (the defender's ends nobody's
    turn, though sending it ends the attacker's), and the turn line says the same."""
    app = make_app((1280, 800))
    try:
        driver, table = start(app, REVOLT, ["human", "human"], actions_left=1,
                              hands=["rrrbgk", "rrrbgk"])
        driver.tap(table.layout.leader_slots[0].center)
        driver.tap(driver.square_point(table, "J7"))
        seen: list[tuple[int, str, str]] = []
        for _ in range(200):
            top = app.stack.top
            if isinstance(top, HandoverScene):
                driver.press_button(top, "confirm")
            elif isinstance(top, ConflictMomentScene):
                driver.tap(app.screen.get_rect().center)
            elif isinstance(top, DialogScene) and top.button("commit:1"):
                driver.press_button(top, "commit:1")
            elif top is table and table.held is not None:
                driver.settle(table)
                seen.append((table.held.seat, table.buttons.get("end_turn").label,
                             table.drawing.status_lines()[0]))
                driver.press_button(table, "end_turn")
                if len(seen) == 2:
                    break
            else:
                driver.frames(1)
        confirm = t("common.confirm")
        assert seen == [(0, confirm, t("table.held.confirm")),
                        (1, confirm, t("table.held.confirm"))]
    finally:
        app.close()


def computers_revolt(app: App) -> tuple[Driver, TableScene]:
    """A person at seat 0 watches seat 1's priest (J7) revolt against seat 2's (H7)."""
    pending = {"kind": "commit", "conflict": "internal", "color": "red", "attacker": 1,
               "defender": 2, "attacker_strength": 2, "defender_strength": 1,
               "attacker_committed": None, "attacker_leader": "J7", "defender_leader": "H7"}
    return start(app, {"H7": "2r", "J7": "1r", "K7": "r"}, ["human", "computer", "computer"],
                 players=3, active=1, pending=pending)


def first_moment(driver: Driver, limit: int = 200) -> ConflictMomentScene:
    for _ in range(limit):
        if isinstance(driver.app.stack.top, ConflictMomentScene):
            return driver.app.stack.top
        driver.frames(1)
    raise AssertionError("no result shown")


def test_a_result_with_no_person_in_it_goes_by_itself_after_3_seconds(data_dir):
    app = make_app((1280, 800))
    try:
        driver, table = computers_revolt(app)
        moment = first_moment(driver)
        assert moment.seconds == 3.0
        driver.frames(200)   # a little over three seconds of the scene's clock
        assert app.stack.top is not moment and table.moment is not moment
    finally:
        app.close()


def test_the_setting_keeps_a_result_with_no_person_in_it_until_tapped(data_dir):
    app = make_app((1280, 800))
    try:
        tigris_settings(app.settings).result_seconds = KEEP_ALL
        driver, _ = computers_revolt(app)
        moment = first_moment(driver)
        assert moment.seconds is None
        driver.frames(600)
        assert app.stack.top is moment
        driver.tap(app.screen.get_rect().center)
        assert app.stack.top is not moment
    finally:
        app.close()


def test_the_commit_dialog_says_live_who_wins_as_the_count_changes(data_dir):
    """R7.3: the attacker's line reads its total against the defender's board (the
    defender commits next); the defender's reads both totals, a tie going to it."""
    app = make_app((1280, 800))
    try:
        driver, table = start(app, REVOLT, ["human", "human"], hands=["rrrbgk", "rrrbgk"])
        driver.tap(table.layout.leader_slots[0].center)
        driver.tap(driver.square_point(table, "J7"))
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert dialog.spec.lines[0] == t("dialog.conflict.outcome.ahead", mine=2, theirs=1)
        driver.press_button(dialog, "commit:0")
        driver.press_button(table, "end_turn")
        driver.press_button(app.stack.top, "confirm")   # the hand-over to the defender
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        said = {}
        for count in (0, 1, 2):
            said[count] = dialog.spec.lines[0]
            driver.key("down")
        assert said == {0: t("dialog.conflict.outcome.lose", mine=1, theirs=2),
                        1: t("dialog.conflict.outcome.tie_win", mine=2, theirs=2),
                        2: t("dialog.conflict.outcome.win", mine=3, theirs=2)}
    finally:
        app.close()


# A red tile on H6 joins two kingdoms: a green war, then a black one (R8.2).
WARS = {"E6": "k", "E7": "0k", "F6": "k", "F7": "r", "G6": "0g", "G7": "r",
        "I6": "k", "J6": "1g", "J7": "r", "K7": "1k", "F5": "k", "G5": "k", "H5": "k"}


def test_bug5_which_war_first_is_a_docked_list_with_strengths_lighting_each_war(data_dir):
    app = make_app((1280, 800))
    try:
        driver, table = start(app, WARS, ["human", "computer"])
        place(driver, table, "red", "H6")
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene) and dialog.spec.docked
        assert table.layout.side.contains(dialog.rect), "docked within the side column"
        for square in ("E7", "G6", "J6", "K7"):
            assert not dialog.rect.colliderect(table.painter.square_rect(square))
        labels = {b.id: b.label for b in dialog.buttons.buttons}
        assert labels["war:green"] == t("dialog.war_order.sides", war=t("leader.green"),
                                        attacker=0, defender=0)
        assert labels["war:black"] == t("dialog.war_order.sides", war=t("leader.black"),
                                        attacker=5, defender=1)
        driver.hover(dialog.button("war:black").rect.center)
        assert table.conflict_leaders == {"attacker": "E7", "defender": "K7"}
        assert set(table.conflict_sides["attacker"]) >= {"E6", "F6", "F5", "G5", "H5"}
        driver.hover(dialog.button("war:green").rect.center)
        assert table.conflict_leaders == {"attacker": "G6", "defender": "J6"}
    finally:
        app.close()


def test_bug5_the_swap_dialog_docks_in_the_side_column(data_dir):
    for size in ((1280, 800), (800, 480)):
        app = make_app(size)
        try:
            driver, table = start(app, {}, ["human", "computer"])
            driver.press_button(table, "swap")
            dialog = app.stack.top
            assert isinstance(dialog, DialogScene) and dialog.spec.docked
            assert table.layout.side.contains(dialog.rect)
            for i in range(6):
                assert table.layout.side.contains(dialog.button(f"swap:{i}").rect)
            driver.press_button(dialog, "swap:0")
            driver.press_button(dialog, "confirm")
            assert table.session.record["actions"][-1]["type"] == "swap" or (
                table.held is not None and table.held.action["type"] == "swap")
        finally:
            app.close()


def test_in_a_war_each_side_shows_only_the_war_colours_count_outside_the_rings(data_dir):
    from game.tigris.ui.strength_badges import ABOVE, strength_badges

    app = make_app((1280, 800))
    try:
        driver, table = start(app, WARS, ["human", "computer"])
        plain = strength_badges(table.view["board"], table.view["pending"])
        assert not any(b.faded or b.place == ABOVE for b in plain)
        place(driver, table, "red", "H6")
        driver.press_button(app.stack.top, "war:black")
        assert isinstance(app.stack.top, DialogScene) and table.view["pending"]["kind"] == "commit"
        badges = strength_badges(table.view["board"], table.view["pending"])
        fought = [(b.square, b.count, b.color) for b in badges if b.place == ABOVE]
        assert fought == [("E7", 5, "black"), ("K7", 1, "black")] or sorted(fought) == [
            ("E7", 5, "black"), ("K7", 1, "black")]
        assert all(b.faded for b in badges if b.square not in ("E7", "K7"))
        assert {b.square for b in badges if b.faded} == {"G6", "J6"}
    finally:
        app.close()


def test_bug3_greyed_swap_and_end_turn_say_why_on_hover(data_dir):
    app = make_app((1280, 800))
    try:
        driver, table = start(app, {}, ["human", "computer"], actions_left=1)
        end_turn = table.buttons.get("end_turn")
        assert end_turn is not None and end_turn.enabled, "a pass is possible: lit"
        place(driver, table, table.hand()[0], "H8" if table.hand()[0] != "blue" else "G8")
        assert table.held is not None
        swap = table.buttons.get("swap")
        assert swap is not None and not swap.enabled
        driver.hover(swap.rect.center)
        assert table.tips.text == t("table.why.held")
    finally:
        app.close()
