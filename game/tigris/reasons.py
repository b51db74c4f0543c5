"""Why a square cannot take the selected piece, in words a player understands.

The engine alone decides legality; this module asks it (the square's problem
for the piece, else the refusal the whole action would get) and translates the
answer by its code, so the table never guesses from the board or the English.
"""

from __future__ import annotations

from typing import Any

import engine.tigris as engine
from game.i18n import refusal_text, t


def why_not(state: engine.State, kind: str, color: str | None, square: str) -> str:
    """The sentence for a `kind` piece (tile, leader, catastrophe) refused on `square`."""
    problem = state.square_problem(kind, square, color)
    if problem is None:
        action: dict[str, Any] = {"type": kind, "to": square}
        if kind != "catastrophe":
            action["color"] = color
        problem = state.check(action)
    if problem is None:
        return t("refusal.decision.not_offered")
    return refusal_text(problem)
