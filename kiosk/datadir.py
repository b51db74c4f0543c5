"""Checks that the saves will survive: a writable data folder on a lasting filesystem.

With the read-only root of `raspi-config nonint do_overlayfs 0`, everything
written outside a real data partition lands in RAM and is gone after a power
cut, silently. The game still runs then, so this only warns, in the journal
where someone looking for lost saves will read it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

VOLATILE = ("overlay", "tmpfs", "ramfs")
MOUNTINFO = Path("/proc/self/mountinfo")


def _unescape(field: str) -> str:
    """mountinfo writes space, tab, newline and backslash as octal escapes."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def filesystem_type(path: Path, mountinfo: str | None = None) -> str | None:
    """The type of the filesystem holding `path`: the longest mount point above it wins."""
    if mountinfo is None:
        try:
            mountinfo = MOUNTINFO.read_text()
        except OSError:
            return None
    best, best_type = "", None
    target = str(path)
    for line in mountinfo.splitlines():
        before, sep, after = line.partition(" - ")
        fields = before.split()
        if not sep or len(fields) < 5 or not after.split():
            continue
        point = _unescape(fields[4])
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, best_type = point, after.split()[0]
    return best_type


def check(path: Path | None, mountinfo: str | None = None) -> list[str]:
    """Warnings about the data folder, one line each; empty when all is well."""
    if path is None:
        return ["TIGRIS_DATA_DIR is not set: saves go to the kiosk user's home folder"]
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path, prefix=".write-test-"):
            pass
    except OSError as exc:
        return [f"the data folder {path} is not writable ({exc.strerror}): "
                "the game cannot save; see kiosk/README.md"]
    kind = filesystem_type(path.resolve(), mountinfo)
    if kind in VOLATILE:
        return [f"the data folder {path} is on a {kind} filesystem: saves are lost at "
                "power-off; mount a data partition there (kiosk/README.md)"]
    return []


def from_env() -> Path | None:
    value = os.environ.get("TIGRIS_DATA_DIR")
    return Path(value) if value else None
