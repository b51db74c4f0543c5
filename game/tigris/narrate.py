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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.i18n import t
from game.kit import log as kit_log
from game.kit.handlers import EventHandlers, Handler
from game.tigris.seats import Dynasties
from game.tigris.wording import log_line

Event = Mapping[str, Any]
QUIET = frozenset({"turn_ended", "tiles_drawn", "hand_drawn", "hand_discarded"})
SEAT_KEYS = ("seat", "attacker", "defender", "winner", "loser")


class LogLine(kit_log.LogLine):
    """A T&E log line (`game.kit.log.LogLine`): its topic is "turn" (a turn starts: `seat`
    is whose), "conflict", "points" or "move"; its icon names a picture ("tile:red",
    "leader:bull:red", "vp:blue", "conflict", "monument", "treasure", "catastrophe",
    "building:green", "wonder", "bag", or "" for none); its places are squares."""

    @property
    def squares(self) -> tuple[str, ...]:
        return self.places


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


@dataclass
class _Telling:
    """The lines told so far of one action's events, and what its events tell the later
    ones: who fights in the conflict the events are about; `squares` are the whole
    action's (a line about no square of its own points at them)."""

    dynasties: list[str]
    who: list[str]
    squares: tuple[str, ...]
    ply: int | None
    lines: list[LogLine] = field(default_factory=list)
    conflict_seats: tuple[int, ...] = ()


def describe(events: Sequence[Event], dynasties: list[str],
             ply: int | None = None) -> list[LogLine]:
    """One line per thing a person would notice, in the order it happened; `ply` is the
    number of the action whose events these are."""
    squares = tuple(dict.fromkeys(s for e in events for s in _squares(e)))
    telling = _Telling(dynasties, names(dynasties), squares, ply)
    return TELLERS.run(events, telling).lines


def _squares(event: Event) -> tuple[str, ...]:
    found = [event.get("at"), event.get("from"), *event.get("squares", ())]
    return tuple(s for s in found if isinstance(s, str))


Icon = Callable[[Event, list[str]], str]


def _teller(topic: str, icon: Icon | str = "") -> Handler[_Telling]:
    """The handler telling an event of one type: its words (none for what the log leaves
    out), its topic and its picture."""

    def tell(event: Event, telling: _Telling) -> None:
        words = log_line(event, telling.who)
        if not words:
            return
        seats = [event[k] for k in SEAT_KEYS if isinstance(event.get(k), int)]
        telling.lines.append(LogLine(
            words, icon=icon if isinstance(icon, str) else icon(event, telling.dynasties),
            seat=event.get("seat"),
            seats=seats or (telling.conflict_seats if topic == "conflict" else ()),
            topic=topic, places=_squares(event) or telling.squares, ply=telling.ply))

    return tell


def _conflict(event: Event, telling: _Telling) -> None:
    telling.conflict_seats = (event["attacker"], event["defender"])
    _tell_conflict(event, telling)


def _tile(event: Event, _dynasties: list[str]) -> str:
    return f"tile:{event.get('color') or 'red'}"


def _leader(event: Event, dynasties: list[str]) -> str:
    return f"leader:{dynasties[event['seat']]}:{event.get('color')}"


def _winner(event: Event, dynasties: list[str]) -> str:
    return f"leader:{dynasties[event['winner']]}:{event.get('color')}"


def _colored(kind: str) -> Icon:
    return lambda event, _dynasties: f"{kind}:{event.get('color')}"


_tell_conflict = _teller("conflict", "conflict")

# Each event type's teller; a type with none of its own is a move without a picture,
# and the quiet ones (a turn's end, routine refills) are not told.
TELLERS: EventHandlers[_Telling] = EventHandlers({
    "turn_started": _teller("turn"),
    "tile_placed": _teller("move", _tile),
    "leader_placed": _teller("move", _leader),
    "leader_withdrawn": _teller("move", _leader),
    "building_placed": _teller("move", _colored("building")),
    "building_returned": _teller("move", _colored("building")),
    "monument_built": _teller("move", "monument"),
    "catastrophe": _teller("move", "catastrophe"),
    "wonder_built": _teller("move", "wonder"),
    "tiles_discarded": _teller("move", "bag"),
    "conflict": _conflict,
    "committed": _teller("conflict", _tile),
    "conflict_won": _teller("conflict", _winner),
    "tiles_removed": _teller("conflict", _tile),
    "war_chosen": _tell_conflict,
    "unification": _tell_conflict,
    "unification_returned": _tell_conflict,
    "vp": _teller("points", _colored("vp")),
    "treasure_taken": _teller("points", "treasure"),
    **{kind: lambda _event, _telling: None for kind in QUIET},
}, default=_teller("move"))
