"""`python -m game` starts the client, like `tigris play`."""

from game.main import run

raise SystemExit(run())
