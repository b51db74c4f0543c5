"""The application: window, clock, scene stack and the frame loop.

The loop is split into `frame(dt)` so that tests and benchmarks can run any
number of frames with a fixed dt on the dummy video driver. The app also owns
what every scene shares: settings, sound, the input mapper and the worker
thread of the computer players. In tabletop mode (a screen lying flat, players
around it) the mapper follows every finger, and only scenes that say they can
tell fingers apart (`multi_touch`) hear more than the first one.
"""

from __future__ import annotations

import sys
from dataclasses import replace

import pygame

from datafiles import UnreadableFile
from game import games
from game import settings as settings_mod
from game.art import fonts
from game.autosaver import AutoSaver
from game.games import GameClient
from game.input import InputMapper, Intent
from game.players import ComputerWorker
from game.scene import Scene, SceneStack
from game.settings import Settings
from kiosk import watchdog

MAX_DT = 0.1
# The computer players and the autosave run in threads; Python hands the GIL over every
# 5 ms by default, long enough to make a frame late. 1 ms keeps frames smooth.
THREAD_SWITCH_SECONDS = 0.001


def clear_surface_caches() -> None:
    """Surfaces and fonts cached for an old display (or an old pygame.init) are unusable."""
    from game.ui import icons, skin, text

    icons.clear()
    skin.clear()
    text.clear_cache()
    for client in games.games().values():
        client.clear_caches()


