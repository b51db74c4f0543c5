"""The harness knows no game: no file of `ai/` outside `ai/<game id>/` imports a game's package.

Imports are read with `ast`, so a game's package named anywhere in an
import (absolute, `from engine import tigris`, or relative from a game's
AI package) is caught; `engine` itself (the registry and the shared
errors) is allowed.
"""

from __future__ import annotations

from pathlib import Path

from support.imports import ROOT, game_ids, game_packages_imported

AI = ROOT / "ai"


def harness_files() -> list[Path]:
    game_dirs = {p for p in AI.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return sorted(p for p in AI.rglob("*.py") if not any(d in p.parents for d in game_dirs))


def test_the_harness_imports_no_games_package() -> None:
    assert {"tigris", "civ"} <= game_ids()
    files = harness_files()
    assert AI / "worker.py" in files and AI / "levels.py" in files
    assert not any("tigris" in p.parts for p in files)
    found = {str(p.relative_to(AI)): game_packages_imported(p) for p in files}
    assert {name: games for name, games in found.items() if games} == {}
