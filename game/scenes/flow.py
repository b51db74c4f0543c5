"""Starting and resuming games: the paths from the menus to the table.

Every way into a game (new game, Continue, --seats on the command line, a test
starting from a position) goes through here, so a save that cannot be used
always ends in the same clear message on the title screen, never a crash, and
a tabletop app always gets the tabletop table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datafiles import UnreadableFile
from game import games, savegame, savelist
from game.i18n import t
from game.savegame import SavedGame, SeatConfig
from game.session import GameSession, RecordError

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def make_table(app: App, session: GameSession) -> Any:
    """The table of the session's game for this app (its tabletop table in tabletop mode)."""
    return games.of_record(session.record).table(app, session)


def start_new_game(app: App, seats: list[str], seed: int | None = None,
                   options: dict[str, Any] | None = None,
                   levels: list[str] | None = None,
                   identities: Sequence[str] | None = None,
                   names: Sequence[str] | None = None, hints_on: bool = True) -> Any:
    """A new game of the app's chosen game; seats without a chosen identity take the
    game's first ones in order. `hints_on`: the set-up's switch (the set-up screen
    decides its default)."""
    client = app.game
    chosen = identities if identities is not None else client.seat_identities[: len(seats)]
    opts = client.new_game_options(dict(options or {}), chosen)
    configs = [
        SeatConfig(kind, (levels[i] if levels else "random"), (names[i] if names else ""))
        for i, kind in enumerate(seats)
    ]
    savelist.make_room()
    session = GameSession.new(len(seats), seed if seed is not None else new_seed(), opts, configs,
                              game=client.id, hints_on=hints_on)
    table = make_table(app, session)
    app.replace(table)
    app.saver.submit(session.saved())
    return table


def open_saved(app: App, saved: SavedGame) -> Any:
    """Resumes a saved game; raises UnreadableFile with a readable reason when it cannot
    (and sets the file aside: its record does not replay). A game read from elsewhere
    than the unfinished games' files (`--resume FILE`) is saved in a new file of its own,
    leaving the one it came from as it was."""
    if saved.path is not None and not savegame.is_unfinished_save(saved.path):
        saved = replace(saved, path=None)
    try:
        session = GameSession(saved)
    except RecordError as exc:
        raise savegame.refused(saved, str(exc)) from exc
    table = make_table(app, session)
    app.replace(table)
    return table


def continue_game(app: App, path: Path | None = None) -> str | None:
    """Continue the game saved in `path`, by default the one played last; returns a
    message for the title screen if it failed."""
    app.saver.flush()
    path = path or savelist.newest()
    try:
        if path is None:
            return t("menu.no_saved_game")
        open_saved(app, savegame.load(path))
    except FileNotFoundError:
        return t("menu.no_saved_game")
    except UnreadableFile as exc:
        return t("error.corrupt_save", detail=exc.reason)
    return None


def start_from_position(app: App, position: dict[str, Any], seats: list[str]) -> Any:
    """Test and puzzle hook: a table from an engine position (`engine.from_dict` format)."""
    session = GameSession.from_position(position, [SeatConfig(kind) for kind in seats],
                                         game=app.game.id)
    table = make_table(app, session)
    app.replace(table)
    return table


def start_attract(app: App) -> Scene:
    """Whatever the app was showing gives way to a game's demo; a game there was saved
    already. The games take turns, the chosen one first: each demo (an idle spell's, or
    the one after a demo game ended) is of the next game."""
    from game.kit.attract_lan import hosted_demo

    app.saver.flush()
    app.worker.cancel()
    ids = games.game_ids()
    first = ids.index(app.game.id) if app.game.id in ids else 0
    client = games.load(ids[(first + app.demos_shown) % len(ids)])
    scene = hosted_demo(app, client) or client.attract(app)   # hosted only if asked
    app.demos_shown += 1
    app.replace(scene)
    return scene
