"""Answers the civ table's decisions through the app's real input, for the tests.

The one place that knows how the table's decision widgets are worked: a test chooses
what to answer (an action of `table.answers()`), the driver taps it in: on the map
where the table takes it there (a move: its source, then its target; an answer naming
an area: that area), then in the chooser (paging with "more" until the action shows).
When the decision widgets change, only this file changes.

It also confirms the hand-over screen for the seat it names, and counts what it met:
the decision kinds answered and the phases the game went through (from the phase
events of the record, A7.1).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import engine.civ as civ
from game.civ.table import MOVES, CivTable
from game.tigris.driver import Driver

Pick = Callable[[list[dict[str, Any]], dict[str, Any]], dict[str, Any]]
MAX_PAGES = 400
AVOIDED = frozenset({"leave", "build_ship", "load"})


class Stuck(AssertionError):
    """The driver could not tap an answer in (a widget changed, or the table hides it)."""


class CivDriver:
    def __init__(self, app: Any, table: CivTable) -> None:
        self.app = app
        self.table = table
        self.driver = Driver(app)
        self.kinds: Counter[str] = Counter()
        self.taps = 0

    # ----- a whole game ----------------------------------------------------------------

    def step(self, pick: Pick) -> bool:
        """One thing a person at the screen does next: confirm the hand-over, answer the
        decision shown (what `pick` chooses of the answers), or wait a frame. False once
        the game is over."""
        table, app = self.table, self.app
        if table.state.is_over:
            return False
        top = app.stack.top
        if top is not table:
            buttons = getattr(top, "buttons", None)
            if buttons is not None and buttons.get("confirm") is not None:
                self.tap_button(top, "confirm")
                return True
            app.run_frames(1)
            return True
        seat = table.deciding()
        if seat is None:
            app.run_frames(1)
            return True
        answers = table.answers()
        assert answers, table.state.pending
        pending = dict(table.state.pending)
        self.answer(pick(answers, pending))
        self.kinds[pending["kind"]] += 1
        return True

    def play(self, pick: Pick, limit: int = 20_000) -> None:
        for _ in range(limit):
            if not self.step(pick):
                return
        raise Stuck(f"the game did not end in {limit} steps")

    # ----- one answer ------------------------------------------------------------------

    def answer(self, action: dict[str, Any]) -> None:
        """Taps `action` in and checks that it is what the table sent."""
        table = self.table
        before = len(table.session.record["actions"])
        area = self._map_area(action)
        if area is not None:
            self.tap_area(area)
            if action["type"] in MOVES and self._sent(before) is None \
                    and table.chosen_from == action["from"]:
                self.tap_area(int(action["to"]))
        if self._sent(before) is None:
            if table.only is not None and action not in table.only:
                self.tap_button(table, "back")
            self._from_chooser(action, before)
        sent = self._sent(before)
        if sent != action:
            raise Stuck(f"tapped {action}, the table sent {sent}")

    def _map_area(self, action: dict[str, Any]) -> int | None:
        if action["type"] in MOVES:
            return int(action["from"])
        if isinstance(action.get("area"), int):
            return int(action["area"])
        if action["type"] == "sail":
            return int(action["to"])
        return None

    def _from_chooser(self, action: dict[str, Any], before: int) -> None:
        table = self.table
        for _ in range(MAX_PAGES):
            if self._sent(before) is not None:
                return
            if action in table.shown:
                self.tap_button(table, f"act:{table.shown.index(action)}")
                return
            if table.buttons.get("more") is None:
                break
            self.tap_button(table, "more")
        raise Stuck(f"{action} is not among the chooser's answers")

    def _sent(self, before: int) -> dict[str, Any] | None:
        actions = self.table.session.record["actions"]
        return actions[before] if len(actions) > before else None

    # ----- taps --------------------------------------------------------------------------

    def tap_area(self, area: int) -> None:
        """A tap on an area where a finger would: its label point on screen."""
        table = self.table
        pos = table.board.screen(table.board.shape.shapes[area].label)
        assert table.board.area_at(pos) == area, (area, pos)
        self.taps += 1
        self.driver.tap(pos)

    def tap_button(self, scene: Any, bid: str) -> None:
        self.taps += 1
        self.driver.press_button(scene, bid)


def phases_met(record: dict[str, Any]) -> Counter[str]:
    """The phases (A7.1) the record's game went through, from its phase events."""
    state = civ.new_game(record["players"], record["seed"], record["options"])
    met: Counter[str] = Counter()
    for action in record["actions"]:
        state = state.apply(action)
        for event in state.events:   # the last action's events
            if event["type"] == "phase":
                met[event["phase"]] += 1
    return met


def random_pick(seed: int) -> Pick:
    rng = random.Random(seed)

    def pick(answers: list[dict[str, Any]], pending: dict[str, Any]) -> dict[str, Any]:
        """Any answer but leaving the game (A36) or taking tokens to sea (A13: a random
        crew sails them off and the nation ends with nothing on land); a city whenever
        one may be built (A14: cities bring trade cards, and so trade and purchases)."""
        kept = [a for a in answers if a["type"] not in AVOIDED]
        cities = [a for a in kept if a["type"] == "build"]   # A14: cities bring cards
        return rng.choice(cities or kept or answers)

    return pick


def level_pick(level: str, seed: int, table: CivTable) -> Pick:
    """What a computer level would answer for the deciding seat, when the table offers
    it (a level may build an answer the chooser lists otherwise, a trade proposal say);
    else a random answer as `random_pick` chooses. A level plays a game on to where
    cities, trade and purchases come, which random answers seldom reach."""
    import ai

    bots: dict[int, Any] = {}
    fallback = random_pick(seed)

    def pick(answers: list[dict[str, Any]], pending: dict[str, Any]) -> dict[str, Any]:
        seat = int(pending["seat"])
        bot = bots.setdefault(seat, ai.make_bot("civ", level, seed * 10 + seat))
        chosen = bot.choose(table.state.view(seat), 0.0)
        return chosen if chosen in answers else fallback(answers, pending)

    return pick
