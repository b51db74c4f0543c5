"""The medium level of Advanced Civilization: planned play from its own view.

Medium plays the board as easy does (grow, fill areas to their limits, build
supported cities) but plans a turn ahead and weighs what easy will not:

- expansion toward city sites: of the empty land it can spread onto, free
  city sites and the areas next to them come first, so that a site can be
  filled to six and built on next turn (A14.2; surplus goes at A15.1, so a
  site holds only its limit overnight and the rest must stand beside it), and
  a site filled only when the tokens kept within limits elsewhere will
  support its city (A7.5);
- fights only when they pay: a move into another player's tokens (no city)
  is judged by the token fight it starts (A13.3–A13.4) — the area it holds
  alone afterwards against what it leaves and the tokens the fight sends back
  to its stock (A13.7);
- calamity exposure: among the cities it can build, those off flood plains
  and volcanoes (A19, A25) and, without a ship of defence, inland (A30) first;
- the tax rate, for Coinage holders (A8.1), the lowest that pays for the
  purchase it plans (`purchase.best_purchase`), the stock kept for growth;
- purchases with the exact optimiser and returns with `purchase.return_action`
  (A32);
- ships (`sea`, A11, A12.4): one built where a voyage lands spare tokens on
  free land no land move reaches, sailed there, kept while another waits;
- trade (A17) valued by `trade_value`: proposals that complete its sets,
  made only when the other seat takes them in enough worlds dealt from its
  view (`acceptance`: an opening refused is noise), never asking a seat again
  in a turn for cards it refused, acceptance judged by value with unnamed
  cards priced by calamity risk,
  tradable calamities passed on among the unnamed cards, no trade that helps
  the seat about to win (one clear of every other seat in public score, or
  well ahead on the A.S.T.), none that gains the other seat more than twice what
  it gains medium (four times from a seat well behind), less trust for a seat that
  ever passed it a calamity, and each proposal's final terms judged again as
  they stand when it answers.

Every other decision (calamity choices, Civil War factions, secondary
victims, late entry) is easy's answer. It reads only `view(seat)` and what
it remembers of earlier views of its own; the hidden cards of others are
dealt at random (`determinize`) only for the engine to list and check its
answers, which never depend on them (A1.5).
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable, Mapping

import engine.civ as civ
from engine.civ.cities import build_options
from engine.civ.position import Position
from engine.civ.tables import CALAMITY_BY_ID
from engine.civ.trade import MOST_PROPOSALS

from ..bot import Action, View
from . import easy, sea
from .acceptance import Answer, Foresight
from .determinize import state_from_view
from .draws import fewer_is_safer
from .easy import Turn, standing
from .purchase import DEFAULT_WORTH, Worth, best_purchase, return_action
from .trade_value import TradeView, passed_me

# a token (within the limit) on a free city site or beside one, where it can fill the site next
# turn: a tie-break between empty areas, never enough to leave an area for (easy.FIRST_TOKEN
# and SECOND_TOKEN: at 0.5 a second token by a site outweighed a first one elsewhere, and
# medium left land, grew less and ended with fewer cities than easy in paired games)
SITE_PULL = 0.15
# a token of mine the fight sends back to stock (A13.7): it grows nowhere next turn. A
# rival's token driven off counts nothing: it too goes to stock, and the harm helps the other
# seats as much as me (paired games vs easy, seeds 101-106: a bonus of 0.5 a token won 1 of 6
# and ranked 3.2 on average, no fight 2 of 6 and 2.5)
LOST_TOKEN = 1.0
# suspicion of the unnamed cards of a seat holding a calamity I passed it this turn: enough
# to make one of them about surely a calamity (a pool share near 0.1, times TradeWorth's 1.5)
HOLDER_DISTRUST = 10.0
MIN_TRADE_GAIN = 1.0  # score points a trade must bring to be worth the exposure
LEAD_MARGIN = 60.0  # a clear lead in standing (about a city and a card) marks a coming winner
AST_LEAD = 2  # A.S.T. spaces ahead of mine that mark a coming winner (A35.1)
RIVAL_SHARE = 0.5  # my gain a trade must bring against the gain of a seat within reach
TRAILING_SHARE = 0.25  # the same, against a seat well behind me
# the least share of worlds dealt from my view in which the other seat takes my opening: an
# offer refused is noise to it. Self-play, 6 medium, 30 turns, seeds 7 and 11: without this
# 37-39% of offers (openings and counters) were taken; at 0.3 43-47% with 80% as many trades;
# at 0.4 45-56% with half as many; 0.5 left a game with 3 offers. Once the worlds gave each
# seat the cards the table heard it name (`determinize.heard_holdings`), seeds 7, 11, 13 and
# 17 took 50-55% at 0.3 (452 trades) and seed 11 59% at 0.4 (96 trades against 114). Five
# players (an exploiter among four medium, 40 turns, seeds 2001-2004) took 35-50%; once
# the worlds' seats distrusted me as they do (`CivMediumBot.wary`) and my named cards were
# those the other seat was heard to ask for (`heard_wants`), 47-50%. Once the worlds kept what
# everyone counted going under the stacks (A32.6, `determinize`), seeds 2001-2002 from their
# five rotations took 48.1% at 0.3 (402 trades), 49.8% with 16 worlds (422) and 53.3% at 0.4
# (348): without the count, 0.4 had taken 47.2% and cost a sixth of the trades
TAKEN = 0.4
WORLDS = 8  # worlds dealt to foresee an answer, about 1.5 ms an offer each
# the offers foreseen, best first: self-play as above, 16 (of 6 commodities asked for) made
# 71-72 trades at 42-45% taken, 8 (of 4) 43-56 trades at 43-47%; 40 ms an opening
FORESEEN = 16
LIKELY = 0.6  # the least chance, by public counts, that the other seat can meet my demand
RISKY_CITY = 0.5  # sort key weight: an exposed site is built after safe ones
ORDINARY_RATE = 2  # A8.1: every seat without Coinage pays 2
TAX_SLACK = 0.5  # score points of purchase gain a higher rate must add to be chosen
GROWTH_KEPT = 2  # stock kept per occupied area for next turn's growth (A9.1) when taxing
# tokens, beyond the city's support, that a first city leaves on the board to grow (A9.1): on
# turn 3 Africa's eight stood two on each of four sites of limit 3 side by side, six filled
# one and the two left grew to four, where every other nation spread, grew to sixteen and
# built two cities on turn 4 (nations line at aed4d1d, 24 of Africa's games: one city after
# turn 5 in all 24, Thrace the same in 6 of 14; A.S.T. space 5.8 at turn 8, the others
# 6.5-7.0). With these two, Africa held two cities after turn 5 in all 24 and stood on space
# 7.0 at turn 8
FIRST_CITY_GROWTH = 2


# ---- the board ------------------------------------------------------------------------------

def _free_site(turn: Turn, area: int) -> bool:
    b = turn.board
    return b.site(area) and area not in turn.pos.cities and not b.foreign(area)


def _site_pull(turn: Turn, area: int) -> bool:
    """A free city site, or land beside one: tokens here can fill it next turn (A14.2)."""
    if _free_site(turn, area):
        return True
    return any(_free_site(turn, n) for n in turn.pos.board.neighbours(area, "land"))


def planned_worth(turn: Turn, area: int, n: int) -> float:
    """Easy's worth of n tokens in a free area, plus the pull of a city site near it."""
    b = turn.board
    base = b.worth(area, n)
    if base and _site_pull(turn, area):
        base += SITE_PULL * min(n, b.limit(area))
    return base


