"""install.sh and uninstall.sh, run for real against a fake root (`--root DIR`).

Under --root the scripts write every file below DIR and record, instead of
running, what would change the running system (users, systemctl, udevadm,
raspi-config) in DIR/tigris-kiosk-actions.txt; these tests read both.
"""

from __future__ import annotations

import os
import pwd
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
KIOSK = PROJECT / "kiosk"
UNIT = "etc/systemd/system/tigris-kiosk.service"
BOOKWORM = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\n'


def run_script(name: str, *args: str, user: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(KIOSK / name), *args], capture_output=True, text=True,
                          timeout=120, check=False, user=user)


def fake_root(base: Path, os_release: str = BOOKWORM) -> Path:
    root = base / "root"
    (root / "etc").mkdir(parents=True)
    (root / "etc/os-release").write_text(os_release)
    return root


def install(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    done = run_script("install.sh", "--root", str(root), "--skip-venv", *args)
    assert done.returncode == 0, done.stderr
    return done


def actions(root: Path) -> list[str]:
    return (root / "tigris-kiosk-actions.txt").read_text().splitlines()


def unit_settings(root: Path) -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in (root / UNIT).read_text().splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.startswith("#"):
            settings.setdefault(key, []).append(value)
    return settings


@pytest.mark.parametrize("script", ["install.sh", "uninstall.sh", "lib.sh", "bundle.sh"])
def test_scripts_are_shellcheck_clean(script: str) -> None:
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed (apt-get install shellcheck)")
    done = subprocess.run(["shellcheck", "-x", str(KIOSK / script)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout


def test_install_writes_the_unit_and_records_the_system_changes(tmp_path: Path) -> None:
    root = fake_root(tmp_path)
    install(root, "--rotate", "90", "--data-dir", "/srv/tigris")
    unit = unit_settings(root)
    assert unit["ExecStart"] == ["/opt/tigris/venv/bin/python -m kiosk run"]
    assert unit["User"] == ["tigris"] and unit["TTYPath"] == ["/dev/tty1"]
    assert unit["Restart"] == ["always"] and unit["Type"] == ["notify"]
    assert unit["Conflicts"] == ["getty@tty1.service"]
    assert int(unit["WatchdogSec"][0]) <= 15
    assert "PAMName" in unit and "RuntimeDirectory" in unit
    assert unit["WantedBy"] == ["multi-user.target"]
    assert (root / "etc/pam.d/tigris-kiosk").is_file()

    conf = (root / "etc/tigris-kiosk.conf").read_text()
    assert "TIGRIS_DATA_DIR=/srv/tigris\n" in conf and "TIGRIS_KIOSK_ROTATE=90\n" in conf
    assert "TIGRIS_ASSETS=/opt/tigris/src/assets\n" in conf
    rule = (root / "etc/udev/rules.d/99-tigris-touch.rules").read_text()
    assert 'LIBINPUT_CALIBRATION_MATRIX}="0 -1 1 1 0 0"' in rule
    watchdog = (root / "etc/systemd/system.conf.d/tigris-kiosk-watchdog.conf").read_text()
    assert "RuntimeWatchdogSec=14s" in watchdog

    recorded = actions(root)
    assert any(a.startswith("useradd --system") and a.rstrip().endswith(" tigris")
               for a in recorded)
    assert "usermod --append --groups input\\,video\\,render tigris " in recorded
    assert "chown -R tigris:tigris /srv/tigris " in recorded
    assert "systemctl enable tigris-kiosk.service " in recorded
    assert (root / "srv/tigris").is_dir()


def test_install_copies_the_project_readable_by_the_kiosk_user(tmp_path: Path) -> None:
    root = fake_root(tmp_path)
    install(root)
    src = root / "opt/tigris/src"
    assert (src / "kiosk/launch.py").is_file() and (src / "pyproject.toml").is_file()
    assert not (src / ".git").exists() and not (src / ".venv").exists()
    for path in [src, src / "kiosk", src / "kiosk/launch.py", root / UNIT]:
        mode = path.stat().st_mode
        assert mode & stat.S_IROTH, f"{path} is not readable by the kiosk user"
        if path.is_dir():
            assert mode & stat.S_IXOTH


def test_install_again_keeps_the_settings_and_changes_nothing_else(tmp_path: Path) -> None:
    root = fake_root(tmp_path)
    install(root, "--rotate", "180", "--output", "DSI-1")
    conf = root / "etc/tigris-kiosk.conf"
    conf.write_text(conf.read_text() + "SDL_AUDIODRIVER=alsa\n")
    first = {p: p.read_bytes() for p in [root / UNIT, root / "etc/pam.d/tigris-kiosk"]}
    install(root)
    text = conf.read_text()
    assert "TIGRIS_KIOSK_ROTATE=180\n" in text and "TIGRIS_KIOSK_OUTPUT=DSI-1\n" in text
    assert "SDL_AUDIODRIVER=alsa\n" in text
    assert text.count("TIGRIS_ASSETS=") == 1
    assert {p: p.read_bytes() for p in first} == first
    install(root, "--rotate", "0")
    assert not (root / "etc/udev/rules.d/99-tigris-touch.rules").exists()


def test_install_refuses_what_is_not_bookworm(tmp_path: Path) -> None:
    root = fake_root(tmp_path, BOOKWORM.replace("bookworm", "bullseye"))
    done = run_script("install.sh", "--root", str(root), "--skip-venv")
    assert done.returncode == 1
    assert "Raspberry Pi OS Bookworm" in done.stderr and "bullseye" in done.stderr
    assert not (root / UNIT).exists()


@pytest.mark.parametrize("args, message", [
    (["--rotate", "45"], "--rotate takes 0, 90, 180 or 270"),
    (["--data-dir", "relative/path"], "--data-dir must be an absolute path"),
    (["--touch-matrix", "1 2 3"], "--touch-matrix takes six numbers"),
    (["--frobnicate"], "unknown option --frobnicate"),
])
def test_install_explains_bad_options(tmp_path: Path, args: list[str], message: str) -> None:
    done = run_script("install.sh", "--root", str(fake_root(tmp_path)), *args)
    assert done.returncode == 1 and message in done.stderr


def test_install_without_root_says_how_to_run_it() -> None:
    user = None
    if os.geteuid() == 0:
        user = "nobody"
        if not _readable_by(user, KIOSK / "install.sh"):
            pytest.skip("the checkout is not readable by 'nobody', so 'not root' cannot be tried")
    done = run_script("install.sh", user=user)
    assert done.returncode == 1
    assert "run me as root: sudo" in done.stderr


def test_raspi_config_turns_blanking_off_when_it_exists(tmp_path: Path) -> None:
    root = fake_root(tmp_path)
    tool = root / "usr/bin/raspi-config"
    tool.parent.mkdir(parents=True)
    tool.write_text("#!/bin/sh\nexit 0\n")
    tool.chmod(0o755)
    install(root)
    assert "/usr/bin/raspi-config nonint do_blanking 1 " in actions(root)


def test_systemd_analyze_verify_accepts_the_unit(tmp_path: Path) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd)")
    root = fake_root(tmp_path)
    install(root)
    # verify checks that ExecStart exists on this machine: give it a real interpreter at the
    # installed path, and point the unit's paths into the fake root.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip",
                    str(root / "opt/tigris/venv")], check=True, timeout=120)
    text = (root / UNIT).read_text().replace("/opt/tigris/", f"{root}/opt/tigris/")
    text = text.replace("EnvironmentFile=-/etc/", f"EnvironmentFile=-{root}/etc/")
    mapped = tmp_path / "tigris-kiosk.service"
    mapped.write_text(text)
    done = subprocess.run(["systemd-analyze", "verify", str(mapped)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "" and done.stdout.strip() == ""


def test_uninstall_removes_everything_but_the_saves(tmp_path: Path) -> None:
    root = fake_root(tmp_path)
    install(root, "--rotate", "90")
    (root / "data/tigris/autosave.json").write_text("{}")
    done = run_script("uninstall.sh", "--root", str(root))
    assert done.returncode == 0, done.stderr
    for path in [UNIT, "etc/tigris-kiosk.conf", "etc/pam.d/tigris-kiosk", "opt/tigris",
                 "etc/udev/rules.d/99-tigris-touch.rules",
                 "etc/systemd/system.conf.d/tigris-kiosk-watchdog.conf"]:
        assert not (root / path).exists(), path
    recorded = actions(root)
    assert "systemctl disable --now tigris-kiosk.service " in recorded
    assert "userdel --remove tigris " in recorded
    assert (root / "data/tigris/autosave.json").exists()
    again = run_script("uninstall.sh", "--root", str(root), "--purge")
    assert again.returncode == 0, again.stderr
    assert "is not installed" in again.stdout
    assert not (root / "data/tigris").exists()


def _readable_by(user: str, path: Path) -> bool:
    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    done = subprocess.run(["test", "-r", str(path)], user=user, check=False)
    return done.returncode == 0
