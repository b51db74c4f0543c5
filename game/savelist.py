"""The unfinished games: one file each in the saves folder, the most recently played first.

A new game never takes another's file (`savegame.new_save_path`), so starting
one loses nothing. The single save slot of earlier versions (`autosave.json`)
is listed as one more game, played on in its own file until it ends. The list
keeps the `KEPT` most recently played; when a new game would make more, the
oldest are moved to the archive folder (`saves/archive`), never deleted, and
the saved-games screen says where. A game with no action yet is not listed
(issue 21): nothing was played in it to go back to.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

import datafiles
from game import savegame, storage

KEPT = 20


def _last_played(path: Path) -> tuple[int, str]:
    try:
        return (path.stat().st_mtime_ns, path.name)
    except FileNotFoundError:
        return (0, path.name)


def unfinished() -> list[Path]:
    """The unfinished games' files, the most recently played first (files set aside as
    unreadable, and games with no action yet, are not listed)."""
    return [path for path in _by_last_played() if not savegame.has_no_moves(path)]


def _by_last_played() -> list[Path]:
    paths = [path for path in storage.saves_dir().glob("*.json")
             if not datafiles.is_set_aside(path)]
    legacy = savegame.autosave_path()
    if legacy.exists():
        paths.append(legacy)
    return sorted(paths, key=_last_played, reverse=True)


def newest() -> Path | None:
    """The game Continue and `--resume` go back to (read one file at a time, newest
    first, as the title asks at every resize)."""
    return next((path for path in _by_last_played() if not savegame.has_no_moves(path)),
                None)


def last_played(path: Path) -> str:
    """When the game in `path` was last played, as the lists show it."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except FileNotFoundError:
        return ""


def make_room() -> list[Path]:
    """Moves the oldest games to the archive folder so that a new one leaves `KEPT` in the
    list; returns where they went."""
    moved = []
    for path in unfinished()[KEPT - 1:]:
        name = path.name if path.parent == storage.saves_dir() else \
            f"{path.stem}-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}"
        target = storage.saves_archive_dir() / name
        with contextlib.suppress(OSError):
            os.replace(path, target)
            moved.append(target)
    return moved