def fight(mine: int, theirs: int, limit: int) -> tuple[int, int]:
    """A13.3–A13.4: the token fight in an area without a city, stopping at the limit: in each
    round the side with fewer tokens removes one first, then the other (equal sides
    together), the fight stopping after any step that leaves one side or no excess; what
    each side keeps."""
    def over() -> bool:
        return not mine or not theirs or mine + theirs <= limit
    while not over():
        if mine == theirs:
            mine, theirs = mine - 1, theirs - 1
            continue
        first_mine = mine < theirs
        for me_first in (first_mine, not first_mine):
            if me_first:
                mine -= 1
            else:
                theirs -= 1
            if over():
                break
    return mine, theirs


def _rival_tokens(turn: Turn, area: int) -> tuple[int, int] | None:
    """The one other side's tokens in a city-free area (its seat, count); None if the area
    holds a city, barbarians or more than one rival (no plain two-sided fight to judge)."""
    if area in turn.pos.cities:
        return None
    others = [(o, n) for o, n in turn.pos.tokens.get(area, {}).items() if o != turn.me and n]
    if len(others) != 1 or not isinstance(others[0][0], int) or others[0][0] < 0:
        return None
    return others[0]


def _stays_supported(turn: Turn, site: int) -> bool:
    """Whether a city built on `site` once its tokens are brought there would be supported
    (A7.5), the tokens kept within the limits elsewhere counted as phase 7 counts them (A14,
    A15.1), the tokens brought taken from them. Easy's own test counts every token on the
    board, surplus included: it fills a site the city then cannot be built on, and the
    tokens over the site's limit go back to stock at A15.1 (seen in play: four lost, and
    the growth they would have made). A first city also waits until it leaves tokens to grow
    (`FIRST_CITY_GROWTH`): early on, growth is worth more than a city a turn sooner."""
    b = turn.board
    need = easy.CITY_TOKENS - b.mine(site)
    kept = easy.supported(turn) - min(b.mine(site), b.limit(site))
    cities = len(turn.pos.cities_of(turn.me))
    return kept - need >= 2 * (cities + 1) + (FIRST_CITY_GROWTH if not cities else 0)


