"""The kiosk's settings, read from the environment that /etc/tigris-kiosk.conf fills.

The service loads that file with EnvironmentFile=, so one place holds what a
person may want to change (rotation, data folder, timeouts) and a restart
applies it. A value that cannot be used falls back to its default with a
warning in the journal: a typo in the settings must not keep a kiosk dark.
"""

from __future__ import annotations

import math
import os
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

ROTATIONS = (0, 90, 180, 270)
TRUE_WORDS = ("1", "yes", "true", "on")
FALSE_WORDS = ("0", "no", "false", "off")


@dataclass
class KioskConfig:
    rotate: int = 0
    output: str | None = None
    tabletop: bool = True
    resume: bool = True
    hang_seconds: float = 15.0
    ready_seconds: float = 60.0
    max_hangs: int = 3
    attract_seconds: float = 60.0    # idle time before the attract mode's demo; 0: never
    game_args: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> KioskConfig:
        env = os.environ if env is None else env
        reader = _Reader(env)
        config = cls(
            rotate=reader.choice("TIGRIS_KIOSK_ROTATE", ROTATIONS, 0),
            output=env.get("TIGRIS_KIOSK_OUTPUT") or None,
            tabletop=reader.flag("TIGRIS_KIOSK_TABLETOP", True),
            resume=reader.flag("TIGRIS_KIOSK_RESUME", True),
            hang_seconds=reader.seconds("TIGRIS_KIOSK_HANG_SECONDS", 15.0),
            ready_seconds=reader.seconds("TIGRIS_KIOSK_READY_SECONDS", 60.0),
            max_hangs=reader.count("TIGRIS_KIOSK_MAX_HANGS", 3),
            attract_seconds=reader.idle_seconds("TIGRIS_KIOSK_ATTRACT_SECONDS", 60.0),
            game_args=reader.words("TIGRIS_KIOSK_GAME_ARGS"),
        )
        config.warnings = reader.warnings
        return config


class _Reader:
    """Parses one variable at a time and remembers what it had to ignore."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = env
        self.warnings: list[str] = []

    def _raw(self, name: str) -> str | None:
        value = self.env.get(name, "").strip()
        return value or None

    def _reject(self, name: str, value: str, expected: str, default: object) -> None:
        self.warnings.append(f"{name}={value!r} is not {expected}; using {default}")

    def flag(self, name: str, default: bool) -> bool:
        value = self._raw(name)
        if value is None:
            return default
        if value.lower() in TRUE_WORDS:
            return True
        if value.lower() in FALSE_WORDS:
            return False
        self._reject(name, value, "1 or 0", int(default))
        return default

    def choice(self, name: str, allowed: tuple[int, ...], default: int) -> int:
        value = self._raw(name)
        if value is None:
            return default
        if value.isdigit() and int(value) in allowed:
            return int(value)
        self._reject(name, value, "one of " + ", ".join(map(str, allowed)), default)
        return default

    def _seconds(self, name: str, default: float, fits: Callable[[float], bool],
                 expected: str) -> float:
        value = self._raw(name)
        if value is None:
            return default
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if fits(number):
            return number
        self._reject(name, value, expected, default)
        return default

    def seconds(self, name: str, default: float) -> float:
        return self._seconds(name, default, lambda n: n > 0, "a positive number")

    def idle_seconds(self, name: str, default: float) -> float:
        """0 (off) or 5 to 3600 seconds: the range the client's --attract accepts."""
        return self._seconds(name, default, lambda n: n == 0 or 5 <= n <= 3600,
                             "0 (off) or 5 to 3600 seconds")

    def count(self, name: str, default: int) -> int:
        value = self._raw(name)
        if value is None:
            return default
        if value.isdigit() and int(value) > 0:
            return int(value)
        self._reject(name, value, "a positive whole number", default)
        return default

    def words(self, name: str) -> list[str]:
        value = self._raw(name)
        if value is None:
            return []
        try:
            return shlex.split(value)
        except ValueError as exc:
            self._reject(name, value, f"a shell-quoted list ({exc})", "no arguments")
            return []
