"""Save files: the game record plus who sits at each seat.

The engine is deterministic, so the game record (players, seed, options,
actions) is the whole game; a save adds only the client's seat set-up. The
record names its game (`"game"`); one without it is Tigris & Euphrates. Every
unfinished game has a file of its own in the saves folder, rewritten after
every action (`game.savelist` lists them); a finished game leaves it for the
games folder, where the replay viewer finds it. A save also carries a summary
(`game.savesummary`) so a list can name its players and progress without
replaying it. Loading checks the shape here and the engine checks the
actions when the session replays them. A file that cannot be used is set
aside by `datafiles.read_json` and reported as `datafiles.UnreadableFile`.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import datafiles
from datafiles import BadContent
from game import games, storage
from game.settings import NAME_LIMIT

SAVE_FORMAT = "tigris-save"
SAVE_VERSION = 1
# The one save slot of earlier versions: a save found there is one of the list.
AUTOSAVE_NAME = "autosave.json"


@dataclass
class SeatConfig:
    kind: str = "human"
    level: str = "random"
    name: str = ""   # what the player typed on the set-up screen; empty: the game's name
    hints: int = 0   # hints this seat has asked for (game.kit.hint), kept beside the record


    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass
class SavedGame:
    record: dict[str, Any]
    seats: list[SeatConfig] = field(default_factory=list)
    path: Path | None = None
    start: dict[str, Any] | None = None
    summary: dict[str, Any] | None = None
    # Whether the people at the screen may ask for hints (the set-up's switch, issue 25):
    # kept beside the record, like the seats, so a continued game keeps it. A save
    # written before the switch offered them.
    hints_on: bool = True


def clean_name(raw: object) -> str:
    """A player's name as the tables show it: printable, spaces collapsed, at most
    NAME_LIMIT characters; anything else (a damaged save) is no name, so the game's own
    name for the seat stands in."""
    if not isinstance(raw, str) or not raw.isprintable():
        return ""
    return " ".join(raw.split())[:NAME_LIMIT]


def autosave_path() -> Path:
    """The single save slot of earlier versions."""
    return storage.data_dir() / AUTOSAVE_NAME


def new_save_path() -> Path:
    """A file for a new game in the saves folder: its start time and a random part, so
    two games started in the same second still get a file each."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = storage.saves_dir() / f"save-{stamp}-{secrets.token_hex(4)}.json"
        if not path.exists():
            return path


def to_json(game: SavedGame) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "record": game.record,
        "seats": [{"kind": s.kind, "level": s.level, **({"name": s.name} if s.name else {}),
                   **({"hints": s.hints} if s.hints else {})}
                  for s in game.seats],
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    if game.start is not None:
        data["start"] = game.start
    if game.summary is not None:
        data["summary"] = game.summary
    if not game.hints_on:
        data["hints_on"] = False
    return data


def from_json(raw: Any, path: Path | None = None) -> SavedGame:
    """Accepts a save or a bare game record (a record pasted from a bug report plays too);
    BadContent says what is wrong with anything else."""
    if not isinstance(raw, dict):
        raise BadContent("not a saved game")
    record = raw.get("record", raw) if raw.get("format") == SAVE_FORMAT else raw
    if not isinstance(record, dict):
        raise BadContent("the game record is missing")
    for key, kind in (("players", int), ("seed", int), ("actions", list), ("options", dict)):
        if not isinstance(record.get(key), kind):
            raise BadContent(f"the game record has no valid '{key}'")
    try:
        game = games.of_record(record)
    except ValueError:
        raise BadContent(f"the save is of a game this program does not have: "
                         f"{str(record.get('game'))[:40]!r}") from None
    players = record["players"]
    if players not in game.players:
        raise BadContent("the game record has an impossible number of players")
    seats_raw = raw.get("seats") if raw.get("format") == SAVE_FORMAT else None
    seats: list[SeatConfig] = []
    if isinstance(seats_raw, list) and len(seats_raw) == players:
        for s in seats_raw:
            if not isinstance(s, dict) or s.get("kind") not in ("human", "computer"):
                raise BadContent("a seat in the save is unreadable")
            hints = s.get("hints", 0)
            seats.append(SeatConfig(str(s["kind"]), str(s.get("level", "random")),
                                    clean_name(s.get("name", "")),
                                    hints if isinstance(hints, int) and hints > 0 else 0))
    else:
        seats = [SeatConfig() for _ in range(players)]
    start = raw.get("start") if raw.get("format") == SAVE_FORMAT else None
    if start is not None and not isinstance(start, dict):
        raise BadContent("the starting position in the save is unreadable")
    summary = raw.get("summary") if raw.get("format") == SAVE_FORMAT else None
    hints_on = raw.get("hints_on", True) if raw.get("format") == SAVE_FORMAT else True
    return SavedGame(record=record, seats=seats, path=path, start=start,
                     summary=summary if isinstance(summary, dict) else None,
                     hints_on=hints_on is not False)


