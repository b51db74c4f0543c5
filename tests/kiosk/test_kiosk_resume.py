"""Power cuts and kill -9: the game must come back at the same position.

At the savegame level (works with any client): a process saving a random game
after every action is killed with SIGKILL at arbitrary moments; the autosave
left behind must load, replay, and show a position the game really reached,
no older than the last save it finished.

At the client level (needs the client's --resume and its position report
through kiosk.watchdog.position): the client resumes an autosave headless,
is killed with SIGKILL, resumes again, and must show the same position.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from timing import scaled

import engine.tigris as engine
from game import savegame, savelist
from game.savegame import SavedGame, SeatConfig
from game.session import GameSession
from kiosk.listener import HeartbeatListener

PROJECT = Path(__file__).resolve().parents[2]

WRITER = """\
import random, sys
import engine.tigris as engine
from game import savegame
from game.savegame import SavedGame, SeatConfig
seed = int(sys.argv[1])
path = savegame.new_save_path()
record = engine.new_record(2, seed)
state = engine.new_game(2, seed, {})
chooser = random.Random(seed)
while not state.is_over:
    action = chooser.choice(state.legal_actions())
    state = state.apply(action)
    record["actions"].append(action)
    savegame.save(SavedGame(record=record, seats=[SeatConfig(), SeatConfig()], path=path))
    print(len(record["actions"]), state.digest(), flush=True)
"""


def random_record(seed: int, actions: int) -> dict:
    record = engine.new_record(2, seed)
    state = engine.new_game(2, seed, {})
    chooser = random.Random(seed)
    for _ in range(actions):
        action = chooser.choice(state.legal_actions())
        state = state.apply(action)
        record["actions"].append(action)
    return record


@pytest.mark.parametrize("kill_after", [1, 9, 23])
def test_kill_9_while_saving_leaves_a_save_that_resumes(tmp_path: Path, kill_after: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    data = tmp_path / "data"
    env = {**os.environ, "TIGRIS_DATA_DIR": str(data), "PYTHONPATH": str(PROJECT)}
    writer = subprocess.Popen([sys.executable, str(script), str(kill_after)], env=env,
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None
    acknowledged = [writer.stdout.readline().split() for _ in range(kill_after)]
    writer.send_signal(signal.SIGKILL)
    late = writer.stdout.read().split("\n")
    writer.wait(10)
    reached = {int(n): digest for n, digest in acknowledged + [x.split() for x in late if x]}

    monkeypatch.setenv("TIGRIS_DATA_DIR", str(data))
    newest = savelist.newest()
    assert newest is not None
    saved = savegame.load(newest)
    plies = len(saved.record["actions"])
    last_acknowledged = int(acknowledged[-1][0])
    assert plies >= last_acknowledged, "a save the writer had finished was lost"
    assert plies <= max(reached) + 1, "the save is ahead of the game"
    resumed = GameSession(saved).state.digest()
    assert resumed == engine.replay(saved.record).digest()
    # The writer may die between replacing the file and printing its line.
    assert resumed == reached.get(plies, resumed)


def _client_reports_position() -> bool:
    sources = (PROJECT / "game").rglob("*.py")
    return any("watchdog.position(" in path.read_text(encoding="utf-8") for path in sources)


def _client_has_resume() -> bool:
    done = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True,
                          text=True, timeout=60, check=False)
    return "--resume" in done.stdout


def _shown_position(listener: HeartbeatListener, child: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + scaled(60)
    while time.monotonic() < deadline:
        for message in listener.receive(0.5):
            if "TIGRIS_DIGEST" in message:
                return message["TIGRIS_DIGEST"]
        assert child.poll() is None, f"the client exited with {child.returncode}"
    raise AssertionError("the client reported no position within 60 s")


def test_kill_9_the_client_and_start_it_again_same_position(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not _client_has_resume():
        pytest.skip("the client has no --resume option yet (the kiosk needs it)")
    if not _client_reports_position():
        pytest.skip("the client does not report its position yet "
                    "(kiosk.watchdog.position(ply, digest) when a game is shown)")
    data = tmp_path / "data"
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(data))
    record = random_record(seed=5, actions=30)
    savegame.save(SavedGame(record=record, seats=[SeatConfig(), SeatConfig()],
                            path=savegame.new_save_path()))
    expected = engine.replay(record).digest()
    listener = HeartbeatListener(tmp_path / "notify.sock")
    env = {**os.environ, "TIGRIS_DATA_DIR": str(data), "NOTIFY_SOCKET": str(listener.path),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    try:
        for _ in range(2):
            client = subprocess.Popen([sys.executable, "-m", "game", "--resume",
                                       "--size", "1280x800"], env=env)
            try:
                assert _shown_position(listener, client) == expected
            finally:
                client.send_signal(signal.SIGKILL)
                client.wait(10)
    finally:
        listener.close()
