"""T&E's log filters, beside the kit's "all" and "mine" (`game.kit.log`): "scores" keeps
the conflicts and the points scored."""

from __future__ import annotations

from game.kit import log as kit_log
from game.kit.log import ALL, MINE, LogFilter, LogRow

SCORES = LogFilter("scores", lambda line, _viewer: line.topic in ("conflict", "points"))
FILTERS = (ALL, SCORES, MINE)


def log_rows(log: list[str], names: list[str], chosen: str = "all",
             viewer: int | None = None, last: int | None = None) -> list[LogRow]:
    """The rows of T&E's log through the filter named `chosen` (`kit.log.log_rows`)."""
    named = next(f for f in FILTERS if f.name == chosen)
    return kit_log.log_rows(log, names, named, viewer, last)
