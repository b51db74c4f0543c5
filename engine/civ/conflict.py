"""Phase 6, conflict (A13): token fights, cities attacked, pillage.

Conflicts are found afresh after each one is settled: first those without a
city (kind a) in area order, then those at cities (kind b), so stocks fill
before cities must be replaced by tokens (A13.2). A destroyed city's
stand-ins fight the attacker at once, before any other conflict, once the
attacker has decided his pillage (A13.6). `phase_state`: `standins` (the
area whose stand-in fight comes next, and whether they are pirates).
"""

from __future__ import annotations

from ..rng import SplitMix64
from .decisions import Action, Decision, Events, ask
from .position import BARBARIAN, Position, holds
from .trade_cards import canonical

# A13.5: (attacker holds Engineering, owner holds Engineering) -> (tokens needed, stand-ins)
CITY_DEFENCE = {(False, False): (7, 6), (True, False): (6, 5), (False, True): (8, 7),
                (True, True): (7, 6)}
MOST_PILLAGE = 3


def has_card(pos: Position, side: int, card: str) -> bool:
    """Barbarians and pirates hold no cards (A13.3, A13.5)."""
    return side != BARBARIAN and holds(pos, side, card)


def token_fight(counts: dict[int, int], metalworking: set[int], limit: int,
                stop_at_limit: bool) -> dict[int, int]:
    """A13.3: remove tokens in steps until one side is left (or, if allowed, the limit holds).

    Sides without Metalworking remove before sides with it (unless all hold
    it), fewer tokens before more; sides equal on both keys remove together.
    Returns the tokens left per side.
    """
    left = {side: n for side, n in counts.items() if n > 0}

    def over() -> bool:
        return len(left) <= 1 or (stop_at_limit and sum(left.values()) <= limit)

    while not over():
        every_metal = all(side in metalworking for side in left)

        keys = {side: (not every_metal and side in metalworking, left[side]) for side in left}
        for step in sorted(set(keys.values())):
            for side in [s for s in keys if keys[s] == step]:
                left[side] -= 1
                if not left[side]:
                    del left[side]
            if over():
                break
    return left


def conflict_kind(pos: Position, area: int) -> str | None:
    """A13.1: "a" (tokens of several sides above the limit, no city), "b" (a city and tokens
    of another side), or None."""
    here = pos.tokens.get(area, {})
    city = pos.cities.get(area)
    if city is None:
        if len(here) >= 2 and sum(here.values()) > pos.board.area(area).limit:
            return "a"
        return None
    return "b" if any(side != city.owner for side in here) else None


def next_conflict(pos: Position) -> int | None:
    """A13.2: the next conflict, kind a before kind b, each in area order."""
    areas = sorted(pos.tokens)
    for kind in ("a", "b"):
        for area in areas:
            if conflict_kind(pos, area) == kind:
                return area
    return None


def fight_in(pos: Position, area: int, stop_at_limit: bool, events: Events) -> None:
    """A13.3–A13.4, A13.7: one token fight in `area`; losses go to their owners' stock."""
    before = dict(pos.tokens.get(area, {}))
    metal = {side for side in before if has_card(pos, side, "metalworking")}
    after = token_fight(before, metal, pos.board.area(area).limit, stop_at_limit)
    events.append({"type": "conflict", "area": area, "sides": sorted(before)})
    for side, n in sorted(before.items()):
        lost = n - after.get(side, 0)
        if lost:
            remove_tokens(pos, side, area, lost, "conflict", events)


def remove_tokens(pos: Position, side: int, area: int, n: int, reason: str,
                  events: Events) -> None:
    """Tokens leave the board to their owner's stock (barbarians to their supply, A2.5)."""
    pos.add_tokens(side, area, -n)
    if side != BARBARIAN:
        pos.seats[side].stock_tokens += n
    events.append({"type": "tokens_removed", "area": area,
                   "owner": "barbarian" if side == BARBARIAN else side, "count": n,
                   "reason": reason})


