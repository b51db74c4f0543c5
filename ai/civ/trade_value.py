"""Valuing trade (A17) for one seat, from its own view only.

A hand is worth its commodity sets (A2.9, the engine's `cards_value`; with
Mining where it gains most, A35.2) less what its tradable calamities are
expected to cost when trade ends (A18.1). A card's worth to a hand is its
marginal value, so the square law makes completing a set worth far more than
a stray card.

Unnamed cards (A17.2–A17.3) are priced from public counts alone (A1.5): the
cards this seat cannot see, stack by stack (each stack's cards less its own
hand, the cards named in the proposal, its stack size and returns), weighted
by the stacks the proposer draws from (A16.1: stacks 1 to his cities). The
chance that an unnamed card is a tradable calamity is the calamities' share
of those cards, raised by a suspicion factor: a seat holding one has every
reason to pass it on (A17.7). Nothing here reads another seat's hand, so
dealing the hidden cards anew changes no number.

An offer is judged as the change of the hand's worth: what is given, what is
named, and each unnamed card at its expected worth. Proposals ask for two
cards (A17.2: at least two named) that grow the viewer's sets, weighed by the
chance the other seat holds them, and give the two named cards the viewer
loses least by against what the other side is likely to gain, with a
tradable calamity hidden among the unnamed when there is one to pass on.
"""

from __future__ import annotations

import math
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from engine.civ.tables import CALAMITY_BY_ID, CARD_ORDER, COMMODITY_BY_ID, STACKS
from engine.civ.trade import MIN_CARDS, MIN_NAMED, tradable
from engine.civ.trade_cards import best_mining_value, cards_value

from ..bot import Action, View
from .determinize import OFF_STACK, cities_of, heard_holdings, heard_wants
from .purchase import CITY_LOSS, saving


def _calamity_costs() -> dict[str, tuple[float, int]]:
    """A18.3's table read as score lost: per tradable calamity, points lost whatever the
    cities, and how many cities it reduces or takes at most."""
    return {
        "treachery": (20.0, 1),  # A20: one city goes to the trader
        "superstition": (0.0, 3),  # A22: 3 cities reduced
        "slave_revolt": (15.0, 2),  # A24: 15 tokens support no city
        "barbarian_hordes": (40.0, 1),  # A26: 15 barbarians attack
        "epidemic": (20.0, 1),  # A27: 16 points
        "civil_disorder": (0.0, 9),  # A28: all cities but 3 reduced (see calamity_cost)
        "iconoclasm_heresy": (10.0, 4),  # A29: 4 cities reduced
        "piracy": (10.0, 2),  # A30: 2 coastal cities
    }


@dataclass(frozen=True)
class TradeWorth:
    """The weights of trade valuation; the evaluation tunes them (score points)."""

    calamities: Mapping[str, tuple[float, int]] = field(default_factory=_calamity_costs)
    city: float = CITY_LOSS  # what a city reduced or lost costs, about
    suspicion: float = 1.5  # unnamed cards are likelier calamities than the pool's share
    kept_calamity: float = 0.6  # share of a received calamity's cost that stays: it may be
    # passed on in a later round (A17.5)
    unnamed: float = 0.8  # a giver chooses his unnamed cards: worth less than the pool's mean
    off_stack: float = OFF_STACK  # weight of the stacks a seat does not draw from (traded cards)
    unlikely: float = 0.05  # demands less likely than this to be met are not made
    kinds: int = 6  # commodities considered for a demand, those worth most to the viewer
    # (4 before medium foresaw answers: 6 and 16 offers foreseen made 30% more trades)
    sure: float = 0.5  # offers at least this likely to be met, that the other side gains
    # by, come first (in random games' views, half of those first offers were met and
    # valued above nothing by the receiver, against 46% when sorted by worth alone)


DEFAULT_TRADE_WORTH = TradeWorth()
COLLECTED = 2.0  # cards of a commodity a seat holds at least when it asks for it by name


def calamity_cost(card: str, cities: int, held: Iterable[str] = (),
                  worth: TradeWorth = DEFAULT_TRADE_WORTH) -> float:
    """What holding a tradable calamity when trade ends is expected to cost (A18.1), less
    what the civilization cards `held` save against it (the purchase optimiser's table)."""
    fixed, at_stake = worth.calamities.get(card, (0.0, 0))
    if card == "civil_disorder":  # A28.1: all cities but 3
        base = fixed + worth.city * max(0, cities - 3)
    else:
        base = fixed + worth.city * min(cities, at_stake)
    return max(0.0, base - saving(held, card))


