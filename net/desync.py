"""The desync report: what a player attaches to a bug report when two copies differ.

A bundle holds both game records (ours and the host's), both positions at
the ply where they parted, and the first fields that differ, so whoever
reads it can tell a corrupted copy (same records, different positions) from
a rules difference (same records, different engines) from a lost message
(different records) without running anything.
"""

from __future__ import annotations

import importlib.metadata
import platform
import sys
import time
from pathlib import Path
from typing import Any

from engine import BadPosition

from .game import GameModule
from .storage import reports_dir, write_json_atomic

MAX_DIFFERENCES = 20


def differences(ours: Any, theirs: Any, path: str = "", limit: int = MAX_DIFFERENCES
                ) -> list[dict[str, Any]]:
    """The first `limit` paths where two JSON-like values differ, depth first, in key order."""
    found: list[dict[str, Any]] = []
    _walk(ours, theirs, path or "position", found, limit)
    return found


def _walk(a: Any, b: Any, path: str, found: list[dict[str, Any]], limit: int) -> None:
    if len(found) >= limit or a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            _walk(a.get(key, "<absent>"), b.get(key, "<absent>"), f"{path}.{key}", found, limit)
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _walk(x, y, f"{path}[{i}]", found, limit)
        return
    found.append({"field": path, "ours": a, "host": b})


def host_state_at(game: GameModule, host_record: dict[str, Any], ply: int) -> Any:
    """The host's state after `ply` actions, replayed here; None if it does not replay."""
    record = dict(host_record)
    record["actions"] = list(host_record["actions"])[:ply]
    try:
        return game.replay(record)
    except (BadPosition, ValueError):
        return None


def program_version() -> str:
    """This program's version, as installed; a source tree that was never installed says so."""
    try:
        return importlib.metadata.version("ziggurat")
    except importlib.metadata.PackageNotFoundError:
        return "not installed (run from a source tree)"


def build_report(*, game: GameModule, seat: int | None, ply: int, reason: str,
                 our_record: dict[str, Any], our_position: dict[str, Any], our_digest: str,
                 host_record: dict[str, Any], host_record_digest: str) -> dict[str, Any]:
    """Everything at `ply`, both sides; `host_record_digest` is what the host announced for
    the end of its record, which may be later than `ply`."""
    host_state = host_state_at(game, host_record, ply)
    host_position = None if host_state is None else host_state.to_dict()
    return {
        "format": "tigris-desync-report",
        "version": 2,
        "game": game.ID,
        "rules_version": game.RULES_VERSION,
        "program_version": program_version(),
        "python_version": sys.version,
        "platform": platform.platform(),
        "seat": seat,
        "ply": ply,
        "reason": reason,
        "host_digest": None if host_state is None else host_state.digest(),
        "our_digest": our_digest,
        "host_record_digest": host_record_digest,
        "host_record_ply": len(host_record["actions"]),
        "first_differences": differences(our_position, host_position),
        "records_differ_at": _first_record_difference(our_record, host_record),
        "our_record": our_record,
        "host_record": host_record,
        "our_position": our_position,
        "host_position": host_position,
    }


def _first_record_difference(ours: dict[str, Any], theirs: dict[str, Any]) -> int | None:
    """The first action number (from 1) where the records differ; None if one extends the other."""
    for key in ("players", "seed", "options"):
        if ours.get(key) != theirs.get(key):
            return 0
    for i, (a, b) in enumerate(zip(ours["actions"], theirs["actions"], strict=False)):
        if a != b:
            return i + 1
    return None


def write_report(report: dict[str, Any]) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    seat = report.get("seat")
    name = f"desync-{stamp}-seat{seat if seat is not None else 'host'}-ply{report['ply']}.json"
    path = reports_dir() / name
    n = 1
    while path.exists():
        n += 1
        path = path.with_name(name.replace(".json", f"-{n}.json"))
    write_json_atomic(path, report, durable=True)
    return path