def refused(game: SavedGame, reason: str) -> datafiles.UnreadableFile:
    """The error for a save that reads but whose record the engine refuses; its file is
    set aside like any unusable file, so it is not offered again."""
    moved = None if game.path is None else datafiles.set_aside(game.path)
    return datafiles.UnreadableFile(game.path, reason, moved)


def save(game: SavedGame) -> None:
    """Writes an unfinished game over its own file (never another game's)."""
    if game.path is None:
        raise ValueError("a game to save needs its file (savegame.new_save_path)")
    storage.write_json_atomic(game.path, to_json(game))


def worth_writing(game: SavedGame) -> bool:
    """A game is written once it has an action: one left before its first is not worth a
    row in the saved games (issue 21). Its own file, once written, is always rewritten,
    so a game undone back to its start never resumes with the move taken back."""
    return bool(game.record["actions"]) or (game.path is not None and game.path.exists())


def has_no_moves(path: Path) -> bool:
    """Whether `path` holds a game with no action yet (written by an earlier version, or
    undone back to its start): the lists leave it out, and leave the file where it is.
    A file that does not read is not one: its row says why, and the reader sets it aside."""
    try:
        with open(path, "rb") as handle:
            raw = datafiles.reading.parse(handle.read(datafiles.SAVE.max_bytes + 1))
    except (OSError, BadContent):
        return False
    record = raw.get("record", raw) if isinstance(raw, dict) and \
        raw.get("format") == SAVE_FORMAT else raw
    return isinstance(record, dict) and record.get("actions") == []


def load(path: Path) -> SavedGame:
    """Raises FileNotFoundError when there is no file and UnreadableFile (having set the
    file aside) when it is unusable."""
    return datafiles.read_json(path, datafiles.SAVE, lambda raw: from_json(raw, path))


def delete(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def archive(game: SavedGame) -> Path:
    """Keeps a finished game for the replay viewer."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = storage.games_dir() / f"game-{stamp}-{game.record['seed']}.json"
    again = 1
    while path.exists():   # two games of one seed ended in the same second
        again += 1
        path = storage.games_dir() / f"game-{stamp}-{game.record['seed']}-{again}.json"
    storage.write_json_atomic(path, to_json(game))
    return path


def is_unfinished_save(path: Path) -> bool:
    """Whether `path` is one of the unfinished games' own files (the saves folder, or the
    single slot of earlier versions), which play may rewrite and a finished game removes."""
    return path == autosave_path() or path.parent == storage.saves_dir()


def finish(game: SavedGame) -> Path:
    """A finished game goes to the replays and leaves the unfinished games."""
    path = archive(game)
    if game.path is not None and is_unfinished_save(game.path):
        delete(game.path)
    return path


def list_games() -> list[Path]:
    """Finished games, newest first; files set aside are not listed."""
    return sorted((path for path in storage.games_dir().glob("*.json")
                   if not datafiles.is_set_aside(path)), reverse=True)
