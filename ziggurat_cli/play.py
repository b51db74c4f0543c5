"""`ziggurat play`: the pygame client, or `--text` for a terminal game."""

from __future__ import annotations

import argparse

import engine.civ as civ

from .civ_textgame import play_civ_text_game
from .textgame import play_text_game

GAMES = ("tigris", civ.ID)  # the games the client and the terminal game play
DEFAULT_GAME = None  # without one, the client's title offers the game it remembers
TIGRIS_PLAYERS = (2, 3, 4)
CIV_TURNS = 10  # a terminal game of Advanced Civilization ends by this turn unless told


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--text", action="store_true",
                   help="play in the terminal against random players (no display needed)")
    p.add_argument("--players", type=int, default=2, choices=civ.PLAYERS,
                   help="with --text: the number of players (2 to 4 for tigris, 2 to 8 for civ)")
    p.add_argument("--seed", type=int, default=None, help="with --text: the game's seed")
    p.add_argument("--turns", type=int, default=None,
                   help=f"with --text civ: the turn limit (A35.1; default {CIV_TURNS})")
    p.add_argument("client_args", nargs=argparse.REMAINDER,
                   help="options for the client (see ziggurat play -- --help)")


def run(args: argparse.Namespace) -> int:
    if args.text:
        return run_text(args)
    from game.main import run as run_client
    extra = [a for a in args.client_args if a != "--"]
    if args.game is not None:
        extra = ["--game", args.game, *extra]
    return run_client(extra)


def run_text(args: argparse.Namespace) -> int:
    import secrets
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    turns = CIV_TURNS if args.turns is None else args.turns
    if args.game == civ.ID and turns < 1:
        print("--turns must be at least 1")
        return 2
    if args.game != civ.ID and (args.players not in TIGRIS_PLAYERS or args.turns is not None):
        print("Tigris & Euphrates is for 2 to 4 players and ends by its own rules (no --turns)")
        return 2
    try:
        if args.game == civ.ID:
            return play_civ_text_game(args.players, seed, turns)
        return play_text_game(args.players, seed)
    except (EOFError, KeyboardInterrupt):
        return 0
