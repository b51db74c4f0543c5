"""A `net.NetworkSession` seen through the face every table reads (`game.session.TableSession`).

The table reads a state, a record, seats and undo, sends actions with
`submit` and hears them back from `poll`. Over the LAN the game lives in the
network session and the table must only read it, so this adapter gives that
face and owns one thing more: the position the table has *shown*. The network
copy may be several actions ahead while an animation plays; the table steps
through the "applied" events one at a time (`take_applied`) so each action
animates from the position it was made in. Nothing here applies an action:
`submit` forwards to the host, and the answer comes back through `poll`.
"""

from __future__ import annotations

import copy
from typing import Any

from game.savegame import SavedGame, SeatConfig
from net import NetworkSession, SessionEvent


class LanGame:
    """The table's session over the LAN: one seat of ours, no undo, no local computers."""

    # No hints over the LAN: the others at their screens would not know one was asked.
    hints_on = False

    def __init__(self, net: NetworkSession, start: Any = None,
                 ply: int | None = None) -> None:
        """`start` and `ply`: the position the table opens on, when the network copy may
        already be further on (actions that arrived with the start, still to be shown)."""
        self.net = net
        head = net.record() or {}
        self.head = {k: v for k, v in head.items() if k != "actions"}
        actions = list(head.get("actions") or [])
        self.actions: list[dict[str, Any]] = actions if ply is None else actions[:ply]
        state = start or net.state
        if state is None:
            raise ValueError("the network game has not started yet")
        self.state: Any = state
        self.replayed_events: list[list[dict[str, Any]]] = []

    # ----- what the table reads ---------------------------------------------------------

    @property
    def my_seat(self) -> int | None:
        return self.net.my_seat

    @property
    def players(self) -> int:
        """From the record (`game-module.md`): not every game's state says how many play."""
        players = self.head.get("players")
        return int(players) if players else int(self.state.players)

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.head.get("options") or {})

    @property
    def record(self) -> dict[str, Any]:
        return {**self.head, "seed": self.head.get("seed", 0), "actions": self.actions}

    @property
    def seats(self) -> list[SeatConfig]:
        """Computer seats are shown as such, but the host runs them, never this table."""
        return [SeatConfig("computer" if s.kind == "bot" else "human", s.level or "random")
                for s in self.net.seats] or [SeatConfig()] * self.players

    def is_human(self, seat: int) -> bool:
        """Only our own seat is played at this table; every other arrives through poll."""
        return seat == self.net.my_seat

    @property
    def human_seats(self) -> list[int]:
        seat = self.net.my_seat
        return [] if seat is None else [seat]

    @property
    def computer_seats(self) -> list[int]:
        """None: the host plays the computer seats."""
        return []

    def can_undo(self, seat: int) -> bool:
        return False

    def undo(self, seat: int) -> bool:
        return False

    def can_take_back(self, seat: int) -> bool:
        """Never: the host applied it and the others have it (net/PROTOCOL.md)."""
        return False

    def take_back(self, seat: int) -> bool:
        return False

    def view(self, seat: int) -> dict[str, Any]:
        return self.state.view(seat)

    def saved(self) -> SavedGame:
        record = copy.deepcopy(self.record)
        record.setdefault("version", 1)
        return SavedGame(record=record, seats=self.seats)

    # ----- the network side -------------------------------------------------------------

    def submit(self, action: dict[str, Any]) -> None:
        self.net.submit(action)

    def poll(self) -> list[SessionEvent]:
        return self.net.poll()

    def take_applied(self, event: SessionEvent) -> list[dict[str, Any]]:
        """Moves the shown position on by one "applied" event; returns its engine events."""
        if event.state is not None:
            self.state = event.state
        self.actions.append(copy.deepcopy(event.data.get("action") or {}))
        return list(event.data.get("events") or [])

    def catch_up(self, resynced: SessionEvent) -> None:
        """After a resync the shown position jumps to the rebuilt copy (as of that event: the
        network copy may already be further on, with those actions still to be shown)."""
        actions = list((self.net.record() or {}).get("actions") or [])
        ply = int(resynced.data.get("ply", len(actions)))
        self.actions = actions[:ply]
        state = resynced.state or self.net.state
        if state is not None:
            self.state = state
