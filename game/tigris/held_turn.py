"""T&E's held action: what it shows until "End turn" (the kit's controller holds it).

As on Board Game Arena, a player's last action does not end the turn at once:
the table shows the board as that action leaves it (the piece where it
landed, the conflict it started, the points) and waits for "End turn", and
"Undo" takes the action back until then. The table holds the action unsent
and shows its result from a copy of the position (the engine's `apply` is
pure, the session's position is untouched); "End turn" sends it like any
other action, and "Undo" only forgets it. Because nothing was sent, a held
action needs no taking back from the session, the LAN host or another
screen, and the hold works the same at every kind of table.

The held result must not show what ending the turn reveals: the tiles drawn
from the bag (R4.3 b, R5.4), which a player could look at and then undo.
The engine tells each draw as a public count and a private list of tiles
(`tiles_drawn`, `hand_drawn`), so the shown hands are the hands after the
action without the tiles drawn, and the events of the turn's end are shown
only once the action has been sent. Scores the position before hid stay
hidden, though a last turn's result would open them (R16).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import Any

# The events of the turn's end, shown once the held action is sent: the draws, the turn
# passing on, the game's end.
AFTER_SENDING = frozenset({"tiles_drawn", "hand_drawn", "turn_ended", "turn_started",
                           "game_over"})


def shown_now(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events a held action shows at once: what it did on the board and to the score."""
    return [e for e in events if e["type"] not in AFTER_SENDING]


def shown_when_sent(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of the turn's end, kept back until the held action is sent."""
    return [e for e in events if e["type"] in AFTER_SENDING]


@dataclass(frozen=True)
class HeldAction:
    """An action taken at the table and not sent, with the position it would lead to.

    `ordinary`: it was chosen at the game's ordinary choice (no decision was pending),
    so taking it back is all of Undo; a held decision's Undo also takes back the action
    that asked it, as the session's undo does (R4.1). `ends_turn`: sending it ends the
    active player's turn (else a defender decides next)."""

    action: dict[str, Any]
    seat: int
    ordinary: bool
    before: Any
    after: Any
    events: list[dict[str, Any]]
    source: tuple[float, float] | None
    ends_turn: bool

    @classmethod
    def of(cls, state: Any, action: dict[str, Any],
           source: tuple[float, float] | None = None) -> HeldAction | None:
        """The action held, if applying it leaves another seat to move (or ends the game);
        None when its player goes on deciding. A defender's answer that ends the turn and
        starts its own is held too, as every other defender's answer is: whether it must
        confirm never depends on whose turn comes next (issue 21 bug 4). Raises the
        engine's IllegalAction."""
        seat = state.to_move
        after = state.apply(action)
        answering = state.active != seat   # a defender's answer within another's turn
        if not after.is_over and after.to_move == seat and not (answering
                                                              and after.active == seat):
            return None
        return cls(copy.deepcopy(action), seat, state.pending is None, state, after,
                   list(after.events), source,
                   ends_turn=bool(after.is_over or after.active != state.active))

    @property
    def confirms(self) -> bool:
        """Sending it is confirming an answer, not ending its player's turn: a decision
        that hands the game to a defender, or a defender's answer in another's turn."""
        return not self.ends_turn or self.before.active != self.seat

    def shown_now(self) -> list[dict[str, Any]]:
        """What the held result shows: its events but the turn's end (`shown_now`)."""
        return shown_now(self.events)

    def shown_when_sent(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return shown_when_sent(events)

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see of the held result: the position after the action, with
        every hand as it was before the turn's draws and the active player still the one
        who acted, until the turn really ends."""
        shown = self.after.view(seat)   # a new dict each time: ours to change
        hidden = self.before.view(seat)
        drawn = {p: Counter[str]() for p in range(len(shown["players"]))}
        for e in self.events:
            if e["type"] == "hand_drawn":
                drawn[int(e["seat"])].update(e["tiles"])
            elif e["type"] == "tiles_drawn":
                shown["bag_size"] += int(e["count"])
                shown["players"][int(e["seat"])]["hand_size"] -= int(e["count"])
        for p, player in enumerate(shown["players"]):
            if player["hand"] is not None:
                player["hand"] = list((Counter(player["hand"]) - drawn[p]).elements())
            if hidden["players"][p]["score"] is None:
                player["score"] = None
        if self.ends_turn:
            shown["active"] = hidden["active"]
            shown["actions_left"] = 0
            shown["ended"] = False
        return shown
