"""The easy level of Advanced Civilization: sensible greedy play, one decision at a time.

It grows and spreads its tokens over empty land up to the population limits,
gathers six tokens on a free city site when it can bring them there this
turn and builds a city wherever its tokens can still support it (A14.2,
A7.5), keeps out of other players' areas (no conflict it starts, A13.1),
and buys the civilization card worth most now (A32). Calamity choices are
judged by applying each answer to a position dealt from its own view and
keeping the one that leaves it the most, and its strongest rival the least.
Trading is simple and honest: it offers spare cards for more of a commodity
it already collects, and accepts an offer whose named cards are worth more
to it than what it gives.

It reads only `view(seat)`: the hidden cards of others are dealt at random
(`determinize`) only so that the engine can list and judge its answers,
which never depend on them (A1.5).
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable

import engine.civ as civ
from engine.civ.cities import TOKENS_ON_A_SITE, city_requirement
from engine.civ.civ_cards import groups_covered, price
from engine.civ.position import Position
from engine.civ.tables import (
    CALAMITY_BY_ID,
    CARD_ORDER,
    CIV_CARD_BY_ID,
    CIV_CARD_IDS,
    COMMODITY_BY_ID,
    CREDITS,
    STACK9_PRICE,
)
from engine.civ.trade_cards import cards_value

from ..bot import Action, View
from .determinize import state_from_view

CITY_TOKENS = TOKENS_ON_A_SITE  # A14.2: tokens a city site needs
CITY_WORTH = 6.0  # a city in the material count: what it cost in tokens, and it draws a card
FIRST_TOKEN = 0.8  # an occupied area grows (A9.1) and is land held
SECOND_TOKEN = 0.4  # two tokens grow by two
SURPLUS_TOKEN = 0.3  # a token over the limit goes back to stock at A15.1, but may move on
RIVAL_WEIGHT = 0.3  # how much harm to the strongest rival counts against one's own material
GROUP_BONUS = 60  # a card opening a new group: the A.S.T. asks for groups (A5.2)
NATION_REACH = 3  # land moves counted when judging a start area
SITE_ROOM = 3  # a city site counts this much more than its limit when choosing a nation
RETURN_WORTH = 3.0  # a token sent back to a short stock: above a token spread on land
STOCK_MARGIN = 2  # tokens the stock keeps beyond next turn's tax
HAND_KEPT = 8  # A32.5: commodity cards kept after the purchase
CREDIT_WEIGHT = 0.3  # credits a card gives towards cards not yet held, as a share of its worth


def _is_commodity(card: str) -> bool:
    return card in COMMODITY_BY_ID


def _tradable(card: str) -> bool:
    return card in COMMODITY_BY_ID or CALAMITY_BY_ID[card].tradable


class Board:
    """The public board as this seat uses it: who is where, what each area allows."""

    def __init__(self, pos: Position, me: int) -> None:
        self.pos = pos
        self.me = me
        self.agriculture = "agriculture" in pos.seats[me].cards

    def limit(self, area: int) -> int:
        return self.pos.board.area(area).limit + (1 if self.agriculture else 0)

    def mine(self, area: int) -> int:
        return self.pos.tokens_of(self.me, area)

    def foreign(self, area: int) -> bool:
        """Units of anyone else, or any city, there: moving in starts a conflict or feeds a
        city's area, where tokens go back to stock (A13.1, A15.1)."""
        here = self.pos.tokens.get(area, {})
        return area in self.pos.cities or any(o != self.me for o in here)

    def own_city(self, area: int) -> bool:
        city = self.pos.cities.get(area)
        return city is not None and city.owner == self.me

    def site(self, area: int) -> bool:
        """A city site as the rules count one here: with two players no island has one
        (A4.4), and six tokens there build nothing; nor has an area out of play (A3.11),
        whose printed site no token reaches."""
        return area in self.pos.in_play() and city_requirement(self.pos, area) == CITY_TOKENS

    def worth(self, area: int, n: int) -> float:
        """The worth of n of my tokens in an area holding nothing of anyone else's."""
        if area in self.pos.cities:
            return 0.0  # A15.1: they return to stock
        limit = self.limit(area)
        return (min(n, limit) + SURPLUS_TOKEN * max(0, n - limit)
                + (FIRST_TOKEN if n >= 1 else 0.0) + (SECOND_TOKEN if n >= 2 else 0.0))


