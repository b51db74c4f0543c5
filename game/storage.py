"""Where the client keeps its files, and how it writes them without ever leaving half a file.

Everything goes under one data folder: the platform's user data folder, or
`TIGRIS_DATA_DIR` when set (tests and the kiosk point it at a writable place).
Writes go to a temporary file in the same folder and are moved over the old
file with `os.replace`, so a power cut leaves either the old or the new file.
Reading never raises anything but `SaveError`, whose message a person can read.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "tigris"
ENV_DATA_DIR = "TIGRIS_DATA_DIR"


class SaveError(Exception):
    """A file that exists but cannot be used; the message says why."""


def data_dir() -> Path:
    override = os.environ.get(ENV_DATA_DIR)
    base = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    base.mkdir(parents=True, exist_ok=True)
    return base


def games_dir() -> Path:
    folder = data_dir() / "games"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def read_json(path: Path) -> Any:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path.name}: {exc}") from exc
