"""The bot worker with Tigris & Euphrates' levels: an answer by callback, a quick stop."""

from __future__ import annotations

import threading
import time

from timing import scaled

import ai
import engine.tigris as engine
from ai.bot import Action, View


def a_view() -> View:
    state = engine.new_game(2, 1)
    return state.view(state.to_move)


def test_callback_gets_the_answer() -> None:
    got: list[tuple[int, Action]] = []
    done = threading.Event()

    def on_answer(ticket: int, action: Action) -> None:
        got.append((ticket, action))
        done.set()

    worker = ai.BotWorker(on_answer=on_answer)
    try:
        ticket = worker.request(ai.make_bot(engine.ID, "easy", 1), a_view(), 1.0)
        assert done.wait(5.0)
        assert got[0][0] == ticket
        assert not worker.busy
        assert worker.poll() is None, "with a callback, answers are not also queued"
    finally:
        worker.close()


def test_hard_bot_stops_within_a_moment_when_cancelled() -> None:
    worker = ai.BotWorker()
    try:
        worker.request(ai.make_bot(engine.ID, "hard", 1), a_view(), 60.0)
        time.sleep(0.3)
        started = time.perf_counter()
        worker.cancel()
        worker.close(timeout=scaled(5.0))
        assert time.perf_counter() - started < scaled(1.0)
    finally:
        worker.close()