def tokens_worth(pos: Position, seat: int) -> float:
    """A seat's tokens on the board, each area's weighed by `Board.worth`."""
    board = Board(pos, seat)
    return sum(board.worth(area, here[seat]) for area, here in pos.tokens.items()
               if seat in here)


def material(pos: Position, seat: int) -> float:
    """A seat's units on the board, cities counted at what they cost."""
    return CITY_WORTH * len(pos.cities_of(seat)) + tokens_worth(pos, seat)


def standing(pos: Position, seat: int) -> float:
    """What a seat has that the other seats can see (A35.2 less the hand): its score so far."""
    s = pos.seats[seat]
    cards = sum(CIV_CARD_BY_ID[c].cost for c in s.cards)
    return cards + 100 * (s.ast - 1) + 50 * len(pos.cities_of(seat)) + s.treasury


def judged(state: civ.State, me: int, actions: list[Action]) -> Action:
    """The answer that leaves me the most and my strongest rival the least, each tried on the
    dealt position; the first such answer on a tie."""
    def outcome(action: Action) -> float:
        pos = state.apply(action).position
        rivals = [material(pos, s) for s in pos.active_seats() if s != me]
        return material(pos, me) - RIVAL_WEIGHT * (max(rivals) if rivals else 0.0)
    return max(actions, key=outcome)


class Turn:
    """One decision: the dealt state, its legal fixed answers, my seat and the board."""

    def __init__(self, state: civ.State, view: View) -> None:
        self.state = state
        self.view = view
        self.pos = state.position
        self.me: int = view["viewer"]
        self.seat = self.pos.seats[self.me]
        self.fixed = state.legal_actions()
        self.board = Board(self.pos, self.me)

    def of(self, kind: str) -> list[Action]:
        return [a for a in self.fixed if a["type"] == kind]

    def first(self, *kinds: str) -> Action:
        for kind in kinds:
            found = self.of(kind)
            if found:
                return found[0]
        return self.fixed[0]

    def legal(self, action: Action) -> bool:
        return self.state.check(action) is None


# ---- decisions of the board ----------------------------------------------------------------

def tax(turn: Turn) -> Action:
    """A8.1: the highest rate up to 2 that every city can pay, so that none revolts (A8.4)."""
    cities = max(1, len(turn.pos.cities_of(turn.me)))
    rates = sorted((a for a in turn.of("tax")), key=lambda a: a["rate"], reverse=True)
    for action in rates:
        if action["rate"] <= 2 and action["rate"] * cities <= turn.seat.stock_tokens:
            return action
    return rates[-1] if rates else turn.fixed[0]


def growth(turn: Turn) -> Action:
    """A9.2: each token where it is worth most, empty-ish areas under their limit first;
    the whole short stock placed at once (`place`), as a person places it at the table,
    not a token a decision (watched at the table, that was a line in the log and a pause
    per token)."""
    grows = turn.of("grow")
    if not grows:
        return turn.fixed[0]
    b = turn.board
    room = {a["area"]: int(turn.pos.phase_state["room"][str(a["area"])]) for a in grows}
    added: Counter[int] = Counter()

    def gain(area: int) -> float:
        n = b.mine(area) + added[area]
        return b.worth(area, n + 1) - b.worth(area, n)

    areas: list[int] = []
    left = turn.pos.pending["left"] if turn.pos.pending else 0
    for _ in range(int(left)):
        best = max((a for a in room if added[a] < room[a]), key=gain)
        added[best] += 1
        areas.append(best)
    return {"type": "place", "areas": areas}


def _sources(turn: Turn, moves: list[Action]) -> dict[int, dict[int, int]]:
    """For each destination, the most tokens each area can still send there this phase."""
    into: dict[int, dict[int, int]] = {}
    for a in moves:
        here = into.setdefault(a["to"], {})
        here[a["from"]] = max(here.get(a["from"], 0), a["count"])
    return into


