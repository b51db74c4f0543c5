"""The engine's two errors: a bad action and a bad position.

Both carry a message a person can act on: what was wrong and where.
"""


class IllegalAction(ValueError):
    """An action that is malformed or not legal in the position; nothing changed."""


class BadPosition(ValueError):
    """A position dict that cannot be read or breaks a rule (the message names the rule)."""
