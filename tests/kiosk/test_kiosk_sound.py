"""Sound on the Pi (issue 13): the kiosk points pygame-ce's own ALSA at the system's
configuration, and a machine with no sound device plays silently instead of crashing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from kiosk import launch
from kiosk.listener import HeartbeatListener

PROJECT = Path(__file__).resolve().parents[2]


def test_the_game_is_pointed_at_the_systems_alsa_configuration(tmp_path: Path) -> None:
    conf = tmp_path / "alsa.conf"
    socket = tmp_path / "hb.sock"
    assert "ALSA_CONFIG_PATH" not in launch.game_env({}, socket, alsa_config=conf)
    conf.write_text("# the system's\n")
    assert launch.game_env({}, socket, alsa_config=conf)["ALSA_CONFIG_PATH"] == str(conf)
    chosen = {"ALSA_CONFIG_PATH": "/etc/mine.conf"}
    assert launch.game_env(chosen, socket, alsa_config=conf)["ALSA_CONFIG_PATH"] == (
        "/etc/mine.conf"), "a path the settings file sets wins"
    assert Path("/usr/share/alsa/alsa.conf") == launch.SYSTEM_ALSA_CONFIG


def test_a_client_whose_sound_cannot_start_plays_silently(tmp_path: Path) -> None:
    """SDL_AUDIODRIVER names a driver that does not exist: the mixer cannot open, and the
    client still starts a game of computer players and plays it on (positions reported
    through the kiosk's socket move on), and says once that it plays without sound. The
    sounds load in the background (`game.sound`), on a loaded machine after the game's
    first moves, so the client runs until both are seen."""
    listener = HeartbeatListener(tmp_path / "notify.sock")
    env = {**os.environ, "NOTIFY_SOCKET": str(listener.path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "no-such-driver", "TIGRIS_DATA_DIR": str(tmp_path / "data")}
    client = subprocess.Popen([sys.executable, "-m", "game", "--seats", "computer,computer",
                               "--thinking-time", "0.1", "--size", "1280x800"], env=env,
                              cwd=PROJECT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    assert client.stderr is not None
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(client.stderr), daemon=True)
    reader.start()
    plies: set[str] = set()
    try:
        deadline = time.monotonic() + 120
        while (len(plies) < 3 or not any("without sound" in line for line in said)) \
                and time.monotonic() < deadline:
            plies |= {m["TIGRIS_PLY"] for m in listener.receive(0.5) if "TIGRIS_PLY" in m}
            assert client.poll() is None, f"the client exited with {client.returncode}"
    finally:
        client.kill()
        client.wait(timeout=10)
        reader.join(timeout=10)
        listener.close()
    assert len(plies) >= 3, f"the game did not move on: plies {sorted(plies)}"
    assert any("without sound" in line for line in said), said
