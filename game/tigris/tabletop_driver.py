"""A synthetic table of players for T&E's tabletop: the kit's fingers
(game.kit.tabletop_fingers, each with an id of its own from down to up) playing
T&E's actions.

Like game.tigris.driver it only posts events and runs frames, reading the scene
only to find where things are. Two ways of playing from a panel are used at
random, as people would: one finger (hold the strip, slide onto the piece, lift
or carry it out) and two fingers (one holds, the other taps).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.input import LONG_PRESS_SECONDS
from game.kit.tabletop_fingers import Fingers
from game.tigris.driver import Driver
from game.tigris.scenes.tabletop_input import GRAB_SECONDS

if TYPE_CHECKING:
    from game.app import App
    from game.tigris.scenes.tabletop import TabletopScene

Point = tuple[int, int]
COLORS = ("red", "blue", "green", "black")


class TabletopDriver(Fingers, Driver):
    def __init__(self, app: App, dt: float = 1.0 / 60.0) -> None:
        Driver.__init__(self, app, touch=True, dt=dt)
        self._next_id = 100

    # ----- panels ----------------------------------------------------------------------------

    @staticmethod
    def strip_point(table: TabletopScene, seat: int) -> Point:
        center = table.tl.seats[seat].strip.center
        return (int(center[0]), int(center[1]))

    def hold(self, table: TabletopScene, seat: int) -> int:
        """A finger on the seat's strip, left there: its panel opens."""
        return self.down(self.strip_point(table, seat))

    def choose(self, table: TabletopScene, seat: int, control: str, rng: random.Random) -> None:
        """Uses a control of the seat's open panel, with one finger or with two."""
        self.use(self.strip_point(table, seat),
                 lambda: table.panels.panel_view(seat).control_center(control),
                 rng.random() < 0.5)

    def carry(self, table: TabletopScene, seat: int, control: str, end: Point,
              rng: random.Random) -> None:
        """Drags a piece out of the panel onto a square: one finger rests on it first,
        or a second finger takes it while the first holds."""
        self.carry_out(self.strip_point(table, seat),
                       lambda: table.panels.panel_view(seat).control_center(control), end,
                       GRAB_SECONDS if rng.random() < 0.5 else None)

    def card_tap(self, table: TabletopScene, control: str) -> None:
        card = table.panels.card_view()
        if card is None:
            raise LookupError("no card is shown")
        self.tap_at(card.control_center(control))

    # ----- playing ---------------------------------------------------------------------------

    def perform(self, table: Any, action: dict[str, Any], rng: random.Random) -> None:
        """Takes a top-level action at the tabletop, as the seat to move would."""
        self.settle(table)
        seat = table.viewer
        kind = action["type"]
        if kind == "tile":
            self._piece(table, seat, f'tile:{table.hand().index(action["color"])}',
                        action["to"], rng)
        elif kind == "catastrophe":
            self._piece(table, seat, "catastrophe", action["to"], rng)
        elif kind == "leader":
            self._leader(table, seat, action, rng)
        elif kind == "swap":
            self.choose(table, seat, "swap", rng)
            wanted = list(action["tiles"])
            for i, color in enumerate(table.hand()):
                if color in wanted:
                    wanted.remove(color)
                    self.choose(table, seat, f"opt:swap:{i}", rng)
            self.choose(table, seat, "opt:confirm", rng)
        elif kind == "pass":
            self.choose(table, seat, "end_turn", rng)
            if table.pass_asked:   # passing actions left is asked once: pressed again
                self.choose(table, seat, "end_turn", rng)
        else:
            raise ValueError(f"not a table action: {action}")

    def end_held_turn(self, table: Any) -> bool:
        """Ends the turn from the acting seat's panel if the table holds its last action."""
        self.settle(table)
        if table.held is None or table.viewer is None:
            return False
        self.choose(table, table.viewer, "end_turn", random.Random(len(table.log)))
        return True

    def _piece(self, table: TabletopScene, seat: int, control: str, square: str,
               rng: random.Random) -> None:
        target = self.square_point(table, square)
        if rng.random() < 0.35:
            before = len(table.session.record["actions"])
            self.carry(table, seat, control, target, rng)
            if len(table.session.record["actions"]) == before and table.selection is not None:
                # the square lay under the piece's own slot: lifting there picked it up
                self.tap_at(target)
            return
        self.choose(table, seat, control, rng)
        self.tap_at(target)

    def _leader(self, table: TabletopScene, seat: int, action: dict[str, Any],
                rng: random.Random) -> None:
        here = table.leader_square(table.dynasties[seat], action["color"])
        if here is None:
            self._piece(table, seat, f'leader:{action["color"]}', action["to"], rng)
            return
        start = self.square_point(table, here)
        if action["to"] is None:
            if rng.random() < 0.5:
                self.tap_at(start)
                self.choose(table, seat, "withdraw", rng)
            else:
                fid = self.down(start)
                end = self.strip_point(table, seat)
                self.move(fid, start, end, steps=6)
                self.up(fid, end)
            return
        end = self.square_point(table, action["to"])
        if rng.random() < 0.4:
            fid = self.down(start)
            self.move(fid, start, end, steps=6)
            self.up(fid, end)
        else:
            self.tap_at(start)
            self.tap_at(end)

    def answer_decision(self, table: TabletopScene, rng: random.Random) -> str:
        """Answers the pending decision where the tabletop shows it: a commitment in the
        deciding seat's panel, anything else on its card or its squares."""
        self.settle(table)
        seat = table.decision_seat
        assert seat is not None and table.decision is not None
        options = [o for o in table.decision.choices() if o.enabled]
        if table.decision_private:
            choice = rng.choice(options)
            self.choose(table, seat, f"opt:{choice.id}", rng)   # one tap commits
            return choice.id
        card = table.panels.card_view()
        open_squares = [s for s in sorted(table.decision_squares)
                        if card is None or not card.frame.contains(self.square_point(table, s))]
        if open_squares and rng.random() < 0.5:
            square = rng.choice(open_squares)
            self.tap_at(self.square_point(table, square))
            return square
        choice = rng.choice(options)
        self.card_tap(table, f"card:{choice.id}")
        return choice.id

    def long_hold(self, table: TabletopScene, seat: int) -> None:
        """Holds a strip past a long press and lets go: a peek that must change nothing."""
        fid = self.hold(table, seat)
        self.rest(LONG_PRESS_SECONDS)
        self.up(fid, self.strip_point(table, seat))
