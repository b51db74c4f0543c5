"""What a session tells the client: events in plain words, and the status it mirrors.

The network thread never hands out anything the UI could change under it: a
`SessionEvent` is frozen, engine states are never mutated once built, and a
`Mirror` (the UI's picture of the session: phase, seats, state) is a fresh
frozen copy with every event.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .game import GameModule, State

Action = dict[str, Any]


@dataclass(frozen=True)
class SessionEvent:
    """`kind` for code (table in net/__init__.py), `text` for people, `data` for details.

    `state` is the position right after this event when it changed one (so an
    animation can step through several); `at` is time.monotonic() when the
    network thread made the event (after its digest check, for "applied").
    """

    kind: str
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    state: State | None = None
    at: float = field(default_factory=time.monotonic)


@dataclass(frozen=True)
class SeatInfo:
    """One seat at the table. status: open, host, connected, disconnected, bot."""

    kind: str
    level: str | None
    name: str
    status: str

    @classmethod
    def from_wire(cls, entry: dict[str, Any]) -> SeatInfo:
        return cls(kind=entry["kind"], level=entry["level"], name=entry["name"],
                   status=entry["status"])

    def to_wire(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name, "status": self.status}


@dataclass(frozen=True)
class Mirror:
    """The session as the UI may see it; replaced whole, never changed."""

    phase: str = "connecting"
    my_seat: int | None = None
    seats: tuple[SeatInfo, ...] = ()
    state: State | None = None
    head: dict[str, Any] | None = None
    actions: tuple[Action, ...] = ()
    paused: bool = False
    pause_text: str = ""
    can_resync: bool = False
    address: str = ""
    refusal: str = ""
    game: GameModule | None = None
    out_of_time: int | None = None
    """The seat to move whose turn clock ran out: the players may vote a computer onto it."""
    watchers: tuple[str, ...] = ()
    """The names of the peers watching the game (`net.watch`), as the host last said."""
    public_view: dict[str, Any] | None = None
    """A watcher's picture of the game: the public position the host last sent (a watcher
    has no `state`), and the actions applied to reach it (`public_ply`)."""
    public_ply: int = 0


def visible_events(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The engine's events `seat` may see: one marked `private_to` another seat is left out.

    The engine marks what only one seat may know (`game-module.md`); every
    game tells the public part (how many cards were drawn) in an event of
    its own, so nothing needs rewriting here. `seat` None (a host that plays
    no seat) sees only the public events.
    """
    return [event for event in events
            if "private_to" not in event or event["private_to"] == seat]
