"""The named levels and the one factory that builds them."""

from __future__ import annotations

from .bot import Bot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")


def make_bot(level: str, seed: int, iterations: int | None = None) -> Bot:
    """A bot of `level`, seeded; `iterations` fixes the hard search's size instead of the clock."""
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        return HardBot(seed, iterations=iterations)
    raise ValueError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")
