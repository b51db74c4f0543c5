"""Tests write only into temporary folders, never the user's data (issue 21, bug 2): an
app a test opens saves into the test's own folder, and the suite's guard
(`support.userdirs`) fails a test, and the run, that writes into the user's folders."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from support.apps import make_app

import datafiles
from game import savelist, storage
from game.scenes.flow import start_new_game

GUARDED = 'pytest_plugins = ["support.userdirs"]\n'


def test_issue21_bug2_an_app_opened_without_the_data_dir_fixture_saves_in_the_tests_own_folder(
        tmp_path_factory: pytest.TempPathFactory, user_folders: Path) -> None:
    app = make_app()
    try:
        table = start_new_game(app, ["human", "computer"], seed=4)
        while table.session.state.to_move != 0:
            app.run_frames(1)
        table.act(next(a for a in table.session.state.legal_actions() if a["type"] == "tile"))
        app.run_frames(2)
        app.saver.flush()
        assert table.session.path.is_relative_to(tmp_path_factory.getbasetemp()), \
            f"the game was saved in {table.session.path}, outside the test's folders"
        assert savelist.unfinished() == [table.session.path], "no other test's games listed"
        assert storage.data_dir() == user_folders.parent / "data"
    finally:
        app.close()


@pytest.fixture
def sentinels_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An inner run's stand-in for the user's folders is made in this test's folder."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def test_issue21_bug2_the_guard_fails_a_test_writing_into_the_users_folders_and_names_it(
        pytester: pytest.Pytester, sentinels_here: Path) -> None:
    pytester.makeconftest(GUARDED)
    pytester.makepyfile(test_inner="""
        import os
        from pathlib import Path
        import pytest

        @pytest.fixture(scope="module")
        def users_home():
            return Path(os.environ["HOME"])   # read before the test has a home of its own

        def test_saves_at_home(users_home):
            saves = users_home / ".local/share/tigris/saves"
            saves.mkdir(parents=True)
            (saves / "save-1.json").write_text("{}")

        def test_keeps_to_itself(user_folders):
            user_folders.mkdir(parents=True)
            (user_folders / "notes.txt").write_text("in its own home")
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=2)
    result.stdout.fnmatch_lines([
        "*test_inner.py::test_saves_at_home wrote into the user's own folders*",
        "*.local/share/tigris/saves/save-1.json*",
        "*This test run wrote into the user's own folders*",
    ])
    assert "test_keeps_to_itself wrote" not in result.stdout.str()
    (kept,) = sentinels_here.glob("ziggurat-tests-user-*")
    assert (kept / ".local/share/tigris/saves/save-1.json").exists(), \
        "the sentinel with the stray file stays for whoever reads the failure"


def test_issue21_bug2_the_guard_lets_a_clean_run_pass_and_gives_the_users_variables_back(
        pytester: pytest.Pytester, sentinels_here: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(sentinels_here / "outer"))
    home = str(Path.home())
    pytester.makeconftest(GUARDED)
    pytester.makepyfile(test_inner="""
        import os
        import platformdirs
        import datafiles

        def test_the_data_folder_and_home_are_the_tests_own(user_folders):
            datafiles.write_json_atomic(datafiles.subdir("saves") / "a.json", {})
            assert datafiles.data_dir() == user_folders.parent / "data"
            assert platformdirs.user_config_path("tigris").is_relative_to(user_folders)

        def test_without_a_data_folder_platformdirs_stays_in_the_tests_home(
                user_folders, monkeypatch):
            monkeypatch.delenv("TIGRIS_DATA_DIR")
            assert datafiles.data_dir().is_relative_to(user_folders)
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    assert list(sentinels_here.glob("ziggurat-tests-user-*")) == [], "an empty sentinel goes"
    assert str(Path.home()) == home
    assert datafiles.data_dir() == sentinels_here / "outer"
