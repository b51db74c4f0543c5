"""Files of the network layer: the host's autosave and the desync reports.

Everything lives under the user data folder (platformdirs), or under
`TIGRIS_DATA_DIR` when it is set (tests point it at a temporary folder). The
client's own files use the same rule, so one folder holds a player's games.
Writes go to a temporary file beside the target and are moved over it with
`os.replace`, so a host killed in the middle leaves the old file or the new
one, never half of one.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import datafiles
from datafiles import ENV_DATA_DIR, data_dir

from . import fields
from .errors import MSG_FIELD, ProtocolError
from .game import game_of

__all__ = ["AUTOSAVE_FORMAT", "ENV_DATA_DIR", "archive", "data_dir", "default_autosave",
           "keep_game", "lan_dir", "read_autosave", "recall_seat", "remember_seat", "reports_dir",
           "write_json_atomic"]

AUTOSAVE_FORMAT = "tigris-lan-autosave"


def lan_dir() -> Path:
    return datafiles.subdir("lan")


def default_autosave() -> Path:
    return lan_dir() / "host-autosave.json"


def reports_dir() -> Path:
    return datafiles.subdir("desync-reports")


def write_json_atomic(path: Path, data: Any, *, durable: bool = False) -> None:
    """Compact JSON; `durable` adds fsync (for power cuts, not crashes): the host writes
    after every action, where an fsync would cost more than the whole action."""
    datafiles.write_json_atomic(path, data, compact=True, durable=durable)


def archive(path: Path) -> Path:
    """Move `path` aside beside itself under a name with the time (never over another
    file) and return where it went: an unfinished game is kept, never deleted."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


def keep_game(address: str, record: dict[str, Any]) -> Path:
    """Write a peer's own record of a game its host no longer plays, under a name of the
    host, the game and its seed (a later copy of the same game replaces an earlier one),
    and return where: the replay viewer opens it."""
    path = lan_dir() / f"kept-{_file_part(address)}-{game_of(record)}-{record['seed']}.json"
    datafiles.write_json_atomic(path, record)
    return path


KEPT_SEAT = datafiles.FileKind("kept LAN seat", 4096)
"""A seat, a token and a process id: a few dozen bytes."""


def _file_part(address: str) -> str:
    """A host's address as part of a file name: its characters outside [0-9A-Za-z.-]
    replaced, at most 100 of them."""
    return re.sub(r"[^0-9A-Za-z.-]", "_", address)[:100]


def _kept_seat_path(address: str, seat: int) -> Path:
    return lan_dir() / f"seat-{_file_part(address)}-{seat + 1}.json"


def remember_seat(address: str, seat: int, token: str) -> None:
    """Keep the seat and token the host at `address` gave this program, so that it can come
    back to the same seat after a crash without being told which. One file a seat: several
    programs of one data folder at one table each keep their own."""
    write_json_atomic(_kept_seat_path(address, seat),
                      {"seat": seat, "token": token, "pid": os.getpid()})


def recall_seat(address: str, seat: int | None = None) -> tuple[int, str] | None:
    """The seat (`seat`, or any) and token kept for `address` by a program that is no
    longer running; None when there is none, it is unreadable (a damaged file is set aside
    by the reader), or its program still runs (two programs of one data folder at one
    table keep their own seats). Without POSIX process ids no seat is recalled."""
    paths = ([_kept_seat_path(address, seat)] if seat is not None
             else sorted(path for path in lan_dir().glob(f"seat-{_file_part(address)}-*.json")
                         if not datafiles.is_set_aside(path)))
    for path in paths:
        try:
            kept_seat, token, pid = datafiles.read_json(path, KEPT_SEAT, _kept_seat)
        except (FileNotFoundError, datafiles.UnreadableFile):
            continue
        if not _running(pid):
            return kept_seat, token
    return None


def _kept_seat(data: Any) -> tuple[int, str, int]:
    if not isinstance(data, dict) or set(data) != {"seat", "token", "pid"}:
        raise datafiles.BadContent("it is not a kept seat {seat, token, pid}")
    seat, token, pid = data["seat"], data["token"], data["pid"]
    if not (type(seat) is int and 0 <= seat < fields.MAX_SEATS and type(pid) is int
            and isinstance(token, str) and re.fullmatch(r"[0-9a-f]{32}", token)):
        raise datafiles.BadContent("its seat, token or process id is not one a host gives")
    return seat, token, pid


