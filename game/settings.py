"""The player's preferences, kept in settings.json in the data folder.

Unknown or broken values fall back to the defaults one by one, so a settings
file from an older or newer version never stops the client from starting.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game import storage

LANGUAGES = ("en", "fi", "es", "ro", "da")
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")


@dataclass
class Settings:
    language: str = "en"
    fullscreen: bool = False
    animation_speed: str = "normal"
    sound: bool = True
    kingdom_outlines: bool = True
    leader_strength: bool = False
    legal_hints: bool = True

    def validated(self) -> Settings:
        defaults = Settings()
        if self.language not in LANGUAGES:
            self.language = defaults.language
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = defaults.animation_speed
        for f in fields(self):
            if isinstance(getattr(defaults, f.name), bool) and not isinstance(
                getattr(self, f.name), bool
            ):
                setattr(self, f.name, getattr(defaults, f.name))
        return self


def settings_path() -> Path:
    return storage.data_dir() / "settings.json"


def load() -> Settings:
    try:
        raw = storage.read_json(settings_path())
    except (FileNotFoundError, storage.SaveError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in raw.items() if k in known}).validated()


def save(settings: Settings) -> None:
    storage.write_json_atomic(settings_path(), asdict(settings))
