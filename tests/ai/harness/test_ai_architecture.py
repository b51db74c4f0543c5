"""The harness knows no game: no file of `ai/` outside `ai/<game id>/` imports a game's package.

Imports are read with `ast`, so a game's package named anywhere in an
import (absolute, `from engine import tigris`, or relative from a game's
AI package) is caught; `engine` itself (the registry and the shared
errors) is allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ai
import engine

AI = Path(ai.__file__).parent
GAME_IDS = {p.name for p in Path(engine.__file__).parent.iterdir() if (p / "__init__.py").exists()}


def harness_files() -> list[Path]:
    game_dirs = {p for p in AI.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return sorted(p for p in AI.rglob("*.py") if not any(d in p.parents for d in game_dirs))


def imported_modules(path: Path) -> set[str]:
    """Every module an import in `path` names, resolved to an absolute dotted name."""
    package = "ai"
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([package, *filter(None, [base])])
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def game_package(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] in ("engine", "game", "ai") and len(parts) > 1 and parts[1] in GAME_IDS:
        return ".".join(parts[:2])
    return None


def test_the_harness_imports_no_games_package() -> None:
    assert {"tigris", "civ"} <= GAME_IDS
    files = harness_files()
    assert AI / "worker.py" in files and AI / "levels.py" in files
    assert not any("tigris" in p.parts for p in files)
    found = {str(p.relative_to(AI)): sorted(set(filter(None, map(game_package,
                                                                  imported_modules(p)))))
             for p in files}
    assert {name: games for name, games in found.items() if games} == {}


def test_the_check_catches_every_way_to_import_a_game(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import engine.tigris as engine\nfrom engine import tigris\n"
                      "from .tigris.hard import HardBot\nfrom game.civ import table\n"
                      "import engine\nfrom .bot import Bot\n", encoding="utf-8")
    assert sorted(set(filter(None, map(game_package, imported_modules(sample))))) == [
        "ai.tigris", "engine.tigris", "game.civ"]
