"""Watchers: peers without a seat who follow a game's public side (protocol version 6).

Every player's copy holds the whole position, hidden parts included, because
lockstep replays the record and the record's seed is the order of every
shuffled stack. A watcher holds no copy: the host sends it the public
position itself (the game's `view(None)`, `docs/game-module.md`) after every
action, with the action's public events, and never a record, an action (an
action may name what only its seat knows: the cards of a trade offer) or a
private event. What the host sends players is mapped here to what a watcher
may be sent; `net.host` owns the socket and the table of watchers.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from .events import visible_events
from .game import State

DEFAULT_WATCHERS = 16

PASSED_ON = frozenset({"seats", "pause", "resume", "ballot", "clock", "watchers"})
"""Broadcasts a watcher receives as the players do: none holds a hidden field."""


@dataclass
class Watcher:
    """A connection that watches. `answered` is as a seated connection's (`net.host.Conn`):
    a repeated `watch` is answered at most once a heartbeat when nothing changed."""

    identity: bytes
    name: str
    last_seen: float
    last_seq: int
    answered: dict[str, tuple[float, int]] = field(default_factory=dict)
    seat: int = -1


def public_view(state: State | None) -> dict[str, Any] | None:
    """The position as nobody's seat sees it, or None before the game."""
    return None if state is None else dict(state.view(None))


def public_digest(view: dict[str, Any]) -> str:
    """BLAKE2b of a public position (canonical JSON): what two watchers, or a watcher and a
    player's `state.view(None)`, compare to know they saw the same game. Not the protocol's
    `dg`, which covers the hidden parts too."""
    data = json.dumps(view, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.blake2b(data, digest_size=32).hexdigest()


def for_watchers(kind: str, body: dict[str, Any], state: State | None
                 ) -> tuple[str, dict[str, Any]] | None:
    """What watchers are sent for the players' broadcast `kind` with `body`, the game's
    position being `state` after it: `start` and `update` become `seen` (the public view
    and events, no record, no action), the public broadcasts pass as they are, the seed's
    ceremony (`begin`, `commits`) is none of a watcher's business (None)."""
    if kind in PASSED_ON:
        return kind, body
    if kind in ("start", "update") and state is not None:
        events = visible_events(list(state.events), None) if kind == "update" else []
        return "seen", {"by": body["by"] if kind == "update" else -1, "events": events,
                        "view": public_view(state)}
    return None
