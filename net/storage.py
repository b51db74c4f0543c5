"""Files of the network layer: the host's autosave and the desync reports.

Everything lives under the user data folder (platformdirs), or under
`TIGRIS_DATA_DIR` when it is set (tests point it at a temporary folder). The
client's own files use the same rule, so one folder holds a player's games.
Writes go to a temporary file beside the target and are moved over it with
`os.replace`, so a host killed in the middle leaves the old file or the new
one, never half of one.
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
AUTOSAVE_FORMAT = "tigris-lan-autosave"


def data_dir() -> Path:
    override = os.environ.get(ENV_DATA_DIR)
    base = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    base.mkdir(parents=True, exist_ok=True)
    return base


def lan_dir() -> Path:
    folder = data_dir() / "lan"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_autosave() -> Path:
    return lan_dir() / "host-autosave.json"


def reports_dir() -> Path:
    folder = data_dir() / "desync-reports"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_json_atomic(path: Path, data: Any, *, durable: bool = False) -> None:
    """Temp file then os.replace; `durable` adds fsync (for power cuts, not crashes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
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


class AutosaveError(Exception):
    """An autosave that cannot be resumed; the message says why."""


def read_autosave(path: Path) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        raise AutosaveError(f"no autosaved game at {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise AutosaveError(f"{path}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT:
        raise AutosaveError(f"{path} is not a LAN autosave")
    for key in ("record", "seats", "host_seat", "name"):
        if key not in data:
            raise AutosaveError(f"{path}: the autosave has no {key!r}")
    return data
