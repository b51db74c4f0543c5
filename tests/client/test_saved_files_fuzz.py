"""Thousands of damaged files (issue 13): truncated, bytes flipped, values nested deep,
numbers huge, every key of a real save, settings file and LAN autosave given each wrong
type or taken away. Reading one either works or raises `datafiles.UnreadableFile` naming
the file, with the file set aside; a save that reads is then replayed, where only the
session's RecordError may stop it. Nothing else may be raised.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from support import tinygame

import datafiles
from game import savegame, settings
from game.savegame import SeatConfig
from game.session import GameSession, RecordError
from game.settings import Settings
from net import storage as net_storage
from net.game import new_record

WRONG_VALUES: tuple[Any, ...] = (None, True, -1, 2**64, 1.5, "", "x" * 30, [], {}, [[[]]])
Path_ = tuple[str | int, ...]
REMOVE = object()   # in place of a value: take the key away


def real_save() -> dict[str, Any]:
    session = GameSession.new(2, 11, {}, [SeatConfig("human"), SeatConfig("computer", "easy")])
    for _ in range(6):
        session.apply(next(a for a in session.state.legal_actions() if a["type"] == "tile"))
    return savegame.to_json(session.saved())


def real_lan_autosave() -> dict[str, Any]:
    record = new_record(tinygame, 2, 5, {})
    state = tinygame.new_game(2, 5)
    for _ in range(4):
        action = state.legal_actions()[0]
        state = state.apply(action)
        record["actions"].append(action)
    seat = {"kind": "human", "level": None, "name": "Ana", "origin": "human"}
    return {"format": net_storage.AUTOSAVE_FORMAT, "record": record,
            "seats": [seat, {**seat, "kind": "bot", "level": "easy", "origin": "bot"}],
            "host_seat": 0, "name": "LAN game", "port": 5555}


def paths_in(value: Any, here: Path_ = ()) -> Iterator[Path_]:
    if here:
        yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_in(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths_in(item, (*here, index))


def replaced(data: Any, path: Path_, value: Any) -> Any:
    """A deep copy of `data` with the value at `path` replaced (or removed, for REMOVE)."""
    copy = json.loads(json.dumps(data))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    if value is REMOVE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return copy


def damaged(data: Any, rng: random.Random, flips: int) -> Iterator[bytes]:
    """The issue's kinds of damage, each several ways; `flips` files with bytes flipped."""
    text = json.dumps(data, indent=1).encode()
    paths = list(paths_in(data))
    for path in paths:
        for value in (*WRONG_VALUES, REMOVE):
            yield json.dumps(replaced(data, path, value)).encode()
    for cut in sorted(rng.sample(range(len(text)), min(len(text), 300))):
        yield text[:cut]
    for _ in range(flips):
        flipped = bytearray(text)
        for _ in range(rng.randint(1, 3)):
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        yield bytes(flipped)
    for depth in (31, 33, 1_000, 100_000):
        path = rng.choice(paths)
        yield json.dumps(replaced(data, path, "DEEP")).encode().replace(
            b'"DEEP"', b"[" * depth + b"]" * depth)
    for digits in (25, 400, 4_301, 5_000):
        path = rng.choice(paths)
        yield json.dumps(replaced(data, path, "HUGE")).encode().replace(
            b'"HUGE"', b"9" * digits)
    for constant in (b"NaN", b"Infinity", b"-Infinity", b"1e999", b"1" * 60 + b".5"):
        path = rng.choice(paths)
        yield json.dumps(replaced(data, path, "NUM")).encode().replace(b'"NUM"', constant)
    yield b"\xff\xfe" + text
    yield b" " * (512 * 1024) + text


def check_each(files: Iterator[bytes], path: Path, read: Callable[[Path], None]) -> int:
    """Writes each damaged file to `path` and reads it: it works, or it is refused by name
    and set aside. Returns how many were refused."""
    refused = 0
    for number, content in enumerate(files):
        path.write_bytes(content)
        try:
            read(path)
        except datafiles.UnreadableFile as exc:
            refused += 1
            assert str(exc).startswith(f"{path.name}: "), str(exc)
            assert len(str(exc)) < 300, str(exc)
            assert exc.set_aside_to is not None and exc.set_aside_to.read_bytes() == content
            assert not path.exists(), f"file {number} was not set aside"
            exc.set_aside_to.unlink()
        else:
            assert path.exists()
    return refused


def read_save(path: Path) -> None:
    saved = savegame.load(path)
    with contextlib.suppress(RecordError):
        GameSession(saved)


def read_settings(path: Path) -> None:
    loaded, problem = settings.read()
    assert loaded == Settings(**asdict(loaded)).validated()
    if problem is not None:
        raise problem


def read_lan_autosave(path: Path) -> None:
    net_storage.read_autosave(path)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(datafiles.ENV_DATA_DIR, str(tmp_path))
    return tmp_path


def test_damaged_saves_are_refused_by_name_and_set_aside(data_dir: Path) -> None:
    files = list(damaged(real_save(), random.Random(13), flips=800))
    assert len(files) > 1_500
    refused = check_each(iter(files), savegame.autosave_path(), read_save)
    assert refused > len(files) // 2


def test_damaged_settings_give_the_defaults_and_are_set_aside(data_dir: Path) -> None:
    files = list(damaged(asdict(Settings()), random.Random(14), flips=400))
    assert len(files) > 700
    refused = check_each(iter(files), settings.settings_path(), read_settings)
    assert refused > len(files) // 2


def test_damaged_lan_autosaves_are_refused_by_name_and_set_aside(data_dir: Path) -> None:
    files = list(damaged(real_lan_autosave(), random.Random(15), flips=300))
    assert len(files) > 900
    refused = check_each(iter(files), net_storage.default_autosave(), read_lan_autosave)
    assert refused > len(files) // 2
