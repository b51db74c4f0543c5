"""The client App as tests make it: silent, no animation, settings kept in memory.

Computer players answer synchronously so that a test's frames are the game's
frames. Import after the SDL dummy drivers are set (tests/client/conftest.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from game.app import App
from game.scenes.setup import SetupScene
from game.settings import Settings
from game.tigris.driver import Driver


def make_app(size: tuple[int, int] = (800, 480), *, tabletop: bool = False,
             game: str = "tigris") -> App:
    return App(size=size, fullscreen=False, settings=Settings(sound=False, game=game),
               animation_speed="off", persist_settings=False, sync_computers=True,
               tabletop=tabletop, open_fonts=False)


def closed_after(application: App) -> Iterator[App]:
    """A fixture's body, `yield from closed_after(app)`: the app for the test, then its
    scenes left (their threads and sockets closed) and the app closed."""
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def lan_app() -> Iterator[App]:
    """A 1280×800 app as the LAN and watching tests use it (computers answer in their
    thread, as over the network), closed after the test."""
    yield from closed_after(App(size=(1280, 800), fullscreen=False,
                                settings=Settings(sound=False), animation_speed="off",
                                persist_settings=False))


def open_setup(app: App) -> tuple[Driver, SetupScene]:
    """The set-up screen pushed on the app, after one frame drawn."""
    setup = SetupScene(app)
    app.push(setup)
    driver = Driver(app)
    driver.frames(1)
    return driver, setup
