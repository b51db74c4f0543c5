"""One peer's copy of the game in lockstep: the record and the state it replays to.

A replica only ever changes by applying the host's numbered updates or by
being rebuilt from the host's record (a snapshot), and it checks the digest
each time. It does not judge whose turn it is: the host did that before it
broadcast. When the check fails it raises `Divergence` and keeps the
position it reached, so the desync report can show it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import BadPosition, IllegalAction

from .game import GameModule, State, game_of

Action = dict[str, Any]


class Divergence(Exception):
    """Our position is not the host's; `text` says where it showed."""

    def __init__(self, ply: int, expected: str, got: str, text: str) -> None:
        super().__init__(text)
        self.ply = ply
        self.expected = expected
        self.got = got
        self.text = text


class SnapshotError(Exception):
    """A record that does not replay here to the digest the host announced."""


@dataclass(frozen=True)
class Replay:
    """A record replayed: its final state, and the digest before its first action and after
    each (one more than it has actions)."""

    state: State
    digests: list[str]

    def fits(self, record: dict[str, Any]) -> bool:
        return len(self.digests) == len(record["actions"]) + 1


class Replica:
    def __init__(self, game: GameModule, record: dict[str, Any],
                 progress: Callable[[State], object] | None = None) -> None:
        """Replays `record` of `game`, calling `progress` with the state after each action (a
        whole civ game takes seconds, and a peer's heartbeat goes on meanwhile); ValueError
        if it is another game's, BadPosition or IllegalAction if it does not replay."""
        if game_of(record) != game.ID:
            raise ValueError(f"a record of {game_of(record)!r} cannot be played as {game.ID!r}")
        self.game = game
        self.head = {key: copy.deepcopy(value) for key, value in record.items()
                     if key != "actions"}
        state: State = game.replay({**record, "actions": []})
        for action in record["actions"]:
            state = state.apply(action)
            if progress is not None:
                progress(state)
        self.state = state
        self.actions: list[Action] = [copy.deepcopy(a) for a in record["actions"]]
        self._digest = self.state.digest()

    @classmethod
    def from_snapshot(cls, game: GameModule, record: dict[str, Any], expected: str,
                      progress: Callable[[State], object] | None = None) -> Replica:
        """The replica of the host's record, provided it lands on the host's digest."""
        try:
            replica = cls(game, record, progress)
        except (BadPosition, ValueError, TypeError, KeyError) as exc:
            raise SnapshotError(f"the host's record does not replay here: {exc}") from None
        if expected and replica.digest != expected:
            raise SnapshotError(f"the record replays to {replica.digest[:12]}…, "
                                f"the host has {expected[:12]}…")
        return replica

    def twin(self) -> Replica:
        """Another replica at this one's position, made without replaying: a state is never
        changed once built, so both start from it and go on apart (the host's own copy of the
        game its sequencer resumed: a whole civ game's record takes seconds to replay)."""
        other = object.__new__(Replica)
        other.game = self.game
        other.head = copy.deepcopy(self.head)
        other.state = self.state
        other.actions = [copy.deepcopy(a) for a in self.actions]
        other._digest = self._digest
        return other

    @property
    def ply(self) -> int:
        return len(self.actions)

    @property
    def digest(self) -> str:
        return self._digest

    def record(self) -> dict[str, Any]:
        rec = copy.deepcopy(self.head)
        rec["actions"] = copy.deepcopy(self.actions)
        return rec

    def advance(self, action: Action) -> State:
        """Apply an action the caller has already judged; IllegalAction propagates."""
        new = self.state.apply(action)
        self.state = new
        self.actions.append(copy.deepcopy(action))
        self._digest = new.digest()
        return new

    def apply_update(self, action: Action, prev: str, expected: str) -> State:
        """Apply the host's update and check both digests around it."""
        ply = self.ply + 1
        if prev != self._digest:
            raise Divergence(ply, prev, self._digest,
                             f"before action {ply} the host had {prev[:12]}…, "
                             f"this copy had {self._digest[:12]}…")
        try:
            self.advance(action)
        except IllegalAction as exc:
            raise Divergence(ply, expected, self._digest,
                             f"action {ply} is illegal in this copy: {exc}") from None
        if self._digest != expected:
            raise Divergence(ply, expected, self._digest,
                             f"after action {ply} the host has {expected[:12]}…, "
                             f"this copy has {self._digest[:12]}…")
        return self.state
