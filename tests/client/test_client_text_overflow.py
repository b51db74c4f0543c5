"""Issue 21, bug 8: at 800x480 every screen, in every language, draws no text wider than
its box (Finnish's "Älä lisää mitään" overflowed its button). Each screen is laid out and
drawn the way a player reaches it; a text is counted as overflowing when a painter fitted
or wrapped it to a width and then drew it wider than that width (a size tried and not
drawn, as a status line picks the first of its wordings that fits, is no overflow)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from support.apps import make_app, open_setup
from test_client_dialog_frame import open_decision
from test_client_game import find_positions
from test_client_scoring import finished_record

from game import i18n
from game.app import App
from game.savegame import SavedGame, SeatConfig
from game.scenes.flow import start_new_game
from game.scenes.handover import HandoverScene
from game.scenes.lobby import LobbyScene
from game.scenes.lobby_host import HostSetupScene
from game.scenes.saved_games import SavedGamesScene
from game.scenes.settings_screen import SettingsScene
from game.scenes.title import TitleScene
from game.session import GameSession
from game.tigris.driver import Driver
from game.tigris.scenes.scoring import ScoringScene
from game.ui import text

SIZE = (800, 480)


class Watch:
    """Which fitted or wrapped texts were drawn wider than their width, by screen."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.screen = ""
        self.too_wide: dict[tuple[str, str, int], int] = {}
        self.found: list[tuple[str, str, int, int]] = []
        fit_px, wrap, render = text.fit_px, text.wrap, text.render

        def fitted(words: str, role: str, px: int, width: int, minimum: int = 9) -> int:
            got = fit_px(words, role, px, width, minimum)
            self._measure(words, role, got, width)
            return got

        def wrapped(words: str, role: str, px: int, width: int) -> list[str]:
            lines = wrap(words, role, px, width)
            for line in lines:
                self._measure(line, role, px, width)
            return lines

        def rendered(words: str, role: str, px: int, color: Any) -> Any:
            width = self.too_wide.get((words, role, px))
            if width is not None:
                self.found.append((self.screen, words, text.size(words, role, px)[0], width))
            return render(words, role, px, color)

        fitted.cache_clear = fit_px.cache_clear  # type: ignore[attr-defined]
        monkeypatch.setattr(text, "fit_px", fitted)
        monkeypatch.setattr(text, "wrap", wrapped)
        monkeypatch.setattr(text, "render", rendered)

    def _measure(self, words: str, role: str, px: int, width: int) -> None:
        key = (words, text.face_for(words, role), px)
        if text.size(words, role, px)[0] > width:
            self.too_wide[key] = width
        else:
            self.too_wide.pop(key, None)

    def look(self, app: App, screen: str, frames: int = 2) -> None:
        """Draws the app's top screen afresh (text caches forgotten, so each text is
        rendered, and so checked, again)."""
        self.screen = screen
        text.clear_cache()
        app.run_frames(frames)


@pytest.fixture(scope="module")
def decisions() -> dict[str, dict]:
    return find_positions()


@pytest.fixture(scope="module")
def finished() -> dict:
    return finished_record(4, 5, {})


def _screens(decisions: dict[str, dict], finished: dict
             ) -> Iterator[tuple[str, Callable[[App, Driver], None]]]:
    def title(app: App, driver: Driver) -> None:
        app.replace(TitleScene(app))

    def setup(app: App, driver: Driver) -> None:
        _driver, scene = open_setup(app)
        driver.press_button(scene, "count:4")
        scene.tips.long_press("option:wonder")

    def settings(app: App, driver: Driver) -> None:
        app.push(SettingsScene(app))

    def table(app: App, driver: Driver) -> None:
        game = start_new_game(app, ["human", "computer", "computer", "computer"], seed=7)
        driver.frames(3)
        driver.press_button(game, "end_turn")   # "Pass (2 actions left)", asked

    def menu(app: App, driver: Driver) -> None:
        game = start_new_game(app, ["human", "computer"], seed=5)
        driver.frames(3)
        driver.press_button(game, "menu")

    def saved_games(app: App, driver: Driver) -> None:
        start_new_game(app, ["human", "computer"], seed=5)   # the computer moves first
        driver.frames(3)
        app.replace(TitleScene(app))
        app.push(SavedGamesScene(app))

    def handover(app: App, driver: Driver) -> None:
        start_new_game(app, ["human", "human", "human"], seed=3)
        driver.frames(2)
        assert isinstance(app.stack.top, HandoverScene)

    def scoring(app: App, driver: Driver) -> None:
        session = GameSession(SavedGame(record=finished, seats=[SeatConfig()] * 4))
        app.replace(ScoringScene(app, session))

    def lobby(app: App, driver: Driver) -> None:
        app.push(LobbyScene(app))

    def host(app: App, driver: Driver) -> None:
        app.push(HostSetupScene(app))

    yield from [("title", title), ("setup", setup), ("settings", settings),
                ("table", table), ("menu", menu), ("saved games", saved_games),
                ("hand-over", handover), ("scoring", scoring), ("lobby", lobby),
                ("host set-up", host)]
    for kind, position in decisions.items():
        def decision(app: App, driver: Driver, position: dict = position) -> None:
            open_decision(app, position)

        yield f"dialog {kind}", decision


@pytest.mark.parametrize("code", i18n.languages())
def test_no_text_is_wider_than_its_box_on_any_screen_at_800x480(
        data_dir, monkeypatch, decisions, finished, code):
    watch = Watch(monkeypatch)
    try:
        for screen, reach in _screens(decisions, finished):
            app = make_app(SIZE)
            try:
                i18n.set_language(code)
                driver = Driver(app)
                watch.screen = screen
                reach(app, driver)
                watch.look(app, screen)
            finally:
                for scene in list(app.stack.scenes):
                    scene.exit()
                app.close()
    finally:
        i18n.set_language("en")
    assert not watch.found, "\n".join(
        f"{screen}: {words!r} is {wide} px in {width}"
        for screen, words, wide, width in dict.fromkeys(watch.found))
