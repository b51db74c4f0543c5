"""A registered game without a client table (Advanced Civilization, for now) is offered
nowhere the client would need its table: not in the title's chooser, not as a LAN game to
join; `ziggurat play civ` says so and points to the terminal game."""

from __future__ import annotations

from typing import Any

import pytest

import engine
import engine.civ as civ
import engine.tigris as tigris
from game import games
from game.app import App
from game.scenes.lobby import LAN, LobbyScene
from game.scenes.title import TitleScene
from game.settings import Settings
from net import storage
from net.discovery import GameAd
from ziggurat_cli.main import main


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path))
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(LAN, "discovery", False)
    application = App(size=(1280, 800), fullscreen=False, settings=Settings(sound=False),
                      animation_speed="off", persist_settings=False)
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def test_civ_is_registered_but_the_client_offers_only_games_with_a_table(app: App) -> None:
    assert civ.ID in engine.games() and civ.ID not in games.games()
    assert list(games.playable_rules()) == list(games.games())
    title = TitleScene(app)
    assert civ.ID not in title.games


def test_a_lan_game_without_a_table_here_is_listed_but_cannot_be_joined(app: App) -> None:
    lobby = LobbyScene(app)
    app.push(lobby)
    lobby.games = [GameAd("civ host", "127.0.0.1", 5000, civ.ID, civ.RULES_VERSION,
                          players=3, open_seats=2),
                   GameAd("tigris host", "127.0.0.1", 5001, tigris.ID, tigris.RULES_VERSION,
                          players=3, open_seats=2)]
    lobby.resize(*app.size)
    assert lobby.buttons.get("game:0").enabled is False
    assert lobby.buttons.get("game:1").enabled is True
    assert "does not have" in lobby.games[0].problem(lobby.playable)


def test_play_civ_without_text_says_the_table_is_not_built_and_exits_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "civ"]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "not built yet" in out[0]
    assert "ziggurat play civ --text" in out[0]
