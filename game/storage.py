"""The client's files: its folders under the shared data folder, and reading them back.

Writing is `datafiles.write_json_atomic` (temp file, fsync, `os.replace`);
reading is `datafiles.read_json`, which raises only `UnreadableFile` (or
FileNotFoundError for a file that is simply not there).
"""

from __future__ import annotations

from pathlib import Path

from datafiles import ENV_DATA_DIR, data_dir, subdir, write_json_atomic

__all__ = ["ENV_DATA_DIR", "data_dir", "games_dir", "saves_archive_dir", "saves_dir",
           "write_json_atomic"]


def games_dir() -> Path:
    """Finished games, for the replay viewer."""
    return subdir("games")


def saves_dir() -> Path:
    """Unfinished games, one file each."""
    return subdir("saves")


def saves_archive_dir() -> Path:
    """Unfinished games beyond the newest the saved-games list keeps: moved here, never
    deleted."""
    return subdir("saves/archive")

