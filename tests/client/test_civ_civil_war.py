"""A Civil War's Military losses (A23.4, the `faction_loss` decision) answered at the desk
table through the real input path: taps on the lit areas, step by step, or the one-tap
least-loss default, which answers one faction's loss whole and stops where the other
faction's is asked (game.civ.decide's run is per faction).

The position is made through the position format: the stored position of a real Civil
War (tests/support/civ_decision_positions.py, five nations, Thrace the victim) set back
to the start of the calamities with Thrace holding Civil War again and Military, and
its lone token areas filled to their limits from its stock, so that its first faction's
front has tokens and a city to choose from; the factions are then selected by the
engine's first answers (A23.2)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support.apps import make_app
from support.civ_decision_positions import load
from support.civ_driver import CivDriver
from support.civ_positions import _clear_calamities, _take
from support.civ_tables import civ_table_at

import engine.civ as civ
from engine.civ.tables import CARD_ORDER
from game.civ import words
from game.civ.decide import default_answer
from game.civ.table import CivTable
from game.i18n import t

VICTIM = 0


def military_civil_war() -> dict[str, Any]:
    """The position where Thrace's first faction loses 5 points (A23.4), from its front."""
    d = copy.deepcopy(load()["faction"])
    _clear_calamities(d)
    _take(d, "civil_war")
    me = d["seats"][VICTIM]
    me["hand"] = sorted([*me["hand"], "civil_war"], key=CARD_ORDER.__getitem__)
    me["cards"] = sorted({*me["cards"], "military"})
    d["phase"], d["phase_state"], d["pending"], d["traders"] = "calamities", {}, None, {}
    for area in d["areas"]:
        if list(area["tokens"]) == ["0"] and not area["city"]:
            add = min(me["stock"]["tokens"], words.board(d).area(area["id"]).limit
                      - area["tokens"]["0"])
            area["tokens"]["0"] += add
            me["stock"]["tokens"] -= add
    state = civ.from_dict(d)
    while state.pending is not None and state.pending["kind"] == "selection":
        state = state.apply(state.legal_actions()[0])
    assert state.pending == {"kind": "faction_loss", "seat": VICTIM, "faction": 1,
                             "points": 5, "target": 5, "taken": 0}
    return state.to_dict()


@pytest.fixture(params=[(1280, 800), (800, 480)], ids=["1280x800", "800x480"])
def app(request: pytest.FixtureRequest, data_dir: Any) -> Any:
    application = make_app(request.param, game="civ")
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def table_at(app: Any, position: dict[str, Any]) -> CivTable:
    """Thrace a person here, the other nations computers."""
    return civ_table_at(app, position, {VICTIM})


def asked(table: CivTable) -> dict[str, Any] | None:
    pending = table.state.pending
    return pending if table.deciding() == VICTIM else None


def settled(app: Any, table: CivTable, frames: int = 30) -> dict[str, Any] | None:
    """What the victim is asked after the default's run (one step a frame) has had ample
    frames to send all it would."""
    app.run_frames(frames)
    return asked(table)


def test_A23_4_each_factions_military_loss_is_tapped_on_the_lit_areas(app: Any) -> None:
    """Tokens first, so that the first faction's loss takes several taps; the second
    faction's (a city of two) takes one; then A23.5's choice is tapped in the chooser."""
    position = military_civil_war()
    table = table_at(app, position)
    driver = CivDriver(app, table)
    sent = table.session.record["actions"]
    steps = {1: 0, 2: 0}
    while (pending := asked(table)) is not None and pending["kind"] == "faction_loss":
        answers = table.answers()
        assert table.lit() == {int(a["area"]) for a in answers}, \
            "each area a step names is lit, and only those"
        assert t("civ.ask.faction_loss", points=5, taken=pending["taken"]) in table.prompt()
        step = min(answers, key=lambda a: (a["unit"] != "token", -int(a["area"])))
        before = len(sent)
        driver.tap_area(int(step["area"]))
        assert sent[before:before + 1] == [step], "one tap on the area sends its step"
        steps[pending["faction"]] += 1
    assert steps[1] >= 2 and steps[2] == 1, steps
    assert asked(table) == {"kind": "faction", "seat": VICTIM}   # A23.5 comes next
    driver.answer({"type": "keep", "faction": 1})
    state = civ.from_dict(position)
    for action in sent:
        state = state.apply(action)
    assert state.digest() == table.state.digest()
    assert sent[-1] == {"type": "keep", "faction": 1}


def test_A23_4_the_one_tap_default_takes_one_factions_loss_whole(app: Any) -> None:
    """The default's run is one faction's loss (`decide.run_key` holds the faction): the
    first's is answered whole by one tap, the second's is asked anew."""
    position = military_civil_war()
    state = civ.from_dict(position)
    expected = []
    while state.pending is not None and state.pending.get("faction") == 1:
        step = default_answer(state.pending, state.legal_actions(), state.view(VICTIM))
        assert step is not None
        expected.append(step)
        state = state.apply(step)
    assert len(expected) >= 2
    table = table_at(app, position)
    driver = CivDriver(app, table)
    sent = table.session.record["actions"]
    assert table.shown[0] == {"type": "_default"}
    driver.tap_button(table, "act:0")
    assert settled(app, table) == {"kind": "faction_loss", "seat": VICTIM, "faction": 2,
                            "points": 5, "target": 5, "taken": 0}
    assert sent == expected
    assert table.shown[0] == {"type": "_default"}
    driver.tap_button(table, "act:0")
    assert settled(app, table) == {"kind": "faction", "seat": VICTIM}
    assert len(sent) == len(expected) + 1
