"""The kiosk for real: `python -m kiosk run` starts the game under cage, headless.

cage runs on wlroots' headless backend with the pixman renderer, so no GPU,
screen or input device is needed, but cage and Xwayland are (apt packages:
the test skips without them). cage refuses to run as root, so as root the
kiosk runs as 'nobody', with the system Python and this venv's packages on
PYTHONPATH (a venv's own interpreter may live under /root, unreadable to
others). The test socket plays systemd: the supervisor's READY=1 and STATUS
lines arrive there.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from timing import scaled

from kiosk.listener import HeartbeatListener

PROJECT = Path(__file__).resolve().parents[2]
X11_SOCKETS = Path("/tmp/.X11-unix")
SYSTEM_PYTHON = Path("/usr/bin/python3")


@dataclass
class CageRun:
    ready: bool
    statuses: list[str] = field(default_factory=list)
    log: str = ""
    exit_code: int | None = None


def _account() -> tuple[str | None, str, dict[str, str]]:
    """Who runs the kiosk, with which Python and PYTHONPATH; skips when nobody can."""
    if os.geteuid() != 0:
        return None, sys.executable, {}
    try:
        pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("running as root and there is no 'nobody' user to run cage as")
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    probe = subprocess.run([str(SYSTEM_PYTHON), "-c", "import sys; print(sys.version[:4])"],
                           capture_output=True, text=True, check=False, user="nobody")
    if probe.returncode != 0 or not probe.stdout.startswith(version):
        pytest.skip(f"as root the kiosk runs as 'nobody' with {SYSTEM_PYTHON}, which must be "
                    f"Python {version} like this venv")
    packages = dict.fromkeys([str(PROJECT), sysconfig.get_paths()["purelib"],
                              sysconfig.get_paths()["platlib"]])
    env = {"PYTHONPATH": os.pathsep.join(packages)}
    check = subprocess.run([str(SYSTEM_PYTHON), "-c", "import pygame, game.main, kiosk"],
                           env={**env, "PATH": os.environ["PATH"]}, capture_output=True,
                           check=False, user="nobody")
    if check.returncode != 0:
        pytest.skip("'nobody' cannot read this checkout or its venv's packages")
    return "nobody", str(SYSTEM_PYTHON), env


def _owned_dir(prefix: str, user: str | None) -> Path:
    path = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    if user is not None:
        shutil.chown(path, user)
    return path


def _x11_sockets_usable(user: str | None) -> bool:
    """Xwayland wants /tmp/.X11-unix owned by root or by itself, as systemd-tmpfiles makes it."""
    if not X11_SOCKETS.exists() and os.geteuid() == 0:
        X11_SOCKETS.mkdir(mode=0o1777)
        X11_SOCKETS.chmod(0o1777)
    if not X11_SOCKETS.exists():
        return True
    owner = X11_SOCKETS.stat().st_uid
    return owner == 0 or owner == (pwd.getpwnam(user).pw_uid if user else os.geteuid())


@pytest.fixture(scope="module")
def cage_run() -> CageRun:
    for tool in ("cage", "Xwayland"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (apt-get install cage xwayland)")
    user, python, extra_env = _account()
    if not _x11_sockets_usable(user):
        pytest.skip(f"{X11_SOCKETS} belongs to another user, so Xwayland cannot start")
    runtime = _owned_dir("tigris-cage-run-", user)
    runtime.chmod(0o700)
    data = _owned_dir("tigris-cage-data-", user)
    sockets = Path(tempfile.mkdtemp(prefix="tigris-cage-notify-", dir="/tmp"))
    sockets.chmod(0o755)
    listener = HeartbeatListener(sockets / "systemd.sock")
    listener.path.chmod(0o666)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(runtime),
        "XDG_RUNTIME_DIR": str(runtime), "WLR_BACKENDS": "headless",
        "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy", "TIGRIS_DATA_DIR": str(data),
        "NOTIFY_SOCKET": str(listener.path), "TIGRIS_KIOSK_READY_SECONDS": "8",
        **extra_env,
    }
    log_path = sockets / "kiosk.log"
    # cage refuses to start while it could regain root, so the group goes too.
    identity = {} if user is None else {
        "user": user, "group": pwd.getpwnam(user).pw_gid, "extra_groups": []}
    with open(log_path, "wb") as log:
        kiosk = subprocess.Popen([python, "-m", "kiosk", "run"], env=env, cwd=str(runtime),
                                 stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                 **identity)
    run = CageRun(ready=False)
    try:
        deadline = time.monotonic() + scaled(60)
        settle: float | None = None
        while time.monotonic() < (settle or deadline) and kiosk.poll() is None:
            for message in listener.receive(0.5):
                run.statuses += [message["STATUS"]] if "STATUS" in message else []
                if "READY" in message and not run.ready:
                    run.ready, settle = True, time.monotonic() + 2
        kiosk.send_signal(signal.SIGTERM)
        try:
            run.exit_code = kiosk.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(kiosk.pid, signal.SIGKILL)
            run.exit_code = kiosk.wait(10)
    finally:
        run.log = log_path.read_text(errors="replace")
        listener.close()
        for folder in (runtime, data, sockets):
            shutil.rmtree(folder, ignore_errors=True)
    return run


def test_the_kiosk_starts_the_game_under_cage(cage_run: CageRun) -> None:
    assert cage_run.ready, f"no READY=1 from the kiosk; its log:\n{cage_run.log[-3000:]}"
    assert "starting the game (start 1)" in cage_run.log
    assert "start 2" not in cage_run.log, f"the game did not stay up:\n{cage_run.log[-3000:]}"
    assert "Traceback" not in cage_run.log, cage_run.log[-3000:]
    assert cage_run.exit_code == 0, f"SIGTERM did not stop the kiosk cleanly:\n{cage_run.log}"


def test_the_game_draws_its_first_frame_under_cage(cage_run: CageRun) -> None:
    sources = (PROJECT / "game").rglob("*.py")
    if not any("watchdog.beat(" in p.read_text(encoding="utf-8") for p in sources):
        pytest.skip("the client does not send heartbeats yet (kiosk.watchdog.beat() each "
                    "frame), so its first frame cannot be seen from outside")
    assert "first heartbeat: the game is drawing" in cage_run.log, cage_run.log[-3000:]
    assert "game running" in cage_run.statuses
