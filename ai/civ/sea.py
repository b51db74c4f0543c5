"""Medium's ships (A11, A12.4–A12.6): sea moves to free land its tokens cannot walk to.

Watched against four easy, medium filled the land around it by turn 10 and then
held 4–5 cities and 13–15 tokens for thirty turns with 22–26 tokens idle in
stock (12 games, seeds 1–12): growth (A9.1) only feeds areas already held.
A ship costs 2 tokens (A11.2) and 1 a turn to keep (A11.1) and carries up to 5
tokens over up to 4 sails (5 with Cloth Making) to a coastal area (A12.4), where
they grow next turn like any others. So medium builds one ship where one
voyage would land tokens on free land out of reach of a land move this turn
(islands, a far coast), sails it there with the tokens the source can spare,
and keeps it only while another such voyage waits. A seat hemmed in on a few areas
counts a landing at the growth it brings in every turn after: an island start (in a game
followed, Crete's first ship sailed on turn 5, once its first city's tax paid for it)
sails on turn 3. A ship also fills a city site of its own that no land move can (A14.2):
the sites of an island, a move apart only through a city's area, were never filled so
(in a game followed, seed 4001, Crete's two other sites held one to three tokens from
turn 3 to the end, turn 33, and never a city), so it loads where it can spare the tokens,
on the way if need be (A12.4), and lands them there. Everything is read from the public
board, and the engine's own `water_exits` says where a ship may sail.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from engine.civ.movement import MOST_ABOARD, sail_allowance, unmoved, water_exits
from engine.civ.position import Position, Ship
from engine.civ.ships import ships_of

from ..bot import Action
from .easy import CITY_TOKENS, Turn, _locked, supported

VOYAGE_GAIN = 1.0  # worth (easy.Board.worth, medium.planned_worth) a voyage must add
BUILD_GAIN = 0.5  # worth a first voyage must add beyond the ship's price (`easy.Board.worth`
# counts a new area's first turns only; it grows every turn after)
SHIP_PAYMENT = 1.0  # worth of a treasury token spent on a ship or its upkeep (it scores, A35.2)
IDLE_STOCK = 8  # stock tokens that lie idle enough for a ship to be worth building (A9.1)
MOST_SHIPS = 1  # one ship does the carrying; more cost upkeep for the same voyages
HEMMED_AREAS = 3  # land areas held at most by a seat whose growth only a ship can widen
NEW_LAND = 2.0  # worth, to a hemmed-in seat, of free land held: it grows there every turn after


@dataclass(frozen=True)
class Voyage:
    """Where a ship in `area` can land `count` tokens, `sails` away, and the worth it adds."""

    to: int
    sails: int
    count: int
    gain: float


def reachable(pos: Position, sh: Ship, sails: int) -> dict[int, tuple[int, int | None, Ship]]:
    """Coastal areas the ship can end in within `sails` steps (A12.4–A12.6): for each, the
    fewest sails, the first area sailed into on the way (None where it stands) and the ship
    as it stands there (its coast, A12.6)."""
    seen: dict[tuple[int, str | None], int] = {(sh.area, sh.coast): 0}
    found: dict[int, tuple[int, int | None, Ship]] = {}
    if pos.board.area(sh.area).kind == "coastal":
        found[sh.area] = (0, None, sh)
    queue: deque[tuple[Ship, int, int | None]] = deque([(sh, 0, None)])
    while queue:
        here, dist, first = queue.popleft()
        if dist >= sails:
            continue
        for b in water_exits(pos, here):
            to = b.other(here.area)
            coast = b.coast_at(to)
            if (to, coast) in seen:
                continue
            seen[(to, coast)] = dist + 1
            step = to if first is None else first
            there = Ship(here.owner, here.number, to, coast, here.aboard)
            if pos.board.area(to).kind == "coastal" and to not in found:
                found[to] = (dist + 1, step, there)
            queue.append((there, dist + 1, step))
    return found


def free_land(turn: Turn, area: int) -> bool:
    """Land in play with no unit or city of anyone: tokens landed there hold it alone."""
    pos = turn.pos
    return area in pos.in_play() and pos.board.area(area).is_land \
        and area not in pos.cities and not any(pos.tokens.get(area, {}).values())


def walkable(turn: Turn) -> set[int]:
    """Areas a land move of mine can still reach this phase (A12.2(a)): left to land moves."""
    pos = turn.pos
    if pos.phase != "movement":
        sources = [a for a, here in pos.tokens.items() if here.get(turn.me)]
    else:
        sources = [a for a in pos.tokens if unmoved(pos, turn.me, a) > 0]
    return {n for a in sources for n in pos.board.neighbours(a, "land")}


def hemmed_in(turn: Turn) -> bool:
    """A small holding with no free land beside it, as an island start is (Crete's three areas,
    M2-M3): growth (A9.1) feeds only the areas it holds, so a first landing elsewhere is worth
    its growth in every turn after, not only easy's first turn."""
    pos = turn.pos
    held = {a for a, here in pos.tokens.items() if here.get(turn.me)} | set(
        pos.cities_of(turn.me))
    land = {a for a in held if pos.board.area(a).is_land}
    if len(land) > HEMMED_AREAS:
        return False
    return not any(free_land(turn, n) for a in land for n in pos.board.neighbours(a, "land"))