def movement(turn: Turn) -> Action:
    """A12: fill a buildable site to six as easy does, then spread with a turn's plan: city
    sites and the land beside them first, and into a rival's tokens only when the fight
    (A13.4) leaves more to me than the move costs."""
    moves = [a for a in turn.fixed if a["type"] in ("move", "road")]
    done = turn.of("done")
    if not moves:
        return done[0] if done else turn.fixed[0]
    b = turn.board
    into = easy._sources(turn, moves)
    for site in easy._buildable_sites(turn, into):
        if b.mine(site) >= easy.CITY_TOKENS:
            continue
        if _stays_supported(turn, site):
            return easy.movement(turn)  # easy already fills the site it can build on
        break  # easy would fill it, and the city could not be built: spread instead
    voyage = sea.voyage_start(turn)
    if voyage is not None:
        return voyage
    deficit = easy.stock_deficit(turn)
    city_count = len(turn.pos.cities_of(turn.me))

    def gain(a: Action) -> float:
        if easy._locked(turn, a["from"]):
            return 0.0
        n, m, c = b.mine(a["from"]), b.mine(a["to"]), a["count"]
        given_up = planned_worth(turn, a["from"], n - c) - planned_worth(turn, a["from"], n)
        if deficit > 0 and b.own_city(a["to"]) and not b.own_city(a["from"]) \
                and easy.supported(turn) - min(c, n) >= 2 * city_count:
            return easy.RETURN_WORTH * min(c, deficit) + given_up
        if b.foreign(a["to"]):
            rival = _rival_tokens(turn, a["to"])
            if rival is None:
                return 0.0
            kept, left = fight(m + c, rival[1], b.pos.board.area(a["to"]).limit)
            if left:
                return 0.0  # a shared area: the next turn's growth starts the fight again
            return given_up + planned_worth(turn, a["to"], kept) - planned_worth(
                turn, a["to"], m) - LOST_TOKEN * (m + c - kept)
        return given_up + planned_worth(turn, a["to"], m + c) - planned_worth(turn, a["to"], m)
    best = max(moves, key=gain)
    if gain(best) > 0.01 or not done:
        return best
    return done[0]


def exposed(turn: Turn, area: int) -> bool:
    """A city here is open to Flood or Volcanic Eruption (A19, A25) or, coastal, to Piracy
    (A30)."""
    a = turn.pos.board.area(area)
    return a.flood_plain is not None or a.volcano is not None or a.kind == "coastal"


def cities(turn: Turn) -> Action:
    """A14: build where the city stays supported (A15, A7.5), sites safe from calamities
    first, so that support, when short, is spent on them; one city fewer when the last
    would draw a non-tradable calamity at the acquisition and one fewer would not (A16.1,
    `draws`, `settled_cities`)."""
    builds = sorted(turn.of("build"), key=lambda a: (RISKY_CITY * exposed(turn, a["area"]),
                                                      a["area"]))
    plan = planned_builds(turn.pos, turn.me, builds)
    if not plan:
        return turn.first("done", "build")
    if len(plan) == 1:
        settled = settled_cities(turn)
        planned = settled[turn.me] + 1
        if fewer_is_safer(turn.pos, turn.view, turn.me, {**settled, turn.me: planned},
                          settled):
            return turn.first("done", "build")
    return plan[0]


