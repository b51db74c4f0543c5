"""What a step of play lets out that no Undo may take back (A1.5, A37.2).

A table may take back a player's own steps, one by one, until one of them drew on
chance or showed someone something hidden: after that, taking it back would let the
player try again knowing the outcome. Which steps those are is a rule of this game,
so it is judged here, from the positions before and after the step and its events,
and never by a client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State

RANDOM, HIDDEN = "random", "hidden"

# Events that show everyone cards that were in a hidden hand: a calamity resolved or set
# aside (A18) and the Grain shown for Pottery (A21.3); besides them, the cards paid for
# civilization cards (A32) and the named cards of a proposal (A17.3), when there are any.
SHOWN_FROM_HAND = frozenset({"calamity", "calamity_set_aside", "grain_shown"})


def _shows_hand(event: dict[str, Any]) -> bool:
    if event["type"] == "civ_cards_bought":
        return bool(event["paid"])
    if event["type"] == "proposal":
        return bool(event["named"])
    return event["type"] in SHOWN_FROM_HAND


def undo_barrier(before: State, after: State) -> str | None:
    """Why the step from `before` to `after` may not be taken back, or None if it may:
    `RANDOM` if it drew on chance (the engine's generator moved: a card taken at random,
    A13.6 and A18.2, or the stacks shuffled, A32.6); `HIDDEN` if it showed some seat
    something hidden (an event private to a seat: cards drawn, bought, received or lost;
    a stack's hidden order changed; cards of a hand shown to all)."""
    if after.position.rng != before.position.rng:
        return RANDOM
    if after.position.stacks != before.position.stacks:
        return HIDDEN
    if any("private_to" in e or _shows_hand(e) for e in after.events):
        return HIDDEN
    return None
