"""Seeded civ positions at a decision the table's quick answers serve (tests and the
screenshots of docs/screenshots/civ-*.png): a trade (A17), a calamity's loss (A21 Famine,
A7.6) and a purchase (A32). Each is a position reached by random play from a seed and
then set at the start of a phase, every token, city and card still in exactly one place
(A2.1, A2.3, A2.7: `from_dict` checks it), so the engine runs on to the decision."""

from __future__ import annotations

import random
from typing import Any

import engine.civ as civ
from ai.civ.random_player import random_answer
from engine.civ.map_schema import load_map
from engine.civ.tables import CALAMITY_BY_ID, CARD_ORDER, CARD_STACK, COMMODITY_BY_ID


def played(players: int, seed: int, turn: int) -> Any:
    """The position random players reach at the start of `turn`."""
    state = civ.new_game(players, seed, {"turn_limit": 12})
    rng = random.Random(seed)
    while state.view(None)["turn"] < turn and not state.is_over:
        state = state.apply(random_answer(state, state.view(state.to_move), rng))
    return state


def _clear_calamities(d: dict[str, Any]) -> None:
    for seat in d["seats"]:
        for card in [c for c in seat["hand"] if c in CALAMITY_BY_ID]:
            seat["hand"].remove(card)
            d["stacks"][CARD_STACK[card] - 1].append(card)


def _take(d: dict[str, Any], card: str) -> None:
    """One `card` out of its stack (or the cards going under it)."""
    pile = d["stacks"][CARD_STACK[card] - 1]
    (pile if card in pile else d["returns"][CARD_STACK[card] - 1]).remove(card)


def trade_position(state: Any) -> Any:
    """Phase 10 (A17) with every seat holding the top four commodity cards of stack 1 or 2."""
    d = state.to_dict()
    _clear_calamities(d)
    d["phase"], d["phase_state"], d["pending"], d["traders"] = "trade", {}, None, {}
    for i, seat in enumerate(d["seats"]):
        pile = d["stacks"][i % 2]
        hand = [c for c in pile if c in COMMODITY_BY_ID][:4]
        for card in hand:
            pile.remove(card)
        for card in seat["hand"]:
            d["stacks"][CARD_STACK[card] - 1].append(card)
        seat["hand"] = sorted(hand, key=CARD_ORDER.__getitem__)
    return civ.from_dict(d)


def _spread(d: dict[str, Any], seat: int) -> None:
    """3 tokens of `seat` in each of up to four more land areas beside its first one (from
    its stock), so that losses and growth have several answers."""
    me = d["seats"][seat]
    board = load_map()
    held = [a for a in d["areas"] if a["tokens"].get(str(seat))]
    taken = {a["id"] for a in d["areas"]}
    fresh = [n for n in board.neighbours(held[0]["id"])
             if n not in taken and board.area(n).kind != "open_sea"][:4]
    for area in fresh:
        d["areas"].append({"id": area, "tokens": {str(seat): 3}, "city": None})
        me["stock"]["tokens"] -= 3
    d["areas"].sort(key=lambda a: a["id"])


def calamity_position(state: Any, seat: int, card: str = "famine") -> Any:
    """Phase 11 with `seat` holding `card` and its tokens spread over several areas."""
    d = state.to_dict()
    _clear_calamities(d)
    _take(d, card)
    me = d["seats"][seat]
    me["hand"] = sorted([*me["hand"], card], key=CARD_ORDER.__getitem__)
    _spread(d, seat)
    d["phase"], d["phase_state"], d["pending"], d["traders"] = "calamities", {}, None, {}
    return civ.from_dict(d)


def growth_position(state: Any, seat: int) -> Any:
    """Phase 2 (A9.2) with `seat`'s tokens spread and its stock 5 tokens short of its
    growth (the rest in its treasury, A2.3), so it places its whole stock."""
    d = state.to_dict()
    _spread(d, seat)
    me = d["seats"][seat]
    held = [a for a in d["areas"] if a["tokens"].get(str(seat)) and not a["city"]]
    growth = sum(2 if a["tokens"][str(seat)] >= 2 else 1 for a in held)
    keep = max(1, growth - 5)
    me["treasury"] += me["stock"]["tokens"] - keep
    me["stock"]["tokens"] = keep
    d["phase"], d["phase_state"], d["pending"], d["traders"] = "growth", {}, None, {}
    return civ.from_dict(d)


def purchase_position(state: Any, treasury: int = 40) -> Any:
    """Phase 12 (A32) with every seat holding commodity sets (stacks 2, 3, 5 and 6's top
    cards) and `treasury` tokens from its stock in its treasury."""
    d = state.to_dict()
    _clear_calamities(d)
    for i, seat in enumerate(d["seats"]):
        for card in seat["hand"]:
            d["stacks"][CARD_STACK[card] - 1].append(card)
        hand: list[str] = []
        for stack in (1, 2, 4, 5):
            pile = d["stacks"][stack]
            got = [c for c in pile if c in COMMODITY_BY_ID][i * 3:i * 3 + 3]
            for card in got:
                pile.remove(card)
            hand += got
        seat["hand"] = sorted(hand, key=CARD_ORDER.__getitem__)
        moved = min(treasury, seat["stock"]["tokens"])
        seat["stock"]["tokens"] -= moved
        seat["treasury"] += moved
    d["phase"], d["phase_state"], d["pending"], d["traders"] = "civ_cards", {}, None, {}
    return civ.from_dict(d)
