"""Where a civ stack's cards are hidden from everyone, for tests that deal hidden cards anew.

A stack's order is hidden, but not wholly (A32.6): its non-tradable calamity
lies where everyone counted it, and each batch that went under lies together,
made of the cards everyone saw and some unshown. So dealing hidden cards anew
may shuffle within those parts, or trade a hand's card for one of the top
part nobody counted; never more, or the position would say what nobody saw.
"""

from __future__ import annotations

import random
from typing import Any

from engine.civ.tables import CARD_ORDER, STACKS


def parts(d: dict[str, Any], i: int) -> list[list[int]]:
    """The places in `d["stacks"][i]` of its uncounted top part, then of each counted batch
    from the one nearest the top; the non-tradable calamity is in none."""
    bottom = STACKS[i].non_tradable_calamity
    places = [k for k, card in enumerate(d["stacks"][i]) if card != bottom]
    lefts = [batch["left"] for batch in d["under"][i]]
    top = len(places) - sum(lefts)
    result, start = [places[:top]], top
    for left in lefts:
        result.append(places[start:start + left])
        start += left
    return result


def uncounted_top(d: dict[str, Any], i: int) -> list[int]:
    """The places in `d["stacks"][i]` whose cards nobody counted."""
    return parts(d, i)[0]


def shuffle_within(stack: list[str], places: list[int], rng: random.Random) -> None:
    """The cards at `places` of `stack` shuffled among themselves."""
    cards = [stack[k] for k in places]
    rng.shuffle(cards)
    for k, card in zip(places, cards, strict=True):
        stack[k] = card


def shuffle_as_counted(d: dict[str, Any], rng: random.Random) -> None:
    """Each stack of the position dict `d` shuffled within its parts, as nobody could tell."""
    for i, stack in enumerate(d["stacks"]):
        for places in parts(d, i):
            shuffle_within(stack, places, rng)


def counted_bottom(d: dict[str, Any], i: int, n: int) -> list[str]:
    """`d` with the `n` cards at stack i + 1's very bottom (above its non-tradable calamity,
    with none counted yet) counted as one batch everyone saw go under it (A32.4, A32.6), as
    if handed in for a purchase; returns them in card order."""
    assert not d["under"][i]
    cards = [c for c in d["stacks"][i] if c != STACKS[i].non_tradable_calamity][-n:]
    shown = sorted(cards, key=CARD_ORDER.__getitem__)
    d["under"][i] = [{"left": n, "shown": shown, "unshown": 0}]
    return shown
