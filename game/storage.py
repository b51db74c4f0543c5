"""The client's files: its folders under the shared data folder, and reading them back.

Writing is `datafiles.write_json_atomic` (temp file, fsync, `os.replace`).
Reading never raises anything but `SaveError` (or FileNotFoundError for a
file that is simply not there), whose message a person can read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from datafiles import ENV_DATA_DIR, data_dir, subdir, write_json_atomic

__all__ = ["ENV_DATA_DIR", "SaveError", "data_dir", "games_dir", "read_json",
           "write_json_atomic"]


class SaveError(Exception):
    """A file that exists but cannot be used; the message says why."""


def games_dir() -> Path:
    return subdir("games")


def read_json(path: Path) -> Any:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path.name}: {exc}") from exc