def planned_builds(pos: Position, seat: int, builds: list[Action]) -> list[Action]:
    """A14.1: the builds one after another, in the order given, while each new city stays
    supported (A7.5: two tokens a city, of those kept within the limits at A15.1)."""
    b = easy.Board(pos, seat)
    cities_now = len(pos.cities_of(seat))
    made: list[Action] = []
    for action in builds:
        gone = {a["area"] for a in made} | {action["area"]}
        kept = sum(min(here[seat], b.limit(area)) for area, here in pos.tokens.items()
                   if seat in here and area not in pos.cities and area not in gone)
        if kept >= 2 * (cities_now + len(made) + 1):
            made.append(action)
    return made


def settled_cities(turn: Turn) -> dict[int, int]:
    """Each seat's cities at the acquisition, mine as they stand: those before me in the
    A.S.T. order have built (A14.1), and those after me build all they can support. That
    they too might hold a city back is not foreseen: foreseeing it, in turn, the seats
    before them held theirs back (six medium, seeds 3001-3003, turn 6: four seats gave up a
    city each, and the calamity still fell on the fifth)."""
    pos = turn.pos
    order = pos.active_seats()
    later = order[order.index(turn.me) + 1:]
    return {seat: len(pos.cities_of(seat)) + (
        len(planned_builds(pos, seat, build_options(pos, seat))) if seat in later else 0)
        for seat in order}


def tax(turn: Turn, worth: Worth = DEFAULT_WORTH) -> Action:
    """A8.1 (Coinage): the rate whose treasury buys the best purchase planned for phase 12,
    the ordinary 2 when a higher one buys nothing more (the treasury saves for later cards
    and scores, A35.2), lower only when a rate would leave the stock short of next turn's
    growth (A9.1) or a city unpaid (A8.4)."""
    rates = sorted(turn.of("tax"), key=lambda a: a["rate"])
    if not rates:
        return easy.tax(turn)
    n = max(1, len(turn.pos.cities_of(turn.me)))
    areas = sum(1 for here in turn.pos.tokens.values() if turn.me in here)
    stock = turn.seat.stock_tokens
    affordable = [a for a in rates if a["rate"] * n <= stock - GROWTH_KEPT * areas] or rates[:1]
    gains = [(best_purchase(_with_treasury(turn.view, turn.me,
                                           turn.seat.treasury + a["rate"] * n),
                            worth, board=turn.pos.board).gain, a) for a in affordable]
    top = max(g for g, _ in gains)
    enough = [a for g, a in gains if g > top - TAX_SLACK]
    return next((a for a in enough if a["rate"] == ORDINARY_RATE), enough[0])


def _with_treasury(view: View, seat: int, treasury: int) -> View:
    seats = [dict(s) for s in view["seats"]]
    seats[seat]["treasury"] = treasury
    return {**view, "seats": seats}


# ---- cards ----------------------------------------------------------------------------------

def purchase(turn: Turn, worth: Worth = DEFAULT_WORTH) -> Action:
    """A32: the optimiser's best set of cards and payment under `worth`; easy's if the engine
    refused it."""
    action = best_purchase(turn.view, worth, board=turn.pos.board).action()
    return action if turn.legal(action) else easy.purchase(turn)


def excess(turn: Turn) -> Action:
    """A32.5: the card outside the best 8 commodity cards to keep."""
    action = return_action(turn.view, turn.pos.board)
    return action if turn.legal(action) else easy.excess(turn)


def leaders(turn: Turn, seat: int | None = None) -> set[int]:
    """The seat about to win, as public counts tell: one standing (A35.2 without hands) clear
    of every other seat and of me, or well ahead of me on the A.S.T. (A35.1); none when no
    seat is clear. With `seat`, the same as that seat sees it: all of it is public, so I
    know whom it refuses to trade with."""
    viewer = turn.me if seat is None else seat
    me = standing(turn.pos, viewer)
    rivals = sorted((s for s in turn.pos.active_seats() if s != viewer),
                    key=lambda s: (-standing(turn.pos, s), s))
    if not rivals:
        return set()
    top = rivals[0]
    second = max([me, *(standing(turn.pos, s) for s in rivals[1:])])
    clear = standing(turn.pos, top) > second + LEAD_MARGIN
    ahead = turn.pos.seats[top].ast >= turn.pos.seats[viewer].ast + AST_LEAD
    return {top} if clear or ahead else set()


