"""The bot worker on Tiny: requests return at once, answers arrive later, cancelling is quick."""

from __future__ import annotations

import threading
import time
from types import ModuleType

import pytest
from support import tinyai
from support.testbots import BrokenBot, SlowBot
from timing import scaled

import ai
from ai.bot import Action, View


def test_request_returns_at_once_and_the_answer_comes_later(tiny_view: View) -> None:
    worker = ai.BotWorker()
    try:
        started = time.perf_counter()
        worker.request(SlowBot(0.3, tinyai.legal_actions), tiny_view, 1.0)
        assert time.perf_counter() - started < scaled(0.05)
        assert worker.busy
        assert worker.poll() is None
        action = worker.wait(timeout=scaled(5.0))
        assert action is not None and action["type"] == "play"
        assert not worker.busy
    finally:
        worker.close()


def test_cancel_stops_the_bot_and_drops_its_answer(tiny_view: View) -> None:
    worker = ai.BotWorker()
    bot = SlowBot(30.0, tinyai.legal_actions)
    try:
        worker.request(bot, tiny_view, 30.0)
        assert bot.started.wait(scaled(5.0))
        worker.cancel()
        assert bot.stopped.wait(scaled(1.0))
        assert not worker.busy
        time.sleep(scaled(0.05))
        assert worker.poll() is None
    finally:
        worker.close()


def test_a_new_request_replaces_the_old_one(tiny_view: View) -> None:
    worker = ai.BotWorker()
    first = SlowBot(30.0, tinyai.legal_actions)
    try:
        worker.request(first, tiny_view, 30.0)
        assert first.started.wait(scaled(5.0))
        ticket = worker.request(SlowBot(0.0, tinyai.legal_actions), tiny_view, 1.0)
        assert first.stopped.wait(scaled(1.0))
        assert worker.wait(timeout=scaled(5.0)) is not None
        assert worker.ticket == ticket
    finally:
        worker.close()


def test_the_bots_exception_reaches_the_caller(tiny_view: View) -> None:
    worker = ai.BotWorker()
    try:
        worker.request(BrokenBot(), tiny_view, 1.0)
        with pytest.raises(ValueError, match="no idea"):
            worker.wait(timeout=scaled(5.0))
    finally:
        worker.close()


def test_callback_gets_the_answer(tiny: ModuleType, tiny_view: View) -> None:
    got: list[tuple[int, Action]] = []
    done = threading.Event()

    def on_answer(ticket: int, action: Action) -> None:
        got.append((ticket, action))
        done.set()

    worker = ai.BotWorker(on_answer=on_answer)
    try:
        ticket = worker.request(ai.make_bot(tiny.ID, "greedy", 1), tiny_view, 1.0)
        assert done.wait(5.0)
        highest = max(tiny_view["hands"][tiny_view["viewer"]])
        assert got == [(ticket, {"type": "play", "card": highest})], "greedy plays its highest"
        assert not worker.busy
        assert worker.poll() is None, "with a callback, answers are not also queued"
    finally:
        worker.close()
