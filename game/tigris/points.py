"""Where each player's points came from, per colour: read from the engine's events.

The engine says what scored in each `vp` event (its `reason`) and, at the end,
which colours each player's treasures went to (`final_scores`' "assigned",
R12.1); this module only adds those up by source, replaying the game's record
once, so the scoring screen explains the engine's totals without recomputing
a rule. Points a game began with (one started from a position) are the
"earlier" source.
"""

from __future__ import annotations

from typing import Any

import engine.tigris as engine
from game.session import fresh_state

# Sources in the order the scoring screen lists them.
SOURCES = ("tiles", "conflicts", "monuments", "wonder", "treasures", "earlier")
# The source of each `vp` event's reason (docs/engine-api.md).
SOURCE_OF_REASON = {
    "tile": "tiles",
    "revolt": "conflicts",
    "war": "conflicts",
    "monument": "monuments",
    "wonder": "wonder",
}

Breakdown = dict[str, dict[str, int]]   # colour -> source -> points


def _empty() -> Breakdown:
    return {color: dict.fromkeys(SOURCES, 0) for color in engine.COLORS}


def point_sources(record: dict[str, Any], start: dict[str, Any] | None = None,
                  ) -> list[Breakdown]:
    """Each seat's points per colour and source at the end of `record` (played from
    `start`, a position, when it has one). A `vp` reason this module does not know is a
    KeyError: a new way of scoring must get its source here, not be lost from the sum."""
    state = fresh_state(engine, record, start)
    breakdowns = [_empty() for _ in range(state.players)]
    for seat, player in enumerate(state.to_dict()["players"]):
        for color, points in player["score"].items():
            breakdowns[seat][color]["earlier"] += int(points)
    for action in record["actions"]:
        state = state.apply(action)
        for event in state.events:
            if event.get("type") == "vp":
                source = SOURCE_OF_REASON[event["reason"]]
                breakdowns[event["seat"]][event["color"]][source] += int(event["amount"])
    if state.is_over:
        for seat, score in enumerate(state.final_scores()):
            for color, count in score["assigned"].items():
                breakdowns[seat][color]["treasures"] += int(count)
    return breakdowns


def sources_used(breakdowns: list[Breakdown]) -> list[str]:
    """The sources anyone scored from, in screen order; tiles, conflicts, monuments and
    treasures always, so a short game's table has the same columns as any other."""
    always = {"tiles", "conflicts", "monuments", "treasures"}
    return [source for source in SOURCES if source in always or any(
        by_color[color][source] for by_color in breakdowns for color in by_color)]
