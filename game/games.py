"""The games the client hosts, and the one interface through which each plugs in.

The shell (app, title, set-up, lobby, replay viewer, menus, hand-over) knows no
game: what is a game's own (its tables, its rules page, its pieces, its
narration, its options, its strings, its picture on the title) it asks of that
game's `GameClient`. Games are found by convention: every game of the engine's
registry (`engine.GAME_IDS`) whose client package `game.<id>` offers a `CLIENT`;
a game without one is played only in the terminal or headless. Nothing here
names a game but the default one a record without `"game"` belongs to.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import engine
from game import i18n

if TYPE_CHECKING:
    import pygame

    from game.app import App
    from game.audio import Synth
    from game.kit.watching import WatchGame
    from game.lan_session import LanGame
    from game.scene import Scene
    from game.session import GameSession
    from game.settings import Settings
    from game.table import LanTable, ReplayTable

# The game a record or save without "game" is, and the title's choice until one is made.
DEFAULT_GAME = "tigris"


@dataclass(frozen=True)
class SetupOption:
    """One option on the set-up screen: a toggle (values False, True) or a choice
    among values the button cycles through. Its words are the catalogue keys
    `option.<name>` (a toggle) or `option.<name>.<value>` (a choice) and
    `option.<name>.help`, shown while a toggle is on."""

    name: str
    values: tuple[Any, ...] = (False, True)

    @property
    def is_toggle(self) -> bool:
        return self.values == (False, True)


class GameClient(ABC):
    """What one game gives the shell. `rules` is its engine module
    (`shared/docs/game-module.md`): its id, seat counts and options come from there."""

    rules: ModuleType
    # Its own catalogues (<code>.json), read beside the shell's in one lookup.
    locales: Path
    # Set-up: the options offered, in screen order (names of `rules.OPTIONS`).
    setup_options: Sequence[SetupOption] = ()
    # Set-up: the identities a seat may take, each used once (a house, a nation), or none.
    seat_identities: Sequence[str] = ()
    # The settings its table reads, as (setting, label key) rows of the settings screen:
    # a `Settings` field, or a field of its own settings (`own_settings`); on/off, or a
    # choice among `setting_choices` or that the screen knows (`auto_end_turn`).
    settings_rows: Sequence[tuple[str, str]] = ()
    # Whether `lan_table` is built: only such a game is hosted or joined over the LAN.
    has_lan_table: bool = True
    # Whether `watch_table` is built: else a watcher follows the game as text only.
    has_watch_table: bool = False
    # Whether its watcher's table also plays the kiosk's demo hosted on the LAN (the demo's
    # band, a touch waking the kiosk: `game.kit.attract_lan`); else its own demo shows.
    hosts_demo: bool = False

    @property
    def id(self) -> str:
        return str(self.rules.ID)

    @property
    def players(self) -> range:
        return range(self.rules.PLAYERS.start, min(self.rules.PLAYERS.stop, 9))

    def own_settings(self, settings: Settings) -> Any:
        """Its own settings within the player's (`Settings.for_game`), or None if it has
        none: the settings every game shares are the shell's."""
        return None

    def setting_choices(self) -> dict[str, tuple[Any, ...]]:
        """The values a tap steps through, by row of its own settings that is no toggle."""
        return {}

    def setting_label(self, row: str, value: Any) -> str | None:
        """How the settings screen shows `value` of its own row `row`; None: as usual."""
        return None

    def sounds(self) -> Mapping[str, Synth]:
        """Its own sounds by name, made with `game.audio`'s instruments: registered when
        the game loads, then played by name (`app.play_sound`) beside the shell's."""
        return {}

    @abstractmethod
    def name(self) -> str:
        """The game's name in the current language."""

    @abstractmethod
    def picture(self, width: int, height: int) -> pygame.Surface:
        """The picture on the game's card in the title's chooser."""

    def identity_label(self, identity: str) -> str:
        """A seat identity's name in the current language."""
        return identity

    def identity_icon(self, identity: str, px: int) -> pygame.Surface | None:
        """A seat identity's picture, if it has one."""
        return None

    def new_game_options(self, options: dict[str, Any],
                         identities: Sequence[str]) -> dict[str, Any]:
        """The options `rules.new_game` gets from the set-up screen's choices."""
        return dict(options)

    @abstractmethod
    def table(self, app: App, session: GameSession) -> Scene:
        """The table a local game is played at: the tabletop one when `app.tabletop`."""

    @abstractmethod
    def replay_table(self, app: App, session: GameSession) -> ReplayTable:
        """The table the replay viewer steps a record through."""

    @abstractmethod
    def lan_table(self, app: App, game: LanGame) -> LanTable:
        """The table of a LAN game, given its network session."""

    def public_state(self, view: dict[str, Any]) -> Any:
        """A state of its engine module standing for the public position `view` (its
        `view(None)`), the hidden parts left empty: what a watcher's table draws from
        (`game.kit.watching`). Only a game that `has_watch_table` is asked."""
        raise NotImplementedError(f"{self.id} is watched only as text")

    def watch_table(self, app: App, game: WatchGame) -> LanTable:
        """The table a watcher follows the game at (no seat, the public side only), when
        `has_watch_table`; else the game is watched only as text (`ziggurat watch --text`)."""
        raise NotImplementedError(f"{self.id} is watched only as text")

    @abstractmethod
    def attract(self, app: App) -> Scene:
        """The kiosk's attract mode: computer players demo the game."""

    @abstractmethod
    def rules_scene(self, app: App) -> Scene:
        """The rules summary."""

    @abstractmethod
    def shortcuts_scene(self, app: App, table: Any) -> Scene:
        """What the keys and gestures of `table` do (the pause menu opens it, for a table
        too small to hold a button of its own for it)."""

    @abstractmethod
    def narrate(self, events: list[dict[str, Any]], table: Any) -> list[str]:
        """Log lines for what an action caused, as `table` tells them."""

    @abstractmethod
    def seat_name(self, table: Any, seat: int) -> str:
        """How a seat is called at `table` (the hand-over screen names it)."""

    @abstractmethod
    def decision_name(self, pending: dict[str, Any] | None) -> str:
        """What the seat to move must decide (its turn, or `pending`), as the hand-over
        screen says it."""

    @abstractmethod
    def seat_icon(self, table: Any, seat: int, px: int) -> pygame.Surface:
        """A seat's medal on the hand-over screen."""

    @abstractmethod
    def clear_caches(self) -> None:
        """Forget surfaces drawn for an old display."""

    def guide_label(self) -> str | None:
        """The title's entry for the game's guided first game (issue 25), None without one."""
        return None

    def guide(self, app: App) -> None:
        """Opens the game's guided first game over the title (a game with `guide_label`)."""
        return None

    def first_start(self, app: App) -> None:
        """What the game offers a newcomer over the title on the client's start, once (its
        settings remember it); nothing by default."""
        return None

    def seat_label(self, options: dict[str, Any], seat: int) -> str:
        """A seat's name in the lists of saved and finished games, from the game's options
        as a save holds them (which may be anything: a list must not fail on them)."""
        return i18n.t("saves.seat", number=seat + 1)

    def position_options(self, position: dict[str, Any]) -> dict[str, Any]:
        """The options a game begun from `position` (the game's own `to_dict` format)
        records; the game-module interface does not say them, so each game reads its own."""
        return {}

    def progress(self, state: Any) -> dict[str, int]:
        """How far a game has gone, as numbers kept in its save, so the saved-games list
        says it (with `progress_text`) without replaying the game."""
        return {}

    def progress_text(self, progress: dict[str, int]) -> str:
        """`progress` in words, or "" when the game says nothing beyond the move count."""
        return ""

    def scores(self, state: Any) -> list[int]:
        """Each seat's final score for the list of finished games, or none when the game
        has no single number per seat (the ranking is shown then)."""
        return []

    def is_moment(self, events: list[dict[str, Any]]) -> bool:
        """Whether an action's events are a moment the replay viewer jumps to (T&E: a
        revolt or a war begins)."""
        return False

    def moment_words(self) -> tuple[str, str]:
        """The replay viewer's buttons to the previous and the next moment."""
        return i18n.t("replay.previous_moment"), i18n.t("replay.next_moment")

    def ends_turn(self, events: list[dict[str, Any]]) -> bool:
        """Whether an action's events end a player's turn, for the replay viewer's jumps
        by turn; without a word from the game every action is a turn."""
        return True


