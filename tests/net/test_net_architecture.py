"""LAN play and the kiosk are shared by every game: no file of `net/` or `kiosk/` imports
a game's package. The game arrives as a module (`HostConfig.game`, `engine.games()`)."""

from __future__ import annotations

import ast
import pathlib

import pytest

import engine

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = ("net", "kiosk")
GAME_HOMES = ("engine", "ai", "game")


def game_ids() -> set[str]:
    """Every registered game, and every package under engine/ (a game not registered yet)."""
    packages = {p.parent.name for p in (ROOT / "engine").glob("*/__init__.py")}
    return set(engine.GAME_IDS) | packages


def game_packages() -> set[str]:
    """`engine.tigris`, `ai.tigris`, `game.tigris`, ... for every game id."""
    return {f"{home}.{game}" for home in GAME_HOMES for game in game_ids()}


def imported(path: pathlib.Path) -> list[str]:
    """Every module an import in `path` names, `from engine import tigris` as `engine.tigris`."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def game_imports(path: pathlib.Path) -> list[str]:
    forbidden = game_packages()
    return [name for name in imported(path)
            if any(name == p or name.startswith(p + ".") for p in forbidden)]


@pytest.mark.parametrize("folder", SHARED)
def test_no_shared_file_imports_a_game_package(folder: str) -> None:
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files
    found = {str(path.relative_to(ROOT)): game_imports(path) for path in files}
    assert {path: names for path, names in found.items() if names} == {}


def test_the_check_sees_every_form_of_import(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import engine.tigris as t\nfrom engine import tigris, errors\n"
                      "from engine.tigris.notation import parse_action\nimport ai.tigris\n"
                      "import engine\nfrom engine import IllegalAction\nfrom . import game\n")
    assert game_imports(sample) == ["engine.tigris", "engine.tigris", "engine.tigris.notation",
                                    "engine.tigris.notation.parse_action", "ai.tigris"]
