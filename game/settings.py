"""The player's preferences, kept in settings.json in the data folder.

Unknown or broken values fall back to the defaults one by one, so a settings
file from an older or newer version never stops the client from starting; a
file that is no settings at all is set aside and the defaults are used, with
a notice for the title screen.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar

import datafiles
from game import storage

LANGUAGES = ("en", "fi", "es", "ro", "da")
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
# Seconds a computer player may think per decision. 1 s is where the arena
# measures hard (ai.DEFAULT_BUDGET); 0.5 s keeps a slow kiosk brisk, and 2 s is
# the most a player should wait.
THINKING_TIMES = (0.5, 1.0, 1.5, 2.0)
DEFAULT_THINKING_TIME = 1.0
# Seconds a table waits on a player's held last action before it ends the turn by itself
# (0: until "End turn" is pressed), the choices Board Game Arena offers.
AUTO_END_TURN_DELAYS = (0.0, 1.5, 3.0)
NAME_LIMIT = 24   # characters of the name the other players see in a LAN game


class GameSettings(Protocol):
    """A game's own settings: a dataclass whose fields all have defaults, and which
    puts a default back for every value it cannot use."""

    def validated(self) -> Self: ...


G = TypeVar("G", bound=GameSettings)


@dataclass
class Settings:
    language: str = "en"
    fullscreen: bool = False
    animation_speed: str = "normal"
    sound: bool = True
    legal_hints: bool = True
    thinking_time: float = DEFAULT_THINKING_TIME
    confirm_end_turn: bool = True   # a turn's last action waits for "End turn", with Undo
    auto_end_turn: float = 0.0      # seconds after which a held turn ends by itself; 0: never
    ask_before_pass: bool = True    # ending a turn with actions left asks once first
    player_name: str = ""   # empty: the computer's name
    game: str = "tigris"    # the game last chosen on the title screen
    # Gestures a table has taught with a first-use hint (by name), so none is taught twice.
    taught: list[str] = field(default_factory=list)
    # The last set-up started, per game id (the set-up screen reads back what it can use).
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Each game's own settings, by game id (`for_game`); as the file holds them, plain dicts.
    games: dict[str, Any] = field(default_factory=dict)
    # Keys of an older file, from before each game had its own settings, that no game has
    # taken yet: kept, so that a run that never opens that game loses none of them.
    unclaimed: dict[str, Any] = field(default_factory=dict)

    def for_game(self, game: str, kind: type[G], *, earlier: bool = False) -> G:
        """The settings of `game`, of its own type `kind`, made once from what the file
        held (defaults for what is missing or unusable) and then kept here, so that
        changing them changes what is saved. `earlier`: the game's settings stood at
        the top of the file before games had their own; it takes them from there."""
        held = self.games.get(game)
        if isinstance(held, kind):
            return held
        raw = held if isinstance(held, dict) else {}
        names = {f.name for f in fields(kind)}  # type: ignore[arg-type]
        if earlier and held is None:
            raw = {name: self.unclaimed.pop(name) for name in names if name in self.unclaimed}
        made = kind(**{k: v for k, v in raw.items() if k in names}).validated()
        self.games[game] = made
        return made

    def validated(self) -> Settings:
        defaults = Settings()
        if self.language not in LANGUAGES:
            self.language = defaults.language
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = defaults.animation_speed
        if isinstance(self.thinking_time, bool) or self.thinking_time not in THINKING_TIMES:
            self.thinking_time = defaults.thinking_time
        if isinstance(self.auto_end_turn, bool) or self.auto_end_turn not in AUTO_END_TURN_DELAYS:
            self.auto_end_turn = defaults.auto_end_turn
        if not isinstance(self.player_name, str) or not self.player_name.isprintable():
            self.player_name = defaults.player_name
        self.player_name = self.player_name.strip()[:NAME_LIMIT]
        if not isinstance(self.game, str) or not self.game.isidentifier():
            self.game = defaults.game
        if not isinstance(self.taught, list):
            self.taught = defaults.taught
        self.taught = [name for name in self.taught
                       if isinstance(name, str) and name.isidentifier()]
        if not isinstance(self.setups, dict):
            self.setups = defaults.setups
        self.setups = {game: setup for game, setup in self.setups.items()
                       if isinstance(game, str) and isinstance(setup, dict)}
        if not isinstance(self.games, dict):
            self.games = defaults.games
        self.games = {game: held for game, held in self.games.items() if isinstance(game, str)}
        if not isinstance(self.unclaimed, dict):
            self.unclaimed = defaults.unclaimed
        self.unclaimed = {key: value for key, value in self.unclaimed.items()
                          if isinstance(key, str)}
        for f in fields(self):
            if isinstance(getattr(defaults, f.name), bool) and not isinstance(
                getattr(self, f.name), bool
            ):
                setattr(self, f.name, getattr(defaults, f.name))
        return self


def settings_path() -> Path:
    return storage.data_dir() / "settings.json"


def from_json(raw: Any) -> Settings:
    if not isinstance(raw, dict):
        raise datafiles.BadContent("it holds no settings")
    known = {f.name for f in fields(Settings)}
    settings = Settings(**{k: v for k, v in raw.items() if k in known}).validated()
    # A key the shell does not know may be a game's, from before games had their own.
    settings.unclaimed.update((k, v) for k, v in raw.items() if k not in known)
    return settings


def read() -> tuple[Settings, datafiles.UnreadableFile | None]:
    """The settings, and what was wrong with the file when the defaults stand in for it."""
    try:
        return datafiles.read_json(settings_path(), datafiles.SETTINGS, from_json), None
    except FileNotFoundError:
        return Settings(), None
    except datafiles.UnreadableFile as problem:
        return Settings(), problem


def load() -> Settings:
    return read()[0]


def save(settings: Settings) -> None:
    storage.write_json_atomic(settings_path(), asdict(settings))
