"""`ziggurat host` checks the game's seats and options before it opens a socket, and says
what is wrong in words a player can act on."""

from __future__ import annotations

import pytest

from ziggurat_cli.main import main


@pytest.mark.parametrize("args, says", [
    (["--players", "5"], "tigris is played by 2 to 4 players, not 5"),
    (["--option", "hand_size=3"], "tigris takes NAME=VALUE with NAME one of board, buildings"),
    (["--option", "wonder=perhaps"], "option wonder is true or false, not 'perhaps'"),
    (["--option", "board=hexagonal"], "board"),
    (["--seats", "human,bot:grandmaster"], "unknown level 'grandmaster'"),
])
def test_host_refuses_what_the_game_does_not_take(args: list[str], says: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "tigris", "--port", "0", "--no-discovery", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ziggurat host: ") and says in err


def test_host_refuses_a_game_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["host", "chess"])
    assert exit_.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err
