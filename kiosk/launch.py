"""`python -m kiosk`: what tigris-kiosk.service runs, and the wrapper cage starts.

    python -m kiosk [run]       supervise cage + the game (the unit's ExecStart)
    python -m kiosk command     print the cage command line `run` would start
    python -m kiosk inside --rotate N [--output NAME] -- GAME...
                                inside cage: rotate with wlr-randr, then become GAME

The game's options are chosen by asking the client's own `--help`, so the
kiosk passes --resume, --tabletop, --hide-cursor and --attract only to a client that
has them, and keeps working (with a note in the journal) with one that does
not yet.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from kiosk import compositor, datadir
from kiosk.config import KioskConfig
from kiosk.listener import HeartbeatListener
from kiosk.sdnotify import (
    ENV_SOCKET,
    ENV_WATCHDOG_PID,
    ENV_WATCHDOG_USEC,
    Notifier,
    watchdog_interval,
)
from kiosk.supervisor import Policy, Supervisor

log = logging.getLogger("kiosk")

SOCKET_NAME = "tigris-heartbeat.sock"
WANTED_FLAGS = ("--resume", "--tabletop", "--hide-cursor", "--attract")
GAME_ENV_DEFAULTS = {
    "SDL_VIDEODRIVER": "x11",
    "SDL_VIDEO_ALLOW_SCREENSAVER": "0",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    "WLR_NO_HARDWARE_CURSORS": "1",
}
SYSTEM_ALSA_CONFIG = Path("/usr/share/alsa/alsa.conf")
"""The system's ALSA configuration. pygame-ce's wheel carries its own ALSA library, built
to look under /usr/local/share/alsa, where Raspberry Pi OS has nothing: without being
pointed here it finds no sound card."""


def client_flags(python: str) -> set[str]:
    """The long options the client's --help lists; empty if it cannot say."""
    try:
        done = subprocess.run([python, "-m", "game", "--help"], capture_output=True, text=True,
                              timeout=60, check=False,
                              env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("cannot ask the client for its options: %s", exc)
        return set()
    if done.returncode != 0:
        log.warning("the client's --help failed: %s", done.stderr.strip()[-500:])
        return set()
    return set(re.findall(r"--[a-z][a-z0-9-]*", done.stdout))


def game_command(python: str, config: KioskConfig, flags: set[str], resume: bool) -> list[str]:
    args = [python, "-m", "game", "--fullscreen"]
    if config.tabletop and "--tabletop" in flags:
        args.append("--tabletop")
    if resume and "--resume" in flags:
        args.append("--resume")
    if "--hide-cursor" in flags:
        args.append("--hide-cursor")
    if config.attract_seconds and "--attract" in flags:
        args += ["--attract", f"{config.attract_seconds:g}"]
    return [*args, *config.game_args]


def game_env(env: Mapping[str, str], socket_path: Path,
             alsa_config: Path = SYSTEM_ALSA_CONFIG) -> dict[str, str]:
    """The kiosk's SDL defaults (a value in the settings file wins), our socket, and the
    system's ALSA configuration when it has one and nobody chose another."""
    result = {**GAME_ENV_DEFAULTS, **env, ENV_SOCKET: str(socket_path), "TIGRIS_KIOSK": "1"}
    if "ALSA_CONFIG_PATH" not in result and alsa_config.is_file():
        result["ALSA_CONFIG_PATH"] = str(alsa_config)
    result.pop(ENV_WATCHDOG_USEC, None)
    result.pop(ENV_WATCHDOG_PID, None)
    return result


class Session:
    """Everything `run` and `command` need to know before cage starts."""

    def __init__(self, config: KioskConfig, cage: str, python: str = sys.executable) -> None:
        self.config = config
        self.cage = cage
        self.python = python
        self.version = compositor.cage_version(cage)
        self.flags = client_flags(python)

    def command(self, resume: bool) -> list[str]:
        game = game_command(self.python, self.config, self.flags, resume)
        rotate = self.config.rotate
        if compositor.needs_randr(self.version, rotate):
            game = compositor.inside_command(self.python, rotate, self.config.output, game)
        return compositor.cage_command(self.cage, self.version, rotate, game)

    def missing_flags(self) -> list[str]:
        return [flag for flag in WANTED_FLAGS if flag not in self.flags]


def _session(config: KioskConfig) -> Session | None:
    cage = shutil.which("cage")
    if cage is None:
        log.error("cage is not installed: sudo apt-get install cage xwayland")
        return None
    return Session(config, cage)


def run() -> int:
    config = KioskConfig.from_env()
    for warning in config.warnings + datadir.check(datadir.from_env()):
        log.warning("%s", warning)
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if not runtime:
        log.error("XDG_RUNTIME_DIR is not set (the unit sets it with RuntimeDirectory=)")
        return 1
    session = _session(config)
    if session is None:
        return 1
    for flag in session.missing_flags():
        log.warning("the client has no %s option yet; starting it without", flag)
    listener = HeartbeatListener(Path(runtime) / SOCKET_NAME)
    policy = Policy(hang_seconds=config.hang_seconds, ready_seconds=config.ready_seconds)
    supervisor = Supervisor(session.command, game_env(os.environ, listener.path), listener,
                            Notifier.from_env(), policy, resume=config.resume,
                            watchdog=watchdog_interval())
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: supervisor.stop())
    try:
        return supervisor.run()
    finally:
        listener.close()


def print_command() -> int:
    session = _session(KioskConfig.from_env())
    if session is None:
        return 1
    print(shlex.join(session.command(session.config.resume)))
    return 0


def inside(args: argparse.Namespace) -> int:
    game = [a for a in args.game if a != "--"] if args.game[:1] == ["--"] else args.game
    if not game:
        log.error("inside: no game command after --")
        return 2
    if args.rotate:
        for problem in compositor.rotate_outputs(args.rotate, args.output):
            log.warning("%s", problem)
    os.execvp(game[0], game)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m kiosk", description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="action")
    sub.add_parser("run", help="supervise cage and the game (default)")
    sub.add_parser("command", help="print the cage command line")
    inner = sub.add_parser("inside", help="inside cage: rotate the screen, then start the game")
    inner.add_argument("--rotate", type=int, choices=(0, 90, 180, 270), default=0)
    inner.add_argument("--output", default=None, help="output name (default: every output)")
    inner.add_argument("game", nargs=argparse.REMAINDER, help="-- then the game command")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="tigris-kiosk: %(message)s",
                        stream=sys.stderr)
    args = parse_args(argv)
    if args.action == "inside":
        return inside(args)
    if args.action == "command":
        return print_command()
    return run()