def _passes_calamity(give: tuple[str, ...] | list[str]) -> bool:
    return any(c in CALAMITY_BY_ID for c in give)


def fair_share(turn: Turn, seat: int) -> float:
    """How much of the other seat's gain a trade must bring me: half of it from a seat within
    reach of me in public standing (A35.2: the winner is one seat, and a trade that feeds a
    rival far more than me loses ground to it), a quarter from a seat well behind. Not more:
    among six seats a trade that gains both traders gains on the four others (edfd972);
    asking all of it (a half from a seat behind), medium with hard's nation won 6 of 29
    games against four medium where on these terms it won 10 (a pilot). Not less: asking a
    quarter from every seat and taking any gain above nothing, it won 5 of 38 where on
    these terms it won 13 (2026-12-02)."""
    behind = standing(turn.pos, seat) < standing(turn.pos, turn.me) - LEAD_MARGIN
    return TRAILING_SHARE if behind else RIVAL_SHARE


def trade_open(turn: Turn, distrust: Mapping[int, float],
               foresight: Foresight | None = None,
               wary: Mapping[int, float] | None = None) -> Action:
    """A17.3: the proposal that grows my sets most, times the chance the other seat takes it,
    among those it likely takes (`foresight`: its answer in worlds dealt from my view); a
    seat about to win is offered only a trade that passes it a calamity."""
    passing = turn.first("pass", "done")
    done = set(turn.pos.phase_state.get("done", []))
    top = leaders(turn)
    partners = [s for s in turn.pos.active_seats()
                if s != turn.me and s not in done and turn.view["seats"][s]["hand_size"] >= 3]
    if not partners:
        return passing
    tv = TradeView(turn.view, distrust=distrust)
    offers: list[Action] = []
    worths: list[float] = []
    lacking = refused_me(turn.view)
    for offer in tv.proposals(partners, FORESEEN):
        if set(offer.want_named) & lacking.get(offer.to, set()):
            continue  # it refused me those cards this turn: it lacks them, or will not part
        passing_on = _passes_calamity(offer.give)
        if offer.mine < MIN_TRADE_GAIN or offer.theirs <= 0:
            continue
        if offer.likely < LIKELY and not passing_on:
            continue  # a calamity is worth any chance of passing it on (A17.2)
        if offer.to in top and not passing_on:
            continue
        if turn.me in leaders(turn, offer.to):
            continue  # it takes nothing from the seat it sees about to win
        theirs = tv.gain_to(offer.to, offer.give, offer.want_named)
        if offer.mine < fair_share(turn, offer.to) * theirs:
            continue  # it would feed that seat more than me
        action = offer.action()
        if turn.legal(action):
            if foresight is None:
                return action
            offers.append(action)
            worths.append(offer.mine / offer.likely)
    if not offers or foresight is None:
        return passing
    answer = foreseen_answerer(turn, wary or {})
    best = foresight.best(offers, worths, TAKEN, answer)
    return offers[best] if best is not None else passing


def refused_me(view: View) -> dict[int, set[str]]:
    """The cards each seat refused me this trade phase: those my openings to it asked for, in
    negotiations that ended without a trade (`heard`, A17.3)."""
    lacking: dict[int, set[str]] = {}
    for negotiation in view["phase_state"].get("heard", []):
        opening = negotiation["proposals"][0]
        if not negotiation["accepted"] and opening["from"] == view["viewer"]:
            lacking.setdefault(int(opening["to"]), set()).update(opening["want_named"])
    return lacking


def foreseen_answerer(turn: Turn, wary: Mapping[int, float]) -> Answer:
    """Medium's acceptance in a dealt world, by a seat that distrusts me as much as `wary`
    says (its own medium counts it so, `CivMediumBot.distrust`)."""

    def answer(state: civ.State, seat: int) -> Action:
        view = state.view(seat)
        trust = {turn.me: 1.0 + wary[seat]} if wary.get(seat) else {}
        taken = accepted(Turn(state, view), TradeView(view, distrust=trust))
        return taken if taken is not None else {"type": "reject"}
    return answer


