"""The bot worker with Tigris & Euphrates' levels: a callback, the network's worker, a stop."""

from __future__ import annotations

import threading
import time

from support.testbots import BrokenBot, SlowBot

import ai
import engine.tigris as engine
from ai.bot import Action, View


def legal_actions(view: View) -> list[Action]:
    return engine.state_from_view(view).legal_actions()


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


def test_the_network_worker_answers_the_latest_request_with_its_ticket_and_seat() -> None:
    from net.bots import BotWorker

    got: list[tuple[object, int, Action]] = []
    done = threading.Event()

    def deliver(ticket: object, seat: int, action: Action) -> None:
        got.append((ticket, seat, action))
        done.set()

    worker = BotWorker(deliver, 1.0)
    try:
        view = a_view()
        slow = SlowBot(30.0, legal_actions)
        worker.request(("ply", 0), 0, view, slow)
        time.sleep(0.3)   # the slow bot is thinking now
        worker.request(("ply", 1), 1, view, BrokenBot())
        assert done.wait(5.0)
        assert slow.stopped.wait(5.0), "the newer request stops the older one"
        time.sleep(0.2)
        legal = engine.state_from_view(view).legal_actions()
        assert got == [(("ply", 1), 1, legal[0])], "a failing bot plays the first legal action"
    finally:
        worker.close()


def test_hard_bot_stops_within_a_moment_when_cancelled() -> None:
    worker = ai.BotWorker()
    try:
        worker.request(ai.make_bot(engine.ID, "hard", 1), a_view(), 60.0)
        time.sleep(0.3)
        started = time.perf_counter()
        worker.cancel()
        worker.close(timeout=5.0)
        assert time.perf_counter() - started < 1.0
    finally:
        worker.close()
