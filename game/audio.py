"""Short, quiet sound effects synthesised in code: clay clicks, wooden taps, bell
chimes, a frame drum and a plucked lyre (the Lyre of Ur), no sound files needed.

The shell makes the generic sounds any game's table uses (a tap, an error, a turn's
chime, a fanfare) and lends its instruments (tones, bells, noise, plucked strings) to
each game, which registers its own sounds by name (`GameClient.sounds`, T&E's in
game.tigris.sounds). The Audio object owns the mixer use of the client; scenes call
play(name). Without a sound
device the game stays silent and logs one warning. `python -m game.audio DIR`
writes every sound as a WAV file for listening.
This module must not decide when things happen, only how they sound.
"""

from __future__ import annotations

import functools
import io
import logging
import math
import random
import sys
import time
import wave
from array import array
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

RATE = 22050
Samples = list[float]

_warned = False


def silence(seconds: float) -> Samples:
    return [0.0] * max(1, int(seconds * RATE))


def mix(into: Samples, sound: Samples, at: float = 0.0, gain: float = 1.0) -> None:
    """Add `sound` into `into` starting at `at` seconds, growing it if needed."""
    start = int(at * RATE)
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain


def fade_tail(samples: Samples, seconds: float = 0.01) -> Samples:
    """Fade the last moments linearly: a sound cut off while still ringing clicks."""
    n = min(len(samples), max(1, int(seconds * RATE)))
    for i in range(n):
        samples[-1 - i] *= i / n
    return samples


def tone(freq: float, seconds: float, decay: float, attack: float = 0.002,
          sweep_to: float | None = None, sweep_time: float = 0.05) -> Samples:
    """A sine with a fast attack and exponential decay, optionally gliding in pitch
    (a drum skin drops in pitch right after the hit)."""
    out: Samples = []
    phase = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        f = freq
        if sweep_to is not None:
            k = min(1.0, t / sweep_time)
            f = freq + (sweep_to - freq) * k
        phase += 2 * math.pi * f / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(math.sin(phase) * env)
    return fade_tail(out)


def bell(freq: float, seconds: float, decay: float) -> Samples:
    """A small bell: inharmonic partials that fade faster the higher they are."""
    out = silence(seconds)
    for ratio, amp, dec in ((1.0, 1.0, 1.0), (2.0, 0.4, 0.6), (2.76, 0.28, 0.4),
                            (5.4, 0.1, 0.15)):
        mix(out, tone(freq * ratio, seconds, decay * dec), 0.0, amp)
    return out


def noise(seconds: float, decay: float, smooth: float, seed: int,
           attack: float = 0.0005) -> Samples:
    """Decaying noise through a one-pole low-pass; `smooth` near 0 is a dull rumble,
    near 1 a bright hiss."""
    rng = random.Random(seed)
    out: Samples = []
    y = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        y += smooth * (rng.uniform(-1.0, 1.0) - y)
        out.append(y * min(1.0, t / attack) * math.exp(-t / decay))
    return fade_tail(out)


def pluck(freq: float, seconds: float, seed: int, brightness: float = 0.5) -> Samples:
    """Karplus–Strong plucked string: a burst of noise in a delay line that softens
    each round trip. It sounds like a lyre for the price of a few additions."""
    rng = random.Random(seed)
    period = max(2, int(RATE / freq))
    line = [rng.uniform(-1.0, 1.0) for _ in range(period)]
    prev = 0.0
    for i in range(period):
        prev += brightness * (line[i] - prev)
        line[i] = prev
    out: Samples = []
    for i in range(int(seconds * RATE)):
        j = i % period
        v = line[j]
        line[j] = 0.996 * 0.5 * (v + line[(j + 1) % period])
        out.append(v)
    return fade_tail(out, 0.12)


def normalise(samples: Samples, peak: float) -> Samples:
    top = max((abs(v) for v in samples), default=0.0)
    if top == 0.0:
        return samples
    return fade_tail([v * peak / top for v in samples], 0.004)


def tap() -> Samples:
    """A light tap of a button."""
    out = tone(1800, 0.04, 0.006, 0.0005)
    mix(out, noise(0.01, 0.002, 0.5, 5), 0.0, 0.4)
    return normalise(out, 0.22)


def error() -> Samples:
    """Two low buzzes: that cannot be done."""
    out = silence(0.3)
    for at in (0.0, 0.14):
        pulse: Samples = []
        for i in range(int(0.1 * RATE)):
            t = i / RATE
            env = min(1.0, t / 0.01, (0.1 - t) / 0.015)
            v = sum(math.sin(2 * math.pi * 150 * n * t) / n for n in (1, 3, 5))
            pulse.append(v * max(0.0, env))
        mix(out, pulse, at)
    return normalise(out, 0.2)


def chime() -> Samples:
    """Two plucked strings, a fifth apart: someone's turn begins."""
    out = silence(0.6)
    mix(out, pluck(293.7, 0.5, 20), 0.0, 0.8)
    mix(out, pluck(440.0, 0.48, 21), 0.12, 1.0)
    return normalise(out, 0.4)


