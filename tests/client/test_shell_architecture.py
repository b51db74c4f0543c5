"""The client shell knows no game: only a game's own package imports that game.

The shell is every module of `game/` outside a game's package (`game/tigris/`, and
`game/civ/`, a registered game's package before its table offers `CLIENT`), and the
kiosk. It reaches a game through `game.games` and the game's
`GameClient`, never by importing `game.<game>` or `engine.<game>`.
"""

from __future__ import annotations

import pathlib

from support.imports import ROOT, game_packages_imported

import engine
from game import games

GAME_PACKAGES = {ROOT / "game" / game_id for game_id in {*games.game_ids(), *engine.GAME_IDS}}


def shell_modules() -> list[pathlib.Path]:
    paths = [*(ROOT / "game").rglob("*.py"), *(ROOT / "kiosk").rglob("*.py")]
    return [p for p in paths if not any(package in p.parents for package in GAME_PACKAGES)]


def test_no_shell_module_imports_a_game_package() -> None:
    modules = shell_modules()
    assert len(modules) > 30 and ROOT / "game" / "scenes" / "title.py" in modules
    offenders = {f"{p.relative_to(ROOT)}: {name}" for p in modules
                 for name in game_packages_imported(p)}
    assert not offenders, sorted(offenders)
