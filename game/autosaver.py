"""Autosave in the background: the frame never waits for the disk.

Writing a save (fsync and rename, so a power cut cannot leave half a file)
can take tens of milliseconds on an SD card, longer than a frame. The table
hands the latest game to this thread, which writes it over that game's own
file; only the newest pending save of each game is written, and `flush()`
waits until it is on disk (before Continue, at exit, in tests). A game with
no action yet has no file until its first (`savegame.worth_writing`).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from game import savegame
from game.savegame import SavedGame

log = logging.getLogger(__name__)


class AutoSaver:
    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: dict[Path | None, SavedGame] = {}
        self._busy = False
        self._closed = False
        self.last_error: str = ""
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, game: SavedGame) -> None:
        with self._lock:
            self._pending[game.path] = game
            self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Waits until every submitted save is written; False on timeout."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy,
                                       timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._pending) or self._closed)
                if not self._pending and self._closed:
                    return
                game = self._pending.pop(next(iter(self._pending)))
                self._busy = True
            try:
                # Decided here, after the game's earlier saves are on disk.
                if savegame.worth_writing(game):
                    savegame.save(game)
                self.last_error = ""
            except (OSError, ValueError) as exc:
                self.last_error = str(exc)
                log.warning("autosave failed: %s", exc)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
