"""Fixtures of the computer-player tests.

`harness/` tests what every game shares on Tiny (`support.tinygame`, with
its AI package `support.tinyai`), fast and without Tigris & Euphrates;
`tigris/` tests Tigris & Euphrates' levels.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType

import pytest
from support import tinyai, tinygame

import ai


@pytest.fixture
def tiny() -> Iterator[ModuleType]:
    """Tiny's rules, with its AI package registered as `ai.tiny` while the test runs."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, f"{ai.__name__}.{tinygame.ID}", tinyai)
        yield tinygame


@pytest.fixture
def tiny_view(tiny: ModuleType) -> ai.View:
    """The first decision of a three-seat Tiny game, as its seat sees it."""
    state = tiny.new_game(3, 5)
    return dict(state.view(state.to_move))
