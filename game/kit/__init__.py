"""The table kit: what any board game's table is built from.

Each part here knows no game: a game's table (`game.<id>`) composes them and
supplies what is its own (its position's meaning, its pictures, its words)
through each part's narrow interface.
"""
