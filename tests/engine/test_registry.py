"""The registry of games: every id loads its module, unknown ids are refused by name,
and every module offers the names of the game-module interface."""

from __future__ import annotations

import pytest
from support import tinygame

import engine

MODULE_NAMES = ("ID", "RULES_VERSION", "PLAYERS", "OPTIONS", "new_game", "from_dict",
                "parse_action", "format_action", "replay")
STATE_NAMES = ("to_move", "pending", "legal_actions", "check", "apply", "events", "view",
               "digest", "to_dict", "is_over", "ranking")


def test_games_lists_every_registered_id_in_order() -> None:
    games = engine.games()
    assert list(games) == list(engine.GAME_IDS)
    assert "tigris" in games
    for game_id, mod in games.items():
        assert game_id == mod.ID
        assert engine.load(game_id) is mod


@pytest.mark.parametrize("unknown", ["civ2", "", "TIGRIS", None, 3, ["tigris"]])
def test_load_of_an_unknown_id_names_the_known_ones(unknown: object) -> None:
    with pytest.raises(ValueError) as e:
        engine.load(unknown)
    for game_id in engine.GAME_IDS:
        assert game_id in str(e.value)


@pytest.mark.parametrize("mod", [*engine.games().values(), tinygame],
                         ids=[*engine.GAME_IDS, tinygame.ID])
def test_every_module_offers_the_interface(mod: object) -> None:
    for name in MODULE_NAMES:
        assert hasattr(mod, name), name
    assert isinstance(mod.RULES_VERSION, int) and isinstance(mod.OPTIONS, dict)
    assert isinstance(mod.PLAYERS, range) and min(mod.PLAYERS) >= 1
    state = mod.new_game(min(mod.PLAYERS), 1, {})
    for name in STATE_NAMES:
        assert hasattr(state, name), name


def test_refusal_is_a_value_carried_by_both_errors() -> None:
    refusal = engine.Refusal("tile/not_on_river", {"square": "H7"}, "H7 is land (R5.2)")
    assert refusal == engine.Refusal("tile/not_on_river", {"square": "H7"}, "H7 is land (R5.2)")
    with pytest.raises(AttributeError):
        refusal.code = "other"  # type: ignore[misc]
    for error in (engine.IllegalAction, engine.BadPosition):
        e = error(refusal)
        assert e.refusal is refusal and str(e) == "H7 is land (R5.2)"
        assert isinstance(e, ValueError)
    assert refusal.to_dict() == {"code": "tile/not_on_river", "params": {"square": "H7"},
                                 "text": "H7 is land (R5.2)"}
    with pytest.raises(TypeError):
        engine.IllegalAction("a bare sentence")  # type: ignore[arg-type]
