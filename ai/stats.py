"""Win rates with honest error bars for the arena."""

from __future__ import annotations

from math import sqrt

Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (draws count as half a win).

    Chosen over the normal approximation because arena rates sit near 0 or 1,
    where that approximation leaves [0, 1].
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