def _buildable_sites(turn: Turn, into: dict[int, dict[int, int]]) -> list[int]:
    """Free city sites of mine alone that can hold CITY_TOKENS of my tokens by the end of this
    movement, while the city would still be supported (A14.2, A7.5); most tokens there first."""
    b = turn.board
    if turn.seat.stock_cities <= 0:
        return []
    on_board = turn.pos.tokens_on_board(turn.me)
    cities = len(turn.pos.cities_of(turn.me))
    sites = []
    for area in sorted(set(into) | {a for a, h in turn.pos.tokens.items() if turn.me in h}):
        if not b.site(area) or b.foreign(area):
            continue
        reach = b.mine(area) + sum(n for src, n in into.get(area, {}).items()
                                   if not _locked(turn, src))
        if reach >= CITY_TOKENS and on_board - CITY_TOKENS >= 2 * (cities + 1):
            sites.append(area)
    return sorted(sites, key=lambda a: (-b.mine(a), a))


def _locked(turn: Turn, area: int) -> bool:
    """A free site of mine already holding a city's tokens: they stay for phase 7."""
    b = turn.board
    return b.site(area) and not b.foreign(area) and b.mine(area) >= CITY_TOKENS \
        and turn.seat.stock_cities > 0


def movement(turn: Turn) -> Action:
    """A12: fill one buildable city site to six, then spread tokens onto empty land up to the
    limits; never into another player's area (A13.1) and never by ship."""
    moves = [a for a in turn.fixed if a["type"] in ("move", "road")]
    done = turn.of("done")
    if not moves:
        return done[0] if done else turn.fixed[0]
    b = turn.board
    into = _sources(turn, moves)
    for site in _buildable_sites(turn, into):
        if b.mine(site) >= CITY_TOKENS:
            continue
        need = CITY_TOKENS - b.mine(site)
        feeders = [a for a in moves if a["to"] == site and not _locked(turn, a["from"])
                   and a["count"] <= need]
        if feeders:
            def cost(a: Action) -> tuple[float, int]:
                n = b.mine(a["from"])
                lost = b.worth(a["from"], n) - b.worth(a["from"], n - a["count"])
                return (-a["count"] + 0.1 * lost, a["from"])
            return min(feeders, key=cost)
        break  # the best site cannot be fed in one move: spread instead

    deficit = stock_deficit(turn)
    city_count = len(turn.pos.cities_of(turn.me))

    def gain(a: Action) -> float:
        if _locked(turn, a["from"]):
            return 0.0
        n, m, c = b.mine(a["from"]), b.mine(a["to"]), a["count"]
        given_up = b.worth(a["from"], n - c) - b.worth(a["from"], n)
        if deficit > 0 and b.own_city(a["to"]) and not b.own_city(a["from"]) \
                and supported(turn) - min(c, n) >= 2 * city_count:
            return RETURN_WORTH * min(c, deficit) + given_up
        if b.foreign(a["to"]):
            return 0.0
        return given_up + b.worth(a["to"], m + c) - b.worth(a["to"], m)
    best = max(moves, key=gain)
    if gain(best) > 0.01 or not done:
        return best
    return done[0]


def supported(turn: Turn) -> int:
    """My tokens left on the board after surplus removal (A15.1), what support counts (A7.5)."""
    b = turn.board
    return sum(min(here[turn.me], b.limit(area)) for area, here in turn.pos.tokens.items()
               if turn.me in here and area not in turn.pos.cities)


def stock_deficit(turn: Turn) -> int:
    """How many tokens the stock would lack for next turn's tax at rate 2 (A8.2) once surplus
    tokens have returned to it (A15.1): unpaid cities revolt (A8.4), so tokens are sent into
    its own cities' areas, where they return to stock, while the cities stay supported."""
    b = turn.board
    returning = sum(here[turn.me] - (0 if area in turn.pos.cities else b.limit(area))
                    for area, here in turn.pos.tokens.items()
                    if turn.me in here and (area in turn.pos.cities
                                            or here[turn.me] > b.limit(area)))
    cities_now = len(turn.pos.cities_of(turn.me))
    return 2 * cities_now + STOCK_MARGIN - turn.seat.stock_tokens - returning


def cities(turn: Turn) -> Action:
    """A14: build where the city stays supported after surplus removal (A15, A7.5)."""
    b = turn.board
    cities_now = len(turn.pos.cities_of(turn.me))
    for action in turn.of("build"):
        kept = sum(min(here[turn.me], b.limit(area)) for area, here in turn.pos.tokens.items()
                   if turn.me in here and area not in turn.pos.cities and area != action["area"])
        if kept >= 2 * (cities_now + 1):
            return action
    return turn.first("done", "build")


def upkeep(turn: Turn) -> Action:
    """A11.1: this level sails no ships, so none is kept."""
    return turn.first("upkeep")


