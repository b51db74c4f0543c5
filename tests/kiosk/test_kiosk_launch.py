"""The launcher's decisions: settings, the cage command line, rotation, the game's options."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from kiosk import compositor, datadir, launch
from kiosk.config import KioskConfig

MOUNTINFO = """\
22 1 179:2 / / rw,noatime - ext4 /dev/mmcblk0p2 rw
30 22 0:27 / / rw,relatime - overlay overlayroot rw,lowerdir=/media/root-ro
31 30 179:3 / /data rw,noatime - ext4 /dev/mmcblk0p3 rw
32 30 0:28 / /media/my\\040disk rw - vfat /dev/sda1 rw
"""


def completed(stdout: str = "", stderr: str = "",
              code: int = 0) -> subprocess.CompletedProcess[str]:
    return subprocess.CompletedProcess([], code, stdout, stderr)


def test_settings_default_to_a_resuming_tabletop_kiosk() -> None:
    config = KioskConfig.from_env({})
    assert (config.rotate, config.tabletop, config.resume, config.hang_seconds) == (0, True, True,
                                                                                  15.0)
    assert config.warnings == []


def test_settings_are_read_and_bad_values_fall_back_with_a_warning() -> None:
    config = KioskConfig.from_env({
        "TIGRIS_KIOSK_ROTATE": "90", "TIGRIS_KIOSK_OUTPUT": "HDMI-A-1",
        "TIGRIS_KIOSK_TABLETOP": "no", "TIGRIS_KIOSK_HANG_SECONDS": "soon",
        "TIGRIS_KIOSK_GAME_ARGS": "--lang fi", "TIGRIS_KIOSK_RESUME": "maybe",
    })
    assert (config.rotate, config.output, config.tabletop) == (90, "HDMI-A-1", False)
    assert config.game_args == ["--lang", "fi"]
    assert config.hang_seconds == 15.0 and config.resume is True
    assert len(config.warnings) == 2
    assert "TIGRIS_KIOSK_HANG_SECONDS='soon' is not a positive number; using 15.0" in (
        config.warnings)
    assert KioskConfig.from_env({"TIGRIS_KIOSK_ROTATE": "45"}).rotate == 0


def test_cage_version_is_read_from_its_own_words() -> None:
    assert compositor.cage_version("cage", lambda _: completed("Cage version 0.1.4\n")) == (0, 1, 4)
    assert compositor.cage_version("cage", lambda _: completed(stderr="cage 0.2.0")) == (0, 2, 0)
    assert compositor.cage_version("cage", lambda _: completed("no idea")) is None


def test_old_cage_rotates_with_r_flags_and_new_cage_with_wlr_randr() -> None:
    game = ["python", "-m", "game"]
    old = compositor.cage_command("cage", (0, 1, 4), 270, game)
    assert old == ["cage", "-d", "-r", "-r", "-r", "--", *game]
    assert not compositor.needs_randr((0, 1, 4), 270)
    assert compositor.cage_command("cage", (0, 1, 5), 270, game) == ["cage", "-d", "--", *game]
    assert compositor.needs_randr((0, 1, 5), 270)
    assert compositor.needs_randr(None, 90), "an unknown cage must not get -r"
    assert not compositor.needs_randr((0, 1, 5), 0)


def test_wlr_randr_rotates_every_listed_output() -> None:
    listing = ('HDMI-A-1 "Dell U2412M (HDMI-A-1)"\n  Enabled: yes\n  Modes:\n'
               '    1920x1200 px\nDSI-1 "Touch (DSI-1)"\n  Enabled: yes\n')
    calls: list[list[str]] = []

    def run(args: list[str]) -> subprocess.CompletedProcess[str]:
        calls.append(args)
        return completed(listing if args == ["wlr-randr"] else "")

    assert compositor.rotate_outputs(90, None, run) == []
    assert calls[1:] == [["wlr-randr", "--output", "HDMI-A-1", "--transform", "90"],
                         ["wlr-randr", "--output", "DSI-1", "--transform", "90"]]


def test_wlr_randr_failures_are_reported_not_raised() -> None:
    problems = compositor.rotate_outputs(
        90, None, lambda _: completed(stderr="compositor doesn't support it", code=1))
    assert problems == ["wlr-randr cannot list the outputs: compositor doesn't support it"]

    def missing(_: list[str]) -> subprocess.CompletedProcess[str]:
        raise FileNotFoundError("wlr-randr")

    assert "apt-get install wlr-randr" in compositor.rotate_outputs(90, "DSI-1", missing)[0]


def test_the_game_gets_only_the_options_it_has() -> None:
    config = KioskConfig.from_env({"TIGRIS_KIOSK_GAME_ARGS": "--lang da"})
    everything = {"--resume", "--tabletop", "--hide-cursor", "--fullscreen", "--attract"}
    assert launch.game_command("py", config, everything, resume=True) == [
        "py", "-m", "game", "--fullscreen", "--tabletop", "--resume", "--hide-cursor",
        "--attract", "60", "--lang", "da"]
    assert launch.game_command("py", config, {"--fullscreen"}, resume=True) == [
        "py", "-m", "game", "--fullscreen", "--lang", "da"]
    assert "--resume" not in launch.game_command("py", config, everything, resume=False)


def test_attract_mode_idle_time_is_configurable_or_off() -> None:
    everything = {"--fullscreen", "--attract"}
    quick = KioskConfig.from_env({"TIGRIS_KIOSK_ATTRACT_SECONDS": "20"})
    assert launch.game_command("py", quick, everything, resume=False)[-2:] == ["--attract", "20"]
    off = KioskConfig.from_env({"TIGRIS_KIOSK_ATTRACT_SECONDS": "0"})
    assert "--attract" not in launch.game_command("py", off, everything, resume=False)
    typo = KioskConfig.from_env({"TIGRIS_KIOSK_ATTRACT_SECONDS": "1"})
    assert typo.attract_seconds == 60.0
    assert "TIGRIS_KIOSK_ATTRACT_SECONDS" in typo.warnings[0]


def test_the_client_is_asked_for_its_options() -> None:
    flags = launch.client_flags(launch.sys.executable)
    assert {"--fullscreen", "--size", "--tabletop", *launch.WANTED_FLAGS} <= flags


def test_the_game_environment_points_heartbeats_at_the_supervisor(tmp_path: Path) -> None:
    env = launch.game_env({"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": "1",
                           "SDL_VIDEODRIVER": "wayland", "NOTIFY_SOCKET": "/run/systemd/notify"},
                          tmp_path / "hb.sock")
    assert env["NOTIFY_SOCKET"] == str(tmp_path / "hb.sock")
    assert "WATCHDOG_USEC" not in env and "WATCHDOG_PID" not in env
    assert env["SDL_VIDEODRIVER"] == "wayland", "the settings file must win over the defaults"
    assert launch.game_env({}, tmp_path / "hb.sock")["SDL_VIDEODRIVER"] == "x11"


def test_filesystem_type_takes_the_deepest_mount() -> None:
    assert datadir.filesystem_type(Path("/data/tigris"), MOUNTINFO) == "ext4"
    assert datadir.filesystem_type(Path("/var/lib/tigris"), MOUNTINFO) == "overlay"
    assert datadir.filesystem_type(Path("/media/my disk/saves"), MOUNTINFO) == "vfat"
    assert datadir.filesystem_type(Path("/database"), MOUNTINFO) == "overlay"


def test_data_folder_warnings(tmp_path: Path) -> None:
    here = f"1 0 0:1 / {tmp_path} rw - ext4 /dev/sda1 rw\n"
    assert datadir.check(tmp_path / "saves", here) == []
    volatile = f"1 0 0:1 / {tmp_path} rw - tmpfs tmpfs rw\n"
    assert "lost at power-off" in datadir.check(tmp_path / "saves", volatile)[0]
    assert "not set" in datadir.check(None)[0]
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert "not writable" in datadir.check(blocker / "saves", here)[0]


@pytest.mark.parametrize("argv", [["inside", "--rotate", "45", "--", "x"], ["nonsense"]])
def test_bad_command_lines_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        launch.parse_args(argv)
