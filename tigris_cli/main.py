"""The `tigris` command: one sub-command per job, each in its own module.

Each module named in COMMANDS has `configure(parser)` and `run(args) -> int`.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("tigris_cli.play", "start the game (the pygame client)"),
    "selfplay": ("tigris_cli.selfplay", "random games to the end, checking invariants"),
    "arena": ("tigris_cli.arena", "computer players against each other"),
    "host": ("tigris_cli.lan", "host a LAN game"),
    "join": ("tigris_cli.lan", "join a LAN game"),
    "bot": ("tigris_cli.lan", "a headless computer player joining a LAN game"),
}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="tigris", description="Tigris & Euphrates")
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
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["play", *argv]
    args = parser.parse_args(argv)
    module = modules[args.command]
    run = getattr(module, f"run_{args.command}", None) or module.run
    return int(run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