def fanfare() -> Samples:
    """A rising lyre arpeggio: a victory, or the end of the game."""
    out = silence(1.0)
    for i, f in enumerate((196.0, 246.9, 293.7, 392.0)):
        mix(out, pluck(f, 0.9 - i * 0.09, 10 + i), i * 0.09, 1.0 if i == 3 else 0.8)
    return normalise(out, 0.55)


Synth = Callable[[], Samples]

# The shell's own sounds, for what happens in any game.
SOUND_NAMES: tuple[str, ...] = ("tap", "error", "chime", "fanfare")
# Every sound known, by name: the shell's, then those each game registers.
_SYNTHS: dict[str, Synth] = {"tap": tap, "error": error, "chime": chime, "fanfare": fanfare}


def register(sounds: Mapping[str, Synth]) -> None:
    """Make a game's own sounds (`GameClient.sounds`) playable by name. A name keeps the
    one synth it was first given: two games giving it different ones is a mistake."""
    for name, synth in sounds.items():
        if _SYNTHS.setdefault(name, synth) is not synth:
            raise ValueError(f"sound {name!r} is already another sound")


def sound_names() -> tuple[str, ...]:
    """Every sound known: the shell's and every registered game's."""
    return tuple(_SYNTHS)


def synthesize(name: str) -> Samples:
    """The samples (-1..1, mono, RATE Hz) of one sound."""
    try:
        return _SYNTHS[name]()
    except KeyError:
        raise ValueError(f"unknown sound {name!r}; known: {', '.join(_SYNTHS)}") from None


def wav_bytes(samples: Samples) -> bytes:
    """A 16-bit mono WAV file in memory: SDL converts it to whatever format the mixer
    was opened with, so the synthesis never depends on the device."""
    pcm = array("h", (max(-32767, min(32767, round(v * 32767))) for v in samples))
    if sys.byteorder == "big":
        pcm.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


@functools.cache
def _wav_of(name: str) -> bytes:
    """Each sound is synthesised once per process, however many Audio objects exist."""
    return wav_bytes(synthesize(name))


def synthesize_all() -> None:
    """Makes every registered sound's samples without touching pygame, so the slow
    part of loading needs no mixer and can run while the window closes."""
    for name in sound_names():
        _wav_of(name)


def _warn_once(message: str, *args: object) -> None:
    global _warned
    if not _warned:
        _warned = True
        log.warning(message, *args)


class Audio:
    """Plays the game's sounds at a volume, or nothing when muted or deviceless.

    Construct it after pygame.init(); it opens the mixer itself if nobody has. A
    sound asked for again within `min_gap` seconds is skipped, so a burst of events
    in one frame does not stack into a loud smear.
    """

    def __init__(self, volume: float = 0.8, muted: bool = False, min_gap: float = 0.03) -> None:
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._min_gap = min_gap
        self._last: dict[str, float] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.heard: deque[str] = deque(maxlen=64)   # the sounds started, the latest last
        self._available = self._open()

    def _open(self) -> bool:
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init()
            # a conflict can start a drum, a chime and a click in one frame
            pygame.mixer.set_num_channels(max(16, pygame.mixer.get_num_channels()))
            for name in sound_names():
                self._load(name)
        except (pygame.error, OSError) as exc:
            self._sounds.clear()
            _warn_once("no audio device (%s): the game continues without sound", exc)
            return False
        return True

    def _load(self, name: str) -> pygame.mixer.Sound:
        sound = self._sounds[name] = pygame.mixer.Sound(file=io.BytesIO(_wav_of(name)))
        return sound

    @property
    def available(self) -> bool:
        """Whether sounds can be heard at all on this machine."""
        return self._available

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self._available:
            pygame.mixer.stop()

    def play(self, name: str) -> bool:
        """Play a sound known by name (`sound_names`); True if it was started. Unknown
        names raise ValueError (a typo in a scene should fail its tests, not go quiet)."""
        if name not in _SYNTHS:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(_SYNTHS)}")
        if not self._available or self._muted or self._volume <= 0.0:
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1.0) < self._min_gap:
            return False
        self._last[name] = now
        # a game registered after the mixer opened has its sounds made on first use
        sound = self._sounds.get(name) or self._load(name)
        sound.set_volume(self._volume)
        if sound.play() is None:
            return False
        self.heard.append(name)
        return True


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, float(value)))


def export(directory: Path) -> list[Path]:
    """Write every sound known as DIR/<name>.wav, for listening and measuring."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in sound_names():
        path = directory / f"{name}.wav"
        path.write_bytes(wav_bytes(synthesize(name)))
        paths.append(path)
    return paths


if __name__ == "__main__":
    from game import games

    games.games()   # each game registers its sounds as it loads
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("sounds")
    for p in export(target):
        print(p)
