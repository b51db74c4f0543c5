"""What everyone counted of the cards going under the stacks (A32.4, A32.6, A36.1).

The stacks' order is hidden, yet not all of it is unknown. The cards handed
in at a purchase are shown (A32.4) and the calamities revealed (A18.1) before
they go under their stacks, shuffled only among that turn's cards (A32.6).
So a player who kept count knows, near the bottom of each stack, which cards
each turn's batch was made of; cards returned unseen (A32.5, A36.1) are
counted without names. Cards are drawn off the top (A16.1, A16.2), so a
batch loses cards only once everything above it is gone. The non-tradable
calamity, alone at the very bottom in view of all, is counted apart
(`position.calamity_depths`) and belongs to no batch.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rng import SplitMix64
from .position import Batch, Position, counted_cards
from .tables import CARD_ORDER, CARD_STACK, STACKS
from .trade_cards import return_to_stacks


def return_card(pos: Position, card: str, shown: bool) -> None:
    """A card back towards its stack at A32.6: `shown` if everyone saw it (a card handed in,
    A32.4; a revealed calamity, A18.1), not if only its holder did (A32.5)."""
    pos.returns[CARD_STACK[card] - 1].append(card)
    if shown:
        pos.returns_shown[CARD_STACK[card] - 1].append(card)


def put_under(pos: Position, returned: Iterable[str], shown: list[list[str]]) -> None:
    """A32.6 (and A36.1, as at A32.6): `returned` under their stacks, each stack's shuffled
    first, `shown[i]` the ones of stack i + 1 everyone saw; each stack's batch counted."""
    returned = list(returned)
    rng = SplitMix64(pos.rng)
    pos.stacks = return_to_stacks(pos.stacks, returned, rng)
    pos.rng = rng.state
    for i, stack in enumerate(STACKS):
        batch = [c for c in returned
                 if CARD_STACK[c] == stack.number and c != stack.non_tradable_calamity]
        if batch:
            named = sorted((c for c in shown[i] if c != stack.non_tradable_calamity),
                           key=CARD_ORDER.__getitem__)
            pos.under[i].append(Batch(len(batch), tuple(named), len(batch) - len(named)))


def drawn_from(pos: Position, index: int) -> None:
    """After cards were drawn off stack `index`'s top: the batches keep only what is left."""
    batches = pos.under[index]
    over = sum(b.left for b in batches) - len(counted_cards(pos.stacks[index], index + 1))
    while over > 0:
        gone = min(over, batches[0].left)
        over -= gone
        if gone == batches[0].left:
            batches.pop(0)
        else:
            batches[0] = batches[0]._replace(left=batches[0].left - gone)