def run_conflict(pos: Position, events: Events) -> bool:
    """A13: settle conflicts one by one until none is left; True then."""
    ps = pos.phase_state
    while True:
        standins = ps.pop("standins", None)
        if standins is not None:
            area = standins["area"]
            if conflict_kind(pos, area) == "a":
                fight_in(pos, area, True, events)
            if standins["pirates"] and pos.tokens_of(BARBARIAN, area):
                remove_tokens(pos, BARBARIAN, area, pos.tokens_of(BARBARIAN, area),
                              "pirates", events)
            continue
        area = next_conflict(pos)
        if area is None:
            return True
        if conflict_kind(pos, area) == "a":
            fight_in(pos, area, True, events)
        elif attack_city(pos, area, events):
            return False


def attack_city(pos: Position, area: int, events: Events, pillage: bool = True) -> bool:
    """A13.5: the fight to the last side, then its attack on the city; True if a pillage
    decision is now asked."""
    city = pos.cities[area]
    if len(pos.tokens.get(area, {})) >= 2:
        fight_in(pos, area, False, events)
    here = pos.tokens.get(area, {})
    attackers = [side for side in here if side != city.owner]
    if not attackers:
        return False
    attacker = attackers[0]
    n = here[attacker]
    needed, standins = CITY_DEFENCE[(has_card(pos, attacker, "engineering"),
                                     has_card(pos, city.owner, "engineering"))]
    if n < needed:
        remove_tokens(pos, attacker, area, n, "city_held", events)
        return False
    owner = city.owner
    del pos.cities[area]
    pirates = owner == BARBARIAN
    if not pirates:
        pos.seats[owner].stock_cities += 1
        placed = min(standins, pos.seats[owner].stock_tokens)
        pos.seats[owner].stock_tokens -= placed
    else:
        placed = standins
    if placed:
        pos.add_tokens(owner, area, placed)
    events.append({"type": "city_destroyed", "area": area,
                   "owner": "barbarian" if pirates else owner, "reason": "conflict",
                   "by": "barbarian" if attacker == BARBARIAN else attacker,
                   "standins": placed})
    pos.phase_state["standins"] = {"area": area, "pirates": pirates}
    if attacker == BARBARIAN or not pillage:
        return False
    ask(pos, "pillage", attacker, victim="barbarian" if pirates else owner, area=area)
    return True


def pillage_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    stock = pos.seats[pos.pending["seat"]].stock_tokens
    return [{"type": "pillage", "count": k} for k in range(min(MOST_PILLAGE, stock) + 1)]


def pillage_answer(pos: Position, action: Action, events: Events) -> None:
    """A13.6: tokens from stock to treasury, then one random card of the victim's hand."""
    assert pos.pending is not None
    seat, victim = pos.pending["seat"], pos.pending["victim"]
    pos.pending = None
    s = pos.seats[seat]
    s.stock_tokens -= action["count"]
    s.treasury += action["count"]
    events.append({"type": "pillaged", "seat": seat, "count": action["count"]})
    if victim != "barbarian" and pos.seats[victim].hand:
        card = draw_random(pos, pos.seats[victim].hand, 1)[0]
        pos.seats[victim].hand.remove(card)
        s.hand.append(card)
        events.append({"type": "card_taken", "seat": seat, "victim": victim})
        events.append({"type": "hand_drawn", "seat": seat, "cards": [card],
                       "private_to": seat})
        events.append({"type": "hand_lost", "seat": victim, "cards": [card],
                       "private_to": victim})


def draw_random(pos: Position, cards: list[str], k: int) -> list[str]:
    """A37.2: k cards chosen at random: the first k of a shuffle of them in canonical order."""
    rng = SplitMix64(pos.rng)
    shuffled = canonical(cards)
    rng.shuffle(shuffled)
    pos.rng = rng.state
    return shuffled[:k]


DECISIONS = {"pillage": Decision("A13.6", ("pillage",), pillage_legal, pillage_answer)}
