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
             viewer: int | None = None, last: int | None = None) -> list[LogRow]:
    """The rows to show, oldest first; only the `last` ones when that many are enough (the
    log is read from its end, so a long game costs no more than a short one). A turn's
    header comes before its first shown line (with every filter but "all", a turn with
    nothing to show has no header); lines before any turn's start are the first turn's."""
    started = [isinstance(line, LogLine) and line.topic == "turn" for line in log]
    opens_unstarted = bool(log) and not started[0]
    turn = sum(started) + opens_unstarted
    backwards: list[LogRow] = []
    shown_in_turn = False
    for index in range(len(log) - 1, -1, -1):
        if last is not None and len(backwards) >= last:
            return backwards[::-1]
        line = log[index]
        if started[index]:
            if chosen == "all" or shown_in_turn:
                backwards.append(_header(turn, line, names))
            turn -= 1
            shown_in_turn = False
        elif shows(line, chosen, viewer):
            icon = line.icon if isinstance(line, LogLine) else ""
            backwards.append(LogRow(str(line), False, icon=icon, line=line))
            shown_in_turn = True
    if opens_unstarted and shown_in_turn:
        backwards.append(_header(1, log[0], names))
    return backwards[::-1]


def _header(turn: int, line: str, names: list[str]) -> LogRow:
    seat = line.seat if isinstance(line, LogLine) else None
    return LogRow(_header_words(turn, seat, names), True, seat=seat)


def _header_words(turn: int, seat: int | None, names: list[str]) -> str:
    if seat is None or not 0 <= seat < len(names):
        return t("log.turn_number", turn=turn)
    return t("log.turn_header", turn=turn, player=names[seat])
