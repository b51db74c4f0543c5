"""Files of the network layer: the host's autosave and the desync reports.

Everything lives under the user data folder (platformdirs), or under
`TIGRIS_DATA_DIR` when it is set (tests point it at a temporary folder). The
client's own files use the same rule, so one folder holds a player's games.
Writes go to a temporary file beside the target and are moved over it with
`os.replace`, so a host killed in the middle leaves the old file or the new
one, never half of one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import datafiles
from datafiles import ENV_DATA_DIR, data_dir

__all__ = ["AUTOSAVE_FORMAT", "ENV_DATA_DIR", "AutosaveError", "data_dir", "default_autosave",
           "lan_dir", "read_autosave", "reports_dir", "write_json_atomic"]

AUTOSAVE_FORMAT = "tigris-lan-autosave"


def lan_dir() -> Path:
    return datafiles.subdir("lan")


def default_autosave() -> Path:
    return lan_dir() / "host-autosave.json"


def reports_dir() -> Path:
    return datafiles.subdir("desync-reports")


def write_json_atomic(path: Path, data: Any, *, durable: bool = False) -> None:
    """Compact JSON; `durable` adds fsync (for power cuts, not crashes): the host writes
    after every action, where an fsync would cost more than the whole action."""
    datafiles.write_json_atomic(path, data, compact=True, durable=durable)


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
