"""The engines' own random generator, shared by every game.

A game's randomness (Tigris & Euphrates' bag and start player, R2.2, R2.4;
Advanced Civilization's stacks and draws, A37) comes from SplitMix64
(Steele, Lea & Flood, 2014), seeded with the game's seed, so a seed gives
the same game on every machine and Python version. Python's `random` is not
used: its algorithm is not part of our contract.

The shuffle is Fisher–Yates from the last position down; bounded draws use
rejection sampling so they are unbiased.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    """A 64-bit generator: tiny, fast, and easy to re-implement anywhere."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An integer in [0, bound), without modulo bias."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def seed_to_int(seed: object) -> int:
    """Seeds are ints; a negative or huge one is folded into 64 bits."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {type(seed).__name__}")
    return seed & MASK64
