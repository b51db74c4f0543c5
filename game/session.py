"""One game played at this screen: the engine state, its record, and undo.

The session is the client's only holder of a local game's engine state. The
table talks to it as it talks to a LAN game's `net.NetworkSession`: `submit`
hands over an action and `poll` returns what happened as `net.SessionEvent`s
("applied" with the same data a network copy sends, "rejected", "game_over"),
so the table has one way to send an action and one way to hear the result.
Here nothing is in flight: an action is applied as it is submitted and its
events wait for the next poll. The session appends every applied action to
the game record (the engine is deterministic, so the record is the game),
remembers which seat took each action, and takes actions back by replaying
the record without them. It knows nothing of drawing or input.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Protocol

from engine import IllegalAction
from game import games, savegame, savesummary
from game.savegame import SavedGame, SeatConfig
from net import SessionEvent
from net import errors as net_errors


class TableSession(Protocol):
    """What a table reads of its game and how it plays in it, whether the game is played
    at this screen (`GameSession`) or over the LAN (`game.lan_session.LanGame`)."""

    @property
    def state(self) -> Any:
        """The position the table shows (a state of the game's engine module)."""

    @property
    def record(self) -> dict[str, Any]: ...

    @property
    def players(self) -> int: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def seats(self) -> list[SeatConfig]: ...

    @property
    def hints_on(self) -> bool:
        """Whether the people at this screen may ask for hints (`game.kit.hint`)."""

    @property
    def human_seats(self) -> list[int]:
        """The seats played by people at this screen."""

    @property
    def computer_seats(self) -> list[int]:
        """The seats the table plays with its own computer players."""

    @property
    def replayed_events(self) -> list[list[dict[str, Any]]]:
        """The events of the actions played before the table opened, for its log."""

    def is_human(self, seat: int) -> bool: ...

    def can_undo(self, seat: int) -> bool: ...

    def undo(self, seat: int) -> bool: ...

    def can_take_back(self, seat: int) -> bool:
        """Whether `seat`'s last action, sent, may still be taken back while another seat
        is to move and has had no say since (`TableController.answer_awaited` says when)."""

    def take_back(self, seat: int) -> bool: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def saved(self) -> SavedGame: ...

    def submit(self, action: dict[str, Any]) -> None:
        """Sends an action for the seat to move; the answer comes from `poll`."""

    def poll(self) -> list[SessionEvent]: ...

    def take_applied(self, event: SessionEvent) -> list[dict[str, Any]]:
        """Moves the shown position on by an "applied" event; returns its engine events."""


@dataclass(frozen=True)
class Taken:
    """Who took an action, and what undo must know of it: whether it was chosen at the
    game's ordinary choice rather than answering a decision, and whether it showed its
    player something hidden (an event private to a seat), which no undo may unsee."""

    seat: int
    ordinary: bool
    revealing: bool
    why: str = "hidden"   # what it let out, when revealing (the game's `undo_barrier`)


class RecordError(Exception):
    """A game record the engine refuses; the message says which action failed and why."""



def fresh_state(rules: Any, record: dict[str, Any], start: dict[str, Any] | None) -> Any:
    """The state a record's actions are played from: its starting position (a game begun
    from a position), else a new game of its players, seed and options. A record of older
    rules starts as its engine replays such a record (game-module.md: `replay`), which
    knows what those rules played on (a civ record of rules 4 keeps its first board)."""
    if start is not None:
        try:
            return rules.from_dict(copy.deepcopy(start))
        except Exception as exc:
            raise RecordError(f"the starting position is not valid: {exc}") from exc
    try:
        if record.get("rules_version", rules.RULES_VERSION) != rules.RULES_VERSION:
            return rules.replay({**copy.deepcopy(record), "actions": []})
        return rules.new_game(record["players"], record["seed"],
                              copy.deepcopy(record["options"]))
    except Exception as exc:
        raise RecordError(f"the game cannot be set up: {exc}") from exc

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
        self.hints_on = saved.hints_on
        self.start: dict[str, Any] | None = copy.deepcopy(saved.start)
        # The game's own file: the one it was read from, else a new one of its own.
        self.path = saved.path if saved.path is not None else savegame.new_save_path()
        self.taken: list[Taken] = []
        self.replayed_events: list[list[dict[str, Any]]] = []
        self._pending: list[SessionEvent] = []
        self.state = self._fresh_state()
        self._replay(list(saved.record["actions"]))

    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], seats: list[SeatConfig],
        game: str = games.DEFAULT_GAME, hints_on: bool = True,
    ) -> GameSession:
        record = {"game": game, "players": players, "seed": seed, "options": options,
                  "actions": []}
        return cls(SavedGame(record=record, seats=seats, hints_on=hints_on))

    def _fresh_state(self) -> Any:
        return fresh_state(self.rules, self.record, self.start)

    def _replay(self, actions: list[Any]) -> None:
        """Applies a record's actions, keeping their events so a resumed table can retell
        the game so far in its log."""
        self.replayed_events = []
        for number, action in enumerate(actions, start=1):
            try:
                self.replayed_events.append(self.apply(action))
            except Exception as exc:
                raise RecordError(f"action {number} cannot be replayed: {exc}") from exc

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
        summary = savesummary.of_state(games.of_record(record), self.state,
                                       len(record["actions"]))
        return SavedGame(record=record, seats=list(self.seats), start=self.start,
                         path=self.path, summary=summary.to_json(), hints_on=self.hints_on)

    @classmethod
    def from_position(cls, position: dict[str, Any], seats: list[SeatConfig],
                      seed: int = 0, game: str = games.DEFAULT_GAME) -> GameSession:
        """A session that starts from a position (the game's to_dict format) instead of set-up.

        The position's keys are its game's own: the seat count comes from the state it
        makes, the record's options from the game's client."""
        client = games.load(game)
        try:
            players = client.rules.from_dict(copy.deepcopy(position)).players
        except Exception as exc:
            raise RecordError(f"the starting position is not valid: {exc}") from exc
        record = {"game": game, "players": players, "seed": seed,
                  "options": client.position_options(position), "actions": []}
        return cls(SavedGame(record=record, seats=seats, start=position))

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def computer_seats(self) -> list[int]:
        """The seats the table plays with its own computer players."""
        return [i for i, s in enumerate(self.seats) if not s.is_human]

    def submit(self, action: dict[str, Any]) -> None:
        """Plays an action for the seat to move; the next `poll` says whether it was applied
        (with the data a network copy's "applied" event carries) or refused, and why."""
        seat = self.state.to_move
        try:
            events = self.apply(action)
        except IllegalAction as exc:
            self._pending.append(SessionEvent(
                "rejected", str(exc), {"code": net_errors.ACTION_ILLEGAL, "refusal": exc.refusal}))
            return
        notation = self.rules.format_action(action)
        state = self.state
        self._pending.append(SessionEvent(
            "applied", notation, {"ply": len(self.taken), "seat": seat,
                                  "action": copy.deepcopy(action), "notation": notation,
                                  "events": events, "digest": state.digest()}, state))
        if state.is_over:
            self._pending.append(SessionEvent(
                "game_over", "", {"ranking": state.ranking(), "digest": state.digest()}, state))

    def poll(self, timeout: float = 0.0) -> list[SessionEvent]:
        """What happened since the last poll; never waits, since nothing here is in flight."""
        events, self._pending = self._pending, []
        return events

    def take_applied(self, event: SessionEvent) -> list[dict[str, Any]]:
        """The engine events of an "applied" event the table is about to show. No position
        moves on: a local table reads the position from this session, which applied the
        action as it was submitted."""
        return list(event.data.get("events") or [])

    def apply(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Applies an action for the seat to move and returns its events, telling nobody
        (replaying a record); raises the engine's IllegalAction unchanged."""
        before = self.state
        new_state = before.apply(action)
        self.state = new_state
        events = list(new_state.events)
        self.record["actions"].append(copy.deepcopy(action))
        barrier = getattr(self.rules, "undo_barrier", None)
        if barrier is None:
            self.taken.append(Taken(before.to_move, before.pending is None,
                                    any("private_to" in e for e in events)))
        else:
            # A game that says what a step lets out (`undo_barrier(before, after)`: why it
            # may not be taken back, or None) takes back its player's steps one by one.
            why = barrier(before, new_state)
            self.taken.append(Taken(before.to_move, True, why is not None, why or ""))
        return events

    def undo_start(self, seat: int) -> int | None:
        """Where the record would be cut to take back `seat`'s last action, or None.

        Allowed only while that seat is to move, and only back to the start of its
        last action chosen at the game's ordinary choice (R4.1: no decision pending),
        if that action and every decision since were its own and none of them showed
        it anything hidden (a swap draws new pieces): no other seat has had a say
        since. Read through the game-module interface alone (`to_move`, `pending`
        and who decided what here): a position's "active" is one game's own key.
        """
        return self._undo_cut(seat)[0]

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not take back a step now, or None if it may: `over`, `not_to_move`,
        `nothing` (no step of its own to take back), `other_seat` (another seat had a say
        since), or what its step let out (`hidden`, or the game's word: `random`)."""
        return self._undo_cut(seat)[1]

    def _undo_cut(self, seat: int) -> tuple[int | None, str | None]:
        state = self.state
        if state.is_over:
            return None, "over"
        if state.to_move != seat:
            return None, "not_to_move"
        return self._cut_back(seat)

    def _cut_back(self, seat: int) -> tuple[int | None, str | None]:
        """The start of `seat`'s last action chosen at the ordinary choice, if it and every
        step since were its own and showed nothing hidden; else why not."""
        for index in range(len(self.taken) - 1, -1, -1):
            taken = self.taken[index]
            if taken.seat != seat:
                return None, "other_seat"
            if taken.revealing:
                return None, taken.why
            if taken.ordinary:
                return index, None
        return None, "nothing"

    def can_undo(self, seat: int) -> bool:
        return self.undo_start(seat) is not None

    def undo(self, seat: int) -> bool:
        return self._cut(self.undo_start(seat))

    def take_back_start(self, seat: int) -> int | None:
        """Where the record would be cut to take back `seat`'s last action once sent, while
        the seat it handed the game to has not answered: as `undo_start`, but another seat
        is to move. Since every step after the cut must be `seat`'s own, the seat to move
        has had no say yet; whether its player has seen the position (a hand-over
        confirmed, a computer's answer applied) only the table knows."""
        state = self.state
        if state.is_over or state.to_move is None or state.to_move == seat:
            return None
        return self._cut_back(seat)[0]

    def can_take_back(self, seat: int) -> bool:
        return self.take_back_start(seat) is not None

    def take_back(self, seat: int) -> bool:
        return self._cut(self.take_back_start(seat))

    def _cut(self, cut: int | None) -> bool:
        """Replays the record up to `cut` (the actions after it are gone)."""
        if cut is None:
            return False
        keep = self.record["actions"][:cut]
        self.record["actions"] = []
        self.taken = []
        self.state = self._fresh_state()
        self._replay(keep)
        return True

    def view(self, seat: int) -> dict[str, Any]:
        return self.state.view(seat)
