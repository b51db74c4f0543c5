"""A game with a table at this screen but no LAN table (Advanced Civilization, until it got
one: its client is told it has none here): the title offers it, a LAN game of it is
listed but cannot be joined (nor hosted); and `ziggurat play civ` opens the client on it
(`--text` stays the terminal game)."""

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
    from game.civ.client import CivClient

    monkeypatch.setattr(CivClient, "has_lan_table", False)
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path))
    monkeypatch.setenv("TIGRIS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(LAN, "discovery", False)
    application = App(size=(1280, 800), fullscreen=False, settings=Settings(sound=False),
                      animation_speed="off", persist_settings=False)
    yield application
    for scene in list(application.stack.scenes):
        scene.exit()
    application.close()


def test_civ_has_a_table_but_only_games_with_a_lan_table_are_played_over_the_lan(
        app: App) -> None:
    assert civ.ID in engine.games() and civ.ID in games.games()
    assert civ.ID not in games.playable_rules()
    assert list(games.playable_rules()) == [g for g, c in games.games().items() if c.has_lan_table]
    title = TitleScene(app)
    assert civ.ID in title.games


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


def test_play_civ_without_text_opens_the_client_on_civ(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.main

    opened: list[list[str]] = []
    monkeypatch.setattr(game.main, "run", lambda argv: opened.append(list(argv)) or 0)
    assert main(["play", "civ"]) == 0
    assert opened == [["--game", "civ"]]