class App:
    def __init__(
        self,
        size: tuple[int, int] = (1280, 800),
        fullscreen: bool | None = None,
        settings: Settings | None = None,
        animation_speed: str | None = None,
        persist_settings: bool = True,
        sync_computers: bool = False,
        tabletop: bool = False,
        thinking_time: float | None = None,
        attract_after: float | None = None,
        language: str | None = None,
        open_fonts: bool = True,
    ) -> None:
        """`open_fonts`: open the fonts' faces with the window (about 0.2 s) rather than
        in the middle of play; tests, which open hundreds of windows, leave it off."""
        from game import i18n
        from game.sound import Sound

        pygame.init()
        sys.setswitchinterval(THREAD_SWITCH_SECONDS)
        # What was wrong with the settings file when the defaults stand in for it.
        self.settings_problem: UnreadableFile | None = None
        if settings is None:
            settings, self.settings_problem = settings_mod.read()
        self.settings = settings
        self.persist_settings = persist_settings
        self.speed_override = animation_speed
        self.thinking_override = thinking_time
        self.language_override = language
        self.attract_after = attract_after
        self.demos_shown = 0   # the attract mode's demos so far: the games take turns
        self.sync_computers = sync_computers
        self.game = self._remembered_game()
        self.tabletop = tabletop
        # Tabletop menus face the near long edge; the title's turn button faces them the other way.
        self.menus_turned = False
        self._turn_surface: pygame.Surface | None = None
        i18n.set_language(self.language)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.windowed_size = size
        self.open_fonts = open_fonts
        self.screen = self._open_window()
        pygame.display.set_caption("Ziggurat")
        self.audio = Sound(self.settings.sound)
        self.input = InputMapper(self.screen.get_size(), multi=tabletop)
        self.stack = SceneStack()
        self.worker = ComputerWorker()
        self.saver = AutoSaver()
        self.clock = pygame.time.Clock()
        self.now = 0.0
        self.last_input = 0.0
        self.frames = 0
        # What the kiosk was last told the screen shows (`_report_to_kiosk`).
        self.kiosk_told: tuple[int, str] | str | None = None
        self.running = True
        self.exit_code = 0
        # SDL's text input as last set: (on, the field's rect); None until the first frame.
        self._typing: tuple[bool, tuple[int, int, int, int] | None] | None = None

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        clear_surface_caches()
        if self.open_fonts:
            fonts.open_fonts()
        return screen

    def _remembered_game(self) -> GameClient:
        """The game chosen last time; the default one if that game is no longer here."""
        try:
            return games.load(self.settings.game)
        except ValueError:
            return games.load(games.DEFAULT_GAME)

    def choose_game(self, client: GameClient) -> None:
        """The game the title's New game sets up from now on, remembered in the settings."""
        self.game = client
        if self.settings.game != client.id:
            self.settings = replace(self.settings, game=client.id)
            self.save_settings()

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def animation_speed(self) -> str:
        return self.speed_override or self.settings.animation_speed

    @property
    def thinking_time(self) -> float:
        """Seconds a computer player may think: --thinking-time for this run, else the setting."""
        return self.thinking_override or self.settings.thinking_time

    @property
    def language(self) -> str:
        """The language shown: --lang for this run, else the setting."""
        return self.language_override or self.settings.language

    def choose_language(self, language: str) -> None:
        """A language picked in Settings is kept, and replaces a --lang of this run."""
        self.language_override = None
        self.settings.language = language
        self.save_settings()

    def save_settings(self) -> None:
        from game import i18n

        i18n.set_language(self.language)
        self.audio.enabled = self.settings.sound
        if self.persist_settings:
            settings_mod.save(self.settings)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if not on:
            self.fullscreen = False
        else:
            self.windowed_size = self.size
            self.fullscreen = True
        self.screen = self._open_window()
        self._resized()

    def _resized(self) -> None:
        screen = pygame.display.get_surface()
        assert screen is not None, "the window is gone"
        self.screen = screen
        self.input.window_size = self.size
        self.input.reset()
        self._typing = None   # tell SDL again, for the new window
        for scene in self.stack.scenes:
            scene.resize(*self.size)

    def play_sound(self, name: str) -> None:
        self.audio.play(name)

    def push(self, scene: Scene) -> None:
        self.input.reset()
        self.stack.push(scene)
        scene.resize(*self.size)

    def replace(self, scene: Scene) -> None:
        self.input.reset()
        self.stack.replace(scene)
        scene.resize(*self.size)

    def pop(self, scene: Scene | None = None) -> None:
        self.input.reset()
        self.stack.pop(scene)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    @property
    def turned(self) -> bool:
        """True while the screen is drawn upside down: tabletop menus turned to the far edge.

        Never at a table, which faces every edge by itself (Scene.faces_every_edge).
        """
        return (self.tabletop and self.menus_turned
                and not any(scene.faces_every_edge for scene in self.stack.scenes))

    def _turn_intent(self, intent: Intent) -> Intent:
        w, h = self.size

        def mirror(p: tuple[int, int] | None) -> tuple[int, int] | None:
            return None if p is None else (w - 1 - p[0], h - 1 - p[1])

        return replace(intent, pos=mirror(intent.pos), origin=mirror(intent.origin))

    def dispatch(self, intent: Intent) -> None:
        if intent.kind != "resize":
            self.last_input = self.now
        if self.turned and (intent.pos is not None or intent.origin is not None):
            intent = self._turn_intent(intent)
        if intent.kind == "quit":
            self.quit()
            return
        if intent.kind == "resize":
            self._resized()
            return
        if intent.kind == "key" and intent.key in ("f11",):
            self.settings.fullscreen = not self.fullscreen
            self.set_fullscreen(self.settings.fullscreen)
            self.save_settings()
            return
        top = self.stack.top
        if top is None:
            return
        if intent.kind == "text" and top.typing_area() is None:
            return
        if intent.primary or top.multi_touch:
            top.handle(intent)

    def frame(self, dt: float) -> None:
        """One frame: input, update, draw. dt is clamped so a stall never teleports tweens.

        Each frame ends with the kiosk's heartbeat (a no-op outside the kiosk): only a
        loop that keeps drawing proves the game is alive to the kiosk's watchdog. It also
        tells the kiosk what is shown, when that changed (`Scene.kiosk_report`).
        """
        dt = max(0.0, min(dt, MAX_DT))
        self.now += dt
        for event in pygame.event.get():
            for intent in self.input.feed(event, self.now):
                self.dispatch(intent)
        for intent in self.input.tick(self.now):
            self.dispatch(intent)
        self._follow_typing()
        for scene in list(self.stack.scenes):
            scene.update(dt)
        self._attract_if_idle()
        self.draw()
        self.frames += 1
        self._report_to_kiosk()
        watchdog.beat()

    def _report_to_kiosk(self) -> None:
        """The one place the client tells the kiosk's supervisor what the screen shows: the
        topmost scene that says (a menu over a table leaves it to the table)."""
        report = next((said for scene in reversed(self.stack.scenes)
                       if (said := scene.kiosk_report()) is not None), None)
        if report is None or report == self.kiosk_told:
            return
        self.kiosk_told = report
        if isinstance(report, str):
            watchdog.status(report)
        else:
            watchdog.position(*report)

    def _follow_typing(self) -> None:
        """SDL's text input is on only while the top scene reads typed text: a focused field
        (SDL is told where it is, for an IME's box) or a typed shortcut. Elsewhere it is off,
        so no IME takes the menus' letter keys and no screen keyboard opens over them.
        SDL starts text input with the window; the first frame sets it either way."""
        top = self.stack.top
        area = top.typing_area() if top is not None else None
        if area is not None and self.turned:
            w, h = self.size
            area = pygame.Rect(w - area.right, h - area.bottom, area.w, area.h)
        on = area is not None or (top is not None and top.reads_typed_keys())
        wanted = (on, None if area is None else (area.x, area.y, area.w, area.h))
        if wanted == self._typing:
            return
        self._typing = wanted
        if not on:
            pygame.key.stop_text_input()
            return
        if area is not None:
            pygame.key.set_text_input_rect(area)
        pygame.key.start_text_input()

    def _attract_if_idle(self) -> None:
        """The kiosk's attract mode, once nobody has touched it for a while (the game's `attract`).

        Every scene on the stack must allow it, and the most patient one sets the wait.
        """
        if not self.attract_after:
            return
        factors = [scene.attract_idle for scene in self.stack.scenes]
        waits = [f for f in factors if f is not None]
        if not waits or len(waits) < len(factors):
            return
        if self.now - self.last_input < self.attract_after * max(waits):
            return
        from game.scenes.flow import start_attract

        start_attract(self)
        self.last_input = self.now

    def draw(self) -> None:
        if not self.turned:
            for scene in self.stack.visible():
                scene.draw(self.screen)
        else:
            if self._turn_surface is None or self._turn_surface.get_size() != self.size:
                self._turn_surface = pygame.Surface(self.size).convert()
            for scene in self.stack.visible():
                scene.draw(self._turn_surface)
            self.screen.blit(pygame.transform.flip(self._turn_surface, True, True), (0, 0))
        pygame.display.flip()

    def run(self) -> int:
        while self.running and self.stack.top is not None:
            dt = self.clock.tick(60) / 1000.0
            self.frame(dt)
        self.close()
        return self.exit_code

    def run_frames(self, count: int, dt: float = 1.0 / 60.0) -> None:
        for _ in range(count):
            if not self.running:
                return
            self.frame(dt)

    def close(self) -> None:
        self.worker.close()
        self.saver.close()
        self.audio.close()
        clear_surface_caches()
        pygame.quit()
