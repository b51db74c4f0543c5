"""What a frame says, for tests of who may see it: every text handed to the painters."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui import text


def words_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The list every text rendered from now on is added to, in order (clear it between
    frames); the painting itself goes on as before."""
    drawn: list[str] = []
    real_render = text.render

    def render(words_: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(words_)
        return real_render(words_, *args, **kwargs)

    monkeypatch.setattr(text, "render", render)
    return drawn
