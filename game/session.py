"""One game being played at this table: the engine state, its record, and undo.

The session is the client's only holder of an engine state. It appends every
applied action to the game record (the engine is deterministic, so the record
is the game), remembers which seat took each action, and takes actions back by
replaying the record without them. It knows nothing of drawing or input.
"""

from __future__ import annotations

import copy
from typing import Any

from game import games
from game.savegame import SavedGame, SeatConfig

TOP_LEVEL = frozenset({"tile", "leader", "catastrophe", "swap", "pass"})


class RecordError(Exception):
    """A game record the engine refuses; the message says which action failed and why."""


class GameSession:
    def __init__(self, saved: SavedGame) -> None:
        self.rules = games.of_record(saved.record).rules
        # The record of game-module.md; an older save's format "version" is kept as it was.
        self.record: dict[str, Any] = {
            "game": self.rules.ID,
            "rules_version": saved.record.get("rules_version", self.rules.RULES_VERSION),
            **({"version": saved.record["version"]} if "version" in saved.record else {}),
            "players": saved.record["players"],
            "seed": saved.record["seed"],
            "options": dict(saved.record["options"]),
            "actions": [],
        }
        self.seats: list[SeatConfig] = list(saved.seats)
        self.start: dict[str, Any] | None = copy.deepcopy(saved.start)
        self.actors: list[int] = []
        self.last_events: list[dict[str, Any]] = []
        self.replayed_events: list[list[dict[str, Any]]] = []
        self.state = self._fresh_state()
        self._replay(list(saved.record["actions"]))

    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], seats: list[SeatConfig],
        game: str = games.DEFAULT_GAME,
    ) -> GameSession:
        record = {"game": game, "players": players, "seed": seed, "options": options,
                  "actions": []}
        return cls(SavedGame(record=record, seats=seats))

    def _fresh_state(self) -> Any:
        if self.start is not None:
            try:
                return self.rules.from_dict(copy.deepcopy(self.start))
            except Exception as exc:
                raise RecordError(f"the starting position is not valid: {exc}") from exc
        try:
            return self.rules.new_game(self.record["players"], self.record["seed"],
                                   copy.deepcopy(self.record["options"]))
        except Exception as exc:
            raise RecordError(f"the game cannot be set up: {exc}") from exc

    def _replay(self, actions: list[Any]) -> None:
        """Applies a record's actions, keeping their events so a resumed table can retell
        the game so far in its log."""
        self.replayed_events = []
        for number, action in enumerate(actions, start=1):
            try:
                self.replayed_events.append(self.apply(action))
            except Exception as exc:
                raise RecordError(f"action {number} cannot be replayed: {exc}") from exc
        self.last_events = []

    @property
    def players(self) -> int:
        return int(self.record["players"])

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.record["options"])

    def saved(self) -> SavedGame:
        """A snapshot for saving; actions are copied on entry and never changed, so sharing
        them is safe and keeps this cheap enough to do after every action."""
        record = {**self.record, "options": dict(self.record["options"]),
                  "actions": list(self.record["actions"])}
        return SavedGame(record=record, seats=list(self.seats), start=self.start)

    @classmethod
    def from_position(cls, position: dict[str, Any], seats: list[SeatConfig],
                      seed: int = 0, game: str = games.DEFAULT_GAME) -> GameSession:
        """A session that starts from a position (the game's to_dict format) instead of set-up."""
        record = {"game": game, "players": len(position["players"]), "seed": seed,
                  "options": dict(position["options"]), "actions": []}
        return cls(SavedGame(record=record, seats=seats, start=position))

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def apply(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Applies an action for the seat to move; raises the engine's IllegalAction unchanged."""
        seat = self.state.to_move
        new_state = self.state.apply(action)
        self.state = new_state
        self.record["actions"].append(copy.deepcopy(action))
        self.actors.append(seat)
        self.last_events = list(new_state.events)
        return self.last_events

    def undo_start(self, seat: int) -> int | None:
        """Where the record would be cut to take back `seat`'s last action, or None.

        Allowed only while that seat is to move in its own turn, and only back to
        the start of its last action, if that action and every decision since
        were its own and none of them drew tiles (a swap shows new tiles).
        """
        state = self.state
        if state.is_over or state.to_move != seat or self.active != seat:
            return None
        actions = self.record["actions"]
        for index in range(len(actions) - 1, -1, -1):
            if self.actors[index] != seat or actions[index].get("type") == "swap":
                return None
            if actions[index].get("type") in TOP_LEVEL:
                return index
        return None

    def can_undo(self, seat: int) -> bool:
        return self.undo_start(seat) is not None

    def undo(self, seat: int) -> bool:
        cut = self.undo_start(seat)
        if cut is None:
            return False
        keep = self.record["actions"][:cut]
        self.record["actions"] = []
        self.actors = []
        self.state = self._fresh_state()
        self._replay(keep)
        return True

    @property
    def active(self) -> int:
        return int(self.state.to_dict()["active"])

    def view(self, seat: int) -> dict[str, Any]:
        return self.state.view(seat)
