"""`python -m game` starts the client, like `ziggurat play`."""

from game.main import run

raise SystemExit(run())
