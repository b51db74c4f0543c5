"""The client's tests run headless, each with its own data folder when it asks for one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, settings and finished games go to a folder of this test's own."""
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    return tmp_path