def client_module(game_id: str) -> str:
    """Where a game's client lives, by convention."""
    return f"game.{game_id}"


def has_client(game_id: str) -> bool:
    """Whether the engine's game `game_id` has a client package offering `CLIENT`."""
    name = client_module(game_id)
    if name not in sys.modules and importlib.util.find_spec(name) is None:
        return False
    return hasattr(importlib.import_module(name), "CLIENT")


def game_ids() -> list[str]:
    """The games the client can host, in the engine's registry order (the chooser's)."""
    return [game_id for game_id in engine.GAME_IDS if has_client(game_id)]


def load(game_id: object) -> GameClient:
    """One game's client; ValueError naming the known games otherwise."""
    if not isinstance(game_id, str) or game_id not in engine.GAME_IDS or not has_client(game_id):
        raise ValueError(f"unknown game {game_id!r}: the known games are "
                         f"{', '.join(game_ids())}")
    client = importlib.import_module(client_module(game_id)).CLIENT
    if not isinstance(client, GameClient):
        raise TypeError(f"{client_module(game_id)}.CLIENT is not a GameClient")
    i18n.add_catalogues(client.locales)
    from game import audio  # it needs pygame, which only a game's table brings

    audio.register(client.sounds())
    return client


def games() -> dict[str, GameClient]:
    return {game_id: load(game_id) for game_id in game_ids()}


def playable_rules() -> dict[str, ModuleType]:
    """The rules of the games the client has a LAN table for: the games it hosts and joins
    over the LAN (`engine.games()` may hold more, played only in the terminal or headless)."""
    return {game_id: client.rules for game_id, client in games().items()
            if client.has_lan_table}


def lan_host_game(chosen: GameClient) -> GameClient:
    """The game the LAN host's set-up hosts: the one chosen on the title, when it has a LAN
    table, else the first game that has one (the title's chooser is the host's chooser)."""
    if chosen.has_lan_table:
        return chosen
    return next(client for client in games().values() if client.has_lan_table)


def of_record(record: dict[str, Any]) -> GameClient:
    """The game a record or save names; one without `"game"` is Tigris & Euphrates."""
    return load(record.get("game", DEFAULT_GAME))