def hand_worth(hand: Iterable[str], cities: int, held: Iterable[str] = (),
               worth: TradeWorth = DEFAULT_TRADE_WORTH) -> float:
    """A2.9: the commodity sets (with Mining among the cards `held`, where it gains most,
    A35.2) less the tradable calamities' expected cost; a non-tradable calamity is never
    traded and counts nothing."""
    hand, held = list(hand), list(held)
    sets = best_mining_value(hand) if "mining" in held else cards_value(hand)
    cost = sum(calamity_cost(c, cities, held, worth) for c in hand
               if c in CALAMITY_BY_ID and CALAMITY_BY_ID[c].tradable)
    return sets - cost


@lru_cache(maxsize=1 << 14)
def default_hand_worth(hand: tuple[str, ...], cities: int, held: tuple[str, ...]) -> float:
    """`hand_worth` at the default weights, kept: a decision's trade valuation, and the
    answers it foresees in its dealt worlds, ask for the same hands thousands of times.
    (Over 14 turns of eight medium, 16,384 hands kept 41,142 hits of the 41,992 that
    65,536 kept, in a few MB; 4,096 kept 10,040.)"""
    return hand_worth(hand, cities, held)


def card_order(card: str) -> int:
    return CARD_ORDER[card]


def without(cards: Iterable[str], taken: Iterable[str]) -> list[str]:
    return list((Counter(cards) - Counter(taken)).elements())


def passed_me(view: View) -> dict[int, int]:
    """A17.7: how many of the calamities in the viewer's hand each seat passed it this turn
    (the view shows the traders of the viewer's own cards only)."""
    return dict(Counter(int(seat) for seat in view["traders"].values()))


@dataclass(frozen=True)
class Judgement:
    """The viewer's best acceptance of the proposal it is asked about, and its worth."""

    value: float
    accept: Action | None


@dataclass(frozen=True)
class Offer:
    """A proposal's terms, what it is worth to the viewer (times the chance the demand can be
    met) and, as far as public counts tell, to the other seat: an offer it would refuse is
    noise."""

    to: int
    give: tuple[str, ...]
    named: tuple[str, ...]
    want: int
    want_named: tuple[str, ...]
    mine: float
    theirs: float
    likely: float  # the chance the other seat holds the cards asked for

    def action(self, kind: str = "propose") -> Action:
        terms: dict[str, Any] = {"give": list(self.give), "named": list(self.named),
                                 "want": self.want, "want_named": list(self.want_named)}
        return {"type": "propose", "to": self.to, **terms} if kind == "propose" \
            else {"type": "counter", **terms}


@dataclass(frozen=True)
class UnnamedOdds:
    """The odds of one unnamed card from a seat, split as `TradeView._expected` weighs them:
    the commodities' and the tradable calamities' chances with their totals (1.0 for none),
    and the chance it is a calamity, suspicion included."""

    goods: dict[str, float]
    goods_total: float
    bads: dict[str, float]
    bads_total: float
    risk: float


