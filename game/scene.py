"""Scenes and the stack they live on.

A scene is one screen or overlay (title, table, a dialog, the hand-over
screen). Only the top scene receives intents; every scene on the stack is
updated, so the table keeps animating under a dialog; drawing starts at the
highest opaque scene so covered screens cost nothing. Drawing never changes
state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input import Intent

if TYPE_CHECKING:
    from game.app import App
    from game.ui.widgets import ButtonSet


class Scene:
    opaque = True
    # True for a scene that tells fingers apart by Intent.pointer; others only hear the
    # first finger of a multi-touch gesture (see game.input).
    multi_touch = False
    # Kiosk attract mode (App.attract_after): None where leaving would lose something (a LAN
    # game, the lobby); else how many times the app's idle time to wait on this screen.
    attract_idle: float | None = None
    # A table draws every seat's things facing its own edge, so a tabletop app never turns
    # the screen around while one is on the stack (App.turned).
    faces_every_edge = False

    def __init__(self, app: App) -> None:
        self.app = app

    def clicked(self, buttons: ButtonSet, intent: Intent) -> str | None:
        """The id of the button this intent pressed, with the click sound; None for none."""
        chosen = buttons.handle(intent)
        if chosen is not None:
            self.app.play_sound("click")
        return chosen

    def enter(self) -> None:
        """Called when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def resume(self) -> None:
        """Called when the scene above it was popped."""

    def resize(self, w: int, h: int) -> None:
        """The window changed size; recompute the layout."""

    def handle(self, intent: Intent) -> None:
        """An intent from the input module (this scene is on top)."""

    def typing_area(self) -> pygame.Rect | None:
        """The text field the keyboard types into now, or None. While a scene on top has
        one, the app keeps SDL's text input on (an IME places its box beside the field, a
        screen keyboard opens) and hands the scene the typed text as "text" intents."""
        return None

    def reads_typed_keys(self) -> bool:
        """True for a scene with a shortcut that is a typed character ("?": shift and a
        different key on each layout), which SDL composes only while text input is on."""
        return False

    def kiosk_report(self) -> tuple[int, str] | str | None:
        """What the kiosk's supervisor is told this scene shows: a saved game's position
        (its record's length and digest, which it resumes after a crash), a sentence for a
        screen that shows no saved game, or None to leave it to the scene below. The app
        reports it; no scene knows the kiosk."""
        return None

    def update(self, dt: float) -> None:
        """Advances time by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draws the scene; must not change any state that matters."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> None:
        """Pops the top scene, or `scene` and everything above it."""
        if scene is not None and scene not in self.scenes:
            return
        target = scene if scene is not None else self.top
        while self.scenes:
            gone = self.scenes.pop()
            gone.exit()
            if gone is target:
                break
        if self.top is not None:
            self.top.resume()

    def replace(self, scene: Scene) -> None:
        """Empties the stack and starts over with `scene` (going to a new screen)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def find(self, kind: type[Scene]) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]
