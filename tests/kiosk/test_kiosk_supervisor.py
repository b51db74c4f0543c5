"""The supervisor against real child processes that beat, hang, crash or stay silent.

The children are small scripts using kiosk.watchdog exactly as the client
does; systemd is played by a datagram socket that records what it is told.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from timing import scaled

from kiosk.listener import HeartbeatListener
from kiosk.sdnotify import Notifier
from kiosk.supervisor import Policy, Supervisor

PROJECT = Path(__file__).resolve().parents[2]

CHILD = """\
import os, sys, time
from kiosk import watchdog
mode = sys.argv[1]
if mode == "pid":
    open(sys.argv[2], "w").write(str(os.getpid()))
if mode == "exit":
    sys.exit(3)
if mode == "beat":
    watchdog.position(4, "feedface" * 5)
    while True:
        watchdog.beat()
        time.sleep(0.05)
if mode == "hang":
    watchdog.beat()
time.sleep(120)
"""


SUPERVISOR = """\
import os, sys
from pathlib import Path
from kiosk.listener import HeartbeatListener
from kiosk.sdnotify import Notifier
from kiosk.supervisor import Policy, Supervisor
socket_path, child, pid_file = sys.argv[1:]
listener = HeartbeatListener(Path(socket_path))
command = lambda resume: [sys.executable, child, "pid", pid_file]
Supervisor(command, dict(os.environ), listener, Notifier(None), Policy()).run()
"""


@dataclass
class Run:
    messages: list[dict[str, str]] = field(default_factory=list)
    resume_flags: list[bool] = field(default_factory=list)
    supervisor: Supervisor | None = None

    def saw(self, key: str, value: str | None = None) -> bool:
        return any(key in m and (value is None or m[key] == value) for m in self.messages)

    def statuses(self) -> list[str]:
        return [m["STATUS"] for m in self.messages if "STATUS" in m]


@pytest.fixture
def supervise(tmp_path: Path) -> Iterator[Callable[..., Run]]:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    started: list[tuple[Supervisor, threading.Thread, HeartbeatListener]] = []

    def run(mode: str, until: Callable[[Run], bool], policy: Policy, resume: bool = True,
            watchdog: float | None = None, timeout: float = 20.0) -> Run:
        systemd = HeartbeatListener(tmp_path / f"systemd-{len(started)}.sock")
        game = HeartbeatListener(tmp_path / f"game-{len(started)}.sock")
        result = Run()

        def command(resume_now: bool) -> list[str]:
            result.resume_flags.append(resume_now)
            return [sys.executable, str(script), mode]

        env = {**os.environ, "NOTIFY_SOCKET": str(game.path), "PYTHONPATH": str(PROJECT)}
        supervisor = Supervisor(command, env, game, Notifier(str(systemd.path)), policy,
                                resume=resume, watchdog=watchdog)
        result.supervisor = supervisor
        thread = threading.Thread(target=supervisor.run, daemon=True)
        thread.start()
        started.append((supervisor, thread, systemd))
        deadline = time.monotonic() + scaled(timeout)
        while not until(result) and time.monotonic() < deadline:
            result.messages += systemd.receive(0.2)
        supervisor.stop()
        thread.join(15)
        assert not thread.is_alive(), "the supervisor did not stop"
        result.messages += systemd.drain()
        return result

    yield run
    for supervisor, thread, systemd in started:
        supervisor.stop()
        thread.join(15)
        systemd.close()


def fast(**overrides: float) -> Policy:
    values = {"hang_seconds": 10.0, "ready_seconds": 30.0, "stable_seconds": 60.0,
              "max_backoff": 0.1, "kill_grace": 2.0, **overrides}
    return Policy(**values)  # type: ignore[arg-type]


def test_ready_comes_with_the_first_heartbeat_and_status_is_relayed(supervise) -> None:
    run = supervise("beat", lambda r: r.saw("READY") and r.saw("WATCHDOG"), fast(),
                    watchdog=0.3)
    assert run.saw("READY", "1")
    assert run.saw("WATCHDOG", "1"), "the supervisor must feed systemd's watchdog"
    assert "playing, ply 4, position feedfacefeed" in run.statuses()
    assert run.resume_flags == [True]
    assert run.saw("STOPPING", "1")


def test_a_game_that_stops_beating_is_restarted(supervise) -> None:
    run = supervise("hang", lambda r: len(r.resume_flags) >= 2, fast(hang_seconds=1.5))
    assert len(run.resume_flags) >= 2
    assert any("game hung" in s for s in run.statuses())


def test_a_silent_game_is_kept_and_declared_ready_after_the_grace(supervise) -> None:
    began = time.monotonic()
    run = supervise("silent", lambda r: r.saw("READY"), fast(ready_seconds=1.0, hang_seconds=0.5))
    assert run.saw("READY", "1")
    assert time.monotonic() - began >= 1.0
    assert run.resume_flags == [True], "a game without heartbeats must not be killed"


def test_a_crash_loop_backs_off_and_then_starts_without_resume(supervise) -> None:
    run = supervise("exit", lambda r: len(r.resume_flags) >= 5, fast(), timeout=30)
    assert run.resume_flags[:3] == [True, True, True]
    assert run.resume_flags[3] is False
    assert any("game exited; restarting" in s for s in run.statuses())


def test_without_resume_configured_the_game_never_gets_it(supervise) -> None:
    run = supervise("exit", lambda r: len(r.resume_flags) >= 2, fast(), resume=False)
    assert set(run.resume_flags) == {False}


def test_stopping_takes_the_game_down_with_the_supervisor(supervise, tmp_path: Path) -> None:
    run = supervise("beat", lambda r: r.saw("READY"), fast())
    assert run.supervisor is not None
    children = [p for p in Path("/proc").iterdir() if p.name.isdigit()
                and _cmdline(p).endswith(f"{tmp_path / 'child.py'}\0beat")]
    assert children == [], "the game outlived its supervisor"


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_text().rstrip("\0")
    except OSError:
        return ""


def test_a_killed_supervisor_takes_the_game_with_it(tmp_path: Path) -> None:
    """systemd's watchdog kills a hung supervisor; its cage must not keep the screen."""
    (tmp_path / "child.py").write_text(CHILD)
    (tmp_path / "supervisor.py").write_text(SUPERVISOR)
    pid_file = tmp_path / "game.pid"
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    supervisor = subprocess.Popen([sys.executable, str(tmp_path / "supervisor.py"),
                                   str(tmp_path / "hb.sock"), str(tmp_path / "child.py"),
                                   str(pid_file)], env=env)
    deadline = time.monotonic() + scaled(20)
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline, "the game never started"
        time.sleep(0.05)
    game = int(pid_file.read_text())
    supervisor.send_signal(signal.SIGKILL)
    supervisor.wait(10)
    deadline = time.monotonic() + scaled(10)
    while _alive(game):
        assert time.monotonic() < deadline, "the game outlived a killed supervisor"
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie waiting for a reaper."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
