"""Why a square cannot take the selected piece, in words a player understands.

The engine alone decides legality; this module asks it (the square's problem
for the piece, else the refusal the whole action would get) and translates the
answer by its code, so the table never guesses from the board or the English.
"""

from __future__ import annotations

from typing import Any

import engine.tigris as engine
from engine import Refusal
from game.i18n import refusal_text, t

# T&E's own codes that a player need not tell apart, by the sentence they share with
# the codes every engine has (game.i18n.REFUSAL_KEYS).
REFUSAL_KEYS: dict[str, str] = {
    **dict.fromkeys(("action/bad_color", "action/bad_square", "action/bad_count"),
                    "refusal.action"),
    "notation/square_needed": "refusal.notation",
    "position/not_a_piece": "refusal.position.damaged",
}


def refusal_sentence(refusal: Refusal) -> str:
    """Why T&E's engine said no, in the current language."""
    return refusal_text(refusal, REFUSAL_KEYS)


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
    return refusal_sentence(problem)
