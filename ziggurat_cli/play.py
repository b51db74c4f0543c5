"""`ziggurat play`: the pygame client, or `--text` for a terminal game."""

from __future__ import annotations

import argparse

from .textgame import play_text_game

GAMES = ("tigris",)  # the games the client and the terminal game play
DEFAULT_GAME = None  # without one, the client's title offers the game it remembers


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--text", action="store_true",
                   help="play in the terminal against random players (no display needed)")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                   help="with --text: the number of players")
    p.add_argument("--seed", type=int, default=None, help="with --text: the game's seed")
    p.add_argument("client_args", nargs=argparse.REMAINDER,
                   help="options for the client (see ziggurat play -- --help)")


def run(args: argparse.Namespace) -> int:
    if args.text:
        import secrets
        seed = args.seed if args.seed is not None else secrets.randbits(32)
        try:
            return play_text_game(args.players, seed)  # Tigris & Euphrates, the one of GAMES
        except (EOFError, KeyboardInterrupt):
            return 0
    from game.main import run as run_client
    extra = [a for a in args.client_args if a != "--"]
    if args.game is not None:
        extra = ["--game", args.game, *extra]
    return run_client(extra)
