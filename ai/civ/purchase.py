"""The purchase optimiser of phase 12 (A32): the best set of civilization cards a seat can buy.

Everything is read from the seat's own view (its hand, treasury, cards, the
public board); prices, credits, set values, Mining, the A.S.T. and the
legality of a purchase are the engine's own functions (`engine.civ.civ_cards`,
`trade_cards`, `ast_track`), so no rule is worked out twice. What is ours is
the *worth* of a card to this seat (`Worth`, a table the evaluation can tune)
and the search.

The value of a purchase S is counted in score points (A35.2), so that cards,
commodity cards and treasury are weighed on one scale:

    worth(S) + kept hand's set value + treasury left

where worth(S) is the cards' printed cost (they score it), the credits they
give towards cards still to buy, the A.S.T. they let the marker enter this
turn or later (A5.2, A34.1), their effects against the calamities the seat is
exposed to, and a little for what else they do. The price of S is additive
(A32.3: credits come only from cards held before the phase), so the search is
a knapsack: branch and bound over the cards, bounded by a 0/1 knapsack of the
cards' net worth against the best payment of each price, plus the parts only
the whole set makes (the A.S.T. step, the groups covered). The payment is solved
once for every price: which cards to keep (at most 8 stay after A32.5, so a
card over the limit costs nothing to hand in), the rest handed in with Mining
on the set where it adds most, the treasury paying exactly the rest (A32.4:
change is never given back, so excess value is lost — the search keeps it
least).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.civ.ast_track import ast_alteration
from engine.civ.civ_cards import (
    Buyer,
    Purchase,
    card_value,
    credit,
    groups_covered,
    price,
    purchase_refusal,
    treasury_due,
)
from engine.civ.map_schema import CivMap, load_map
from engine.civ.purchases import HAND_LIMIT
from engine.civ.tables import (
    AST_SPACES,
    CALAMITY_BY_ID,
    CIV_CARD_BY_ID,
    CIV_CARD_IDS,
    COMMODITY_BY_ID,
    MINING_COMMODITIES,
    STACKS,
)
from engine.civ.trade_cards import cards_value, set_value

from ..bot import Action, View

CITY_POINTS = 5  # A1.1: a city's unit points
CITY_LOSS = 40.0  # score a city reduced or lost costs, about (A35.2: 50 on the board)
UNIT_LOSS = 2.0  # score a unit point lost costs, about (tokens grow into cities)
EARLY_IRON = next(s.number for s in AST_SPACES if s.cards)  # A5.2: 9 cards, 5 groups asked
CARDS_ASKED = max(s.cards for s in AST_SPACES)
# The search's node budget: hands met in play need a few hundred at most (civ_ai_bench); a
# hand of two dozen top cards would need tens of thousands, about a second
MAX_NODES = 6000

# Score a card saves per hit of a calamity at full exposure (negative: it costs). The
# amounts follow the card modifiers of A18.3's table; how much a seat is exposed is
# `exposure` below. Superstition counts only the best card held (A22.1).
SHIELDS: dict[str, dict[str, float]] = {
    "pottery": {"famine": 4 * UNIT_LOSS},  # A21.3: 4 a Grain shown
    "engineering": {"volcano_earthquake": CITY_LOSS / 2, "flood": 10 * UNIT_LOSS},  # A19, A25
    "medicine": {"epidemic": 10 * UNIT_LOSS},  # A27.1–27.2: −8 primary, −5 secondary
    "roadbuilding": {"epidemic": -7 * UNIT_LOSS, "civil_disorder": -CITY_LOSS,
                     "iconoclasm_heresy": -CITY_LOSS},  # A27.1, A28.1, A29.1
    "mining": {"slave_revolt": -5 * UNIT_LOSS},  # A24.1
    "enlightenment": {"slave_revolt": 5 * UNIT_LOSS, "superstition": 3 * CITY_LOSS},  # A22.1
    "deism": {"superstition": 2 * CITY_LOSS},
    "mysticism": {"superstition": CITY_LOSS},
    "music": {"civil_war": 5 * UNIT_LOSS, "civil_disorder": CITY_LOSS},  # A23.2, A28.1
    "drama_and_poetry": {"civil_war": 5 * UNIT_LOSS, "civil_disorder": CITY_LOSS},
    "democracy": {"civil_war": 10 * UNIT_LOSS, "civil_disorder": CITY_LOSS},
    "philosophy": {"civil_war": 20 * UNIT_LOSS, "iconoclasm_heresy": 2 * CITY_LOSS},  # A29
    "military": {"civil_war": -5 * UNIT_LOSS, "civil_disorder": -CITY_LOSS},  # A23.4, A28.1
    "law": {"civil_disorder": CITY_LOSS, "iconoclasm_heresy": CITY_LOSS},
    "theology": {"iconoclasm_heresy": 4 * CITY_LOSS},  # A29.1–29.2
    "monotheism": {"iconoclasm_heresy": -CITY_LOSS},
}
BEST_ONLY = frozenset({"superstition"})  # A22.1: only his best card counts


def saving(cards: Iterable[str], calamity: str,
           shields: Mapping[str, Mapping[str, float]] = SHIELDS) -> float:
    """What the cards held together save per hit of `calamity` (negative: what they add)."""
    saved = [shields.get(c, {}).get(calamity, 0.0) for c in cards]
    if calamity in BEST_ONLY:
        return max((x for x in saved if x > 0), default=0.0) + sum(x for x in saved if x < 0)
    return sum(saved)


# What the other effects are worth, roughly, over the rest of a game (A33.1).
EFFECTS: dict[str, float] = {
    "cloth_making": 10, "metalworking": 15, "agriculture": 30, "roadbuilding": 20,
    "mining": 30, "engineering": 20, "astronomy": 10, "coinage": 20, "architecture": 15,
    "democracy": 20, "military": 15, "monotheism": 60,
}


@dataclass(frozen=True)
class Worth:
    """The weights of a card's worth; the evaluation tunes them (all in score points)."""

    points: float = 1.0  # per point of printed cost (A35.2 scores it)
    credit: float = 0.3  # per point of credit towards a card not yet held (A32.3)
    ast_step: float = 150.0  # the marker moves this turn because of the purchase (A34.1)
    # per group newly covered, and per card towards the 9, while the Early Iron Age still asks
    # them (A5.2): the marker cannot pass space 10 without 5 groups and 9 cards, each space
    # scores 100 (A35.2) and the later ones follow; at 40 and 10 a shield card of a group
    # held outbid the group's cheapest card: in 9 diagnostic games against four easy, medium
    # sat on space 10 for 10-25 turns, mostly with 3-4 groups, while the winner covered 5
    # groups turns earlier
    group: float = 100.0
    card_count: float = 30.0
    unlock: float = 10.0  # per card not held whose prerequisite this is (A32.2)
    treasury: float = 1.0  # per treasury token kept
    keep: float = 1.0  # per point of set value kept in hand
    horizon: float = 6.0  # turns over which a card shields against calamities
    shields: Mapping[str, Mapping[str, float]] = field(default_factory=lambda: SHIELDS)
    effects: Mapping[str, float] = field(default_factory=lambda: EFFECTS)