def accepted(turn: Turn, tv: TradeView) -> Action | None:
    """A17.4: the acceptance of the terms as they now stand (an opening or a counter) when
    they bring me enough, unnamed cards priced by the calamity risk of their giver; never
    from the seat about to win, whose gain would outweigh mine."""
    pending = turn.view.get("pending") or {}
    proposal = pending.get("proposal")
    if not proposal or proposal["from"] in leaders(turn):
        return None
    judgement = tv.judge()
    if judgement.accept is None or judgement.value < MIN_TRADE_GAIN:
        return None
    theirs = tv.gain_to(proposal["from"], judgement.accept["give"], proposal["named"],
                        collects=proposal["want_named"])
    if judgement.value >= fair_share(turn, proposal["from"]) * theirs \
            and turn.legal(judgement.accept):
        return judgement.accept
    return None


def trade_answer(turn: Turn, distrust: Mapping[int, float]) -> Action:
    """A17.4: accept terms that bring me enough (`accepted`), else counter or refuse."""
    refuse = turn.first("reject", "done")
    tv = TradeView(turn.view, distrust=distrust)
    taken = accepted(turn, tv)
    if taken is not None:
        return taken
    proposal = (turn.view.get("pending") or {}).get("proposal")
    if not proposal or proposal["from"] in leaders(turn):
        return refuse
    return counter(turn, tv, refuse)


def counter(turn: Turn, tv: TradeView, refuse: Action) -> Action:
    """A17.4: terms the proposer is sure to be able to meet (his own named cards) for cards
    he asked for, the first that brings me enough, him something, and him not more than my
    fair share allows; the refusal otherwise or once the negotiation has had its 3 proposals.
    No foresight here: he named the cards he parts with most easily and asked for those he
    collects, which a world dealt at random forgets (medium took 98% of such counters)."""
    if int((turn.view.get("pending") or {}).get("count", MOST_PROPOSALS)) >= MOST_PROPOSALS:
        return refuse
    for offer in tv.counters():
        if offer.mine < MIN_TRADE_GAIN or offer.theirs <= 0:
            continue
        if turn.me in leaders(turn, offer.to):
            return refuse  # it takes nothing from the seat it sees about to win
        if offer.mine < fair_share(turn, offer.to) * offer.theirs:
            continue
        action = offer.action("counter")
        if turn.legal(action):
            return action
    return refuse


HANDLERS: dict[str, Callable[[Turn], Action]] = {
    "movement": movement,
    "ship_upkeep": sea.upkeep,
    "ships": sea.build,
    "cities": cities,
    "excess": excess,
}
# the decisions a card's worth weighs: the purchase and the tax rate that pays for it
PRICED: dict[str, Callable[[Turn, Worth], Action]] = {
    "tax_rate": tax,
    "civ_cards": purchase,
}


def medium_answer(state: civ.State, view: View,
                  distrust: Mapping[int, float] | None = None, trades: bool = True,
                  worlds: int = WORLDS, rng: random.Random | None = None,
                  wary: Mapping[int, float] | None = None,
                  worth: Worth = DEFAULT_WORTH) -> Action:
    """The medium level's answer to the viewer's pending decision; `distrust` weighs the
    unnamed cards of seats that passed it calamities (default: those of this turn), `worlds`
    how many worlds dealt from the view (by `rng`, seeded alike when none is given) foresee
    another seat's answer to terms it puts (0: none, every offer worth making is made), each
    seat distrusting it as `wary` says (`CivMediumBot.wary`; default: the seats that passed
    it a calamity it still holds, A17.7). Without
    `trades` it declares done at its first trade decision (A17.4-A17.5), so it makes no
    proposal and is asked none after: the arena's measure of what trading is worth. `worth`
    weighs a card in its purchase and tax rate (`purchase.Worth`; hard's keeps sets longer)."""
    turn = Turn(state, view)
    pending = turn.pos.pending
    assert pending is not None
    kind = pending["kind"]
    if kind == "movement" and pending.get("ship") is not None:
        step = sea.voyage_step(turn)
        return step if step is not None else movement(turn)
    if not trades and kind in ("trade_open", "trade_answer"):
        return turn.first("done", "pass", "reject")
    trust = dict(distrust) if distrust is not None else {
        s: 1.0 + n for s, n in Counter(int(t) for t in view["traders"].values()).items()}
    if kind == "trade_open":
        foresight = Foresight(view, worlds, rng or random.Random(0), turn.pos.board) \
            if worlds else None
        if wary is None:
            wary = {seat: HOLDER_DISTRUST for seat in passed_me(view)}
        return trade_open(turn, trust, foresight, wary)
    if kind == "trade_answer":
        return trade_answer(turn, trust)
    if kind in PRICED:
        return PRICED[kind](turn, worth)
    handler = HANDLERS.get(kind)
    return handler(turn) if handler else easy.easy_answer(state, view)


