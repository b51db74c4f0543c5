"""The scoring screen's words (A35): each seat's place, score and the score's parts.

The parts are the engine's (`engine.civ.scoring.parts_of_view`): every part but the
hand's is public, and the hand's is what the announced score leaves, so the screen
shows no hidden card.
"""

from __future__ import annotations

from typing import Any

from engine.civ.scoring import parts_of_view
from game.civ.words import seat_words
from game.i18n import t


def result_lines(view: dict[str, Any]) -> list[str]:
    """A35.3's places, each seat's A35.2 score and its parts (a late entrant who never
    entered play has no score, hence no parts), as the final position keeps them: a view
    from no seat tells them all, whoever reads it and whenever (before the end, nothing)."""
    announced = view["phase_state"]
    ranking: list[list[int]] = announced.get("ranking", [])
    scores = {int(seat): int(n) for seat, n in announced.get("scores", {}).items()}
    parts = parts_of_view(view, scores)
    lines = []
    for place, seats in enumerate(ranking, start=1):
        for seat in seats:
            said = {"place": place, "seat": seat_words(view, seat), "points": scores.get(seat, 0)}
            lines.append(t("civ.result.scored", **said, **parts[seat]) if seat in parts
                         else t("civ.result.line", **said))
    return lines

