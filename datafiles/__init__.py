"""Where the project keeps a player's files, and how it writes them without half files.

Every part that writes (the client's saves and settings, the LAN host's
autosave and desync reports, the kiosk) uses one folder: the platform's user
data folder, or `TIGRIS_DATA_DIR` when set (tests and the kiosk point it at a
writable place). A write goes to a temporary file beside the target, is
flushed to disk, and is moved over the target with `os.replace`, so a crash
or a power cut leaves the old file or the new one, never half of one.
Reading back is `datafiles.reading.read_json`, re-exported here.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs

from datafiles.reading import (
    LAN_AUTOSAVE,
    SAVE,
    SETTINGS,
    BadContent,
    FileKind,
    UnreadableFile,
    is_set_aside,
    read_json,
    set_aside,
)

__all__ = ["APP_NAME", "ENV_DATA_DIR", "LAN_AUTOSAVE", "SAVE", "SETTINGS", "TEMP_SUFFIX",
           "BadContent", "FileKind", "UnreadableFile", "data_dir", "is_set_aside",
           "read_json", "remove_stale_temp_files", "set_aside", "subdir", "write_json_atomic"]

APP_NAME = "tigris"
ENV_DATA_DIR = "TIGRIS_DATA_DIR"
TEMP_SUFFIX = ".tmp"


def data_dir() -> Path:
    override = os.environ.get(ENV_DATA_DIR)
    base = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    base.mkdir(parents=True, exist_ok=True)
    return base


def subdir(name: str) -> Path:
    folder = data_dir() / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_json_atomic(path: Path, data: Any, *, compact: bool = False,
                      durable: bool = True) -> None:
    """Write `data` as JSON to `path` atomically; `durable` also survives a power cut."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if compact:
        text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    else:
        text = json.dumps(data, indent=1, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def remove_stale_temp_files(folder: Path, older_than_s: float = 60.0) -> int:
    """Delete temporary files a killed process left behind; returns how many went."""
    removed = 0
    cutoff = time.time() - older_than_s
    for path in folder.rglob(f"*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if path.is_file() and path.stat().st_mtime < cutoff:
                path.unlink()
                removed += 1
    return removed
