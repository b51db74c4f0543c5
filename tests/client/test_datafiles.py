"""The shared data folder and atomic writes (datafiles)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

import datafiles


def test_the_data_folder_follows_the_environment(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(datafiles.ENV_DATA_DIR, str(tmp_path / "here"))
    assert datafiles.data_dir() == tmp_path / "here"
    assert datafiles.subdir("games").is_dir()


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    datafiles.write_json_atomic(target, {"a": 1})
    with pytest.raises(TypeError):
        datafiles.write_json_atomic(target, {"a": object()})
    assert json.loads(target.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_stale_temp_files_are_removed_and_fresh_ones_kept(tmp_path: Path) -> None:
    old = tmp_path / "autosave.json.abc.tmp"
    fresh = tmp_path / "autosave.json.def.tmp"
    old.write_text("x")
    fresh.write_text("y")
    past = time.time() - 3600
    os.utime(old, (past, past))
    assert datafiles.remove_stale_temp_files(tmp_path) == 1
    assert not old.exists() and fresh.exists()
