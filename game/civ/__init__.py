"""Advanced Civilization's client (issue 22), drawn in code.

`geometry` (outlines, hit-testing, label points), `map_art` (the painted board)
and `pieces`; `words` (the catalogue's words for actions, decisions and events),
`table` (the table on the kit) and `client` (its `GameClient`, offered here as
`CLIENT`, by which the shell finds the game).
"""

from game.civ.client import CLIENT

__all__ = ["CLIENT"]
