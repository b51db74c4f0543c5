"""The random level of Advanced Civilization: a random legal answer to every decision.

`legal_actions` lists only the fixed answers of an open decision (A17 trade,
A32 purchases), so this player also builds random answers of its own from
its seat's view — proposals and counters from its own hand, acceptances
giving what was asked, purchases it can afford — and keeps those the
engine's `check` accepts. It never lies (A17.2): it names only cards it
gives, and asks another seat for no more cards than that seat holds (A17.3:
the hand's size is public; whether it can meet the demand is its secret).
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from typing import Any

import engine.civ as civ
from engine.civ.tables import CALAMITY_BY_ID, CARD_ORDER, CIV_CARD_IDS, COMMODITY_BY_ID, STACKS

from ..bot import Action, View
from .determinize import state_from_view

ATTEMPTS = 6  # random open answers built per decision before falling back on a fixed one
PROPOSE_CHANCE = 0.6  # how often the player tries to trade when it may open a negotiation
MOST_CARDS = 5  # the largest side of a random proposal
DONE_CHANCE = 0.3  # how often a movement ends whatever else it could do
ACCEPT_CHANCE = 0.7  # how often an affordable demand is met rather than countered or refused
GATHER_CHANCE = 0.8  # how often a move is one onto a free city site, when there is one
SHIP_CHANCE = 0.2  # how often a ship is built when one may be
LEAVE_CHANCE = 1 / 200  # how often a seat leaves the game at a turn start (A36.1)


def tradable(card: str) -> bool:
    return card in COMMODITY_BY_ID or CALAMITY_BY_ID[card].tradable


def hand_size(view: View, seat: int) -> int:
    """A1.5: the number of cards in a hand is public; A17.1, A17.3 go by it."""
    return int(view["seats"][seat]["hand_size"])


def _some(rng: random.Random, cards: list[str], low: int, high: int) -> list[str]:
    return sorted(rng.sample(cards, rng.randint(low, high)), key=CARD_ORDER.__getitem__)


def random_offer(view: View, to: int, rng: random.Random) -> dict[str, Any] | None:
    """The fields of a random truthful proposal to `to` (A17.2–A17.3), or None if none fits."""
    me = view["viewer"]
    own = [c for c in view["seats"][me]["hand"] if tradable(c)]
    room = min(hand_size(view, to), MOST_CARDS)
    if len(own) < 3 or room < 3:
        return None
    give = _some(rng, own, 3, min(len(own), MOST_CARDS))
    want = rng.randint(3, room)
    return {"give": give, "named": _some(rng, give, 2, len(give)), "want": want,
            "want_named": sorted(rng.choices(likely_held(view, to), k=2),
                                 key=CARD_ORDER.__getitem__)}


def likely_held(view: View, seat: int) -> list[str]:
    """The tradable cards of the stacks `seat` draws from (A16.1: stacks 1 to its cities),
    one entry per card, so that a demand names what it may well hold."""
    cities = sum(1 for a in view["areas"] if a["city"] is not None and a["city"]["owner"] == seat)
    return [c for stack in STACKS[:max(1, cities)] for c in stack.cards if tradable(c)]


def partners(view: View) -> list[int]:
    """The seats the viewer may open a negotiation with (A17.1, A17.5: active, not done,
    holding 3 cards)."""
    done = view["phase_state"].get("done", [])
    return [i for i, s in enumerate(view["seats"])
            if i != view["viewer"] and s["status"] == "active" and i not in done
            and hand_size(view, i) >= 3]


def random_acceptance(view: View, rng: random.Random) -> Action | None:
    """A17.4: the cards asked for — the named ones, the rest at random — if the hand has them."""
    proposal = view["pending"]["proposal"]
    own = Counter(c for c in view["seats"][view["viewer"]]["hand"] if tradable(c))
    named = Counter(proposal["want_named"])
    if named - own:
        return None
    rest = list((own - named).elements())
    if len(rest) < proposal["want"] - sum(named.values()):
        return None
    give = [*named.elements(), *rng.sample(rest, proposal["want"] - sum(named.values()))]
    return {"type": "accept", "give": sorted(give, key=CARD_ORDER.__getitem__)}


def random_purchase(view: View, rng: random.Random) -> Action:
    """A32.1: one or two cards not held, paid with some or all of the commodities held, the
    treasury the rest."""
    seat = view["seats"][view["viewer"]]
    cards = sorted(rng.sample([c for c in CIV_CARD_IDS if c not in seat["cards"]],
                              rng.randint(1, 2)), key=CIV_CARD_IDS.index)
    commodities = [c for c in seat["hand"] if c in COMMODITY_BY_ID]
    pay = _some(rng, commodities, 0, len(commodities)) if rng.random() < 0.5 else commodities
    return {"type": "purchase", "cards": cards, "pay": pay, "mining": None}


def open_candidates(view: View, rng: random.Random) -> list[Action]:
    """Random answers to the viewer's open decision, not yet judged."""
    pending = view["pending"]
    kind = pending["kind"]
    built: list[Action] = []
    for _ in range(ATTEMPTS):
        if kind == "trade_open":
            seats = partners(view)
            to = rng.choice(seats) if seats else None
            offer = random_offer(view, to, rng) if to is not None else None
            if offer is not None:
                built.append({"type": "propose", "to": to, **offer})
        elif kind == "trade_answer":
            accept = random_acceptance(view, rng)
            if accept is not None:
                built.append(accept)
            offer = random_offer(view, pending["proposal"]["from"], rng) \
                if pending["count"] < 3 else None
            if offer is not None:
                built.append({"type": "counter", **offer})
        elif kind == "civ_cards":
            built.append(random_purchase(view, rng))
    return built