def turn_start(turn: Turn) -> Action:
    """A36: stay in the game; a late entrant enters as soon as it may."""
    return turn.first("stay", "enter", "wait")


def pillage(turn: Turn) -> Action:
    """A13.6: tokens in treasury score and buy cards."""
    return max(turn.of("pillage") or turn.fixed, key=lambda a: a.get("count", 0))


def pottery(turn: Turn) -> Action:
    """A21.3: every Grain shown lessens Famine."""
    return max(turn.of("show_grain") or turn.fixed, key=lambda a: a.get("count", 0))


def assign(turn: Turn) -> Action:
    """A21.2, A25.4, A27.2: the most points to the rival standing highest."""
    offers = turn.of("assign")
    if not offers:
        return turn.fixed[0]
    return max(offers, key=lambda a: (standing(turn.pos, a["seat"]), a["points"], -a["seat"]))


def loss(turn: Turn) -> Action:
    """A7.6, A23.4: one unit at a time, the one worth least: a token where it is surplus or
    alone, before a city reduced (its area gets tokens back, A7.2), before a city destroyed;
    the engine lists only steps that keep the exact total reachable."""
    b = turn.board
    stock = turn.seat.stock_tokens

    def cost(a: Action) -> tuple[float, int]:
        area = a["area"]
        if a["unit"] == "token":
            n = b.mine(area)
            return b.worth(area, n) - b.worth(area, n - 1), area
        placed = min(b.limit(area), stock) if a["unit"] == "reduce" else 0
        return CITY_WORTH + 2 - placed, area
    steps = turn.of("lose")
    return min(steps, key=cost) if steps else turn.fixed[0]


def judged_choice(turn: Turn) -> Action:
    """Losses, selections, factions, calamity areas and cities, support, conversions: the
    answer that leaves me most (and my strongest rival least)."""
    return judged(turn.state, turn.me, turn.fixed)


# ---- cards ---------------------------------------------------------------------------------

def hand_commodities(turn: Turn) -> list[str]:
    """The commodity cards the viewer may hand in (A32.4: not the Grain shown for Pottery)."""
    hand = Counter(c for c in turn.seat.hand if _is_commodity(c))
    hand["grain"] -= min(hand["grain"], turn.seat.grain_shown)
    return sorted(hand.elements(), key=CARD_ORDER.__getitem__)


def cheapest_payment(cards: list[str], due: int, treasury: int,
                     treasury_first: bool = False) -> list[str] | None:
    """The commodity cards to hand in for `due`, the treasury paying the rest (A32.4): the
    least spent in all; then, spending equal, the most paid in cards (which would go at A32.5
    past 8), or the most from treasury when `treasury_first` (its tokens return to stock,
    which pays the next tax, A8.2, and feeds growth, A9.1); None if all falls short."""
    counts = Counter(cards)
    best: dict[int, tuple[int, ...]] = {0: ()}  # value handed in -> cards per commodity
    kinds = sorted(counts, key=CARD_ORDER.__getitem__)
    for kind in kinds:
        grown: dict[int, tuple[int, ...]] = {}
        for value, taken in best.items():
            for k in range(counts[kind] + 1):
                worth = value + COMMODITY_BY_ID[kind].value * k * k
                if worth not in grown or sum(grown[worth]) < sum(taken) + k:
                    grown[worth] = (*taken, k)
        best = grown
    sign = 1 if treasury_first else -1
    options = [(max(value, due), sign * value, taken) for value, taken in best.items()
               if due - value <= treasury]
    if not options:
        return None
    _, _, taken = min(options)
    return [kind for kind, k in zip(kinds, taken, strict=True) for _ in range(k)]


def stock_short(turn: Turn) -> bool:
    """Whether the stock could fall short of next turn's tax (A8.2: unpaid cities revolt,
    A8.4) and growth (A9.1): then treasury is spent before cards."""
    cities = len(turn.pos.cities_of(turn.me))
    areas = sum(1 for here in turn.pos.tokens.values() if turn.me in here)
    return turn.seat.stock_tokens < 2 * cities + 2 * areas + 4


