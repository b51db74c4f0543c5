"""What each seat did, compressed to one line a seat: the turn summary and the "since
your last turn" summary (issue 22), e.g. "Egypt grew 6 tokens, built 2 cities, bought
Pottery".

The table keeps a `Chronicle` of every action shown (who took it, its events); a
summary reads the public events of a stretch of it (never one private to a seat: the
screen may be shared) and counts, for each seat, what the events say that seat did or
suffered, in the order of the turn's phases (A7.1). A stretch's events are also what
the "since your last turn" replay animates (`game.civ.choreography`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.civ.tables import BARBARIAN
from game.civ.words import View, card_name, seat_words
from game.i18n import join_names, t, tn
from game.kit.handlers import Event, EventHandlers


@dataclass
class Chronicle:
    """Every action shown at the table: the seat that took it (None: nobody's, a
    computer's set-up) and its events, in order."""

    entries: list[tuple[int | None, list[dict[str, Any]]]] = field(default_factory=list)

    def add(self, seat: int | None, events: list[dict[str, Any]]) -> None:
        self.entries.append((seat, list(events)))

    def events_from(self, start: int) -> list[dict[str, Any]]:
        """The events of every action from the `start`th on."""
        return [e for _who, events in self.entries[start:] for e in events]

    def this_turn(self) -> list[dict[str, Any]]:
        """The events since the current turn's first phase began (A7.1)."""
        events = [e for _who, es in self.entries for e in es]
        start = max((i for i, e in enumerate(events)
                     if e.get("type") == "phase" and e.get("phase") == "tax"), default=0)
        return events[start:]


@dataclass
class _Deeds:
    """What the events said of each seat: counts by deed, and the cards it bought."""

    grew: Counter[int] = field(default_factory=Counter)
    counts: dict[int, Counter[str]] = field(default_factory=dict)
    bought: dict[int, list[str]] = field(default_factory=dict)
    struck: dict[int, list[str]] = field(default_factory=dict)
    ast: dict[int, int] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)

    def seat(self, who: Any) -> int | None:
        if who is None or who == BARBARIAN or isinstance(who, bool):
            return None
        seat = int(who)
        if seat not in self.order:
            self.order.append(seat)
        return seat

    def count(self, who: Any, deed: str, n: int = 1) -> None:
        seat = self.seat(who)
        if seat is not None and n > 0:
            self.counts.setdefault(seat, Counter())[deed] += n


def _counted(deed: str, seat_key: str = "seat", by: str | None = None) -> Callable[
        [Event, _Deeds], None]:
    def handler(e: Event, deeds: _Deeds) -> None:
        deeds.count(e.get(seat_key), deed, int(e[by]) if by else 1)
    return handler


def _grown(e: Event, deeds: _Deeds) -> None:
    deeds.count(e["seat"], "grew", sum(int(n) for n in e["areas"].values()))


def _bought(e: Event, deeds: _Deeds) -> None:
    seat = deeds.seat(e["seat"])
    if seat is not None:
        deeds.bought.setdefault(seat, []).extend(e["cards"])


def _calamity(e: Event, deeds: _Deeds) -> None:
    seat = deeds.seat(e["victim"])
    if seat is not None:
        deeds.struck.setdefault(seat, []).append(str(e["card"]))


def _ast(e: Event, deeds: _Deeds) -> None:
    seat = deeds.seat(e["seat"])
    if seat is not None:
        deeds.ast[seat] = int(e["to"])


def _city_changed_hands(e: Event, deeds: _Deeds) -> None:
    deeds.count(e["to"], "took_city")
    deeds.count(e["from"], "lost_city")


def _traded(e: Event, deeds: _Deeds) -> None:
    deeds.count(e["a"], "traded")
    deeds.count(e["b"], "traded")


DEEDS: EventHandlers[_Deeds] = EventHandlers({
    "grown": _grown,
    "moved": _counted("moved", by="count"),
    "unloaded": _counted("moved", by="count"),
    "ship_built": _counted("ships"),
    "city_built": _counted("cities"),
    "city_changed_hands": _city_changed_hands,
    "city_destroyed": _counted("lost_city", "owner"),
    "city_reduced": _counted("lost_city", "owner"),
    "tokens_removed": _counted("lost_tokens", "owner", by="count"),
    "traded": _traded,
    "pillaged": _counted("pillaged"),
    "calamity": _calamity,
    "civ_cards_bought": _bought,
    "ast_moved": _ast,
})

# The deeds in the order of the turn's phases (A7.1), each a counted phrase.
ORDER = ("grew", "ships", "moved", "lost_tokens", "pillaged", "cities", "took_city",
         "lost_city", "traded")


def lines(events: Iterable[dict[str, Any]], view: View, leave_out: int | None = None) -> list[str]:
    """One line per seat the public `events` say something of, in the order they first
    did (`leave_out`: a seat not told, the reader's own)."""
    deeds = DEEDS.run([e for e in events if "private_to" not in e], _Deeds())
    said = []
    for seat in deeds.order:
        if seat == leave_out:
            continue
        counts = deeds.counts.get(seat, Counter())
        parts = [tn(f"civ.summary.{deed}", counts[deed]) for deed in ORDER if counts[deed]]
        if deeds.struck.get(seat):
            parts.append(t("civ.summary.struck",
                           calamities=join_names([card_name(c) for c in deeds.struck[seat]])))
        if deeds.bought.get(seat):
            parts.append(t("civ.summary.bought",
                           cards=join_names([card_name(c) for c in deeds.bought[seat]])))
        if seat in deeds.ast:
            parts.append(t("civ.summary.ast", space=deeds.ast[seat]))
        if parts:
            said.append(t("civ.summary.line", seat=seat_words(view, seat),
                          deeds=", ".join(parts)))
    return said