DEFAULT_WORTH = Worth()


@dataclass(frozen=True)
class Seat:
    """What the optimiser reads of a seat's view."""

    held: frozenset[str]
    new_this_turn: frozenset[str]
    hand: tuple[str, ...]
    treasury: int
    mining_used: bool
    grain_shown: int
    ast: int
    cities: int
    exposure: Mapping[str, float]

    def buyer(self) -> Buyer:
        return Buyer(self.held, self.new_this_turn, list(self.hand), self.treasury,
                     self.mining_used, self.grain_shown)


def exposure(view: View, seat: int, board: CivMap) -> dict[str, float]:
    """Per calamity, how much of a full hit the seat stands to take (0–1), times the hits
    expected per turn: a seat draws from stacks 1 to its cities (A16.1) and may be passed a
    tradable calamity (A17.1), each stack holding one calamity of a kind (A2.10)."""
    cities = [a["id"] for a in view["areas"]
              if a["city"] is not None and a["city"]["owner"] == seat]
    tokens = {a["id"]: a["tokens"].get(str(seat), 0) for a in view["areas"]}
    points = sum(tokens.values()) + CITY_POINTS * len(cities)
    flood = sum(tokens[a] + CITY_POINTS * (a in cities) for a in tokens
                if board.area(a).flood_plain is not None)
    coastal = sum(1 for a in cities if board.area(a).kind == "coastal")
    n = len(cities)
    share = {
        "volcano_earthquake": min(1.0, n), "famine": min(1.0, points / 10),
        "superstition": min(1.0, n / 3), "civil_war": min(1.0, points / 40),
        "slave_revolt": min(1.0, n / 3), "flood": min(1.0, flood / 17 + 0.3 * (coastal > 0)),
        "epidemic": min(1.0, points / 16), "civil_disorder": 1.0 if n > 3 else 0.25,
        "iconoclasm_heresy": min(1.0, n / 4),
    }
    result: dict[str, float] = {}
    for stack in STACKS:
        for card in (stack.tradable_calamity, stack.non_tradable_calamity):
            if card is None or card not in share:
                continue
            drawn = stack.number <= max(1, n)
            chance = (1.0 if drawn else 0.3 * CALAMITY_BY_ID[card].tradable) / len(stack.cards)
            result[card] = share[card] * chance
    return result