@dataclass(frozen=True)
class CityVoyage:
    """A voyage that fills a free city site of mine to a city's tokens (A14.2): `count` tokens
    loaded at `pickup`, landed at `site`."""

    pickup: int
    count: int
    site: int


def _loadable(turn: Turn, area: int) -> int:
    pos = turn.pos
    return unmoved(pos, turn.me, area) if pos.phase == "movement" else turn.board.mine(area)


def _site_short(turn: Turn, site: int, there: int, landing: int) -> bool:
    """A free site of mine, `there` of my tokens on it, that `landing` tokens fill to a city's
    and no land move could (before movement, counting every token beside it; in it,
    medium's land moves fill first)."""
    b = turn.board
    if not b.site(site) or b.foreign(site) or not there:
        return False
    if not 0 < CITY_TOKENS - there <= landing:
        return False
    if turn.pos.phase == "movement":
        return True
    beside = sum(b.mine(n) for n in turn.pos.board.neighbours(site, "land"))
    return there + beside < CITY_TOKENS


def _city_supported(turn: Turn, kept: int, site: int, taken: dict[int, int]) -> bool:
    """A7.5: the city on `site` still supported by the `kept` tokens within the limits at
    A15.1 (`easy.supported`) once `taken` (area: tokens) have left elsewhere (for the ship's
    price, or aboard); the site's own tokens count for nothing once the city stands."""
    b = turn.board
    kept -= min(b.mine(site), b.limit(site))
    for area, k in taken.items():
        if area == site:
            continue
        n, limit = b.mine(area), b.limit(area)
        kept -= min(n, limit) - min(n - k, limit)
    return kept >= 2 * (len(turn.pos.cities_of(turn.me)) + 1)


def city_voyage(turn: Turn, sh: Ship, sails: int, paid: int = 0) -> CityVoyage | None:
    """The voyage, within `sails`, that fills a site of mine no land move can (A12.4: load
    anywhere on the way, land at the site): an island's sites, cut off from each other
    but by sea, fill so and no other way. Those aboard land as they are; an empty ship picks
    up where the loss is least, the fewest sails on a tie; `paid` tokens leave the ship's
    area for its price first. None without a city in stock or such a site."""
    if turn.seat.stock_cities <= 0:
        return None
    pos = turn.pos
    kept = supported(turn)
    if sh.aboard:
        sites = [(dist, site) for site, (dist, _, _) in reachable(pos, sh, sails).items()
                 if _site_short(turn, site, turn.board.mine(site), sh.aboard)
                 and _city_supported(turn, kept, site, {})]
        return CityVoyage(sh.area, 0, min(sites)[1]) if sites else None

    def price(area: int) -> int:  # tokens the ship's price takes from there
        return paid if area == sh.area else 0

    def held(area: int) -> int:
        return turn.board.mine(area) - price(area)

    short = {a: held(a) for a, here in pos.tokens.items()
             if here.get(turn.me) and _site_short(turn, a, held(a), MOST_ABOARD)}
    if not short:
        return None  # no site a ship could fill: no voyage to look for
    best: tuple[tuple[float, int, int, int], CityVoyage] | None = None
    for pickup, (d1, _, afloat) in sorted(reachable(pos, sh, sails).items()):
        if _locked(turn, pickup):
            continue  # a full site keeps its tokens for its own city (A14.2)
        spare = min(_loadable(turn, pickup) - price(pickup), MOST_ABOARD)
        if spare <= 0:
            continue
        n = held(pickup)
        onward = reachable(pos, afloat, sails - d1)
        for site, there in short.items():   # the best is the least key, in any order
            count = CITY_TOKENS - there
            if site == pickup or site not in onward or count > spare:
                continue
            taken = {sh.area: paid} if paid else {}
            taken[pickup] = taken.get(pickup, 0) + count
            if not _city_supported(turn, kept, site, taken):
                continue
            loss = _worth(turn, pickup, n) - _worth(turn, pickup, n - count)
            key = (loss, d1 + onward[site][0], site, pickup)
            if best is None or key < best[0]:
                best = (key, CityVoyage(pickup, count, site))
    return best[1] if best else None