class CivMediumBot:
    """Planned play from its own view; the seed only deals the cards it cannot see. It
    remembers which seat passed it which calamity (A17.7, its own hand's traders) for the
    rest of the game. `trades=False` makes the arena's medium that never trades; `worth`
    weighs its purchases (hard's medium keeps sets longer, `hard.HARD_WORTH`)."""

    level = "medium"

    def __init__(self, seed: int, trades: bool = True, worth: Worth = DEFAULT_WORTH) -> None:
        self.rng = random.Random(seed)
        self.trades = trades
        self.worth = worth
        self.passed: set[tuple[int, str, int]] = set()  # (turn, calamity, trader)
        self.sent: tuple[int, int, tuple[str, ...]] | None = None  # (turn, seat, calamities)
        self.given: set[tuple[int, int, str]] = set()  # (turn, seat, calamity I passed it)

    def distrust(self, view: View) -> dict[int, float]:
        """A17.7 both ways: a seat that passed me a calamity, ever, and a seat I passed one to
        this turn (it holds it and will hide it among its unnamed cards, back to me: two
        medium seats otherwise handed the same two calamities to and fro every round)."""
        turn = int(view["turn"])
        for card, trader in view["traders"].items():
            if card in CALAMITY_BY_ID:
                self.passed.add((turn, card, int(trader)))
        if self.sent is not None:
            sent_turn, seat, cards = self.sent
            gone = Counter(cards) - Counter(view["seats"][view["viewer"]]["hand"])
            if sent_turn == turn and gone:
                self.given.update((turn, seat, card) for card in gone)
        trust = {seat: 1.0 + n for seat, n in
                 Counter(trader for _, _, trader in self.passed).items()}
        for seat in {seat for t, seat, _ in self.given if t == turn}:
            trust[seat] = trust.get(seat, 1.0) + HOLDER_DISTRUST
        return trust

    def wary(self, turn: int) -> dict[int, float]:
        """How much each seat distrusts me, as its own `distrust` counts from its side: one
        for each calamity I passed it, ever, and HOLDER_DISTRUST when it passed me one this
        turn (it expects it back among my unnamed cards, wherever the card went since)."""
        held: dict[int, float] = dict(Counter(seat for _, seat, _ in self.given))
        for trader in {trader for t, _, trader in self.passed if t == turn}:
            held[trader] = held.get(trader, 0.0) + HOLDER_DISTRUST
        return held

    def remember(self, view: View, action: Action) -> None:
        """The calamities this answer may hand to another seat, checked at my next view (until
        my next answer: a proposal refused hands over nothing)."""
        pending = view.get("pending") or {}
        kind = action.get("type")
        self.sent = None
        if kind in ("propose", "counter"):
            seat = action["to"] if kind == "propose" else pending["proposal"]["from"]
        elif kind == "accept":
            seat = pending["proposal"]["from"]
        else:
            return
        cards = tuple(c for c in action["give"] if c in CALAMITY_BY_ID)
        if cards:
            self.sent = (int(view["turn"]), int(seat), cards)

    def answer(self, state: civ.State, view: View, trust: Mapping[int, float]) -> Action:
        """Medium's answer on `state` (dealt from `view`), trusting as `trust` says (its
        `distrust` of this view), foreseeing with its own generator and as wary of it as its
        memory says: what `choose` plays, for a level built on it (hard) to keep or beat."""
        return medium_answer(state, view, trust, self.trades, rng=self.rng,
                             wary=self.wary(int(view["turn"])), worth=self.worth)

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        trust = self.distrust(view)
        action = self.answer(state_from_view(view, self.rng), view, trust)
        self.remember(view, action)
        return action