def _running(pid: int) -> bool:
    if os.name != "posix" or pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def read_autosave(path: Path, replay: Callable[[dict[str, Any]], object] | None = None
                  ) -> dict[str, Any]:
    """The host's autosave, its shape checked (its actions within the bounds any game may
    have), and its record by `replay` when given (which checks the actions against its
    game's bounds and raises BadContent for a record the engine refuses); UnreadableFile
    otherwise, with a file of bad content set aside."""
    def check(data: Any) -> dict[str, Any]:
        checked = _autosave(data)
        if replay is not None:
            replay(checked["record"])
        return checked

    try:
        return datafiles.read_json(path, datafiles.LAN_AUTOSAVE, check)
    except FileNotFoundError:
        raise datafiles.UnreadableFile(path, f"there is no autosaved game at {path}") from None


def peek_autosave(path: Path) -> dict[str, Any] | None:
    """The autosave's content if it is one, its record not replayed, else None: a look (a
    lobby offering to continue the game), which sets nothing aside; the host that resumes or
    replaces the game reads it and says what is wrong with it."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(datafiles.LAN_AUTOSAVE.max_bytes + 1)
        if len(raw) > datafiles.LAN_AUTOSAVE.max_bytes:
            return None
        return _autosave(datafiles.reading.parse(raw))
    except (OSError, datafiles.BadContent):
        return None


def _autosave(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT:
        raise datafiles.BadContent("it is not a LAN autosave")
    for key in ("record", "seats", "host_seat", "name"):
        if key not in data:
            raise datafiles.BadContent(f"the autosave has no {key!r}")
    try:
        fields.record(fields.CEILING)(data["record"], "record")
        fields.list_of(_saved_seat, fields.MAX_SEATS)(data["seats"], "seats")
        fields.optional(fields.integer(0, len(data["seats"]) - 1))(data["host_seat"],
                                                                  "host_seat")
        fields.text(fields.MAX_TEXT)(data["name"], "name")
        fields.optional(fields.integer(0, 65535))(data.get("port"), "port")
    except ProtocolError as exc:
        raise datafiles.BadContent(exc.text) from None
    return data


TAKEN_OVER = {"opened", "guest", "guest_token", "played_for"}
"""A seat's keys while someone else plays it for its absent owner (`Seat.saved`)."""


def _saved_seat(value: Any, name: str) -> dict[str, Any]:
    """A seat as `Lobby.from_saved` takes it back."""
    keys = {"kind", "level", "name", "origin"}
    if not isinstance(value, dict) or not keys <= set(value) <= keys | {"token"} | TAKEN_OVER:
        raise ProtocolError(MSG_FIELD, f"field {name!r}: must be a seat "
                                       "{kind, level, name, origin[, token, opened, guest, "
                                       "guest_token, played_for]}")
    for key in ("kind", "origin"):
        fields.text(fields.MAX_NAME)(value[key], f"{name}.{key}")
    fields.person_name(value["name"], f"{name}.name")
    fields.optional(fields.text(fields.MAX_WORD))(value["level"], f"{name}.level")
    fields.token(value.get("token", ""), f"{name}.token")
    fields.boolean(value.get("opened", False), f"{name}.opened")
    fields.person_name(value.get("guest", ""), f"{name}.guest")
    fields.token(value.get("guest_token", ""), f"{name}.guest_token")
    fields.list_of(_played, fields.CEILING["record"])(value.get("played_for", []),
                                                 f"{name}.played_for")
    return value


def _played(value: Any, name: str) -> list[Any]:
    """[action number, who played it] of a seat's absent owner."""
    if not isinstance(value, list) or len(value) != 2:
        raise ProtocolError(MSG_FIELD, f"field {name!r}: must be [action number, name]")
    return [fields.integer(1, fields.CEILING["record"])(value[0], f"{name}[0]"),
            fields.person_name(value[1], f"{name}[1]")]
