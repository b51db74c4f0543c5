"""Tests write only into temporary folders, never into the user's (issue 21, bug 2).

A pytest plugin, loaded by the suite's root conftest. For the whole run the
user's own locations (HOME, the XDG config/data/cache/state folders, and no
`TIGRIS_DATA_DIR`) point at an empty sentinel folder, so whatever would have
reached the player's saves, settings or caches lands there instead; every
test then gets folders of its own inside the run's temporary folder (a data
folder in `TIGRIS_DATA_DIR`, and a home whose XDG folders platformdirs
resolves to), so the app it opens saves where nobody looks. A test that still
writes into the sentinel (from a fixture wider than a test, at import, in a
thread outliving it) fails, and so does the run's last test in that process
when anything is in the sentinel at the end; both messages name the files.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

DATA_DIR = "TIGRIS_DATA_DIR"
HOME_VARIABLES = {
    "HOME": "",
    "XDG_CONFIG_HOME": ".config",
    "XDG_DATA_HOME": ".local/share",
    "XDG_CACHE_HOME": ".cache",
    "XDG_STATE_HOME": ".local/state",
}

_sentinel_key = pytest.StashKey[Path]()
_patch_key = pytest.StashKey[pytest.MonkeyPatch]()


def point_home_at(patch: pytest.MonkeyPatch, home: Path) -> None:
    """HOME and the XDG folders under `home`, as a fresh account has them."""
    for name, below in HOME_VARIABLES.items():
        patch.setenv(name, str(home / below) if below else str(home))


def written(root: Path) -> list[str]:
    """Everything under `root` (files and folders), relative to it, sorted."""
    return sorted(str(path.relative_to(root)) for path in root.rglob("*"))


def complaint(paths: list[str], root: Path, who: str) -> str:
    """The failure's text: what was written, and where to look."""
    shown = "\n".join(f"  {path}" for path in paths[:20])
    more = f"\n  ... and {len(paths) - 20} more" if len(paths) > 20 else ""
    return (f"{who} wrote into the user's own folders (HOME/XDG, kept for this run in "
            f"{root}):\n{shown}{more}\nTests write only into temporary folders: use the "
            "test's own data folder (it is TIGRIS_DATA_DIR) or tmp_path.")


def pytest_configure(config: pytest.Config) -> None:
    sentinel = Path(tempfile.mkdtemp(prefix="ziggurat-tests-user-"))
    patch = pytest.MonkeyPatch()
    point_home_at(patch, sentinel)
    patch.delenv(DATA_DIR, raising=False)
    config.stash[_sentinel_key] = sentinel
    config.stash[_patch_key] = patch


def pytest_unconfigure(config: pytest.Config) -> None:
    """The user's variables back as they were; an empty sentinel goes, one with files
    stays for whoever reads the failure."""
    config.stash[_patch_key].undo()
    sentinel = config.stash[_sentinel_key]
    if not written(sentinel):
        shutil.rmtree(sentinel, ignore_errors=True)


@pytest.fixture(scope="session")
def _users_root(tmp_path_factory: pytest.TempPathFactory,
                request: pytest.FixtureRequest) -> Iterator[Path]:
    """The run's test homes; at the end the sentinel must still be empty."""
    yield tmp_path_factory.mktemp("users")
    sentinel = request.config.stash[_sentinel_key]
    left = written(sentinel)
    if left:
        pytest.fail(complaint(left, sentinel, "This test run"), pytrace=False)
    # Here too, not only at unconfigure: an xdist worker may end before its unconfigure.
    shutil.rmtree(sentinel, ignore_errors=True)


_numbers = itertools.count()


@pytest.fixture(autouse=True)
def user_folders(_users_root: Path, monkeypatch: pytest.MonkeyPatch,
                 request: pytest.FixtureRequest) -> Iterator[Path]:
    """A data folder and a home of this test's own (made when something writes there), so
    an app it opens lists no one else's games; a test asking for `data_dir` or setting
    TIGRIS_DATA_DIR itself overrides the data folder. Yields the test's home."""
    own = _users_root / str(next(_numbers))
    point_home_at(monkeypatch, own / "home")
    monkeypatch.setenv(DATA_DIR, str(own / "data"))
    sentinel = request.config.stash[_sentinel_key]
    before = set(written(sentinel))
    yield own / "home"
    new = [path for path in written(sentinel) if path not in before]
    if new:
        pytest.fail(complaint(new, sentinel, request.node.nodeid), pytrace=False)
