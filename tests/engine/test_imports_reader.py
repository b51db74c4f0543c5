"""The import reader every architecture test relies on sees every form of import."""

from __future__ import annotations

from support.imports import game_packages, imported


def test_every_form_of_import_is_read_in_full() -> None:
    source = ("import engine.tigris as t\nfrom engine import tigris, errors\n"
              "from engine.tigris.notation import parse_action\nimport ai.tigris\n"
              "from . import game\nfrom .tigris.hard import HardBot\nfrom .. import net\n")
    assert imported(source) == {
        "engine.tigris", "engine", "engine.errors", "engine.tigris.notation",
        "engine.tigris.notation.parse_action", "ai.tigris"}
    assert imported(source, "ai.harness") >= {"ai.harness.game", "ai.harness.tigris.hard",
                                               "ai.net"}


def test_a_game_s_package_is_found_whichever_way_it_is_imported() -> None:
    source = ("import engine\nfrom engine import Refusal, tigris\n"
              "from .tigris.hard import HardBot\nfrom game.civ import table\n")
    assert game_packages(source, "ai") == {"engine.tigris", "ai.tigris", "game.civ"}
    assert game_packages("from . import game\nimport engine", "net") == set()