def card_worth(card: str, held: set[str]) -> float:
    """What a card is worth to buy now: its cost (it scores it, A35.2), a share of the credits
    it gives towards cards not held (A33.1) and a new group for the A.S.T. (A5.2)."""
    future = sum(v for c, v in CREDITS.get(card, {}).items() if c not in held and c != card)
    new_group = groups_covered(held | {card}) > groups_covered(held)
    return CIV_CARD_BY_ID[card].cost + CREDIT_WEIGHT * future + (GROUP_BONUS if new_group else 0)


def purchase(turn: Turn) -> Action:
    """A32: greedily add the affordable card worth most per token spent, while any is."""
    held = set(turn.seat.cards)
    ready = held - set(turn.seat.cards_new)  # A32.2: prerequisites from an earlier turn
    cards = hand_commodities(turn)
    reach = turn.seat.treasury + cards_value(cards)
    # treasury first: its tokens return to stock, which pays the next tax (A8.2) and feeds
    # growth (A9.1), and the cards kept grow into sets worth more (A2.9); cards first only
    # while the hand is over A32.5's 8 and the stock can spare the tax
    short = stock_short(turn) or len(cards) <= HAND_KEPT
    chosen: list[str] = []
    pay: list[str] | None = []
    while True:
        options = []
        for card in CIV_CARD_IDS:
            if card in held or card in chosen:
                continue
            need = CIV_CARD_BY_ID[card].prerequisite
            if need is not None and need not in ready:
                continue
            total = price(held, [*chosen, card])
            if total > reach:
                continue
            paid = cheapest_payment(cards, total, turn.seat.treasury, short)
            if paid is None:
                continue
            cost = max(1, price(held, [card]))
            options.append((card_worth(card, held | set(chosen)) / cost,
                            card_worth(card, held | set(chosen)), card, paid))
        if not options:
            break
        _, _, card, paid = max(options, key=lambda o: (o[0], o[1], -CIV_CARD_IDS.index(o[2])))
        chosen.append(card)
        pay = paid
    if not chosen:
        return turn.first("purchase")
    action: Action = {"type": "purchase",
                      "cards": sorted(chosen, key=CIV_CARD_IDS.index),
                      "pay": sorted(pay or [], key=CARD_ORDER.__getitem__), "mining": None}
    return action if turn.legal(action) else turn.first("purchase")


def excess(turn: Turn) -> Action:
    """A32.5: return the card whose loss lowers the hand's set value least."""
    hand = list(turn.seat.hand)

    def loss(a: Action) -> tuple[int, int]:
        rest = list(hand)
        rest.remove(a["card"])
        return cards_value(hand) - cards_value(rest), CARD_ORDER[a["card"]]
    return min(turn.of("return") or turn.fixed, key=loss)


def spare(hand: list[str]) -> list[str]:
    """The cards least worth keeping: calamities it may pass, then single commodities, cheap
    first; never a card of a set it collects."""
    counts = Counter(hand)
    calamities = [c for c in hand if c in CALAMITY_BY_ID and _tradable(c)]
    singles = sorted((c for c in counts if _is_commodity(c) and counts[c] == 1),
                     key=lambda c: (COMMODITY_BY_ID[c].value, CARD_ORDER[c]))
    return [*calamities, *singles]


def trade_open(turn: Turn) -> Action:
    """A17.3: offer three spare cards, two commodities named, for three cards two of which are
    more of the commodity it holds most of; pass when it has no such offer."""
    passing = turn.first("pass", "done")
    hand = list(turn.seat.hand)
    give = spare(hand)[:3]
    named = [c for c in give if _is_commodity(c)][:2]
    counts = Counter(c for c in hand if _is_commodity(c) and c not in give)
    if len(give) < 3 or len(named) < 2 or not counts:
        return passing
    collect = max(counts, key=lambda c: (COMMODITY_BY_ID[c].value * (2 * counts[c] + 1),
                                          -CARD_ORDER[c]))
    done = turn.pos.phase_state.get("done", [])
    for to in sorted(turn.pos.active_seats(), key=lambda s: (standing(turn.pos, s), s)):
        if to == turn.me or to in done or turn.view["seats"][to]["hand_size"] < 3:
            continue
        action: Action = {"type": "propose", "to": to,
                          "give": sorted(give, key=CARD_ORDER.__getitem__),
                          "named": sorted(named, key=CARD_ORDER.__getitem__), "want": 3,
                          "want_named": [collect, collect]}
        if turn.legal(action):
            return action
    return passing