def city_step(turn: Turn, sh: Ship, voyage: CityVoyage, left: int) -> Action | None:
    """The next step of `voyage` for the ship where it stands, `left` sails to it: load at the
    pickup, unload at the site, else sail toward the one it is bound for."""
    if not sh.aboard and sh.area == voyage.pickup:
        step: Action = {"type": "load", "ship": sh.number, "count": voyage.count}
    elif sh.aboard and sh.area == voyage.site:
        step = {"type": "unload", "ship": sh.number, "count": sh.aboard}
    else:
        bound = voyage.site if sh.aboard else voyage.pickup
        first = reachable(turn.pos, sh, left)[bound][1]
        step = {"type": "sail", "ship": sh.number, "to": first}
    return step if turn.legal(step) else None


def _worth(turn: Turn, area: int, n: int) -> float:
    from .medium import planned_worth  # medium imports this module for its movement
    return planned_worth(turn, area, n)


def best_voyage(turn: Turn, sh: Ship, sails: int, cargo: int, aboard: int = 0,
                source: int | None = None, paid: int = 0) -> Voyage | None:
    """The best landing for the tokens aboard plus up to `cargo` loaded from `source` (its
    tokens left behind, less `paid` for the ship, lose their worth there): free land out of a
    land move's reach, the most worth added, the fewest sails on a tie."""
    b = turn.board
    near = walkable(turn)
    landing = NEW_LAND if hemmed_in(turn) else 0.0
    best: Voyage | None = None
    for to, (dist, _, _) in sorted(reachable(turn.pos, sh, sails).items()):
        if not free_land(turn, to) or (to in near and not aboard):
            continue
        n = b.mine(source) - paid if source is not None else 0
        for k in range(1 if not aboard else 0, cargo + 1):
            if aboard + k == 0 or aboard + k > MOST_ABOARD:
                continue
            left = 0.0 if source is None else _worth(turn, source, n - k) - _worth(
                turn, source, n)
            gain = _worth(turn, to, aboard + k) + left + landing
            if best is None or (gain, -dist) > (best.gain, -best.sails):
                best = Voyage(to, dist, k, gain)
    return best


def voyage_start(turn: Turn) -> Action | None:
    """A12.4: start a ship of mine (not yet moved this phase) on a voyage that fills a city
    site (`city_voyage`), as land moves fill one before they spread; else load it with the
    tokens whose voyage to free land adds most, if one adds `VOYAGE_GAIN`; None to leave the
    phase to land moves."""
    pos = turn.pos
    ps = pos.phase_state
    done = set(ps.get("ships_done", [])) | {ps.get("ship")}
    sails = sail_allowance(pos, turn.me)
    best: tuple[float, Action] | None = None
    for sh in ships_of(pos, turn.me):
        if sh.number in done or sh.aboard:
            continue
        city = city_voyage(turn, sh, sails)
        step = city_step(turn, sh, city, sails) if city is not None else None
        if step is not None:
            return step
        cargo = min(unmoved(pos, turn.me, sh.area), MOST_ABOARD)
        if not cargo:
            continue
        voyage = best_voyage(turn, sh, sails, cargo, source=sh.area)
        if voyage is None or voyage.gain < VOYAGE_GAIN:
            continue
        action: Action = {"type": "load", "ship": sh.number, "count": voyage.count}
        if turn.legal(action) and (best is None or voyage.gain > best[0]):
            best = (voyage.gain, action)
    return best[1] if best else None


