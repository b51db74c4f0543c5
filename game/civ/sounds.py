"""Advanced Civilization's sounds, made with the shell's instruments (`game.audio`) and
registered by name through its client (`CivClient.sounds`); the choreographer
(`game.civ.choreography`) times each with the animation of the event it tells.

Names start with "civ_": the shell keeps one synth per name across games.
"""

from __future__ import annotations

from game import audio


def _grow() -> audio.Samples:
    """Seeds falling into soil: three soft, rising clicks."""
    out = audio.silence(0.3)
    for i, f in enumerate((330.0, 392.0, 494.0)):
        audio.mix(out, audio.tone(f, 0.08, 0.02), i * 0.06, 0.7)
    audio.mix(out, audio.noise(0.05, 0.01, 0.6, 31), 0.0, 0.25)
    return audio.normalise(out, 0.35)


def _march() -> audio.Samples:
    """Wooden tokens slid across the board: a dry shuffle ending in a knock."""
    out = audio.noise(0.18, 0.08, 0.7, 32, attack=0.03)
    audio.mix(out, audio.tone(240, 0.08, 0.02), 0.15, 0.6)
    return audio.normalise(out, 0.4)


def _fight() -> audio.Samples:
    """A frame drum struck twice, then a clash of bronze."""
    out = audio.silence(0.6)
    for at in (0.0, 0.14):
        audio.mix(out, audio.tone(110, 0.3, 0.09, 0.001, sweep_to=60, sweep_time=0.06), at)
    audio.mix(out, audio.noise(0.25, 0.07, 0.15, 33), 0.28, 0.6)
    audio.mix(out, audio.bell(1850, 0.3, 0.08), 0.28, 0.3)
    return audio.normalise(out, 0.6)


def _city_rises() -> audio.Samples:
    """Stone set on stone, then a bright bell: a city stands."""
    out = audio.tone(90, 0.4, 0.1, 0.004)
    audio.mix(out, audio.noise(0.06, 0.015, 0.4, 34), 0.0, 0.4)
    audio.mix(out, audio.bell(784.0, 0.6, 0.25), 0.08, 0.5)
    return audio.normalise(out, 0.5)


def _city_falls() -> audio.Samples:
    """Walls falling: a long rumble with stones breaking in it."""
    out = audio.noise(0.7, 0.25, 0.05, 35, attack=0.01)
    for i, at in enumerate((0.05, 0.16, 0.3)):
        audio.mix(out, audio.noise(0.07, 0.015, 0.6, 36 + i), at, 0.6)
    audio.mix(out, audio.tone(60, 0.6, 0.25, 0.01), 0.0, 0.5)
    return audio.normalise(out, 0.55)


def _calamity() -> audio.Samples:
    """A low gong and a falling tone: disaster strikes."""
    out = audio.bell(98.0, 1.3, 0.6)
    audio.mix(out, audio.tone(300, 0.9, 0.4, 0.01, sweep_to=120, sweep_time=0.8), 0.05, 0.5)
    return audio.normalise(out, 0.55)


def _card() -> audio.Samples:
    """A card slid across the table: a short brush of paper."""
    return audio.normalise(audio.noise(0.12, 0.04, 0.3, 39, attack=0.02), 0.3)


def _ast() -> audio.Samples:
    """A marker stepped up the A.S.T.: a plucked fifth rising."""
    out = audio.silence(0.5)
    audio.mix(out, audio.pluck(392.0, 0.4, 40), 0.0, 0.8)
    audio.mix(out, audio.pluck(587.3, 0.4, 41), 0.1, 1.0)
    return audio.normalise(out, 0.4)


SOUNDS: dict[str, audio.Synth] = {
    "civ_grow": _grow,
    "civ_march": _march,
    "civ_fight": _fight,
    "civ_city_rises": _city_rises,
    "civ_city_falls": _city_falls,
    "civ_calamity": _calamity,
    "civ_card": _card,
    "civ_ast": _ast,
}
