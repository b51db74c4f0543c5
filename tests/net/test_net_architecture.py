"""LAN play and the kiosk are shared by every game: no file of `net/` or `kiosk/` imports
a game's package. The game arrives as a module (`HostConfig.game`, `engine.games()`)."""

from __future__ import annotations

import pytest
from support.imports import ROOT, game_packages_imported

SHARED = ("net", "kiosk")


@pytest.mark.parametrize("folder", SHARED)
def test_no_shared_file_imports_a_game_package(folder: str) -> None:
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files
    found = {str(path.relative_to(ROOT)): game_packages_imported(path) for path in files}
    assert {path: names for path, names in found.items() if names} == {}
