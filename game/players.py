"""Computer players and the worker thread they think in.

A computer player sees exactly what its seat may see (`state.view(seat)`) and
answers with one action; the table never blocks on it, because the choice
runs in a background thread and the table polls for the answer. The random
player is the stand-in until the real AI arrives behind the same interface.
"""

from __future__ import annotations

import queue
import random
import threading
from typing import Any, Protocol

import engine

Action = dict[str, Any]
View = dict[str, Any]


class ComputerPlayer(Protocol):
    def choose(self, view: View) -> Action:
        """The action this seat takes in the position `view` (its own view)."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        state = engine.state_from_view(view)
        actions = state.legal_actions()
        return self._rng.choice(actions)


class BotPlayer:
    """A level of the `ai` package behind the same interface (it thinks for `budget_s`)."""

    def __init__(self, bot: Any, budget_s: float) -> None:
        self._bot = bot
        self.budget_s = budget_s

    def choose(self, view: View) -> Action:
        action: Action = self._bot.choose(view, self.budget_s)
        return action


def available_levels() -> tuple[str, ...]:
    """The computer levels this installation offers ("random" always)."""
    try:
        import ai
    except ImportError:
        return ("random",)
    return tuple(ai.LEVELS)


def default_level() -> str:
    levels = available_levels()
    return "medium" if "medium" in levels else levels[0]


def make_player(level: str, seed: int | None = None) -> ComputerPlayer:
    """The player for a level; "random", or any level of the ai package when installed."""
    if level != "random":
        try:
            import ai

            return BotPlayer(ai.make_bot(level, seed or 0), ai.DEFAULT_BUDGET)
        except (ImportError, ValueError):
            pass
    return RandomPlayer(seed)


class ComputerWorker:
    """One background thread that answers requests in order; stale answers are dropped.

    A request carries a ticket; when the game changes under it (undo, a new game)
    the table asks with a new ticket and an answer to an old ticket is ignored.
    """

    def __init__(self) -> None:
        self._requests: queue.Queue[tuple[int, ComputerPlayer, View] | None] = queue.Queue()
        self._answers: queue.Queue[tuple[int, Action | Exception]] = queue.Queue()
        self._ticket = 0
        self._busy = False
        self._thread = threading.Thread(target=self._run, name="computer-player", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            job = self._requests.get()
            if job is None:
                return
            ticket, player, view = job
            try:
                answer: Action | Exception = player.choose(view)
            except Exception as exc:
                answer = exc
            self._answers.put((ticket, answer))

    @property
    def busy(self) -> bool:
        return self._busy

    def request(self, player: ComputerPlayer, view: View) -> None:
        self._ticket += 1
        self._busy = True
        self._requests.put((self._ticket, player, view))

    def cancel(self) -> None:
        self._ticket += 1
        self._busy = False

    def poll(self) -> Action | None:
        """The answer to the current request once it is ready; raises what the player raised."""
        while True:
            try:
                ticket, answer = self._answers.get_nowait()
            except queue.Empty:
                return None
            if ticket != self._ticket:
                continue
            self._busy = False
            if isinstance(answer, Exception):
                raise answer
            return answer

    def wait(self, timeout: float = 10.0) -> Action | None:
        """Blocks for the answer: only for tests and headless runs."""
        try:
            ticket, answer = self._answers.get(timeout=timeout)
        except queue.Empty:
            return None
        if ticket != self._ticket:
            return self.wait(timeout)
        self._busy = False
        if isinstance(answer, Exception):
            raise answer
        return answer

    def close(self) -> None:
        self._requests.put(None)
