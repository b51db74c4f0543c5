"""Quick answers to the pending decisions (R6–R10, R13, R15), without search.

Used by the easy level for every decision, and by the searching levels for
decisions deep inside a lookahead where enumerating them would cost more
than it is worth. Each rule of thumb names the rule it follows.
"""

from __future__ import annotations

from typing import Any

from ..bot import Action
from .geometry import COLOR_INDEX, COLORS


def hand_count(pos: dict[str, Any], seat: int, color: str) -> int:
    hand = pos["players"][seat]["hand"]
    return 0 if hand is None else sum(1 for c in hand if c == color)


def lowest_colors(pos: dict[str, Any], seat: int) -> list[str]:
    """The seat's colours from weakest to strongest (R12: the weakest one counts)."""
    score = pos["players"][seat]["score"] or {c: 0 for c in COLORS}
    return sorted(COLORS, key=lambda c: (score[c], COLOR_INDEX[c]))


def committed_color(pending: dict[str, Any]) -> str:
    """R7.2: revolts are fought with red tiles; R8.4: wars with the war's colour."""
    return "red" if pending["conflict"] == "internal" else str(pending["color"])


def commit_count(pos: dict[str, Any], legal: list[int]) -> int:
    """R6.2: attack with everything only when it can win; defend with just enough to tie."""
    p = pos["pending"]
    if p["attacker_committed"] is None:
        have = max(legal)
        if p["attacker_strength"] + have > p["defender_strength"]:
            return have
        return min(legal)
    need = p["attacker_strength"] + p["attacker_committed"] - p["defender_strength"]
    if need <= 0:
        return min(legal)
    enough = [k for k in legal if k >= need]
    return min(enough) if enough else min(legal)


def default_decision(pos: dict[str, Any], actions: list[Action], mover: int) -> Action:
    """A reasonable answer to any pending decision, from the position dict alone."""
    p = pos["pending"]
    kind = p["kind"]
    if kind == "commit":
        k = commit_count(pos, [a["count"] for a in actions])
        return {"type": "commit", "count": k}
    if kind == "war_order":
        # R8.2: fight first where the mover is strongest, so a lost war cannot cancel a won one.
        return max(actions, key=lambda a: hand_count(pos, mover, a["color"]))
    if kind == "monument":
        return _monument(pos, actions, mover)
    if kind == "wonder_point":
        return {"type": "wonder_point", "color": lowest_colors(pos, mover)[0]}
    # building, wonder: build (the first square offered); treasure: the first allowed (R9.1).
    return actions[0]


def _monument(pos: dict[str, Any], actions: list[Action], mover: int) -> Action:
    """R10.1: build, taking the monument whose colours the mover's weakest colours need."""
    built = [a for a in actions if a["at"] is not None]
    if not built:
        return actions[-1]
    order = lowest_colors(pos, mover)
    return min(built, key=lambda a: sorted(order.index(c) for c in a["colors"]))