def favoured(state: civ.State, fixed: list[Action], rng: random.Random) -> list[Action]:
    """The answers drawn from: all, but that a seat seldom leaves and enters as soon as it can
    (A36), cities are built when they can be (A14), ships are built now and then (A11.2: a
    nation of two tokens sailing off leaves the board, A35.1), and a movement often ends or
    gathers tokens on a free city site (A12, A14.2); uniform play scatters tokens so thinly
    that no city, and so no trade card, would appear."""
    if any(a["type"] == "stay" for a in fixed):
        return [{"type": "leave"}] if rng.random() < LEAVE_CHANCE else [{"type": "stay"}]
    enters = [a for a in fixed if a["type"] == "enter"]
    if enters:
        return enters
    builds = [a for a in fixed if a["type"] == "build"]
    if builds:
        return builds
    done = [a for a in fixed if a["type"] == "done"]
    if any(a["type"] == "build_ship" for a in fixed) and rng.random() > SHIP_CHANCE:
        return done
    if not any(a["type"] in ("move", "road", "sail") for a in fixed):
        return fixed
    if done and rng.random() < DONE_CHANCE:
        return done
    pos = state.position
    gathering = [a for a in fixed if a["type"] in ("move", "road")
                 and pos.board.area(a["to"]).city_site != "none" and a["to"] not in pos.cities]
    return gathering if gathering and rng.random() < GATHER_CHANCE else fixed


def random_answer(state: civ.State, view: View, rng: random.Random) -> Action:
    """A random legal answer of `view["viewer"]`; `state` judges the open ones."""
    fixed = state.legal_actions()
    pending = view["pending"]
    if pending is None or not pending.get("open"):
        return rng.choice(favoured(state, fixed, rng))
    judged = [a for a in open_candidates(view, rng) if state.check(a) is None]
    if pending["kind"] == "trade_open" and rng.random() > PROPOSE_CHANCE:
        judged = []
    if pending["kind"] == "trade_answer":
        accepts = [a for a in judged if a["type"] == "accept"]
        if accepts and rng.random() < ACCEPT_CHANCE:
            return accepts[0]
    return rng.choice(judged) if judged else rng.choice(fixed)


class CivRandomBot:
    """The harness's random level for this game: it also trades and buys."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        return random_answer(state_from_view(view, self.rng, plausible=False), view, self.rng)
