"""What a module imports, read with `ast`: the one reader behind every architecture test.

Each shared part (engine, net, kiosk, the client shell, the AI harness) has a
test that it imports nothing it must not; they all ask this module, so an
import written in any form (`import engine.tigris as t`, `from engine import
tigris`, `from .tigris import hard`) is read the same way everywhere.
"""

from __future__ import annotations

import ast
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[2]
GAME_HOMES = ("engine", "ai", "game")
"""The packages in which each game has a package of its own (`engine.tigris`, ...)."""


def imported(source: str, package: str | None = None) -> set[str]:
    """Every module `source` names in an import, as a full dotted name.

    `from engine import tigris` names `engine` and `engine.tigris`. A relative
    import is resolved against `package` (the importing module's package); with
    no package given it is left out.
    """
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level and package is None:
                continue
            parts = package.split(".")[:len(package.split(".")) - node.level + 1] if (
                node.level and package is not None) else []
            base = ".".join([*parts, *filter(None, [node.module])])
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def package_of(path: Path) -> str:
    """The dotted package a file under the checkout belongs to (`net` for net/host.py)."""
    return ".".join(path.relative_to(ROOT).parent.parts)


def game_ids() -> set[str]:
    """Every registered game, and every package under engine/ (a game not registered yet)."""
    return set(engine.GAME_IDS) | {p.parent.name for p in (ROOT / "engine").glob("*/__init__.py")}


def game_packages_imported(path: Path) -> set[str]:
    """The games' packages (`engine.tigris`, `ai.civ`, `game.tigris`) that `path` imports."""
    return game_packages(path.read_text(encoding="utf-8"), package_of(path))


def game_packages(source: str, package: str) -> set[str]:
    """The games' packages that `source`, a module of `package`, imports."""
    games = game_ids()
    found = set()
    for name in imported(source, package):
        parts = name.split(".")
        if len(parts) > 1 and parts[0] in GAME_HOMES and parts[1] in games:
            found.add(".".join(parts[:2]))
    return found
