"""The game log: engine events told in plain words.

The wording of each event belongs to the translations (`wording.log_line`); this
module decides which events a person wants to read at the table (the end of a
turn and routine refills are left out) and names the players (by the names they
typed at set-up, else by dynasty).
Private facts (which tiles a player drew) are never told, because in
pass-and-play the log is read by every seat.

Each line is a `LogLine`: its words, and what the log's reader may ask of it
(its icon, whose it is, what it is about, the squares it happened on, the action
that caused it), so the log can group, filter, point at the board and forget
what was taken back without reading the words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.i18n import t
from game.tigris.seats import Dynasties
from game.tigris.wording import log_line

Event = dict[str, Any]
QUIET = frozenset({"turn_ended", "tiles_drawn", "hand_drawn", "hand_discarded"})
SEAT_KEYS = ("seat", "attacker", "defender", "winner", "loser")
CONFLICT_EVENTS = frozenset({"conflict", "committed", "conflict_won", "tiles_removed",
                             "war_chosen", "unification", "unification_returned"})
POINT_EVENTS = frozenset({"vp", "treasure_taken"})


class LogLine(str):
    """A log sentence that knows its event.

    `topic` is "turn" (a turn starts: `seat` is whose), "conflict", "points" or
    "move"; `icon` names a picture ("tile:red", "leader:bull:red", "vp:blue",
    "conflict", "monument", "treasure", "catastrophe", "building:green", "wonder",
    "bag", or "" for none); `seats` are the players it concerns; `squares` where
    it happened; `ply` the number of the action that caused it (None: not known).
    """

    icon: str
    seat: int | None
    seats: frozenset[int]
    topic: str
    squares: tuple[str, ...]
    ply: int | None

    def __new__(cls, words: str, *, icon: str = "", seat: int | None = None,
                seats: Iterable[int] = (), topic: str = "move",
                squares: Iterable[str] = (), ply: int | None = None) -> LogLine:
        line = super().__new__(cls, words)
        line.icon = icon
        line.seat = seat
        line.seats = frozenset(seats)
        line.topic = topic
        line.squares = tuple(squares)
        line.ply = ply
        return line


def player(seat: int, dynasties: list[str]) -> str:
    """A seat's name: the one its player typed at set-up (`Dynasties`), else its dynasty."""
    if isinstance(dynasties, Dynasties):
        return dynasties.name(seat)
    return t(f"dynasty.{dynasties[seat]}")


def names(dynasties: list[str]) -> list[str]:
    return [player(seat, dynasties) for seat in range(len(dynasties))]


def color(name: str) -> str:
    return t(f"color.{name}")


def leader(name: str) -> str:
    return t(f"leader.{name}")


def describe(events: list[Event], dynasties: list[str], ply: int | None = None) -> list[LogLine]:
    """One line per thing a person would notice, in the order it happened; `ply` is the
    number of the action whose events these are."""
    who = names(dynasties)
    action_squares = tuple(dict.fromkeys(s for e in events for s in _squares(e)))
    conflict_seats: tuple[int, ...] = ()
    lines: list[LogLine] = []
    for event in events:
        kind = event.get("type")
        if kind == "conflict":
            conflict_seats = (event["attacker"], event["defender"])
        if kind in QUIET:
            continue
        words = log_line(event, who)
        if not words:
            continue
        seats = [event[k] for k in SEAT_KEYS if isinstance(event.get(k), int)]
        lines.append(LogLine(
            words, icon=_icon(event, dynasties), seat=event.get("seat"),
            seats=seats or (conflict_seats if kind in CONFLICT_EVENTS else ()),
            topic=_topic(str(kind)), squares=_squares(event) or action_squares, ply=ply))
    return lines


def taken_back(log: list[str], plies: int) -> list[str]:
    """The log without the lines of actions after the first `plies` (they were undone)."""
    return [line for line in log
            if not isinstance(line, LogLine) or line.ply is None or line.ply <= plies]


def _topic(kind: str) -> str:
    if kind == "turn_started":
        return "turn"
    if kind in CONFLICT_EVENTS:
        return "conflict"
    if kind in POINT_EVENTS:
        return "points"
    return "move"


def _squares(event: Event) -> tuple[str, ...]:
    found = [event.get("at"), event.get("from"), *event.get("squares", ())]
    return tuple(s for s in found if isinstance(s, str))


def _icon(event: Event, dynasties: list[str]) -> str:
    kind = event.get("type")
    color_name = event.get("color")
    if kind in ("tile_placed", "tiles_removed", "committed"):
        return f"tile:{color_name or 'red'}"
    if kind in ("leader_placed", "leader_withdrawn"):
        return f"leader:{dynasties[event['seat']]}:{color_name}"
    if kind == "conflict_won":
        return f"leader:{dynasties[event['winner']]}:{color_name}"
    if kind == "vp":
        return f"vp:{color_name}"
    if kind in ("building_placed", "building_returned"):
        return f"building:{color_name}"
    icons = {"conflict": "conflict", "war_chosen": "conflict", "unification": "conflict",
             "unification_returned": "conflict", "monument_built": "monument",
             "treasure_taken": "treasure", "catastrophe": "catastrophe",
             "wonder_built": "wonder", "tiles_discarded": "bag"}
    return icons.get(str(kind), "")
