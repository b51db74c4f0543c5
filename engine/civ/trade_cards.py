"""Trade cards: what a set is worth (A2.9), building the stacks (A6.2), returns under them (A32.6).

Cards are ids (`tables.TRADE_CARD_IDS`); a hand or a stack is a list of ids.
Shuffles use the engine's generator on lists in canonical order (A37.2), so
the same seed gives the same stacks whatever order the cards arrived in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..rng import SplitMix64
from .tables import CARD_ORDER, CARD_STACK, COMMODITY_BY_ID, MINING_COMMODITIES, STACKS


def canonical(cards: Iterable[str]) -> list[str]:
    """A37.2: cards in canonical order (by stack, commodity order, then calamities)."""
    return sorted(cards, key=CARD_ORDER.__getitem__)


def set_value(commodity: str, n: int) -> int:
    """A2.9: n cards of one commodity are worth n² × face value, n capped by its card count."""
    card = COMMODITY_BY_ID[commodity]
    n = min(n, card.count)
    return n * n * card.value


def cards_value(cards: Iterable[str], mining: str | None = None) -> int:
    """A2.9, A32.4: the commodities among `cards` valued as sets, one set per commodity.

    `mining` names the commodity whose set Mining enlarges by one card (within
    its card count); calamities are worth nothing.
    """
    counts = Counter(c for c in cards if c in COMMODITY_BY_ID)
    return sum(set_value(cid, n + (1 if cid == mining else 0)) for cid, n in counts.items())


def best_mining_value(cards: Iterable[str]) -> int:
    """A35.2: the set value of `cards` with Mining applied where it gains most."""
    cards = list(cards)
    choices = [None, *sorted(MINING_COMMODITIES & set(cards))]
    return max(cards_value(cards, mining) for mining in choices)


def most_value(n: int, mining: bool) -> int:
    """A2.9, A32.4: the most any n commodity cards of the game can be worth, one set enlarged
    by Mining if `mining`: what a hand of n cards may pay, as far as its size tells."""
    best: dict[tuple[int, bool], int] = {(0, False): 0}
    for card in COMMODITY_BY_ID.values():
        grown = dict(best)
        for (k, used), value in best.items():
            for j in range(1, min(card.count, n - k) + 1):
                options = [(used, set_value(card.id, j))]
                if mining and not used and card.id in MINING_COMMODITIES:
                    options.append((True, set_value(card.id, j + 1)))
                for now_used, worth in options:
                    key = (k + j, now_used)
                    grown[key] = max(grown.get(key, 0), value + worth)
        best = grown
    return max(best.values())


def build_stacks(players: int, rng: SplitMix64) -> list[list[str]]:
    """A6.2: the nine stacks, top card first, so no calamity lies in the top `players` cards."""
    stacks: list[list[str]] = []
    for stack in STACKS:
        commodities = [c for c in stack.cards if c in COMMODITY_BY_ID]
        rng.shuffle(commodities)
        if stack.number == 1:
            stacks.append(commodities)
            continue
        top, rest = commodities[:players], commodities[players:]
        if stack.tradable_calamity:
            rest.append(stack.tradable_calamity)
        rng.shuffle(rest)
        bottom = [stack.non_tradable_calamity] if stack.non_tradable_calamity else []
        stacks.append(top + rest + bottom)
    return stacks


def return_to_stacks(stacks: list[list[str]], returned: Iterable[str],
                     rng: SplitMix64) -> list[list[str]]:
    """A32.6: the turn's returned cards go under their stacks, each stack's shuffled first.

    A non-tradable calamity goes to the very bottom of its stack, under the
    shuffled cards. Stacks 1 to 9 are shuffled in turn (A37.1).
    """
    by_stack: dict[int, list[str]] = {s.number: [] for s in STACKS}
    for card in returned:
        by_stack[CARD_STACK[card]].append(card)
    result: list[list[str]] = []
    for stack in STACKS:
        cards = canonical(by_stack[stack.number])
        bottom = [c for c in cards if c == stack.non_tradable_calamity]
        shuffled = [c for c in cards if c != stack.non_tradable_calamity]
        rng.shuffle(shuffled)
        result.append(stacks[stack.number - 1] + shuffled + bottom)
    return result
