"""The client's tests run headless, each with its own data folder when it asks for one."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, settings and finished games go to a folder of this test's own."""
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def lan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A LAN game of this test's own: its data folder (the host's autosave among it), the
    host bound to this machine only and no discovery broadcast on the real network."""
    from game.scenes.lobby import LAN
    from net import storage

    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path))
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(LAN, "bind", "127.0.0.1")
    monkeypatch.setattr(LAN, "discovery", False)
    return tmp_path


@pytest.fixture
def open_app() -> Iterator[Callable[..., object]]:
    """Opens 1280x800 apps (of a game, at a tabletop) and closes each at the test's end,
    its scenes left first, so no window stays open for the tests after it."""
    from support.apps import make_app

    made = []

    def make(game: str = "tigris", tabletop: bool = False) -> object:
        made.append(make_app((1280, 800), game=game, tabletop=tabletop))
        return made[-1]

    yield make
    for app in made:
        for scene in list(app.stack.scenes):
            scene.exit()
        app.close()


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tiny registered beside Tigris & Euphrates, its catalogue and computer levels found."""
    from support import tinyai, tinyclient, tinygame

    import engine
    from game import i18n

    # Found as every game is: in the engine's registry, with a client package `game.tiny`.
    monkeypatch.setattr(engine, "GAME_IDS", (*engine.GAME_IDS, tinygame.ID))
    monkeypatch.setitem(sys.modules, "engine.tiny", tinygame)
    monkeypatch.setitem(sys.modules, "game.tiny", tinyclient)
    monkeypatch.setitem(sys.modules, "ai.tiny", tinyai)
    monkeypatch.setattr(i18n, "_added", [])
    i18n.catalogue.cache_clear()
    yield
    monkeypatch.undo()
    i18n.catalogue.cache_clear()