def read_seat(view: View, board: CivMap | None = None) -> Seat:
    """The viewer's purchase facts; `board` defaults to the shipped map the view names."""
    me = view["viewer"]
    s = view["seats"][me]
    board = board if board is not None else load_map(view["options"]["map"])
    cities = sum(1 for a in view["areas"] if a["city"] is not None and a["city"]["owner"] == me)
    return Seat(frozenset(s["cards"]), frozenset(s["cards_new"]), tuple(s["hand"]),
                s["treasury"], s["mining_used"], s["grain_shown"], s["ast"], cities,
                exposure(view, me, board))


# ---------------------------------------------------------------- paying


@dataclass(frozen=True)
class Payment:
    """One way to settle: the commodity cards kept (the rest handed in) and Mining's set."""

    paid_value: int  # A32.4: the handed-in cards' set value, Mining included
    kept_value: int  # A2.9: the kept cards' set value
    kept: tuple[tuple[str, int], ...]
    mining: str | None


class Payments:
    """Every useful way to pay from a hand: the Pareto front of (value handed in, value kept).

    Built by a pass over the commodities with the number of cards kept (at most 8, A32.5,
    the Grain shown for Pottery among them, A21.3) and Mining's use as the state."""

    def __init__(self, seat: Seat) -> None:
        self.treasury = seat.treasury
        counts = Counter(c for c in seat.hand if c in COMMODITY_BY_ID)
        mining = "mining" in seat.held and not seat.mining_used
        shown = min(seat.grain_shown, counts["grain"])
        states: dict[tuple[int, bool], list[Payment]] = {(0, False): [Payment(0, 0, (), None)]}
        for card in sorted(counts, key=list(COMMODITY_BY_ID).index):
            n = counts[card]
            grown: dict[tuple[int, bool], list[Payment]] = {}
            for (k, used), fronts in states.items():
                for keep in range(shown if card == "grain" else 0, min(n, HAND_LIMIT - k) + 1):
                    paid = n - keep
                    kept = set_value(card, keep)
                    options: list[tuple[bool, int, str | None]] = [
                        (used, set_value(card, paid), None)]
                    if mining and not used and paid and card in MINING_COMMODITIES:
                        options.append((True, set_value(card, paid + 1), card))
                    for now_used, value, mined in options:
                        key = (k + keep, now_used)
                        bucket = grown.setdefault(key, [])
                        for p in fronts:
                            bucket.append(Payment(
                                p.paid_value + value, p.kept_value + kept,
                                (*p.kept, (card, keep)) if keep else p.kept,
                                mined if mined is not None else p.mining))
            states = {key: _pareto(v) for key, v in grown.items()}
        self.front = _pareto([p for v in states.values() for p in v])
        self.hand = counts
        self.most = max((p.paid_value for p in self.front), default=0) + self.treasury
        self._cache: dict[int, tuple[float, Payment] | None] = {}

    def settle(self, due: int, worth: Worth) -> tuple[float, Payment] | None:
        """The best payment of a price: the most kept value plus treasury left, the least value
        wasted on a tie, then the fewest cards handed in; None if it cannot be paid."""
        if due in self._cache:
            return self._cache[due]
        best: tuple[tuple[float, int, int], Payment] | None = None
        for p in self.front:
            if p.paid_value + self.treasury < due:
                continue
            left = self.treasury - max(0, due - p.paid_value)
            score = worth.keep * p.kept_value + worth.treasury * left
            waste = max(0, p.paid_value - due)
            key = (score, -waste, -(sum(self.hand.values()) - sum(k for _, k in p.kept)))
            if best is None or key > best[0]:
                best = (key, p)
        result = None if best is None else (best[0][0], best[1])
        self._cache[due] = result
        return result

    def scores(self, step: int, size: int, worth: Worth) -> list[float]:
        """`settle(k × step)`'s score for every k below `size` (-inf where unpaid), at once."""
        out = [float("-inf")] * size
        for p in self.front:
            full = worth.keep * p.kept_value + worth.treasury * self.treasury
            for k in range(min(size, (p.paid_value + self.treasury) // step + 1)):
                short = k * step - p.paid_value
                score = full - worth.treasury * short if short > 0 else full
                if score > out[k]:
                    out[k] = score
        return out

    def cards(self, p: Payment) -> list[str]:
        """The commodity cards handed in by `p`, in canonical order."""
        kept = dict(p.kept)
        return [c for c in COMMODITY_BY_ID for _ in range(self.hand[c] - kept.get(c, 0))]


def _pareto(payments: Iterable[Payment]) -> list[Payment]:
    """The payments no other beats on both value handed in and value kept."""
    front: list[Payment] = []
    for p in sorted(payments, key=lambda p: (-p.paid_value, -p.kept_value)):
        if not front or p.kept_value > front[-1].kept_value:
            front.append(p)
    return front


# ---------------------------------------------------------------- worth


def candidates(seat: Seat) -> list[str]:
    """The cards the seat may buy now (A32.2), judged by the engine one at a time: a refusal
    for want of treasury only still leaves the card to the search."""
    b = seat.buyer()
    return [c for c in CIV_CARD_IDS
            if (r := purchase_refusal(b, Purchase((c,), (), None))) is None
            or r.code == "purchase/treasury"]


def future_credit(held: Iterable[str], bought: Iterable[str]) -> int:
    """A32.3: by how much the cards bought lower the price of the cards still not held."""
    held, bought = frozenset(held), frozenset(bought)
    after = held | bought
    rest = [c for c in CIV_CARD_IDS if c not in after]
    return price(held, rest) - price(after, rest)


class Valuation:
    """A seat's worth of a set of cards, with what does not depend on the set worked out once.

    `of` is exact; `alone` is a card's worth bought by itself, `whole`'s part aside, which is at
    least its share of any set's worth (credits overlap and stop at a card's cost,
    Superstition counts one card), so the search's bound holds."""

    def __init__(self, seat: Seat, worth: Worth, cards: Iterable[str]) -> None:
        self.seat, self.worth = seat, worth
        self.cards = tuple(cards)
        # A32.3: credits add up, each card's price never below 0; from the engine's numbers
        self.left = {w: price(seat.held, [w]) for w in CIV_CARD_IDS if w not in seat.held}
        self.gives = {c: {w: n for w in self.left if w != c and (n := credit([c], w))}
                      for c in self.cards}
        self.unlocks = {c: sum(1 for w in self.left if CIV_CARD_BY_ID[w].prerequisite == c)
                        for c in self.cards}
        self.fixed = {c: worth.points * card_value([c]) + worth.effects.get(c, 0.0)
                      for c in self.cards}
        self.ast_before = ast_alteration(seat.ast, seat.cities, seat.held)
        self.groups_before = groups_covered(seat.held)
        self._prepare_shields()
        self._step: dict[frozenset[str], float] = {}
        self._groups: dict[frozenset[str], float] = {}
        self._alone = {c: self.of((c,), with_whole=False) for c in self.cards}

    def alone(self, card: str) -> float:
        return self._alone[card]

    def _prepare_shields(self) -> None:
        """Each card's shield apart from the best-only calamities (A22.1), which keep the
        best level held and each card's level."""
        worth, exposure = self.worth, self.seat.exposure
        self._best_only: dict[str, tuple[float, float]] = {}
        for calamity in BEST_ONLY & set(exposure):
            held = max((worth.shields.get(c, {}).get(calamity, 0.0) for c in self.seat.held),
                       default=0.0)
            self._best_only[calamity] = (max(0.0, held), worth.horizon * exposure[calamity])
        self._best_level = {c: {cal: worth.shields.get(c, {}).get(cal, 0.0)
                                for cal in self._best_only} for c in self.cards}
        self._shield_alone = {}
        for c in self.cards:
            part = 0.0
            for calamity, chance in exposure.items():
                saved = worth.shields.get(c, {}).get(calamity, 0.0)
                if calamity not in BEST_ONLY or saved < 0:
                    part += worth.horizon * chance * saved
            self._shield_alone[c] = part

    def credit(self, bought: Sequence[str]) -> int:
        """`future_credit(held, bought)`, from the prices and credits worked out once."""
        total: dict[str, int] = {}
        for c in bought:
            for w, n in self.gives[c].items():
                total[w] = total.get(w, 0) + n
        return sum(min(self.left[w], n) for w, n in total.items() if w not in bought)

    def shield(self, cards: Iterable[str]) -> float:
        """What the cards held together save against the calamities the seat is exposed to."""
        cards = list(cards)
        return sum(self.worth.horizon * chance * saving(cards, calamity, self.worth.shields)
                   for calamity, chance in self.seat.exposure.items())

    def shield_gain(self, bought: Sequence[str]) -> float:
        """`shield(held + bought) - shield(held)`, from each card's part worked out once."""
        gain = sum(self._shield_alone[c] for c in bought)
        for calamity, (before, weight) in self._best_only.items():
            top = max((self._best_level[c].get(calamity, 0.0) for c in bought), default=0.0)
            gain += weight * max(0.0, top - before)
        return gain

    def step(self, cards: frozenset[str]) -> float:
        """A34.1: the marker moves on this turn thanks to the cards (two may be needed)."""
        if cards not in self._step:
            moves = ast_alteration(self.seat.ast, self.seat.cities, cards) > self.ast_before
            self._step[cards] = self.worth.ast_step if moves else 0.0
        return self._step[cards]

    def groups(self, cards: frozenset[str]) -> float:
        """A5.2: the groups covered, short of the Early Iron Age (two cards may cover one)."""
        if self.seat.ast >= EARLY_IRON:
            return 0.0
        if cards not in self._groups:
            self._groups[cards] = self.worth.group * (groups_covered(cards) - self.groups_before)
        return self._groups[cards]

    def whole(self, cards: frozenset[str]) -> float:
        """What only the whole set of cards held makes, and more cards never unmake (A5.2):
        the marker's step and the groups covered."""
        return self.step(cards) + self.groups(cards)

    def count(self, cards: frozenset[str]) -> float:
        """A5.2: the cards counted towards the 9 of the Early Iron Age, while short of it."""
        if self.seat.ast >= EARLY_IRON:
            return 0.0
        return self.worth.card_count * (min(CARDS_ASKED, len(cards))
                                        - min(CARDS_ASKED, len(self.seat.held)))

    def of(self, bought: Sequence[str], with_whole: bool = True) -> float:
        """The exact worth of buying `bought` together (without `whole`'s part if asked)."""
        if not bought:
            return 0.0
        after = self.seat.held | frozenset(bought)
        unlocked = sum(self.unlocks[c] for c in bought)
        value = (sum(self.fixed[c] for c in bought)
                 + self.worth.credit * self.credit(bought)
                 + self.worth.unlock * unlocked
                 + self.shield_gain(bought)
                 + self.count(after))
        return value + self.whole(after) if with_whole else value


# ---------------------------------------------------------------- the search


@dataclass(frozen=True)
class Plan:
    """The best purchase found: what to answer and why."""

    cards: tuple[str, ...]
    pay: tuple[str, ...]
    mining: str | None
    price: int
    treasury: int  # tokens the treasury pays (A32.4)
    wasted: int  # value handed in beyond the price, lost (A32.4)
    gain: float  # the value over buying nothing, in score points
    why: str
    nodes: int = 0  # search nodes visited (for the benchmark)
    exact: bool = True  # False when the search stopped at its node budget

    def action(self) -> Action:
        return {"type": "purchase", "cards": list(self.cards), "pay": list(self.pay),
                "mining": self.mining}


def best_purchase(view: View, worth: Worth = DEFAULT_WORTH,
                  board: CivMap | None = None) -> Plan:
    """The viewer's best purchase at phase 12 (A32.1), from its own view only."""
    return optimise(read_seat(view, board), worth)


def value_of(valuation: Valuation, payments: Payments, cards: Sequence[str],
             ) -> tuple[float, Payment] | None:
    """A purchase's whole value in score points, with its best payment; None if unaffordable."""
    settled = payments.settle(price(valuation.seat.held, cards), valuation.worth)
    if settled is None:
        return None
    return valuation.of(cards) + settled[0], settled[1]


def optimise(seat: Seat, worth: Worth = DEFAULT_WORTH, max_nodes: int = MAX_NODES) -> Plan:
    """Branch and bound over the cards the seat may buy: exact for `value_of`, unless the
    search reaches `max_nodes` (then the best found so far, `Plan.exact` false).

    Prices are additive (A32.3), so they are counted on a grid of their greatest common
    divisor. A node's bound is the best, over the prices still reachable, of the cards still
    open (each at its worth alone less its price, a 0/1 knapsack worked out once from the
    back) plus the best payment of that price; to which `Valuation.whole` adds what it can
    with every card still open."""
    payments = Payments(seat)
    cards = [c for c in candidates(seat) if price(seat.held, [c]) <= payments.most]
    valuation = Valuation(seat, worth, cards)
    rate = min(worth.keep, worth.treasury)
    cost = {c: price(seat.held, [c]) for c in cards}
    step = math.gcd(*cost.values()) or 1
    size = payments.most // step + 1
    # paid[k]: the best payment of price k × step, plus the price at `rate` (the cards' net
    # worth below counts their price at `rate`, so the two add up to the whole value)
    paid = [score + rate * k * step
            for k, score in enumerate(payments.scores(step, size, worth))]
    net = {c: valuation.alone(c) - cost[c] * rate for c in cards}
    # the same with each card's groups counted as if it alone covered them
    net_grouped = {c: net[c] + valuation.groups(seat.held | {c}) for c in cards}
    cards.sort(key=lambda c: (-net_grouped[c], CIV_CARD_IDS.index(c)))
    n = len(cards)
    weight = [cost[c] // step for c in cards]
    rest = knapsack([net[c] for c in cards], weight, size)
    rest_grouped = knapsack([net_grouped[c] for c in cards], weight, size)
    suffix_all = [seat.held | frozenset(cards[i:]) for i in range(n + 1)]
    nothing = value_of(valuation, payments, ())
    assert nothing is not None  # buying nothing is always paid
    best: list[Any] = [nothing[0], (), nothing[1]]
    # a first guess to beat: the knapsack's own best set, valued exactly
    for table, values in ((rest, net), (rest_grouped, net_grouped)):
        guess = _argmax(table, values, cards, weight, paid)
        settled = payments.settle(sum(weight[cards.index(c)] for c in guess) * step, worth)
        if guess and settled is not None:
            got = valuation.of(guess) + settled[0]
            if got > best[0] + 1e-9:
                best[:] = [got, guess, settled[1]]
    nodes = 0
    cut = False

    reached: dict[tuple[int, int, bool], float] = {}

    def reach(i: int, spent: int, grouped: bool) -> float:
        """The best of the open cards' net worth and the payment, over the prices left."""
        key = (i, spent, grouped)
        if key not in reached:
            more = (rest_grouped if grouped else rest)[i]
            reached[key] = max((more[k] + paid[spent + k] for k in range(size - spent)
                                if more[k] > float("-inf")), default=float("-inf"))
        return reached[key]

    def visit(i: int, chosen: tuple[str, ...], spent: int, add_net: float,
              add_grouped: float) -> None:
        nonlocal nodes, cut
        nodes += 1
        held = seat.held | frozenset(chosen)
        if chosen and add_net + paid[spent] + valuation.whole(held) > best[0] + 1e-9:
            # A32.3: the price of the cards is the sum of their prices
            settled = payments.settle(spent * step, worth)
            if settled is not None:
                got = valuation.of(chosen) + settled[0]
                if got > best[0] + 1e-9:
                    best[:] = [got, chosen, settled[1]]
        if i == n or cut:
            return
        if nodes >= max_nodes:
            cut = True
            return
        most = held | suffix_all[i]
        step_most = valuation.step(most)
        if add_grouped + reach(i, spent, True) + step_most <= best[0] + 1e-9 or \
                add_net + reach(i, spent, False) + step_most + valuation.groups(most) \
                <= best[0] + 1e-9:
            return
        c = cards[i]
        if spent + weight[i] < size:
            visit(i + 1, (*chosen, c), spent + weight[i], add_net + net[c],
                  add_grouped + net_grouped[c])
        visit(i + 1, chosen, spent, add_net, add_grouped)

    visit(0, (), 0, 0.0, 0.0)
    value, chosen, payment = best
    bought = tuple(sorted(chosen, key=CIV_CARD_IDS.index))
    return _plan(seat, payments, bought, payment, value - nothing[0], nodes, not cut)


def _argmax(rest: list[list[float]], values: Mapping[str, float], cards: Sequence[str],
            weights: Sequence[int], paid: Sequence[float]) -> tuple[str, ...]:
    """The set of cards the knapsack `rest` finds best with its payment `paid`."""
    size = len(paid)
    k = max(range(size), key=lambda j: rest[0][j] + paid[j])
    if rest[0][k] + paid[k] == float("-inf"):
        return ()
    chosen: list[str] = []
    for i, c in enumerate(cards):
        if rest[i][k] != rest[i + 1][k]:
            chosen.append(c)
            k -= weights[i]
    return tuple(chosen)


def knapsack(values: Sequence[float], weights: Sequence[int], size: int) -> list[list[float]]:
    """rest[i][k]: the most value of items i.. whose weights add up to exactly k (a 0/1
    knapsack from the back; -inf where no set of them weighs k)."""
    n = len(values)
    rest = [[float("-inf")] * size for _ in range(n + 1)]
    rest[n][0] = 0.0
    for i in range(n - 1, -1, -1):
        here, after, w, v = rest[i], rest[i + 1], weights[i], values[i]
        for k in range(size):
            here[k] = after[k]
            if k >= w and after[k - w] + v > here[k]:
                here[k] = after[k - w] + v
    return rest


def _plan(seat: Seat, payments: Payments, cards: tuple[str, ...], payment: Payment,
          gain: float, nodes: int, exact: bool) -> Plan:
    if not cards:
        return Plan((), (), None, 0, 0, 0, 0.0, "nothing worth its price can be paid", nodes,
                    exact)
    pay = tuple(payments.cards(payment))
    purchase = Purchase(cards, pay, payment.mining)
    refusal = purchase_refusal(seat.buyer(), purchase)
    assert refusal is None, refusal  # the engine's own judgement of what was built
    due = treasury_due(seat.buyer(), purchase)
    cost = price(seat.held, cards)
    value = cards_value(pay, payment.mining)
    wasted = value + due - cost
    return Plan(cards, pay, payment.mining, cost, due, wasted, gain,
                why(seat, cards, pay, payment.mining, cost, due, wasted), nodes, exact)


def why(seat: Seat, cards: Sequence[str], pay: Sequence[str], mining: str | None,
        cost: int, due: int, wasted: int) -> str:
    """A short reason, for the table's suggested purchase."""
    names = ", ".join(CIV_CARD_BY_ID[c].name for c in cards)
    printed = card_value(cards)
    parts = [f"buy {names} for {cost}" + (f" ({printed - cost} in credits)"
                                           if printed > cost else "")]
    paid = Counter(pay)
    if paid:
        sets = " ".join(f"{n} {COMMODITY_BY_ID[c].name}" for c, n in paid.items())
        parts.append(f"hand in {sets}" + (" with Mining" if mining else ""))
    if due:
        parts.append(f"{due} from the treasury")
    if wasted:
        parts.append(f"{wasted} lost as change")
    after = seat.held | frozenset(cards)
    if ast_alteration(seat.ast, seat.cities, after) > ast_alteration(seat.ast, seat.cities,
                                                                     seat.held):
        parts.append("the A.S.T. marker can move on this turn")
    elif seat.ast < EARLY_IRON and groups_covered(after) > groups_covered(seat.held):
        parts.append(f"covers {groups_covered(after)} of the 5 groups")
    credit = future_credit(seat.held, cards)
    if credit:
        parts.append(f"{credit} credits towards later cards")
    return "; ".join(parts)


def purchase_action(view: View, worth: Worth = DEFAULT_WORTH,
                    board: CivMap | None = None) -> Action:
    """The answer to a `civ_cards` decision (A32.1)."""
    return best_purchase(view, worth, board).action()


def return_action(view: View, board: CivMap | None = None) -> Action:
    """The answer to an `excess` decision (A32.5): a card outside the best 8 commodity cards
    to keep (the Grain shown for Pottery among them, A21.3), so the sets keep most value."""
    seat = read_seat(view, board)
    payments = Payments(seat)
    settled = payments.settle(0, DEFAULT_WORTH)
    assert settled is not None  # keeping cards is always possible
    over = payments.cards(settled[1])
    assert over, "asked to return a card with no more than 8 commodity cards"
    return {"type": "return", "card": over[0]}
