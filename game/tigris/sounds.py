"""T&E's sounds, made with the shell's instruments (`game.audio`) and registered by
name through its client (`TigrisClient.sounds`); which of its engine events sounds
like what, and the one sound that best tells an action (a war outranks the tile that
started it) for a table that does not animate it; an animated table hears a sound
with each animation instead, timed by its choreographer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game import audio


def _tile_place() -> audio.Samples:
    out = audio.noise(0.09, 0.006, 0.35, 1)
    audio.mix(out, audio.tone(190, 0.09, 0.022), 0.0, 0.9)
    audio.mix(out, audio.tone(430, 0.05, 0.010), 0.0, 0.4)
    return audio.normalise(out, 0.55)


def _leader_place() -> audio.Samples:
    out = audio.tone(520, 0.14, 0.035)
    audio.mix(out, audio.tone(1370, 0.06, 0.012), 0.0, 0.45)
    audio.mix(out, audio.noise(0.01, 0.002, 0.6, 2), 0.0, 0.3)
    return audio.normalise(out, 0.5)


def _vp_gain() -> audio.Samples:
    return audio.normalise(audio.bell(1046.5, 0.7, 0.28), 0.32)


def _conflict_start() -> audio.Samples:
    out = audio.silence(0.75)
    for at, gain in ((0.0, 1.0), (0.2, 0.75)):
        hit = audio.tone(120, 0.5, 0.16, 0.001, sweep_to=58, sweep_time=0.08)
        audio.mix(hit, audio.noise(0.05, 0.012, 0.25, 3), 0.0, 0.35)
        audio.mix(out, hit, at, gain)
    return audio.normalise(out, 0.7)


def _monument_built() -> audio.Samples:
    out = audio.tone(70, 1.4, 0.25, 0.004)
    audio.mix(out, audio.noise(0.2, 0.05, 0.1, 4), 0.0, 0.5)
    for i, f in enumerate((523.3, 659.3, 784.0)):
        audio.mix(out, audio.bell(f, 1.2, 0.45), 0.08 + i * 0.05, 0.35)
    return audio.normalise(out, 0.5)


def _treasure_taken() -> audio.Samples:
    out = audio.silence(0.6)
    for i, f in enumerate((1318.5, 1568.0, 2093.0)):
        audio.mix(out, audio.bell(f, 0.45, 0.14), i * 0.06, 1.0)
    return audio.normalise(out, 0.3)


def _catastrophe() -> audio.Samples:
    out = audio.noise(0.85, 0.3, 0.04, 6, attack=0.02)
    audio.mix(out, audio.noise(0.08, 0.015, 0.7, 7), 0.0, 0.5)
    audio.mix(out, audio.tone(55, 0.8, 0.3, 0.01), 0.0, 0.6)
    return audio.normalise(out, 0.6)


def _leader_home() -> audio.Samples:
    """A wooden piece set back in its box: two soft knocks, the second lower."""
    out = audio.silence(0.3)
    for at, freq, gain in ((0.0, 640.0, 0.8), (0.11, 430.0, 1.0)):
        knock = audio.tone(freq, 0.12, 0.025)
        audio.mix(knock, audio.noise(0.015, 0.003, 0.5, 8), 0.0, 0.35)
        audio.mix(out, knock, at, gain)
    return audio.normalise(out, 0.45)


def _tiles_crumble() -> audio.Samples:
    """Fired clay breaking: a dry crack, then grit trickling away."""
    out = audio.noise(0.05, 0.008, 0.8, 9)
    for i, at in enumerate((0.04, 0.09, 0.15, 0.22, 0.3)):
        audio.mix(out, audio.noise(0.06, 0.012, 0.55, 10 + i), at, 0.7 - 0.1 * i)
    audio.mix(out, audio.tone(150, 0.25, 0.06, 0.002), 0.0, 0.3)
    return audio.normalise(out, 0.5)


# T&E's sounds by name: its pieces' own, and the shell's generic ones under the names
# T&E's events and scenes have always used.
SOUNDS: dict[str, audio.Synth] = {
    "tile_place": _tile_place,
    "leader_place": _leader_place,
    "vp_gain": _vp_gain,
    "conflict_start": _conflict_start,
    "war_won": audio.fanfare,
    "monument_built": _monument_built,
    "treasure_taken": _treasure_taken,
    "button_tap": audio.tap,
    "error": audio.error,
    "turn_start": audio.chime,
    "catastrophe": _catastrophe,
    "leader_home": _leader_home,
    "tiles_crumble": _tiles_crumble,
}

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
