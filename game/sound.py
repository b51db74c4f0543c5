"""Sound effects for the scenes, through the audio package, never in the way.

The audio package synthesises its sounds when it starts, which takes a good
part of a second; that happens here in a background thread so the first
frame is not late, and sounds asked for before it is ready are skipped.
With sound off nothing is loaded at all. Only the mixer's part of the load
touches pygame, under a lock that `close` takes, so a window closed while the
sounds load never has pygame torn down under the loading thread (that crashed
a test process once). Scenes name what happened ("tap",
"error") or the sound a game chose for its own events.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

log = logging.getLogger(__name__)

UI_SOUNDS = {
    "click": "tap",
    "select": "tap",
    "error": "error",
    "turn": "chime",
    "game_over": "fanfare",
}


class Sound:
    def __init__(self, enabled: bool = True) -> None:
        self._audio: Any = None
        self._loading = False
        self._enabled = False
        self._closed = False
        self._mixer_lock = threading.Lock()
        self.enabled = enabled

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        self._enabled = bool(on)
        if self._enabled and self._audio is None and not self._loading and not self._closed:
            self._loading = True
            threading.Thread(target=self._load, name="audio-load", daemon=True).start()

    @property
    def ready(self) -> bool:
        """Whether the sounds are loaded (they load in the background once sound is on)."""
        return self._audio is not None

    @property
    def heard(self) -> list[str]:
        """The sounds started lately, the latest last (none before they are loaded)."""
        return list(self._audio.heard) if self._audio is not None else []

    def _load(self) -> None:
        try:
            from game import audio

            audio.synthesize_all()
            with self._mixer_lock:
                if not self._closed:
                    self._audio = audio.Audio()
        except Exception as exc:
            log.info("sound is off: %s", exc)

    def close(self) -> None:
        """Before pygame quits: waits out the mixer's part of a load under way (the
        synthesis before it is pure Python and may go on) and loads nothing after."""
        with self._mixer_lock:
            self._closed = True
            self._audio = None

    def play(self, name: str) -> None:
        self._play(UI_SOUNDS.get(name, name))

    def _play(self, name: str) -> None:
        audio = self._audio
        if not self._enabled or audio is None:
            return
        try:
            audio.play(name)
        except Exception as exc:
            log.info("sound %r failed: %s", name, exc)
