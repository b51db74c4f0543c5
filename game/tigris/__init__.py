"""Tigris & Euphrates' own part of the client: its tables, dialogs, painters and words.

`CLIENT` is what the shell asks of the game (`game.games.GameClient`).
"""

from game.tigris.client import CLIENT

__all__ = ["CLIENT"]