def voyage_step(turn: Turn) -> Action | None:
    """The next step of the ship under way: on toward the city site it fills (an empty ship
    toward its pickup), else toward the best free landing left in its sails, unload there;
    None once nothing is aboard and no site waits (its move is over)."""
    pos = turn.pos
    number = pos.phase_state.get("ship")
    if number is None:
        return None
    sh = next(s for s in ships_of(pos, turn.me) if s.number == number)
    left = sail_allowance(pos, turn.me) - int(pos.phase_state.get("sails", 0))
    city = city_voyage(turn, sh, left)
    step = city_step(turn, sh, city, left) if city is not None else None
    if step is not None or not sh.aboard:
        return step
    voyage = best_voyage(turn, sh, left, 0, aboard=sh.aboard)
    steps = [a for a in turn.fixed if a.get("ship") == number]
    if voyage is not None and voyage.to != sh.area:
        first = reachable(pos, sh, left)[voyage.to][1]
        sail = next((a for a in steps if a["type"] == "sail" and a["to"] == first), None)
        if sail is not None:
            return sail
    unload = [a for a in steps if a["type"] == "unload"]
    if unload:
        return max(unload, key=lambda a: a["count"])
    return next((a for a in steps if a["type"] == "sail"), None)


def _ship_price(turn: Turn, action: Action) -> float:
    """A11.2: the worth a ship costs, its tokens from the area and the rest from the treasury
    (one sum for both of `build`'s passes)."""
    area, board = action["area"], action["board"]
    n = turn.board.mine(area)
    return _worth(turn, area, n) - _worth(turn, area, n - board) + SHIP_PAYMENT * (2 - board)


def build(turn: Turn) -> Action:
    """A11.2: while medium has no ship, one where a voyage next phase fills a city site
    (`city_voyage`: a city is what the ship is for, whatever the stock), paid as cheaply as
    it can be; else one where a voyage to free land would add most (its payment counted),
    while its stock lies idle; otherwise done."""
    done = turn.first("done")
    if len(ships_of(turn.pos, turn.me)) >= MOST_SHIPS:
        return done
    sails = sail_allowance(turn.pos, turn.me)
    b = turn.board
    cheapest = sorted(turn.of("build_ship"), key=lambda a: (_ship_price(turn, a), a["area"]))
    for action in cheapest:
        probe = Ship(turn.me, 0, action["area"], action["coast"])
        if city_voyage(turn, probe, sails, paid=action["board"]) is not None:
            return action
    if turn.seat.stock_tokens < IDLE_STOCK:
        return done
    best: tuple[float, int, Action] | None = None
    for action in turn.of("build_ship"):
        area, board = action["area"], action["board"]
        n = b.mine(area)
        if n - board < 1:
            continue
        probe = Ship(turn.me, 0, area, action["coast"])
        cost = _ship_price(turn, action)
        voyage = best_voyage(turn, probe, sails, min(n - board, MOST_ABOARD), source=area,
                             paid=board)
        if voyage is None:
            continue
        net = voyage.gain - cost
        if net >= BUILD_GAIN and (best is None or (net, -area) > (best[0], -best[1])):
            best = (net, area, action)
    return best[2] if best else done


def upkeep(turn: Turn) -> Action:
    """A11.1: keep the ship (1 token from its area when it has some to spare, else treasury)
    while a voyage waits: one that fills a city site, or one to free land from where it
    lies; let it go otherwise."""
    pending = turn.pos.pending
    assert pending is not None
    sh = next(s for s in ships_of(turn.pos, turn.me) if s.number == pending["ship"])
    options = {a["pay"]: a for a in turn.of("upkeep")}
    n = turn.board.mine(sh.area)
    pay = "board" if "board" in options and n >= 3 else "treasury"
    if pay not in options:
        pay = "board" if "board" in options else "release"
    paid = int(pay == "board")
    if pay != "release" and city_voyage(turn, sh, sail_allowance(turn.pos, turn.me),
                                        paid=paid) is not None:
        return options[pay]
    cost = _worth(turn, sh.area, n) - _worth(turn, sh.area, n - 1) if paid else SHIP_PAYMENT
    cargo = min(n - paid, MOST_ABOARD)
    voyage = best_voyage(turn, sh, sail_allowance(turn.pos, turn.me), cargo, source=sh.area,
                         paid=paid) if cargo > 0 else None
    if pay != "release" and voyage is not None and voyage.gain - cost >= VOYAGE_GAIN:
        return options[pay]
    return options.get("release", turn.fixed[0])
