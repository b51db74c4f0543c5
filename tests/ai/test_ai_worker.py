"""The bot worker: requests return at once, answers arrive later, cancelling is quick."""

from __future__ import annotations

import threading
import time

import pytest

import ai
import engine.tigris as engine
from ai.bot import Action, View


class SlowBot:
    """Thinks until told to stop (or for `seconds`), then plays the first legal action."""

    level = "slow"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.stopped = threading.Event()

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        assert stop is not None
        if stop.wait(self.seconds):
            self.stopped.set()
        return engine.state_from_view(view).legal_actions()[0]


class BrokenBot:
    level = "broken"

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        raise ValueError("no idea")


def a_view() -> View:
    state = engine.new_game(2, 1)
    return state.view(state.to_move)


def test_request_returns_at_once_and_the_answer_comes_later() -> None:
    worker = ai.BotWorker()
    try:
        started = time.perf_counter()
        worker.request(SlowBot(0.3), a_view(), 1.0)
        assert time.perf_counter() - started < 0.05
        assert worker.busy
        assert worker.poll() is None
        action = worker.wait(timeout=5.0)
        assert action is not None and action["type"] == "tile"
        assert not worker.busy
    finally:
        worker.close()


def test_cancel_stops_the_bot_and_drops_its_answer() -> None:
    worker = ai.BotWorker()
    bot = SlowBot(30.0)
    try:
        worker.request(bot, a_view(), 30.0)
        time.sleep(0.05)
        worker.cancel()
        assert bot.stopped.wait(1.0)
        assert not worker.busy
        time.sleep(0.05)
        assert worker.poll() is None
    finally:
        worker.close()


def test_a_new_request_replaces_the_old_one() -> None:
    worker = ai.BotWorker()
    first = SlowBot(30.0)
    try:
        worker.request(first, a_view(), 30.0)
        time.sleep(0.05)
        ticket = worker.request(SlowBot(0.0), a_view(), 1.0)
        assert first.stopped.wait(1.0)
        assert worker.wait(timeout=5.0) is not None
        assert worker.ticket == ticket
    finally:
        worker.close()


def test_the_bots_exception_reaches_the_caller() -> None:
    worker = ai.BotWorker()
    try:
        worker.request(BrokenBot(), a_view(), 1.0)
        with pytest.raises(ValueError, match="no idea"):
            worker.wait(timeout=5.0)
    finally:
        worker.close()


def test_callback_gets_the_answer() -> None:
    got: list[tuple[int, Action]] = []
    done = threading.Event()

    def on_answer(ticket: int, action: Action) -> None:
        got.append((ticket, action))
        done.set()

    worker = ai.BotWorker(on_answer=on_answer)
    try:
        ticket = worker.request(ai.make_bot("easy", 1), a_view(), 1.0)
        assert done.wait(5.0)
        assert got[0][0] == ticket
        assert not worker.busy
        assert worker.poll() is None, "with a callback, answers are not also queued"
    finally:
        worker.close()


def test_hard_bot_stops_within_a_moment_when_cancelled() -> None:
    worker = ai.BotWorker()
    try:
        worker.request(ai.make_bot("hard", 1), a_view(), 60.0)
        time.sleep(0.3)
        started = time.perf_counter()
        worker.cancel()
        worker.close(timeout=5.0)
        assert time.perf_counter() - started < 1.0
    finally:
        worker.close()
