"""Issue 22, watched at the table: a phase of computers only is no slower than its
animations, their thinking included. The next computer's move is asked for while the
last move still animates (it used to be asked for only once the animation had ended, so
each of a game's thousands of moves waited for the animation and then for the thinking),
and a move found for a position the game has since left is never played."""

from __future__ import annotations

from typing import Any

import pytest
from support.apps import make_app

from ai.bot import Action, Bot, View
from game.kit.computers import Computers
from game.scenes.flow import start_new_game


class ScriptedWorker:
    """The app's worker, answering at once and in order, with every request kept: what
    the table asks of it is read without threads or clocks."""

    def __init__(self) -> None:
        self.requests: list[tuple[Bot, View]] = []
        self.answer: Action | None = None

    @property
    def busy(self) -> bool:
        return self.answer is not None

    def request(self, bot: Bot, view: View, budget_s: float) -> int:
        self.requests.append((bot, view))
        self.answer = bot.choose(view, budget_s)
        return len(self.requests)

    def poll(self) -> Action | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None

    def close(self, timeout: float = 2.0) -> None:
        self.cancel()


@pytest.fixture
def app(data_dir: Any) -> Any:
    """An app whose computers think in its (scripted) worker, as at a real table."""
    application = make_app((1280, 800), game="civ")
    application.worker.close()
    application.worker = ScriptedWorker()
    application.sync_computers = False
    application.speed_override = "normal"
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def test_the_next_computer_thinks_while_the_last_move_animates(app: Any) -> None:
    table = start_new_game(app, ["computer"] * 3, seed=4, options={"turn_limit": 2},
                           levels=["easy"] * 3)
    worker: ScriptedWorker = app.worker
    checked = 0
    for _ in range(3000):
        state = table.session.state
        if state.is_over or checked >= 10:
            break
        animating = table.life.animator.blocking
        app.run_frames(1)
        seat = state.to_move
        if (not animating or not table.life.animator.blocking or seat is None
                or table.session.state is not state):
            continue
        # a frame in the middle of an animation, the game waiting on a computer: that
        # computer was asked for its move in this very position already
        assert worker.requests, "nothing asked while the first move animated"
        assert worker.requests[-1][1] == table.session.view(seat)
        checked += 1
    assert checked >= 10


def test_a_move_found_for_a_position_since_left_is_not_played(app: Any) -> None:
    table = start_new_game(app, ["computer"] * 3, seed=4, options={"turn_limit": 2},
                           levels=["easy"] * 3)
    session = table.session
    played: list[dict[str, Any]] = []

    def act(action: dict[str, Any]) -> bool:
        played.append(action)
        session.submit(action)
        return True

    computers = Computers(app, session, act)
    seat = session.state.to_move
    assert seat is not None
    computers.turn(seat, 0.0)   # asks
    stale = app.worker.answer
    # the position moves on without this answer (an undo, or a replay's jump, would too)
    session.submit(session.state.legal_actions()[0])
    seat = session.state.to_move
    assert seat is not None
    computers.turn(seat, 0.0)
    assert played == [] and not computers.asked and stale is not None
    computers.turn(seat, 0.0)   # asked again, for the position as it stands
    assert computers.asked_of is session.state
    computers.turn(seat, 0.0)
    assert len(played) == 1


def test_after_a_computer_move_that_shows_nothing_the_next_one_is_not_held_up(app: Any) -> None:
    """A seat that builds no ship, moves no more or buys nothing: no animation, no line in
    the log, so no pause follows (a quarter of a medium game's moves; 0.45 s each)."""
    table = start_new_game(app, ["computer"] * 3, seed=4, options={"turn_limit": 3},
                           levels=["easy"] * 3)
    actions = table.session.record["actions"]
    app.run_frames(1)
    quiet = 0
    for _ in range(6000):
        if table.session.state.is_over or quiet >= 10:
            break
        before, told = len(actions), len(table.told)
        app.run_frames(1)
        if len(actions) != before + 1 or len(table.told) != told \
                or table.life.animator.blocking or table.session.state.is_over:
            continue
        frames = 0
        while len(actions) == before + 1 and frames < 100:
            app.run_frames(1)
            frames += 1
        assert frames <= 2, table.session.state.pending
        quiet += 1
    assert quiet >= 10
