"""The whole suite's shared setup.

Test files sit in one folder per part of the project (`engine/`, `tigris/`,
`client/`, `net/`, `ai/`, `kiosk/`, `cli/`); this folder is on `sys.path`
(pytest puts a root conftest's folder there), so helpers shared by several
parts, such as `positions`, are imported by name.

Every test gets a data folder and a home of its own, and the run fails if
anything is written into the user's folders (`support.userdirs`).

The suite's time scale (`TIGRIS_TEST_TIME_SCALE`, see `timing.py`) is read
here once, so a bad value stops the run with a message before any test.
"""

from __future__ import annotations

import pytest
import timing

pytest_plugins = ["support.userdirs", "pytester"]


def pytest_configure(config: pytest.Config) -> None:
    try:
        timing.time_scale()
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None


def pytest_report_header(config: pytest.Config) -> str:
    return f"time scale: {timing.time_scale():g} ({timing.ENV_TIME_SCALE})"
