"""Undo of a commitment sent, until the other side answers (issue 21, "Conflicts read at a
glance"): against the computer its answer waits a grace (found, not played) while Undo is
lit and the turn line says so; in pass-and-play the hand-over screen offers Undo until the
defender takes the device; over the LAN a commitment is final once sent, so Undo is greyed
with a tip saying why (it is held, with Undo, until Confirm sends it). Played through the
real input path: taps on the buttons' squares of the screen."""

from __future__ import annotations

import random

from support.apps import make_app
from test_client_conflict_glance import REVOLT, start

from game.i18n import t
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_from_position
from game.scenes.handover import HandoverScene
from game.tigris import narrate
from game.tigris.driver import Driver
from game.tigris.scenes.table import TableScene
from game.tigris.scenes.tabletop import TabletopScene
from game.tigris.settings import ANSWER_GRACE
from game.tigris.tabletop_driver import TabletopDriver
from positions import build_dict

# R7: seat 0's priest on J7 has 2 temples (J7's neighbours K7 and its own square count
# through the kingdom) against seat 1's priest on H7; seat 0 attacks, seat 1 defends.
LEADER_MOVE = {"type": "leader", "color": "red", "to": "J7"}


def revolt_committed(driver: Driver, table: TableScene, count: int) -> None:
    """Seat 0 starts the revolt, commits `count` in one tap and confirms it: sent."""
    driver.tap(table.layout.leader_slots[0].center)
    driver.tap(driver.square_point(table, "J7"))
    dialog = driver.app.stack.top
    assert isinstance(dialog, DialogScene)
    driver.press_button(dialog, f"commit:{count}")
    assert table.held is not None
    driver.press_button(table, "end_turn")
    assert table.held is None


def undo_state(table: TableScene) -> tuple[bool, str | None]:
    undo = table.buttons.get("undo")
    assert undo is not None
    return undo.enabled, table.tips.words.get("undo")


def test_r7_a_commitment_sent_to_the_computer_is_taken_back_before_it_answers(data_dir):
    """The computer defender's answer is found at once but played only after the grace;
    meanwhile Undo is lit, the turn line says the defender is to answer and that Undo
    still acts, and a tap on Undo takes back the commitment and the leader's move that
    asked it (R4.1), the answer never played. Committed again and left alone, the answer
    comes after the grace and Undo greys. Fails before: Undo was greyed as soon as the
    commitment was sent ("not your turn")."""
    app = make_app((1280, 800))
    try:
        driver, table = start(app, REVOLT, ["human", "computer"], actions_left=1,
                              hands=["rrrbgk", "rrrbgk"])
        revolt_committed(driver, table, 1)
        actions = table.session.record["actions"]
        assert actions == [LEADER_MOVE, {"type": "commit", "count": 1}], "sent"
        driver.frames(int(ANSWER_GRACE * 60 / 2))
        assert len(table.session.record["actions"]) == 2, "the computer's answer waits"
        assert table.session.state.to_move == 1
        assert undo_state(table) == (True, None), "Undo lit until the defender answers"
        assert table.drawing.status_lines()[0] == t(
            "table.answering", player=narrate.player(1, table.dynasties))
        driver.press_button(table, "undo")
        assert table.session.record["actions"] == [], "the commitment and its leader back"
        assert table.session.state.to_move == 0 and table.session.state.pending is None
        driver.frames(int(ANSWER_GRACE * 60) + 30)
        assert table.session.record["actions"] == [], "the answer found was dropped"
        assert undo_state(table)[0] is False

        revolt_committed(driver, table, 2)
        sent = list(table.session.record["actions"])
        for _ in range(int(ANSWER_GRACE * 60) + 60):
            if len(table.session.record["actions"]) > len(sent):
                break
            driver.frames(1)
        record = table.session.record["actions"]
        assert record[:len(sent)] == sent and len(record) == len(sent) + 1, "answered once"
        assert record[-1]["type"] == "commit"
        driver.frames(2)
        enabled, why = undo_state(table)
        assert not enabled and why is not None, "answered: greyed, with why"
    finally:
        app.close()


def test_r7_pass_and_play_the_hand_over_offers_undo_until_the_defender_takes_the_device(
        data_dir):
    """Two people at one screen: the attacker's commitment sent, the hand-over to the
    defender offers the attacker's Undo (the defender has seen nothing yet), which takes
    back the commitment with its leader and gives the attacker the screen back; sent
    again and the device taken, the attacker's Undo is gone. Fails before: the hand-over
    had no Undo."""
    app = make_app((1280, 800))
    try:
        driver, table = start(app, REVOLT, ["human", "human"], actions_left=1,
                              hands=["rrrbgk", "rrrbgk"])
        revolt_committed(driver, table, 3)
        handover = app.stack.top
        assert isinstance(handover, HandoverScene) and handover.seat == 1
        undo = handover.buttons.get("undo")
        assert undo is not None and undo.label == t(
            "handover.take_back", player=narrate.player(0, table.dynasties))
        driver.press_button(handover, "undo")
        assert table.session.record["actions"] == []
        driver.frames(2)
        assert app.stack.top is table and table.viewer == 0 and table.legal is not None

        revolt_committed(driver, table, 0)
        handover = app.stack.top
        assert isinstance(handover, HandoverScene)
        driver.press_button(handover, "confirm")
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene) and table.viewer == 1
        assert dialog.button("undo") is None, "the defender has nothing to take back"
        assert table.session.record["actions"] == [LEADER_MOVE, {"type": "commit", "count": 0}]
    finally:
        app.close()


def test_r7_at_the_tabletop_the_attackers_panel_keeps_undo_until_the_computer_answers(
        data_dir):
    """The tabletop: the commitment confirmed in the attacker's panel, the panel keeps its
    Undo lit and says the defender is to answer; a finger on Undo takes the commitment
    and its leader back, and the computer's answer found is never played. Fails before:
    the panel lost its buttons once the commitment was sent."""
    app = make_app(tabletop=True)
    try:
        table = start_from_position(app, build_dict(REVOLT, players=2, actions_left=1,
                                                    hands=["rrrbgk", "rrrbgk"]),
                                    ["human", "computer"])
        assert isinstance(table, TabletopScene)
        driver = TabletopDriver(app)
        rng = random.Random(2)
        driver.frames(2)
        driver.carry(table, 0, "leader:red", driver.square_point(table, "J7"), rng)
        if table.decision is None:
            driver.tap_at(driver.square_point(table, "J7"))
        driver.choose(table, 0, "opt:commit:2", rng)
        driver.choose(table, 0, "end_turn", rng)
        assert table.session.record["actions"] == [LEADER_MOVE, {"type": "commit", "count": 2}]
        driver.frames(2)
        assert table.panels.seat_status(0, False) == t(
            "table.answering.short", player=narrate.player(1, table.dynasties))
        [undo] = [b for b in table.panels.panel_view(0).buttons if b.id == "undo"]
        assert undo.enabled
        driver.choose(table, 0, "undo", rng)
        assert table.session.record["actions"] == []
        driver.frames(int(ANSWER_GRACE * 60) + 30)
        assert table.session.record["actions"] == [] and table.session.state.to_move == 0
    finally:
        app.close()
