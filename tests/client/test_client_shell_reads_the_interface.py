"""The shell reads a state only through the game-module interface (issue 20).

`to_dict()` is each game's own format: Tiny's position has no "active" and no
"players" key and keeps its options under "setup", so a session, a game begun
from a position or a LAN table that reads T&E's keys fails here with KeyError.
"""

from __future__ import annotations

from typing import Any

from support import tinygame

from game.lan_session import LanGame
from game.savegame import SeatConfig
from game.session import GameSession
from net.local import LocalSession


def first_play(state: Any) -> dict[str, Any]:
    return next(a for a in state.legal_actions() if a["type"] == "play")


def test_tinys_position_has_none_of_tigris_keys() -> None:
    position = tinygame.new_game(3, 5).to_dict()
    assert not {"active", "players", "options"} & set(position)


def test_undo_at_a_game_whose_position_has_no_active_key(tiny: None) -> None:
    """R4.1's held turn read through `to_move` and the session's own record of who
    decided what: a snap decision answered by the next seat does not let it take back
    anything, nor may the seat that played once the other has answered."""
    session = GameSession.new(2, 5, {}, [SeatConfig(), SeatConfig()], game=tinygame.ID)
    seat = session.state.to_move
    assert not session.can_undo(seat), "nothing of this turn to take back yet"
    session.apply(first_play(session.state))
    assert session.state.to_move == 1 - seat, "the next seat is asked to snap"
    assert not session.can_undo(1 - seat) and not session.can_undo(seat)
    session.apply({"type": "pass"})
    assert session.state.to_move == 1 - seat and session.state.pending is None
    assert not session.can_undo(1 - seat), "its pass was a decision in another's turn"
    assert not session.undo(1 - seat)


def test_a_session_begun_from_a_position_of_a_game_with_its_own_keys(tiny: None) -> None:
    position = tinygame.new_game(3, 7, {"hand_size": 4}).to_dict()
    session = GameSession.from_position(position, [SeatConfig()] * 3, game=tinygame.ID)
    assert session.players == 3
    assert session.options == {"hand_size": 4}
    assert session.state.digest() == tinygame.from_dict(position).digest()


def test_a_lan_table_of_a_game_with_its_own_keys_counts_its_seats(tiny: None) -> None:
    with LocalSession(tinygame, 5, seed=3, seats=["human"] * 5) as net:
        game = LanGame(net)  # type: ignore[arg-type]
        assert game.players == 5
        assert len(game.seats) == 5
        assert game.record["players"] == 5
        assert not game.can_undo(0)
