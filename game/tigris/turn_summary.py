"""A computer's turn told again in one line at its end (issue 21: with four players the
computers' turns scroll past faster than a person reads them): what it placed, swapped,
won and scored, counted from the turn's events as the log shows them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.i18n import t, tn
from game.tigris.narrate import LogLine, player

Event = Mapping[str, Any]

# What the summary counts, in the order it tells them: the event type, and the key of
# the seat it counts for.
COUNTED = (("tile_placed", "seat", "tiles"), ("leader_placed", "seat", "leaders"),
           ("leader_withdrawn", "seat", "leaders"), ("catastrophe", "seat", "catastrophes"),
           ("monument_built", "seat", "monuments"), ("conflict_won", "winner", "won"),
           ("treasure_taken", "seat", "treasures"))


class TurnSummaries:
    """Follows the events shown at the table; at the end of a turn of a seat
    `summarised` picks, gives the line that sums it up."""

    def __init__(self, dynasties: list[str], summarised: Callable[[int], bool]) -> None:
        self.dynasties = dynasties
        self.summarised = summarised
        self.events: list[Event] = []

    def told(self, events: Sequence[Event], lines: list[LogLine],
             ply: int | None) -> list[LogLine]:
        """The log's `lines` for `events`, with the summary of a turn they end placed
        before the next turn's first line."""
        told = list(lines)
        for event in events:
            if event.get("type") == "turn_started":
                self.events = []
            self.events.append(event)
            if event.get("type") == "turn_ended" and self.summarised(int(event["seat"])):
                line = summary(self.events, int(event["seat"]), self.dynasties, ply)
                at = next((i for i, old in enumerate(told) if old.topic == "turn"), len(told))
                told.insert(at, line)
        return told


def summary(events: Sequence[Event], seat: int, dynasties: list[str],
            ply: int | None = None) -> LogLine:
    """The turn's line: "Lion: 2 tiles, 1 conflict won, +2 points" (the points the log's
    own lines tell, added up)."""
    counts: Counter[str] = Counter()
    points = 0
    swapped = False
    for event in events:
        kind = event.get("type")
        for counted, key, name in COUNTED:
            if kind == counted and event.get(key) == seat:
                counts[name] += 1
        if kind == "tiles_discarded" and event.get("seat") == seat:
            swapped = True
        if kind == "vp" and event.get("seat") == seat:
            points += int(event.get("amount", 0))
    parts = [tn(f"log.summary.{name}", counts[name])
             for name in ("tiles", "leaders", "catastrophes", "monuments", "won", "treasures")
             if counts[name]]
    if swapped:
        parts.append(t("log.summary.swapped"))
    if points:
        parts.append(tn("log.summary.points", points))
    words = ", ".join(parts) if parts else t("log.summary.passed")
    return LogLine(t("log.summary", player=player(seat, dynasties), parts=words),
                   seat=seat, seats=(seat,), topic="move", ply=ply)
