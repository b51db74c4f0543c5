"""The game log: engine events told in plain words.

The wording of each event belongs to the translations (`wording.log_line`); this
module decides which events a person wants to read at the table (the end of a
turn and routine refills are left out) and names the players (by the names they
typed at set-up, else by dynasty).
Private facts (which tiles a player drew) are never told, because in
pass-and-play the log is read by every seat.
"""

from __future__ import annotations

from typing import Any

from game.i18n import t
from game.tigris.seats import Dynasties
from game.tigris.wording import log_line

Event = dict[str, Any]
QUIET = frozenset({"turn_ended", "tiles_drawn", "hand_drawn", "hand_discarded"})


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


def describe(events: list[Event], dynasties: list[str]) -> list[str]:
    """One line per thing a person would notice, in the order it happened."""
    who = names(dynasties)
    lines: list[str] = []
    for event in events:
        if event.get("type") in QUIET:
            continue
        line = log_line(event, who)
        if line:
            lines.append(line)
    return lines
