"""What the log shows: its lines under a header per turn, through the chosen filter.

Pure reading of the table's log (`narrate.LogLine`s, and plain lines such as a
LAN notice): turns are counted from the log's start, a header opens each turn
that has something to show, and a filter keeps all lines, only conflicts and
points, or only the lines that concern the player at the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import t
from game.tigris.narrate import LogLine

FILTERS = ("all", "scores", "mine")


@dataclass(frozen=True)
class LogRow:
    """One row of the log: a turn's header (with the seat whose turn it is) or a line."""

    words: str
    header: bool
    icon: str = ""
    seat: int | None = None
    line: str | None = None


def filters_for(viewer: int | None) -> tuple[str, ...]:
    """The filters offered: "mine" only when someone's hand is at the screen."""
    return FILTERS if viewer is not None else FILTERS[:2]


def shows(line: str, chosen: str, viewer: int | None) -> bool:
    if chosen == "scores":
        return isinstance(line, LogLine) and line.topic in ("conflict", "points")
    if chosen == "mine":
        return isinstance(line, LogLine) and viewer is not None and viewer in line.seats
    return True


def log_rows(log: list[str], names: list[str], chosen: str = "all",
             viewer: int | None = None) -> list[LogRow]:
    """The rows to show, oldest first. A turn's header comes before its first shown line
    (with every filter but "all", a turn with nothing to show has no header)."""
    rows: list[LogRow] = []
    turn = 0
    header: LogRow | None = None
    for line in log:
        starts = isinstance(line, LogLine) and line.topic == "turn"
        if starts or turn == 0:
            turn += 1
            seat = line.seat if isinstance(line, LogLine) else None
            header = LogRow(_header_words(turn, seat, names), True, seat=seat)
            if starts:
                if chosen == "all":
                    rows.append(header)
                    header = None
                continue
        if not shows(line, chosen, viewer):
            continue
        if header is not None:
            rows.append(header)
            header = None
        icon = line.icon if isinstance(line, LogLine) else ""
        rows.append(LogRow(str(line), False, icon=icon, line=line))
    return rows


def _header_words(turn: int, seat: int | None, names: list[str]) -> str:
    if seat is None or not 0 <= seat < len(names):
        return t("log.turn_number", turn=turn)
    return t("log.turn_header", turn=turn, player=names[seat])
