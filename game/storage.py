"""The client's files: its folders under the shared data folder, and reading them back.

Writing is `datafiles.write_json_atomic` (temp file, fsync, `os.replace`);
reading is `datafiles.read_json`, which raises only `UnreadableFile` (or
FileNotFoundError for a file that is simply not there).
"""

from __future__ import annotations

from pathlib import Path

from datafiles import ENV_DATA_DIR, data_dir, subdir, write_json_atomic

__all__ = ["ENV_DATA_DIR", "data_dir", "games_dir", "write_json_atomic"]


def games_dir() -> Path:
    return subdir("games")

