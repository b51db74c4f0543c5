"""Victory points: how they are given (R1.6) and how a winner is found (R12)."""

from __future__ import annotations

from typing import Any

from .state_data import COLORS, Position


def give_vp(pos: Position, seat: int, color: int, amount: int, reason: str) -> None:
    if amount <= 0:
        return
    pos.scores[seat][color] += amount
    pos.events.append({
        "type": "vp", "seat": seat, "color": COLORS[color], "amount": amount, "reason": reason,
    })


def assign_treasures(score: list[int], treasures: int) -> list[int]:
    """R12.1: each treasure to the currently lowest colour (first such in colour order)."""
    assigned = [0, 0, 0, 0]
    totals = list(score)
    for _ in range(treasures):
        lowest = min(range(4), key=lambda c: (totals[c], c))
        totals[lowest] += 1
        assigned[lowest] += 1
    return assigned


def final_score(pos: Position, seat: int) -> dict[str, Any]:
    """R12.1: one player's colours, treasures as assigned, and the sorted score vector."""
    score = pos.scores[seat]
    assigned = assign_treasures(score, pos.treasures_taken[seat])
    totals = [score[c] + assigned[c] for c in range(4)]
    ordered = sorted(totals)
    return {
        "colors": {COLORS[c]: score[c] for c in range(4)},
        "treasures": pos.treasures_taken[seat],
        "assigned": {COLORS[c]: assigned[c] for c in range(4)},
        "totals": {COLORS[c]: totals[c] for c in range(4)},
        "sorted": ordered,
        "score": ordered[0],
    }


def final_scores(pos: Position) -> list[dict[str, Any]]:
    return [final_score(pos, seat) for seat in range(pos.players)]


def ranking(pos: Position) -> list[list[int]]:
    """R12.2: lowest colour first, then the second-lowest, and so on; equals share a place."""
    keys = {seat: tuple(final_score(pos, seat)["sorted"]) for seat in range(pos.players)}
    places: list[list[int]] = []
    for seat in sorted(keys, key=lambda s: keys[s], reverse=True):
        if places and keys[places[-1][0]] == keys[seat]:
            places[-1].append(seat)
        else:
            places.append([seat])
    return places
