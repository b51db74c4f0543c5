"""Advanced Civilization's client parts, drawn in code (issue 22).

So far the map and its pieces only: `geometry` (outlines, hit-testing, label
points), `map_art` (the painted board) and `pieces`. The package offers no table
yet, so the shell does not list the game (it finds games by their table); the
terminal game stays the way to play it until the table lands here.
"""
