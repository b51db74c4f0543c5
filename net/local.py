"""Pass-and-play behind the `Session` interface, so the table has one code path.

Everything happens on the caller's thread except the computer players'
thinking, which runs in a `BotWorker`; their answers are applied in `poll`.
There is no other copy to check against, so there are no digests to compare
and nothing to pause; the events are the same kinds a `NetworkSession`
produces. Events are not filtered for privacy: at one shared screen the
client decides whose hand to show (`my_seat` follows the human to move).
"""

from __future__ import annotations

import copy
import queue
import secrets
import time
from typing import Any

from engine import IllegalAction

from . import errors as e
from . import texts
from .bots import BotWorker, level_problem, make_bot
from .events import SeatInfo, SessionEvent
from .game import Action, Bot, BotFactory, GameModule, State, new_record, setup_problem
from .lobby import DEFAULT_STAND_IN, parse_seat
from .replica import Replica


class LocalSession:
    def __init__(self, game: GameModule, players: int = 4, *, bots: BotFactory | None = None,
                 seed: int | None = None, options: dict[str, Any] | None = None,
                 seats: list[str] | None = None, record: dict[str, Any] | None = None,
                 bot_budget: float = 1.0, my_seat: int | None = None,
                 stand_in: str = DEFAULT_STAND_IN) -> None:
        """A game of `game` at one screen; `bots(level, seed)` makes its computer players,
        and a plain "bot" seat plays `stand_in` (the game's `ai.default_level`, passed in
        since net imports no game). ValueError says what is wrong with the seats, options or
        record."""
        if record is None:
            problem = setup_problem(game, players, options or {})
            if problem:
                raise ValueError(problem)
            record = new_record(game, players, secrets.randbits(63) if seed is None else seed,
                                options or {})
        self.game = game
        self._replica = Replica(game, record)
        count = int(record["players"])
        specs = seats or ["human"] * count
        if len(specs) != count:
            raise ValueError(f"{len(specs)} seats given for {count} players")
        self._kinds = [parse_seat(spec, stand_in) for spec in specs]
        for kind, level in self._kinds:
            problem = level_problem(bots, level or "") if kind == "bot" else ""
            if problem:
                raise ValueError(problem)
        self._factory = bots
        self._fixed_seat = my_seat
        humans = [i for i, (kind, _) in enumerate(self._kinds) if kind == "human"]
        self._last_human = humans[0] if humans else None
        self._pending: list[SessionEvent] = []
        self._answers: queue.SimpleQueue[tuple[Any, int, Action | None]] = queue.SimpleQueue()
        self._worker = BotWorker(lambda t, s, a: self._answers.put((t, s, a)), bot_budget)
        self._bots: dict[int, Bot] = {}
        self._ticket: tuple[int, int] | None = None
        self._emit("started", "The game begins.", self.state)
        self._schedule_bot()

    # --- the picture ---------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._replica.state

    @property
    def ply(self) -> int:
        return self._replica.ply

    @property
    def my_seat(self) -> int | None:
        if self._fixed_seat is not None:
            return self._fixed_seat
        to_move = self.state.to_move
        if to_move is not None and self._kinds[to_move][0] == "human":
            self._last_human = to_move
        return self._last_human

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return tuple(
            SeatInfo(kind=kind, level=level,
                     name=f"Computer ({level})" if kind == "bot" else f"Player {i + 1}",
                     status="bot" if kind == "bot" else "host")
            for i, (kind, level) in enumerate(self._kinds))

    @property
    def phase(self) -> str:
        return "over" if self.state.is_over else "playing"

    @property
    def paused(self) -> bool:
        return False

    @property
    def status(self) -> str:
        state = self.state
        if state.is_over:
            return "The game is over."
        seat = state.to_move
        assert seat is not None
        return f"{self.seats[seat].name} to move."

    def view(self) -> dict[str, Any] | None:
        seat = self.my_seat
        return None if seat is None else self.state.view(seat)

    def record(self) -> dict[str, Any]:
        return self._replica.record()

    # --- playing -------------------------------------------------------------------------
    def submit(self, action: Action) -> None:
        seat = self.state.to_move
        if seat is None or self._kinds[seat][0] != "human":
            code = e.GAME_OVER if seat is None else e.ACTION_NOT_YOUR_TURN
            self._emit("rejected", texts.code_text(code), None, code=code)
            return
        self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> bool:
        try:
            state = self._replica.advance(copy.deepcopy(action))
        except IllegalAction as exc:
            self._emit("rejected", texts.code_text(e.ACTION_ILLEGAL, str(exc)), None,
                       code=e.ACTION_ILLEGAL)
            return False
        notation = self.game.format_action(action)
        self._emit("applied", f"{self.seats[seat].name}: {notation}", state,
                   ply=self._replica.ply, seat=seat, action=copy.deepcopy(action),
                   notation=notation, events=list(state.events), digest=self._replica.digest)
        if state.is_over:
            self._emit("game_over", "The game is over.", state, ranking=state.ranking(),
                       digest=self._replica.digest)
        self._schedule_bot()
        return True

    def poll(self, timeout: float = 0.0) -> list[SessionEvent]:
        """Pending events, after applying whatever the computer players answered."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                wait = deadline - time.monotonic()
                if self._pending or wait <= 0 or self._ticket is None:
                    ticket, seat, action = self._answers.get_nowait()
                else:
                    ticket, seat, action = self._answers.get(timeout=wait)
            except queue.Empty:
                break
            if ticket == self._ticket:
                self._ticket = None
                if action is None or not self._apply(seat, action):
                    self._apply(seat, self.state.legal_actions()[0])
        events, self._pending = self._pending, []
        return events

    def _schedule_bot(self) -> None:
        state = self.state
        seat = state.to_move
        if seat is None or self._kinds[seat][0] != "bot":
            return
        ticket = (self._replica.ply, seat)
        if self._ticket == ticket:
            return
        self._ticket = ticket
        bot = self._bots.get(seat)
        if bot is None:
            bot = make_bot(self._factory, self._kinds[seat][1] or "random")
            self._bots[seat] = bot
        self._worker.request(ticket, seat, state.view(seat), bot)

    def _emit(self, kind: str, text: str, state: State | None, **data: Any) -> None:
        self._pending.append(SessionEvent(kind=kind, text=text, data=data, state=state))

    def close(self) -> None:
        self._worker.close()

    def __enter__(self) -> LocalSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
