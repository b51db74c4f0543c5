"""Sound effects: synthesis stays short, quiet and click-free; playback works on SDL's
dummy audio driver and degrades to silence, with one warning, without a device."""

from __future__ import annotations

import io
import logging
import os
import re
import wave

import pygame
import pytest
from support.imports import ROOT

from game import audio, games
from game.sound import UI_SOUNDS
from game.tigris import sounds


@pytest.fixture(autouse=True)
def tigris_sounds() -> None:
    """T&E's sounds are known once its client is loaded, as in the game."""
    games.load("tigris")


@pytest.mark.parametrize("name", sorted({*audio.SOUND_NAMES, *sounds.SOUNDS}))
def test_each_sound_is_short_quiet_and_ends_softly(name: str) -> None:
    samples = audio.synthesize(name)
    seconds = len(samples) / audio.RATE
    assert 0.02 <= seconds <= 1.5
    peak = max(abs(v) for v in samples)
    assert 0.1 <= peak <= 0.75, "subtle, never clipping"
    assert abs(samples[-1]) < 0.01, "no click at the end"
    assert samples == audio.synthesize(name), "deterministic"


def test_wav_bytes_is_a_valid_mono_16_bit_file() -> None:
    data = audio.wav_bytes(audio.synthesize("tile_place"))
    with wave.open(io.BytesIO(data)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, audio.RATE)
        assert w.getnframes() == len(audio.synthesize("tile_place"))


def test_unknown_sound_is_an_error() -> None:
    with pytest.raises(ValueError):
        audio.synthesize("trumpet")


def test_engine_events_map_to_known_sounds() -> None:
    assert set(sounds.EVENT_SOUNDS.values()) <= set(audio.sound_names())
    assert sounds.sound_for_event({"type": "tile_placed"}) == "tile_place"
    assert sounds.sound_for_event({"type": "tiles_drawn"}) is None


@pytest.fixture
def mixer() -> object:
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.mark.usefixtures("mixer")
def test_every_sound_plays_on_the_dummy_driver() -> None:
    player = audio.Audio(volume=0.5)
    assert player.available
    for name in audio.sound_names():
        assert player.play(name), name
    assert not player.play("tile_place"), "a repeat within min_gap is skipped"
    assert player.play(sounds.sound_for_event({"type": "vp"})) is False  # vp_gain just played
    with pytest.raises(ValueError):
        player.play("trumpet")


def test_a_leader_sent_home_and_crumbling_tiles_have_sounds_of_their_own() -> None:
    """Issue 12 "Livelier": R5.1/R7.3/R8.5 leaders going home and R8.5 beaten tiles."""
    assert sounds.sound_for_event({"type": "leader_withdrawn"}) == "leader_home"
    assert sounds.sound_for_event({"type": "tiles_removed"}) == "tiles_crumble"
    assert audio.synthesize("leader_home") != audio.synthesize("tiles_crumble")


@pytest.mark.usefixtures("mixer")
def test_the_sounds_started_are_kept_in_order() -> None:
    player = audio.Audio(min_gap=0.0)
    assert player.play("leader_home") and player.play("tiles_crumble")
    player.muted = True
    assert not player.play("vp_gain")
    assert list(player.heard) == ["leader_home", "tiles_crumble"], "only what was started"


@pytest.mark.usefixtures("mixer")
def test_volume_and_mute() -> None:
    player = audio.Audio(volume=3.0, min_gap=0.0)
    assert player.volume == 1.0
    player.volume = -1
    assert player.volume == 0.0
    assert not player.play("button_tap")
    player.volume = 0.4
    player.muted = True
    assert not player.play("button_tap")
    player.muted = False
    assert player.play("button_tap")


def test_no_audio_device_means_silence_and_one_warning(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def refuse() -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(audio, "_warned", False)
    with caplog.at_level(logging.WARNING, logger="game.audio"):
        first = audio.Audio()
        second = audio.Audio()
    assert not first.available and not second.available
    assert not first.play("error")
    assert first.play(sounds.sound_for_event({"type": "tile_placed"})) is False
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "audio" in warnings[0].getMessage()


def test_export_writes_every_sound(tmp_path: os.PathLike[str]) -> None:
    from pathlib import Path

    paths = audio.export(Path(tmp_path))
    assert sorted(p.stem for p in paths) == sorted(audio.sound_names())
    assert all(p.stat().st_size > 44 for p in paths)


def test_an_unanimated_action_sounds_like_its_most_telling_event() -> None:
    """A war outranks the tile that started it; an action of silent events is silent."""
    events = [{"type": "tile_placed"}, {"type": "conflict"}, {"type": "conflict_won"}]
    assert sounds.telling_sound(events) == "war_won"
    assert sounds.telling_sound([{"type": "tiles_drawn"}]) is None


def test_the_shell_makes_only_generic_sounds_and_a_game_registers_its_own() -> None:
    """Issue 20: a piece's sound is its game's, played by name once its client loads."""
    assert not {"tile_place", "leader_home", "tiles_crumble"} & set(audio.SOUND_NAMES)
    assert sounds.SOUNDS["tiles_crumble"]() == audio.synthesize("tiles_crumble")
    assert audio.synthesize("turn_start") == audio.synthesize("chime"), "the shell's, named by T&E"


def test_a_name_is_one_sound() -> None:
    audio.register({"tap": audio.tap})   # the same sound again is harmless
    with pytest.raises(ValueError):
        audio.register({"tap": audio.chime})


@pytest.mark.usefixtures("mixer")
def test_a_sound_registered_after_the_mixer_opened_plays() -> None:
    player = audio.Audio(min_gap=0.0)
    audio.register({"test_blip": audio.tap})
    assert player.play("test_blip")
    assert list(player.heard) == ["test_blip"]


def test_every_sound_a_scene_names_is_known() -> None:
    """A misnamed sound is only logged when played (sound.Sound never fails a game), so
    the names written in the code are checked here: the final scoring's reveal named
    'treasure' after that alias left the shell, and was silent."""
    games.games()
    known = {*UI_SOUNDS, *audio.sound_names()}
    named = {f"{path.relative_to(ROOT)}: {name}"
             for path in (ROOT / "game").rglob("*.py")
             for name in re.findall(r"(?:play_sound|\.sound)\(\"(\w+)\"",
                                    path.read_text(encoding="utf-8"))
             if name not in known}
    assert not named, sorted(named)


def test_a_window_closed_while_the_sounds_load_leaves_pygame_alone(monkeypatch) -> None:
    """pygame quits right after `Sound.close`: a loader still synthesising must not
    open the mixer afterwards (a test process crashed when it did)."""
    import threading

    from game.sound import Sound

    synthesising, closed = threading.Event(), threading.Event()
    opened: list[str] = []

    def slow_synthesis() -> None:
        synthesising.set()
        closed.wait(5)

    monkeypatch.setattr(audio, "synthesize_all", slow_synthesis)
    monkeypatch.setattr(audio, "Audio", lambda: opened.append("mixer"))
    sound = Sound(enabled=True)
    assert synthesising.wait(5)
    loader = next(t for t in threading.enumerate() if t.name == "audio-load")
    sound.close()
    closed.set()
    loader.join(5)
    assert not loader.is_alive() and opened == [] and not sound.ready
    sound.enabled = True
    sound.play("click")
    assert not any(t.name == "audio-load" for t in threading.enumerate())
