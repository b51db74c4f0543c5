"""Filling in what a seat cannot see: other hands and the bag (determinization).

A bot's view shows the board, its own hand and every hand's size; the tiles
discarded by swaps are hidden, so the unseen tiles are estimated as the
starting composition (R1.2) minus the tiles on the board and in the
viewer's hand. Samples are drawn from that pool without replacement, which
keeps every sampled position within the game's tile counts.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

import engine.tigris as engine

from .geometry import COLOR_INDEX, COLORS, TILES_PER_COLOR


def unseen_pool(view: dict[str, Any]) -> list[int]:
    """Per colour, tiles the viewer cannot locate: in other hands, the bag, or out of play."""
    counts = list(TILES_PER_COLOR)
    for cell in view["board"].values():
        color = cell.get("tile")
        if color is not None:
            counts[COLOR_INDEX[color]] -= 1
    for color in view["players"][view["viewer"]]["hand"]:
        counts[COLOR_INDEX[color]] -= 1
    pending = view["pending"]
    if pending is not None and pending["kind"] == "commit" and pending["attacker_committed"]:
        # R6.2: the attacker's committed tiles left its hand and are in no one's
        color = "red" if pending["conflict"] == "internal" else pending["color"]
        counts[COLOR_INDEX[color]] -= pending["attacker_committed"]
    return [max(0, n) for n in counts]


def pool_fractions(pool: list[int]) -> list[float]:
    total = sum(pool)
    if total == 0:
        return [0.25] * 4
    return [n / total for n in pool]


def sample_hidden(view: dict[str, Any], rng: random.Random,
                  pool: list[int] | None = None) -> tuple[list[list[str] | None], list[str]]:
    """Other seats' hands and a bag order, drawn from the unseen pool."""
    pool = unseen_pool(view) if pool is None else pool
    tiles = [COLORS[c] for c in range(4) for _ in range(pool[c])]
    rng.shuffle(tiles)
    viewer = view["viewer"]
    needed = sum(p["hand_size"] for i, p in enumerate(view["players"]) if i != viewer)
    needed += view["bag_size"]
    if needed > len(tiles):
        # The estimate can only fall short if the view is inconsistent; weight-sample the rest.
        weights = pool if any(pool) else [1, 1, 1, 1]
        tiles.extend(rng.choices(COLORS, weights=weights, k=needed - len(tiles)))
    hands: list[list[str] | None] = []
    at = 0
    for i, p in enumerate(view["players"]):
        if i == viewer:
            hands.append(None)
            continue
        hands.append(tiles[at:at + p["hand_size"]])
        at += p["hand_size"]
    bag = tiles[at:at + view["bag_size"]]
    return hands, bag


def sample_state(view: dict[str, Any], rng: random.Random,
                 pool: list[int] | None = None) -> engine.State:
    """One full position consistent with the view (hidden VP become zeros)."""
    hands, bag = sample_hidden(view, rng, pool)
    return engine.state_from_view(view, hands=hands, bag=bag)


def chance_at_least(k: int, color: int, hand_size: int, pool: list[int]) -> float:
    """P(a hidden hand of `hand_size` tiles from `pool` holds at least k of `color`)."""
    if k <= 0:
        return 1.0
    total = sum(pool)
    good = pool[color]
    n = min(hand_size, total)
    if k > n or k > good:
        return 0.0
    denominator = comb(total, n)
    below = sum(comb(good, i) * comb(total - good, n - i) for i in range(k))
    return max(0.0, 1.0 - below / denominator)
