"""The `ziggurat` command (also installed as `tigris`): one sub-command per job.

Each module named in COMMANDS has `configure(parser)` and `run(args) -> int`,
and may name the games it can run in `GAMES` (every registered game if it
does not) and its `DEFAULT_GAME` (the first of them if it does not). The game
is given after the sub-command (`ziggurat selfplay tigris`) or as `--game ID`;
either way the module reads `args.game`.
"""

from __future__ import annotations

import argparse
import importlib
import sys

import engine

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("ziggurat_cli.play", "start the game (the pygame client)"),
    "selfplay": ("ziggurat_cli.selfplay", "random games to the end, checking invariants"),
    "arena": ("ziggurat_cli.arena", "computer players against each other"),
    "host": ("ziggurat_cli.lan", "host a LAN game"),
    "join": ("ziggurat_cli.lan", "join a LAN game"),
    "bot": ("ziggurat_cli.lan", "a headless computer player joining a LAN game"),
    "watch": ("ziggurat_cli.lan", "watch a LAN game from no seat (its public side)"),
}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="ziggurat", description="Ziggurat: board games of the ancient world at the desk, "
        "on the LAN and on a tabletop")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = {}
    for name, (module_name, help_text) in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name != module_name:
                raise
            continue
        modules[name] = module
        p = sub.add_parser(name, help=help_text, description=help_text)
        configure = getattr(module, f"configure_{name}", None) or module.configure
        configure(p)
        games = tuple(getattr(module, "GAMES", engine.GAME_IDS))
        default = getattr(module, "DEFAULT_GAME", games[0])
        p.add_argument("--game", choices=games, default=default,
                       help=f"which game (also as the word after {name!r})")
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["play", *argv]
    args = parser.parse_args(game_word_as_option(argv))
    module = modules[args.command]
    run = getattr(module, f"run_{args.command}", None) or module.run
    return int(run(args) or 0)


def game_word_as_option(argv: list[str]) -> list[str]:
    """`ziggurat selfplay civ ...` means `ziggurat selfplay --game civ ...`.

    Only for sub-commands that take no word of their own (`join` takes an
    address), and only a word, never an option or the `--` before client options.
    """
    if len(argv) > 1 and argv[0] in GAME_WORD_COMMANDS and not argv[1].startswith("-"):
        return [argv[0], "--game", argv[1], *argv[2:]]
    return argv


GAME_WORD_COMMANDS = frozenset({"play", "selfplay", "arena", "host", "bot"})


if __name__ == "__main__":
    sys.exit(main())
