"""The guided first game (issue 25), driven headless through the real input path: the
title's "Learn to play", taps on the hand and the board, the decisions' buttons, the
caption's Next and Leave."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from support.apps import make_app

from game import savegame, savelist
from game.app import App
from game.scenes.dialog import DialogScene
from game.scenes.title import TitleScene
from game.tigris import guide_script as script
from game.tigris.driver import Driver
from game.tigris.guide import GuideScene
from game.tigris.scenes.conflict_moment import ConflictMomentScene
from game.tigris.scenes.table import TableScene


def decision_button(action: dict[str, object]) -> str:
    kind = action["type"]
    if kind == "commit":
        return f"commit:{action['count']}"
    if kind == "treasure":
        return f"treasure:{action['at']}"
    assert kind == "monument"
    first, second = action["colors"]  # type: ignore[misc]
    return f"monument:{action['at']}:{first}:{second}"


def tap_overlay(driver: Driver, guide: GuideScene, bid: str) -> None:
    driver.frames(1)
    button = guide.lesson.overlay.buttons.get(bid)
    assert button is not None, f"the caption has no {bid} button at step {guide.lesson.step()}"
    driver.tap(button.rect.center)


def open_guide(app: App) -> tuple[Driver, GuideScene]:
    """From the title, as a newcomer: the "Learn to play" entry."""
    driver = Driver(app)
    app.replace(TitleScene(app))
    driver.frames(1)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    driver.press_button(title, "learn")
    guide = app.stack.top
    assert isinstance(guide, GuideScene)
    return driver, guide


def play(driver: Driver, guide: GuideScene, until_ply: int | None = None,
         limit: int = 3000) -> list[str]:
    """Plays the learner's steps as they are asked, by tapping; returns the steps shown.
    Stops at `until_ply` actions, else at the last caption."""
    app = driver.app
    rng = random.Random(25)
    shown: list[str] = []
    for _ in range(limit):
        top = app.stack.top
        ply = guide.lesson.ply
        if not shown or shown[-1] != guide.lesson.step():
            shown.append(guide.lesson.step())
        if until_ply is not None and ply >= until_ply and top is guide:
            return shown
        entry = script.entry_at(ply)
        if isinstance(top, ConflictMomentScene):
            driver.tap((640, 400))   # the result, dismissed with a tap
        elif isinstance(top, DialogScene):
            assert entry is not None and entry.seat == script.LEARNER
            bid = decision_button(entry.action)
            if entry.action["type"] == "commit":   # the count to commit is ringed
                button = top.buttons.get(bid)
                assert top.rings is not None and button is not None
                assert top.rings(top) == [button.rect]
            driver.press_button(top, bid)
        elif top is guide and guide.lesson.step() == "weakest":
            return shown
        elif top is guide and guide.lesson.reading():
            tap_overlay(driver, guide, "next")
        elif (top is guide and entry is not None and entry.seat == script.LEARNER
              and guide.session.state.pending is None and guide.lesson.idle()
              and guide.session.state.to_move == script.LEARNER):
            driver.perform(guide, entry.action, rng)
        else:
            driver.frames(1)
    raise AssertionError(f"the guide stalled at ply {guide.lesson.ply}, step {guide.lesson.step()}")


@pytest.fixture
def app(data_dir: Path):
    made = make_app((1280, 800))
    yield made
    for scene in list(made.stack.scenes):
        scene.exit()
    made.close()


def test_the_guided_game_plays_to_its_end_through_taps(app: App) -> None:
    driver, guide = open_guide(app)
    shown = play(driver, guide)
    assert shown == list(script.STEPS)
    assert guide.session.record["actions"] == [e.action for e in script.SCRIPT]
    assert guide.lesson.step() == "weakest"
    assert "0" in guide.lesson.caption().words   # the weakest colour's score, as the engine says
    # Next at the last step plays on: an ordinary table, the Lion a medium computer.
    tap_overlay(driver, guide, "next")
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, GuideScene)
    assert table.session.seats[script.COMPUTER].level == "medium"


def test_a_move_other_than_the_steps_is_refused_kindly_and_not_played(app: App) -> None:
    driver, guide = open_guide(app)
    tap_overlay(driver, guide, "next")   # the welcome read
    assert guide.lesson.step() == "temple"
    hand = guide.hand()
    wrong = {"type": "tile", "color": "red", "to": "H7"}
    assert "red" in hand and guide.session.state.check(wrong) is None   # legal, not the step
    driver.perform(guide, wrong, random.Random(1))
    driver.frames(2)
    assert guide.session.record["actions"] == []
    assert guide.toast and "try again" in guide.toast
    play(driver, guide, until_ply=1)
    assert guide.session.record["actions"] == [script.SCRIPT[0].action]


def test_the_step_lights_the_hand_tile_and_the_square(app: App) -> None:
    driver, guide = open_guide(app)
    tap_overlay(driver, guide, "next")
    rings = guide.lesson.rings()
    hand = guide.hand()
    assert guide.layout.hand_slots[hand.index("red")] in rings
    assert guide.lesson.square("J7") in rings
    assert guide.lesson.overlay.panel.colliderect(guide.lesson.square("J7")) is False


def test_leaving_mid_way_continues_as_an_ordinary_saved_game(app: App) -> None:
    driver, guide = open_guide(app)
    play(driver, guide, until_ply=8)   # the kingdom seen, the revolt next
    tap_overlay(driver, guide, "leave")
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    driver.press_button(dialog, "play_on")
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, GuideScene)
    assert table.session.record["actions"] == [e.action for e in script.SCRIPT[:8]]
    # Play on: the learner plays a move the script never had, passes the rest of the turn,
    # and the medium computer answers with a whole turn of its own.
    move = next(a for a in table.session.state.legal_actions() if a["type"] == "tile")
    driver.perform(table, move, random.Random(2))
    driver.end_held_turn(table)
    driver.perform(table, {"type": "pass"}, random.Random(2))
    for _ in range(600):
        if (table.session.state.to_move == script.LEARNER
                and len(table.session.record["actions"]) > 10):
            break
        if isinstance(app.stack.top, ConflictMomentScene):
            driver.tap((640, 400))
        else:
            driver.frames(1)
    actions = table.session.record["actions"]
    assert actions[8:10] == [move, {"type": "pass"}] and len(actions) > 10
    app.saver.flush()
    saved = savegame.load(savelist.newest())
    assert saved.record["actions"] == actions
    assert saved.seats[script.COMPUTER].level == "medium"


def test_leaving_for_the_title(app: App) -> None:
    driver, guide = open_guide(app)
    tap_overlay(driver, guide, "leave")
    driver.press_button(app.stack.top, "title")
    assert isinstance(app.stack.top, TitleScene)
    assert savelist.newest() is None   # the lesson itself is never saved


def test_the_first_start_offers_the_guide_once_and_the_settings_remember(
        data_dir: Path) -> None:
    """Through the command line's own start (`ziggurat play`): the offer over the title on
    the first start, remembered in the settings file, not made again on the next start."""
    from game import main, settings

    opened: list[App] = []

    def first_frames(app: App) -> int:
        opened.append(app)
        Driver(app).frames(2)
        return 0

    starts = []
    for _ in range(2):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(App, "run", first_frames)
            assert main.run(["--size", "1280x800"]) == 0
        app = opened[-1]
        starts.append([type(s).__name__ for s in app.stack.scenes])
        if len(starts) == 1:
            offer = app.stack.top
            assert isinstance(offer, DialogScene)
            assert offer.spec.title == "New to Tigris & Euphrates?"
            Driver(app).press_button(offer, "learn")
            assert isinstance(app.stack.top, GuideScene)
        for scene in list(app.stack.scenes):
            scene.exit()
        app.close()
    assert starts == [["TitleScene", "DialogScene"], ["TitleScene"]]
    assert "tigris_guide" in settings.load().taught


@pytest.mark.parametrize("code", ["en", "da", "es", "fi", "ro"])
def test_every_step_has_its_words_in_each_language(code: str) -> None:
    from game import i18n

    catalogue = i18n.catalogue(code)
    english = i18n.catalogue("en")
    for key in [*(f"guide.step.{step}" for step in script.STEPS), "guide.waiting",
                "guide.wrong", "guide.menu", "guide.leave", "guide.next", "guide.howto"]:
        assert catalogue.get(key), (code, key)
        assert code == "en" or catalogue[key] != english[key], (code, key)


def test_where_the_title_has_no_room_for_the_entry_the_rules_offer_the_guide(
        data_dir: Path) -> None:
    """At 800x480 the title's column is full: its Rules page, opened over it, has "Learn
    to play" beside Close."""
    small = make_app((800, 480))
    try:
        driver = Driver(small)
        small.replace(TitleScene(small))
        driver.frames(1)
        title = small.stack.top
        assert title.buttons.get("learn") is None
        driver.press_button(title, "rules")
        rules = small.stack.top
        assert rules.buttons.get("close") is not None
        driver.press_button(rules, "learn")
        assert isinstance(small.stack.top, GuideScene)
        assert [type(s).__name__ for s in small.stack.scenes] == ["TitleScene", "GuideScene"]
    finally:
        for scene in list(small.stack.scenes):
            scene.exit()
        small.close()


def test_the_rules_over_a_table_do_not_offer_the_guide(app: App) -> None:
    from game.tigris.scenes.rules import RulesScene

    driver, _guide = open_guide(app)
    rules = RulesScene(app)
    app.push(rules)
    driver.frames(1)
    assert [b.id for b in rules.buttons.buttons] == ["close"]
