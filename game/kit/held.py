"""An action held at the table until "End turn", for a game that keeps nothing of it back.

As on Board Game Arena, a player's last action of a turn need not end it at
once: the table shows the position it leads to and waits for "End turn",
and Undo forgets it until then. Nothing is sent while it is held (the
engine's `apply` is pure: the result is a copy), so no session, host or
other screen has anything to take back. `HeldAction.of` holds an action only
when it hands the game to another seat, and never one that shows its player
something hidden (an event private to a seat: a card drawn), since no Undo
may unsee it; such an action is sent at once. A game whose held result must
hide part of what it shows (cards drawn at the turn's end) brings its own
held action with the same face (`game.kit.controller.Held`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from engine import IllegalAction


@dataclass(frozen=True)
class HeldAction:
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
        """The action held, if it hands the game to another seat (or ends it) and shows
        nothing hidden; None to send it (a refused action too: the session says why)."""
        seat = state.to_move
        try:
            after = state.apply(action)
        except IllegalAction:
            return None
        if not after.is_over and after.to_move == seat:
            return None
        events = list(after.events)
        if any("private_to" in e for e in events):
            return None
        return cls(copy.deepcopy(action), seat, state.pending is None, state, after, events,
                   source, ends_turn=bool(after.is_over or after.pending is None))

    def shown_now(self) -> list[dict[str, Any]]:
        return list(self.events)

    def shown_when_sent(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Nothing more: its events were all shown when it was held."""
        return []

    def view(self, seat: int) -> dict[str, Any]:
        return dict(self.after.view(seat))