def trade_answer(turn: Turn) -> Action:
    """A17.4: accept when the named cards received gain more set value than the cheapest cards
    that meet the demand lose; the unnamed ones are not counted (they may be calamities)."""
    refuse = turn.first("reject", "done")
    proposal = turn.pos.pending["proposal"] if turn.pos.pending else None
    if not proposal:
        return refuse
    hand = list(turn.seat.hand)
    owed = Counter(proposal["want_named"])
    rest = Counter(c for c in hand if _tradable(c)) - owed
    if owed - Counter(hand) or sum(rest.values()) < proposal["want"] - sum(owed.values()):
        return refuse
    extra = proposal["want"] - sum(owed.values())
    pool = sorted(rest.elements(), key=lambda c: (c not in CALAMITY_BY_ID,
                                                  _marginal(hand, c), CARD_ORDER[c]))
    give = [*owed.elements(), *pool[:extra]]
    kept = list((Counter(hand) - Counter(give)).elements())
    gained = cards_value([*kept, *proposal["named"]]) - cards_value(hand)
    if gained <= 0:
        return refuse
    action: Action = {"type": "accept", "give": sorted(give, key=CARD_ORDER.__getitem__)}
    return action if turn.legal(action) else refuse


def _marginal(hand: list[str], card: str) -> int:
    rest = list(hand)
    rest.remove(card)
    return cards_value(hand) - cards_value(rest)


def stack9(turn: Turn) -> Action:
    """A16.2: 18 treasury tokens for a card seldom beat them spent on civilization cards, but
    they return to stock: it buys when its stock could not pay the next tax (A8.2, A8.4)."""
    cities = len(turn.pos.cities_of(turn.me))
    if turn.seat.stock_tokens < 2 * cities and turn.seat.treasury >= STACK9_PRICE:
        return turn.first("buy", "done")
    return turn.first("done", "buy")


def room_around(pos: Position, start: int, steps: int = NATION_REACH) -> float:
    """The land a start area opens over land within a few moves, none of it held yet: limits,
    and more for city sites (A14.2). An island start (Crete) opens little without ships,
    which this level does not sail."""
    in_play = pos.in_play()
    seen, edge = {start}, [start]
    for _ in range(steps):
        edge = [n for a in edge for n in pos.board.neighbours(a, "land")
                if n in in_play and n not in seen and pos.board.area(n).is_land]
        seen.update(edge)
    return sum(pos.board.area(a).limit + (SITE_ROOM if pos.board.area(a).city_site != "none"
                                          else 0)
               for a in seen if a not in pos.tokens or a == start)


def placements(turn: Turn) -> dict[str, Action]:
    """Each nation offered (A6.3) at the start area easy would place it in, the one with the
    most free land around: the choices a look-ahead (hard) or a lot (the arena) picks among."""
    actions = turn.of("nation")
    return {n: max((a for a in actions if a["nation"] == n),
                   key=lambda a: room_around(turn.pos, a["area"]))
            for n in dict.fromkeys(a["nation"] for a in actions)}


def nation(turn: Turn) -> Action:
    """A6.3: the nation and start area with the most free land around."""
    return max(turn.of("nation") or turn.fixed,
               key=lambda a: room_around(turn.pos, a["area"]) if "area" in a else 0.0)


HANDLERS: dict[str, Callable[[Turn], Action]] = {
    "nation": nation,
    "turn_start": turn_start,
    "tax_rate": tax,
    "growth": growth,
    "ship_upkeep": upkeep,
    "ships": lambda turn: turn.first("done"),
    "movement": movement,
    "pillage": pillage,
    "cities": cities,
    "stack9": stack9,
    "trade_open": trade_open,
    "trade_answer": trade_answer,
    "pottery": pottery,
    "assign": assign,
    "loss": loss,
    "faction_loss": loss,
    "civ_cards": purchase,
    "excess": excess,
}


def easy_answer(state: civ.State, view: View) -> Action:
    """The easy level's answer to the viewer's pending decision."""
    turn = Turn(state, view)
    pending = turn.pos.pending
    assert pending is not None
    handler = HANDLERS.get(pending["kind"], judged_choice)
    if pending["kind"] == "movement" and pending.get("ship") is not None:
        handler = judged_choice  # a ship under way (never its own): end it where it may
    return handler(turn)


class CivEasyBot:
    """Greedy play from its own view; the seed only deals the cards it cannot see."""

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        return easy_answer(state_from_view(view, self.rng), view)

