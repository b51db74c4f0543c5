"""A conflict's result as the engine told it, gathered from its events across actions.

A revolt or a war takes several actions: the one that starts it (a `conflict`
event with each side's strength on the board), one commitment per side
(`committed`), and the defender's, whose events say who won (`conflict_won`
with the totals) and what that did (the leaders sent home, the tiles removed,
the points scored). The result moment shows all of it at once, so this
follower keeps what each action said until the result is known. Every number
is the engine's; nothing here counts strength.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]
LEAVING_REASONS = ("revolt", "war", "no_temple")


@dataclass(frozen=True)
class Side:
    """One side of a finished conflict. `role` is "attacker" or "defender"; the board
    strength and the commitment are None when the start of the conflict was not seen
    (a LAN seat that joined in the middle of it)."""

    seat: int
    role: str | None
    board: int | None
    committed: int | None
    total: int


@dataclass(frozen=True)
class Leaving:
    seat: int
    color: str
    square: str
    reason: str


@dataclass
class ConflictResult:
    kind: str                  # "revolt" or "war"
    color: str                 # the leaders' colour
    sides: tuple[Side, Side]   # attacker and defender, or winner and loser
    winner: int
    loser: int
    leaders: list[Leaving] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)
    tiles_color: str | None = None
    points: list[tuple[int, str, int]] = field(default_factory=list)   # seat, colour, amount

    @property
    def squares_emptied(self) -> list[str]:
        """Every square a piece left because of this result."""
        return [leaving.square for leaving in self.leaders] + self.tiles


class ConflictFollower:
    """Follows the conflict events of a game, action by action."""

    def __init__(self) -> None:
        self.start: Event | None = None
        self.committed: dict[str, int] = {}

    def follow(self, events: list[Event]) -> list[ConflictResult]:
        """The conflicts these events (one action's) resolved, in order (a chain of wars
        resolved in one action gives one result per war)."""
        results: list[ConflictResult] = []
        current: ConflictResult | None = None
        for e in events:
            kind = e.get("type")
            if kind == "conflict":
                current = None
                self.start = e
                self.committed = {}
            elif kind == "committed":
                self.committed[str(e["side"])] = int(e["count"])
            elif kind == "conflict_won":
                current = self._result(e)
                results.append(current)
                self.start = None
                self.committed = {}
            elif current is not None:
                self._add_consequence(current, e)
        return results

    def _result(self, won: Event) -> ConflictResult:
        winner, loser = int(won["winner"]), int(won["loser"])
        totals = {winner: int(won["winner_total"]), loser: int(won["loser_total"])}
        start = self.start
        if start is not None and {start["attacker"], start["defender"]} == {winner, loser}:
            sides = tuple(
                Side(int(start[role]), role, int(start[f"{role}_strength"]),
                     self.committed.get(role), totals[int(start[role])])
                for role in ("attacker", "defender"))
        else:
            sides = (Side(winner, None, None, None, totals[winner]),
                     Side(loser, None, None, None, totals[loser]))
        return ConflictResult(str(won["kind"]), str(won["color"]), (sides[0], sides[1]),
                              winner, loser)

    @staticmethod
    def _add_consequence(result: ConflictResult, e: Event) -> None:
        kind = e.get("type")
        if kind == "leader_withdrawn" and e.get("reason") in LEAVING_REASONS:
            result.leaders.append(Leaving(int(e["seat"]), str(e["color"]), str(e["from"]),
                                          str(e["reason"])))
        elif kind == "tiles_removed":
            result.tiles.extend(str(s) for s in e["squares"])
            result.tiles_color = str(e["color"])
        elif kind == "vp" and e.get("reason") in ("revolt", "war"):
            result.points.append((int(e["seat"]), str(e["color"]), int(e["amount"])))
