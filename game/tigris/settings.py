"""Tigris & Euphrates' own settings, kept in the settings file under the game's id.

They stood at the top of the settings file before each game had its own; the
first time T&E's settings are asked for, they are taken from there (see
`game.settings.Settings.for_game`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.settings import Settings

# Seconds a conflict's result stays before play goes on by itself; 0: until tapped, but
# one with no person in it for OTHERS_SECONDS; KEEP_ALL: every one until tapped.
KEEP_ALL = -1.0
RESULT_SECONDS = (0.0, KEEP_ALL, 2.0, 4.0, 6.0)
OTHERS_SECONDS = 3.0
# Seconds a computer's answer to a person's commitment waits once found, so that Undo
# takes the commitment back until the other side answers (issue 21).
ANSWER_GRACE = 1.5


@dataclass
class TigrisSettings:
    kingdom_outlines: bool = True
    leader_strength: bool = True
    result_seconds: float = 0.0

    def validated(self) -> TigrisSettings:
        defaults = TigrisSettings()
        if not isinstance(self.kingdom_outlines, bool):
            self.kingdom_outlines = defaults.kingdom_outlines
        if not isinstance(self.leader_strength, bool):
            self.leader_strength = defaults.leader_strength
        if isinstance(self.result_seconds, bool) or self.result_seconds not in RESULT_SECONDS:
            self.result_seconds = defaults.result_seconds
        return self


def tigris_settings(settings: Settings) -> TigrisSettings:
    """T&E's settings within the player's settings."""
    return settings.for_game("tigris", TigrisSettings, earlier=True)
