"""Which of T&E's engine events sounds like what (the sounds themselves are the
shell's, `game.audio`), and the one sound that best tells an action (a war
outranks the tile that started it) for a table that does not animate it; an
animated table hears a sound with each animation instead, timed by its
choreographer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Which engine event (docs/engine-api.md) sounds like what; others stay silent.
EVENT_SOUNDS: dict[str, str] = {
    "tile_placed": "tile_place",
    "leader_placed": "leader_place",
    "building_placed": "leader_place",
    "vp": "vp_gain",
    "conflict": "conflict_start",
    "conflict_won": "war_won",
    "monument_built": "monument_built",
    "wonder_built": "monument_built",
    "treasure_taken": "treasure_taken",
    "catastrophe": "catastrophe",
    "turn_started": "turn_start",
    "leader_withdrawn": "leader_home",
    "tiles_removed": "tiles_crumble",
}
# The events that tell an action best first.
EVENT_PRIORITY = (
    "conflict_won", "monument_built", "wonder_built", "catastrophe", "conflict",
    "treasure_taken", "tile_placed", "leader_placed", "building_placed", "leader_withdrawn",
    "vp", "turn_started",
)


def sound_for_event(event: Mapping[str, Any]) -> str | None:
    """The sound an engine event makes, or None for a silent one."""
    return EVENT_SOUNDS.get(str(event.get("type")))


def telling_sound(events: list[dict[str, Any]]) -> str | None:
    """The sound of an action's most telling event, or None if none has one."""
    kinds = {e.get("type") for e in events}
    for kind in EVENT_PRIORITY:
        if kind in kinds:
            return EVENT_SOUNDS[kind]
    return None
