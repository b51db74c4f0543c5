"""Reading a player's files back: one reader that never lets a bad file crash the program.

Every file the program reads (settings, saves, the autosave, finished games,
the LAN host's autosave) can be cut short by a power cut, edited by hand or
damaged on disk. A JSON parser alone lets through what later code cannot
take: an integer of 5,000 digits (ValueError), an array nested 100,000 deep
(RecursionError), a float of 1e999. So the reader caps each kind of file's
size, the nesting of its values and the digits of its numbers, and any
problem, including the caller's own check of the file's shape, becomes one
`UnreadableFile` naming the file and what is wrong. A file whose content is
bad is set aside beside itself (renamed, never deleted: it may go into a bug
report), so the next start is clean.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

MAX_DEPTH = 32            # a save with its starting position nests about six deep
MAX_NUMBER_DIGITS = 24    # 2**64, the largest seed a record may carry, has 20
SET_ASIDE_MARK = ".corrupt-"
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_BRACKET_STEP = [1 if b in b"[{" else -1 if b in b"]}" else 0 for b in range(256)]


@dataclass(frozen=True)
class FileKind:
    """What a file is to a person (for messages) and the most bytes it may hold."""

    name: str
    max_bytes: int


SETTINGS = FileKind("settings file", 64 * 1024)
SAVE = FileKind("saved game", 16 * 1024 * 1024)
LAN_AUTOSAVE = FileKind("LAN autosave", 16 * 1024 * 1024)


class UnreadableFile(Exception):
    """A file that exists but cannot be used. `str()` names the file and the reason;
    `set_aside_to` is where it was moved, if it was."""

    def __init__(self, path: Path | None, reason: str, set_aside_to: Path | None = None):
        self.path = path
        self.reason = reason
        self.set_aside_to = set_aside_to
        super().__init__(reason if path is None else f"{path.name}: {reason}")


class BadContent(ValueError):
    """Raised by a shape check given to `read_json`: the file parses but is not what it
    should be."""


def read_json(path: Path, kind: FileKind, check: Callable[[Any], T]) -> T:
    """The file's JSON as `check` returns it. Raises FileNotFoundError when there is no
    file, and UnreadableFile for anything else; a file with bad content (too big, not
    UTF-8, not JSON, nested too deep, huge numbers, or refused by `check` with
    BadContent) is set aside first. A file that cannot be opened is left where it is:
    that is the disk or its permissions, not the file."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(kind.max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnreadableFile(path, f"the {kind.name} cannot be read ({exc.strerror or exc})"
                             ) from None
    try:
        if len(raw) > kind.max_bytes:
            raise BadContent(f"it is larger than a {kind.name} can be "
                             f"({kind.max_bytes // 1024} KB)")
        return check(parse(raw))
    except BadContent as exc:
        raise UnreadableFile(path, f"the {kind.name} is unusable: {exc}",
                             set_aside(path)) from None


def parse(raw: bytes) -> Any:
    """JSON from bytes, within the reader's limits; BadContent says what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadContent(f"it is not text (byte {exc.start} is not UTF-8)") from None
    _check_nesting(text)
    try:
        return json.loads(text, parse_int=_integer, parse_float=_float,
                          parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise BadContent(f"it is not JSON ({exc.msg}, line {exc.lineno} "
                         f"column {exc.colno})") from None


def _check_nesting(text: str) -> None:
    """Refuses values nested past MAX_DEPTH before the parser sees them: the parser
    recurses once per level, and running it into Python's recursion limit is a crash
    waiting for a smaller stack. Escaped backslashes and quotes are dropped first, so
    every quote left opens or closes a string and the brackets between strings are the
    ones the parser would meet; all of it runs in C, so a 16 MB file takes a second."""
    plain = text.replace("\\\\", "").replace('\\"', "")
    brackets = "".join(plain.split('"')[::2]).encode().translate(None, _NOT_BRACKETS)
    if brackets and max(accumulate(map(_BRACKET_STEP.__getitem__, brackets))) > MAX_DEPTH:
        raise BadContent(f"its values nest more than {MAX_DEPTH} deep")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise BadContent(f"it holds a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if len(text) > 2 * MAX_NUMBER_DIGITS or not math.isfinite(value):
        raise BadContent(f"it holds a number out of range ({text[:MAX_NUMBER_DIGITS]}…)")
    return value


def _constant(text: str) -> float:
    raise BadContent(f"it holds {text}, which is not a number a file may hold")


def set_aside(path: Path) -> Path | None:
    """Renames an unusable file beside itself (kept for a bug report) so nothing reads it
    again; None if it could not be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(100):
        extra = f"-{attempt}" if attempt else ""
        target = path.with_name(f"{path.stem}{SET_ASIDE_MARK}{stamp}{extra}{path.suffix}")
        if target.exists():
            continue
        try:
            path.replace(target)
        except OSError:
            return None
        return target
    return None


def is_set_aside(path: Path) -> bool:
    return SET_ASIDE_MARK in path.name
