"""The client shell knows no game: only a game's own package imports that game.

The shell is every module of `game/` outside a game's package (`game/tigris/`),
and the kiosk. It reaches a game through `game.games` and the game's
`GameClient`, never by importing `game.<game>` or `engine.<game>`.
"""

from __future__ import annotations

import ast
import pathlib

import engine
from game import games

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAME_PACKAGES = {ROOT / "game" / game_id for game_id in games.CLIENT_MODULES}
FORBIDDEN = ({f"game.{game_id}" for game_id in games.CLIENT_MODULES}
             | {f"engine.{game_id}" for game_id in engine.GAME_IDS})


def shell_modules() -> list[pathlib.Path]:
    paths = [*(ROOT / "game").rglob("*.py"), *(ROOT / "kiosk").rglob("*.py")]
    return [p for p in paths if not any(package in p.parents for package in GAME_PACKAGES)]


def imported(source: str) -> list[str]:
    """Every module `source` imports, written out in full (`from engine import tigris`
    counts as `engine.tigris`)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def reaches_a_game(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def test_no_shell_module_imports_a_game_package() -> None:
    modules = shell_modules()
    assert len(modules) > 30 and ROOT / "game" / "scenes" / "title.py" in modules
    offenders = {f"{p.relative_to(ROOT)}: {name}" for p in modules
                 for name in imported(p.read_text(encoding="utf-8"))
                 if reaches_a_game(name)}
    assert not offenders, sorted(offenders)


def test_the_check_sees_every_way_of_importing_a_game() -> None:
    samples = {"import game.tigris.scenes.table": True,
               "from engine import tigris": True,
               "from game.tigris.narrate import describe": True,
               "import engine.tigris as rules": True,
               "from game import games": False,
               "from engine import Refusal": False}
    for source, expected in samples.items():
        assert any(reaches_a_game(n) for n in imported(source)) is expected, source