def _key(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards as a cache key; most often none."""
    return tuple(sorted(cards)) if cards else ()


class TradeView:
    """One seat's view, read for trade; what public counts give is worked out once."""

    def __init__(self, view: View, worth: TradeWorth = DEFAULT_TRADE_WORTH,
                 distrust: Mapping[int, float] | None = None) -> None:
        """`distrust` multiplies the suspicion of some seats' unnamed cards (default: the
        seats that passed the viewer a calamity this turn, `passed_me`). `shown` are the
        commodities each seat surely holds by what the table heard this trade phase: it
        named them in a proposal (A17.2), the ones it parts with most easily."""
        self.view, self.worth = view, worth
        self.shown = {seat: Counter({c: n for c, n in held.items() if c in COMMODITY_BY_ID})
                      for seat, held in heard_holdings(view).items()}
        self.wants = heard_wants(view)
        self.distrust = dict(distrust) if distrust is not None else {
            seat: 1.0 + n for seat, n in passed_me(view).items()}
        self.seat: int = view["viewer"]
        me = view["seats"][self.seat]
        self.hand: tuple[str, ...] = tuple(me["hand"])
        self.held: tuple[str, ...] = tuple(me["cards"])
        self._cities = cities_of(view)
        self.cities = self._cities[self.seat]
        self._odds: dict[tuple[int, tuple[str, ...]], dict[str, float]] = {}
        self._worth: dict[tuple[str, ...], float] = {}
        self._unnamed_to: dict[int, float] = {}
        self._unseen: dict[tuple[str, ...], list[dict[str, float]]] = {}
        self._unnamed: dict[tuple[int, tuple[str, ...]], UnnamedOdds] = {}
        mine = Counter(self.hand)
        self._hidden = [Counter(stack.cards) - mine for stack in STACKS]
        self._out = [sum(h.values()) - view["stack_sizes"][i] - view["return_sizes"][i]
                     for i, h in enumerate(self._hidden)]

    # ------------------------------------------------------------ my hand

    def worth_of(self, hand: Iterable[str]) -> float:
        return self._worth_key(tuple(sorted(hand)))

    def _worth_key(self, key: tuple[str, ...]) -> float:
        """`worth_of` a hand already sorted."""
        if key not in self._worth:
            self._worth[key] = default_hand_worth(key, self.cities, self.held) \
                if self.worth is DEFAULT_TRADE_WORTH \
                else hand_worth(key, self.cities, self.held, self.worth)
        return self._worth[key]

    def marginal(self, hand: Sequence[str], card: str) -> float:
        """What one more `card` adds to `hand` (negative for a calamity)."""
        return self.worth_of([*hand, card]) - self.worth_of(hand)

    def loss(self, hand: Sequence[str], cards: Sequence[str]) -> float:
        """What giving `cards` out of `hand` costs (negative when a calamity goes)."""
        return self.worth_of(hand) - self.worth_of(without(hand, cards))

    # ------------------------------------------------------------ the unseen cards

    def unseen(self, known: Iterable[str] = ()) -> list[dict[str, float]]:
        """Per stack, the tradable cards in hands the viewer cannot see, as expected counts
        (A1.5): each card of the stack it does not hold is as likely as another to be out of
        the stack, and `known` (cards a proposal names) are out for certain."""
        key = _key(known)
        if key not in self._unseen:
            self._unseen[key] = self._unseen_of(key)
        return self._unseen[key]

    def _unseen_of(self, known: tuple[str, ...]) -> list[dict[str, float]]:
        named = Counter(known)
        result: list[dict[str, float]] = []
        for i, hidden in enumerate(self._hidden):
            mentioned = named & hidden
            left = hidden - mentioned if mentioned else hidden
            total = sum(left.values())
            out = self._out[i] - sum(mentioned.values())
            share = max(0, out) / total if total else 0.0
            result.append({c: n * share for c, n in left.items() if tradable(c)})
        return result

    def odds(self, seat: int, known: Iterable[str] = ()) -> dict[str, float]:
        """The chance that one card of `seat`'s hand, not otherwise known, is each tradable
        card: the unseen cards weighted by the stacks it draws from (A16.1)."""
        key = (seat, _key(known))
        if key not in self._odds:
            draws = max(1, self._cities[seat])
            weights: dict[str, float] = {}
            for number, cards in enumerate(self.unseen(key[1]), start=1):
                w = 1.0 if number <= draws else self.worth.off_stack
                for c, n in cards.items():
                    weights[c] = weights.get(c, 0.0) + w * n
            total = sum(weights.values())
            self._odds[key] = {c: n / total for c, n in weights.items() if n} if total else {}
        return self._odds[key]

    def calamity_share(self, seat: int, known: Iterable[str] = ()) -> float:
        """The chance that an unnamed card from `seat` is a tradable calamity (A17.2),
        suspicion included."""
        return self._unnamed_odds(seat, _key(known)).risk

    def _unnamed_odds(self, seat: int, known: tuple[str, ...]) -> UnnamedOdds:
        key = (seat, known)
        if key not in self._unnamed:
            chances = self.odds(seat, known)
            calamity = sum(v for c, v in chances.items() if c in CALAMITY_BY_ID)
            goods = {c: v for c, v in chances.items() if c in COMMODITY_BY_ID}
            bads = {c: v for c, v in chances.items() if c in CALAMITY_BY_ID}
            self._unnamed[key] = UnnamedOdds(
                goods, sum(goods.values()) or 1.0, bads, sum(bads.values()) or 1.0,
                min(1.0, calamity * self.worth.suspicion * self.distrust.get(seat, 1.0)))
        return self._unnamed[key]

    def unnamed_worth(self, seat: int, hand: Sequence[str], known: Iterable[str] = ()) -> float:
        """The expected worth to `hand` of one unnamed card from `seat`: a commodity at its
        marginal value (discounted: the giver chooses it), a calamity at the share of its
        cost that stays."""
        base = sorted(hand)
        now = self._worth_key(tuple(base))

        def marginal(card: str) -> float:
            grown = base.copy()
            insort(grown, card)
            return self._worth_key(tuple(grown)) - now
        return self._expected(seat, known, marginal)

    def _expected(self, seat: int, known: Iterable[str],
                  value: Callable[[str], float]) -> float:
        """One unnamed card's expected `value` (a commodity's discounted, a calamity's share
        that stays), by the odds of `seat`'s cards and the calamities' share."""
        odds = self._unnamed_odds(seat, _key(known))
        good = sum(p * value(c) for c, p in odds.goods.items()) / odds.goods_total
        bad = sum(p * value(c) for c, p in odds.bads.items()) / odds.bads_total
        risk = odds.risk
        return (1 - risk) * self.worth.unnamed * good + risk * self.worth.kept_calamity * bad

    # ------------------------------------------------------------ offers

    def offer_value(self, partner: int, give: Sequence[str], get_named: Sequence[str],
                    unnamed: int) -> float:
        """What a trade is worth to the viewer: its hand after giving `give` and getting
        `get_named` and `unnamed` cards it cannot see, less its hand now."""
        after = [*without(self.hand, give), *get_named]
        value = self.worth_of(after) - self.worth_of(self.hand)
        if unnamed:
            value += unnamed * self.unnamed_worth(partner, after, get_named)
        return value

    def cheapest(self, count: int, keep: Sequence[str] = ()) -> list[str]:
        """The `count` tradable cards besides `keep` (which go anyway) whose loss costs least,
        one at a time: a tradable calamity first (losing it gains), then the card whose set
        loses least; [] if the hand has too few."""
        left = without(self.hand, keep)
        chosen: list[str] = []
        for _ in range(count):
            options = sorted({c for c in left if tradable(c)}, key=card_order)
            if not options:
                return []
            card = min(options, key=lambda c: self.loss(left, [c]))
            left = without(left, [card])
            chosen.append(card)
        return chosen

    def judge(self) -> Judgement:
        """A17.4: what accepting the pending proposal is worth, giving the named cards asked
        for and, for the rest, the cards the viewer loses least by (a calamity first); no
        acceptance if the hand cannot meet the demand."""
        proposal = self.view["pending"]["proposal"]
        asked = list(proposal["want_named"])
        if Counter(asked) - Counter(c for c in self.hand if tradable(c)):
            return Judgement(float("-inf"), None)
        extra = self.cheapest(proposal["want"] - len(asked), asked)
        if len(asked) + len(extra) < proposal["want"]:
            return Judgement(float("-inf"), None)
        give = sorted([*asked, *extra], key=card_order)
        value = self.offer_value(proposal["from"], give, proposal["named"],
                                 proposal["give_count"] - len(proposal["named"]))
        return Judgement(value, {"type": "accept", "give": give})

    def counters(self, most: int = 6) -> list[Offer]:
        """A17.4: when the viewer cannot or will not meet the pending demand, the terms it can
        offer back, best first: the proposer's own named cards asked for (the truth rule says
        he holds them, so the demand is met for certain) and one unnamed card, for two named
        cards the viewer loses least by against their worth to the proposer (the cards he
        asked for first: he collects them) and one unnamed card, a tradable calamity when the
        viewer holds one. None when the proposer named too few cards or the viewer holds too
        few, or no unnamed card to give."""
        proposal = self.view["pending"]["proposal"]
        to = int(proposal["from"])
        ask = list(proposal["named"])[:MIN_NAMED]
        if len(ask) < MIN_NAMED or sum(1 for c in self.hand if tradable(c)) < MIN_CARDS:
            return []
        hidden, pairs = self._gifts(to)
        if not hidden:
            return []
        collects = set(proposal["want_named"])
        rest = without(self.hand, hidden)
        pairs = sorted((p for p in pairs if not set(p) & set(ask)),
                       key=lambda p: (self.loss(rest, p) - self.gain_to(to, p,
                                                                       collects=collects),
                                      [card_order(c) for c in p]))
        offers = []
        for named in pairs[:most]:
            give = tuple(sorted([*named, *hidden], key=card_order))
            mine = self.offer_value(to, give, ask, MIN_CARDS - len(ask))
            theirs = self.gain_to(to, named, ask, collects=collects) + self.unnamed_to(to)
            offers.append(Offer(to, give, tuple(sorted(named, key=card_order)), MIN_CARDS,
                                tuple(sorted(ask, key=card_order)), mine, theirs, 1.0))
        return offers

    # ------------------------------------------------------------ the other seat

    def expected_count(self, seat: int, card: str) -> float:
        """How many `card` a seat's hand holds, expected from public counts (A1.5)."""
        return self.view["seats"][seat]["hand_size"] * self.odds(seat).get(card, 0.0)

    def holds_at_least(self, seat: int, card: str, n: int) -> float:
        """The chance a seat holds `n` or more of `card` (Poisson about the expected count)."""
        lam = self.expected_count(seat, card)
        return 1.0 - sum(math.exp(-lam) * lam ** k / math.factorial(k) for k in range(n))

    def given_count(self, seat: int, card: str, n: int) -> float:
        """How many `card` a seat holds, expected, given that it holds `n` at least (it can
        meet a demand for them only then): the Poisson count about the expected one, cut
        below `n`."""
        lam = self.expected_count(seat, card)
        below = [math.exp(-lam) * lam ** k / math.factorial(k) for k in range(n)]
        rest = 1.0 - sum(below)
        if rest <= 1e-9:
            return float(n)
        return max(float(n), (lam - sum(k * p for k, p in enumerate(below))) / rest)

    def loss_to(self, seat: int, cards: Sequence[str]) -> float:
        """What giving the commodities `cards` costs a seat that can (A2.9): its sets of them
        counted from the holding it must have to meet the demand."""
        total = 0.0
        for card, n in Counter(cards).items():
            if card in COMMODITY_BY_ID:
                held = self.given_count(seat, card, n)
                total += COMMODITY_BY_ID[card].value * (held ** 2 - (held - n) ** 2)
        return total

    def worth_to(self, seat: int, cards: Sequence[str]) -> float:
        """What `cards` add to another seat's hand, as its expected holding tells (A2.9)."""
        total = 0.0
        for card, n in Counter(cards).items():
            if card in CALAMITY_BY_ID:
                total -= n * calamity_cost(card, self._cities[seat],
                                           self.view["seats"][seat]["cards"], self.worth)
            else:
                lam = self.expected_count(seat, card)
                total += COMMODITY_BY_ID[card].value * ((lam + n) ** 2 - lam ** 2)
        return total

    def gain_to(self, seat: int, get: Sequence[str], give: Sequence[str] = (),
                collects: Iterable[str] = ()) -> float:
        """What a trade is worth to another seat, as public counts tell (A2.9): the cards it
        gets grow its sets and the named cards it gives shrink them, each commodity counted
        from its expected holding, or from COLLECTED cards at least when it asked for that
        commodity by name (a seat asks for what it collects); a tradable calamity it gets
        costs it (A18.1) and one it gives is a gain."""
        collected = set(collects)
        got, gone = Counter(get), Counter(give)
        cities = self._cities[seat]
        held = self.view["seats"][seat]["cards"]
        total = 0.0
        for card in sorted(set(got) | set(gone), key=card_order):
            n = got[card] - gone[card]
            if card in CALAMITY_BY_ID:
                total -= n * calamity_cost(card, cities, held, self.worth)
                continue
            lam = self.expected_count(seat, card)
            if card in collected:
                lam = max(lam, COLLECTED)
            lam = max(lam, float(gone[card]))
            total += COMMODITY_BY_ID[card].value * ((lam + n) ** 2 - lam ** 2)
        return total

    def unnamed_to(self, seat: int) -> float:
        """What another seat makes of an unnamed card from the viewer: it cannot see it, so
        it prices it by the viewer's stacks and the calamities' share (A1.5); the viewer's
        own view of the unseen cards stands in for its."""
        if seat not in self._unnamed_to:
            self._unnamed_to[seat] = self._expected(self.seat, (),
                                                    lambda c: self.worth_to(seat, [c]))
        return self._unnamed_to[seat]

    # ------------------------------------------------------------ proposals

    def proposals(self, partners: Iterable[int], most: int = 8) -> list[Offer]:
        """Proposals that grow the viewer's sets, those likely to be met that the other seat
        gains by first, best first (A17.2: 3 cards a side, 2 of them named): two cards asked
        of a seat likely to hold them, two named cards given that cost the viewer least
        against what they are likely worth to the other seat, and one unnamed card, a
        tradable calamity when the viewer holds one."""
        if sum(1 for c in self.hand if tradable(c)) < MIN_CARDS:
            return []
        offers: list[Offer] = []
        for to in partners:
            if self.view["seats"][to]["hand_size"] < MIN_CARDS:
                continue
            chances = self.odds(to)
            gifts = self._gifts(to)
            wanted = sorted((c for c in chances if c in COMMODITY_BY_ID),
                            key=lambda c: (-self.marginal(self.hand, c) * chances[c],
                                           card_order(c)))[:self.worth.kinds]
            shown = self.shown.get(to, Counter())
            wanted += sorted((c for c in shown if c not in wanted), key=card_order)
            for ask in combinations_with_replacement(wanted, MIN_NAMED):
                likely = math.prod(1.0 if shown[c] >= n else self.holds_at_least(to, c, n)
                                   for c, n in Counter(ask).items())
                if likely >= self.worth.unlikely:
                    offer = self._offer(to, ask, likely, gifts)
                    if offer is not None:
                        offers.append(offer)
        # those the other seat is likely to take first: an offer it would refuse is noise
        offers.sort(key=lambda o: (o.theirs <= 0 or o.likely < self.worth.sure, -o.mine,
                                   o.to, o.want_named, o.give))
        return offers[:most]

    def _gifts(self, to: int) -> tuple[list[str], list[tuple[str, ...]]]:
        """The unnamed card to give (a tradable calamity when the viewer holds one) and the
        pairs of named cards, cheapest first: what the viewer loses by them less what they
        are likely worth to seat `to` (more when the table heard it ask for them)."""
        calamities = [c for c in self.hand if c in CALAMITY_BY_ID and tradable(c)]
        hidden = calamities[:1] or self.cheapest(1)
        rest = without(self.hand, hidden)
        have = Counter(rest)
        pool = sorted((c for c in have if c in COMMODITY_BY_ID), key=card_order)
        pairs = [p for p in combinations_with_replacement(pool, MIN_NAMED)
                 if p[0] != p[1] or have[p[0]] >= 2]
        wants = self.wants.get(to, set())
        pairs.sort(key=lambda p: (self.loss(rest, p) - self.gain_to(to, p, collects=wants),
                                  [card_order(c) for c in p]))
        return hidden, pairs

    def _offer(self, to: int, ask: Sequence[str], likely: float,
               gifts: tuple[list[str], list[tuple[str, ...]]]) -> Offer | None:
        """The cheapest cards to give for `ask` plus one unnamed card from seat `to`."""
        hidden, pairs = gifts
        named = next((p for p in pairs if not set(p) & set(ask)), None)
        if not hidden or named is None:
            return None
        give = tuple(sorted([*named, *hidden], key=card_order))
        mine = likely * self.offer_value(to, give, ask, MIN_CARDS - len(ask))
        theirs = (self.gain_to(to, named, collects=self.wants.get(to, set()))
                  + self.unnamed_to(to) - self.loss_to(to, ask))
        return Offer(to, give, tuple(sorted(named, key=card_order)), MIN_CARDS,
                     tuple(sorted(ask, key=card_order)), mine, theirs, likely)


def judge(view: View, worth: TradeWorth = DEFAULT_TRADE_WORTH) -> Judgement:
    """The viewer's best acceptance of its pending `trade_answer` (A17.4), and its worth."""
    return TradeView(view, worth).judge()


def proposals(view: View, partners: Iterable[int],
              worth: TradeWorth = DEFAULT_TRADE_WORTH) -> list[Offer]:
    """Proposals to `partners` that grow the viewer's sets, best first (A17.3)."""
    return TradeView(view, worth).proposals(partners)
