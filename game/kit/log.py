"""The game log as a kit part: the lines a game's narrator tells, what a reader chose of
them (a filter, how far back they scrolled, the line they tapped), and the rows shown.

A game's narrator turns an action's events into `LogLine`s: their words, and what a
reader may ask of a line without reading it (its topic, its icon's name, whose it is,
the places it is about, the action that caused it). A line whose topic is "turn" opens
a turn: the log shows a header for it. Places are opaque keys the game's board lights
when a line is tapped; icons are names the game's painter draws (`game.kit.log_painter`).
The log may hold plain strings too (a network notice): they have no topic and only the
filter that keeps every line shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Self

from game.i18n import t

if TYPE_CHECKING:
    from game.kit.log_painter import LogHits

TURN = "turn"


class LogLine(str):
    """A log sentence that knows what it is about.

    `topic` is what kind of line it is ("turn" opens a turn, with `seat` whose; the rest
    are the game's own); `icon` names its picture ("" for none); `seats` are the players
    it concerns; `places` where it happened; `ply` the number of the action that caused
    it (None: not known); `turn`, in a game that numbers its turns itself, the turn it
    is told in, the one it opens for a turn's line (None: the log counts turns from 1).
    """

    icon: str
    seat: int | None
    seats: frozenset[int]
    topic: str
    places: tuple[str, ...]
    ply: int | None
    turn: int | None

    def __new__(cls, words: str, *, icon: str = "", seat: int | None = None,
                seats: Iterable[int] = (), topic: str = "", places: Iterable[str] = (),
                ply: int | None = None, turn: int | None = None) -> Self:
        line = super().__new__(cls, words)
        line.icon = icon
        line.seat = seat
        line.seats = frozenset(seats)
        line.topic = topic
        line.places = tuple(places)
        line.ply = ply
        line.turn = turn
        return line


@dataclass(frozen=True)
class LogFilter:
    """A tab of the log: the lines it keeps (`keeps`, asked of `LogLine`s only, with the
    seat whose hand is at the screen); None keeps every line, plain ones too. A filter
    that asks about the viewer (`needs_viewer`) is offered only when someone's hand is
    at the screen. Its tab's words are `log.filter.<name>`."""

    name: str
    keeps: Callable[[LogLine, int | None], bool] | None = None
    needs_viewer: bool = False

    def shows(self, line: str, viewer: int | None) -> bool:
        if self.keeps is None:
            return True
        return isinstance(line, LogLine) and self.keeps(line, viewer)


ALL = LogFilter("all")
MINE = LogFilter("mine", lambda line, viewer: viewer is not None and viewer in line.seats,
                 needs_viewer=True)


@dataclass(frozen=True)
class LogRow:
    """One row of the log: a turn's header (with the seat whose turn it is) or a line."""

    words: str
    header: bool
    icon: str = ""
    seat: int | None = None
    line: str | None = None


def log_rows(log: list[str], names: list[str], chosen: LogFilter = ALL,
             viewer: int | None = None, last: int | None = None,
             numbered: bool = True) -> list[LogRow]:
    """The rows to show, oldest first; only the `last` ones when that many are enough (the
    log is read from its end, so a long game costs no more than a short one). A turn's
    header comes before its first shown line (with every filter but the one that keeps
    all, a turn with nothing to show has no header); lines before any turn's start are
    the first turn's, or nobody's turn of the number the first of them tells
    (`LogLine.turn`: Advanced Civilization's choice of nations is turn 0), so that the
    headers say what the table says. `names` name the seats in headers. `numbered`
    False: the log does not begin with the game (a watcher who came mid-game), so a
    header the game does not number says whose turn it is, not a count that would lie."""
    started = [isinstance(line, LogLine) and line.topic == TURN for line in log]
    opens_unstarted = bool(log) and not started[0]
    turn = sum(started) + opens_unstarted
    every = chosen.keeps is None
    backwards: list[LogRow] = []
    shown_in_turn = False
    for index in range(len(log) - 1, -1, -1):
        if last is not None and len(backwards) >= last:
            return backwards[::-1]
        line = log[index]
        if started[index]:
            if every or shown_in_turn:
                told = getattr(line, "turn", None)
                backwards.append(_header(told if told is not None else turn if numbered
                                         else None, line, names))
            turn -= 1
            shown_in_turn = False
        elif chosen.shows(line, viewer):
            icon = line.icon if isinstance(line, LogLine) else ""
            backwards.append(LogRow(str(line), False, icon=icon, line=line))
            shown_in_turn = True
    if opens_unstarted and shown_in_turn:
        told = getattr(log[0], "turn", None)
        backwards.append(_header(told, "", names) if told is not None
                         else _header(1 if numbered else None, log[0], names))
    return backwards[::-1]


def _header(turn: int | None, line: str, names: list[str]) -> LogRow:
    """`turn` None: a turn whose number is not known here."""
    seat = line.seat if isinstance(line, LogLine) else None
    if seat is None or not 0 <= seat < len(names):
        words = t("log.turn_unnumbered") if turn is None else t("log.turn_number", turn=turn)
        return LogRow(words, True, seat=seat)
    if turn is None:
        return LogRow(t("log.turn_of", player=names[seat]), True, seat=seat)
    return LogRow(t("log.turn_header", turn=turn, player=names[seat]), True, seat=seat)


def taken_back(log: list[str], plies: int) -> list[str]:
    """The log without the lines of actions after the first `plies` (they were undone)."""
    return [line for line in log
            if not isinstance(line, LogLine) or line.ply is None or line.ply <= plies]


class LogPanel:
    """What the reader of a table's log chose: its filter, how many rows back it is
    scrolled, and the line tapped last (lit, with its places on the board, for
    `pointed_seconds`). `changed` is called whenever what the panel shows changes, so
    the table paints it again."""

    def __init__(self, filters: tuple[LogFilter, ...], changed: Callable[[], None],
                 pointed_seconds: float = 1.6) -> None:
        self.filters = filters
        self.changed = changed
        self.pointed_seconds = pointed_seconds
        self.chosen = filters[0].name
        self.scroll = 0
        self.pointed: LogLine | None = None
        self.pointed_time = 0.0
        self.numbered = True
        """False when the log does not begin with the game (`log_rows`)."""

    def offered(self, viewer: int | None) -> tuple[str, ...]:
        """The filters' names offered to whoever reads the log (`viewer`'s hand at the screen)."""
        return tuple(f.name for f in self.filters if viewer is not None or not f.needs_viewer)

    def chosen_filter(self) -> LogFilter:
        return next((f for f in self.filters if f.name == self.chosen), self.filters[0])

    def choose(self, name: str) -> None:
        """Shows the lines the filter `name` keeps, from the newest."""
        self.chosen = name
        self.scroll = 0
        self.changed()

    def scroll_by(self, rows: int) -> None:
        """Scrolls back (positive) or toward the newest (negative) by `rows`."""
        self.scroll = max(0, self.scroll + rows)
        self.changed()

    def to_newest(self) -> None:
        """Back to the newest rows (new lines were told)."""
        self.scroll = 0

    def point_at(self, line: LogLine) -> None:
        """Lights `line` and its places for a moment."""
        self.pointed = line
        self.pointed_time = self.pointed_seconds
        self.changed()

    def forget_pointed(self) -> None:
        """Nothing is lit any more (the line pointed at may have been taken back)."""
        self.pointed = None
        self.pointed_time = 0.0

    @property
    def places(self) -> set[str]:
        """The places lit on the board: those of the line tapped last, for a moment."""
        return set(self.pointed.places) if self.pointed is not None else set()

    def update(self, dt: float) -> None:
        if self.pointed_time > 0:
            self.pointed_time -= dt
            if self.pointed_time <= 0:
                self.pointed = None
                self.changed()

    def tap(self, hits: LogHits, pos: tuple[int, int]) -> None:
        """A tab chooses its filter; a line about places points at them. `pos` is in the
        coordinates the log was drawn in (`hits`)."""
        chosen = hits.filter_at(pos)
        if chosen is not None:
            self.choose(chosen)
            return
        line = hits.line_at(pos)
        if isinstance(line, LogLine) and line.places:
            self.point_at(line)

    def rows(self, log: list[str], names: list[str], viewer: int | None,
             room: int) -> list[LogRow]:
        """The rows through the chosen filter: only as many as `room` rows on screen and
        the scroll need."""
        return log_rows(log, names, self.chosen_filter(), viewer, last=self.scroll + room,
                        numbered=self.numbered)
