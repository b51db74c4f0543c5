"""Phase 11, calamities (A18–A30), then Monotheism and city support (A31).

Calamities are revealed when trade ends, capped at two per player (A18.2)
and resolved one at a time in the order of A18.3. Each calamity's resolver
works in steps kept in `phase_state["current"]` (`card`, `victim`, `trader`,
`step` and what the step needs); it returns True when the calamity is over,
or False after asking a decision or starting a loss (A7.6, `losses`).
`phase_state`: `queue` (calamities still to resolve), `current`, `loss`,
`stage` (`calamities`, `monotheism`, `support`), `next`.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from .barbarians import resolve_barbarian_hordes
from .cities import reduce_city
from .civil_war import resolve_civil_war
from .conflict import draw_random, remove_tokens
from .decisions import Action, Decision, Events, ask
from .losses import loss_running, most_reachable, start_loss
from .position import BARBARIAN, City, Position, holds, stock_ranking
from .stack_record import return_card
from .support import ask_support
from .surplus import run_support_checks
from .tables import CALAMITY_BY_ID

MOST_CALAMITIES = 2  # A18.2
Calamity = dict[str, Any]


def unit_points(pos: Position, seat: int, areas: set[int] | None = None) -> int:
    """A1.1: tokens count 1, cities 5 (in `areas` only, if given)."""
    tokens = sum(here.get(seat, 0) for a, here in pos.tokens.items()
                 if areas is None or a in areas)
    cities = sum(1 for a in pos.cities_of(seat) if areas is None or a in areas)
    return tokens + 5 * cities


def reveal(pos: Position, events: Events) -> None:
    """A18.1–A18.2: every calamity in hand goes to its victim's queue (two at most, chosen at
    random) and back towards its stack (A32.6)."""
    queue = []
    for seat in pos.active_seats():
        held = [c for c in pos.seats[seat].hand if c in CALAMITY_BY_ID]
        if not held:
            continue
        for card in held:
            pos.seats[seat].hand.remove(card)
            return_card(pos, card, shown=True)
        kept = held if len(held) <= MOST_CALAMITIES else draw_random(pos, held, MOST_CALAMITIES)
        for card in held:
            if card not in kept:
                events.append({"type": "calamity_set_aside", "card": card, "seat": seat})
        queue += [{"card": c, "victim": seat, "trader": pos.traders.get(c)} for c in kept]
    queue.sort(key=lambda cal: CALAMITY_BY_ID[str(cal["card"])].order)
    pos.phase_state.update({"queue": queue, "current": None, "stage": "calamities"})


def secondaries(pos: Position, cal: Calamity) -> list[int]:
    """A18.4: active players other than the primary victim and the card's trader."""
    return [s for s in pos.active_seats() if s != cal["victim"] and s != cal["trader"]]


def chooser(pos: Position, cal: Calamity) -> int:
    """A18.7: the trader, or for a kept card the first in the stock ranking."""
    return int(cal["trader"]) if cal["trader"] is not None else stock_ranking(pos)[0]


def run_calamities(pos: Position, events: Events) -> bool:
    """A18: each calamity in order, then A31; True once the phase is over."""
    ps = pos.phase_state
    if "queue" not in ps:
        reveal(pos, events)
    while ps["stage"] == "calamities":
        if loss_running(pos, events):
            return False
        cal = ps["current"]
        if cal is None:
            if not ps["queue"]:
                ps.update({"stage": "monotheism", "next": 0})
                break
            cal = ps["current"] = {**ps["queue"].pop(0), "step": "start"}
            events.append({"type": "calamity", "card": cal["card"], "victim": cal["victim"],
                           "trader": cal["trader"]})
        if RESOLVERS[str(cal["card"])](pos, cal, events):
            ps["current"] = None
            ps.pop("loss", None)
        elif pos.pending is not None:
            return False
    if ps["stage"] == "monotheism":
        order = pos.active_seats()
        while ps["next"] < len(order):
            seat = order[ps["next"]]
            if holds(pos, seat, "monotheism") and conversions(pos, seat):
                ask(pos, "monotheism", seat)
                return False
            ps["next"] += 1
        ps.update({"stage": "support", "next": 0})
    return run_support_checks(pos, "support")


# --- choosing cities ----------------------------------------------------------------

def pick(pos: Position, cal: Calamity, seat: int, left: int, effect: str,
         pool: list[int], per_owner: dict[str, int] | None = None) -> None:
    """Start a step where `seat` names `left` cities from `pool`, each suffering `effect`."""
    cal.update(picker=seat, left=left, effect=effect, pool=pool, per_owner=per_owner or {},
               chosen=[])


def picking(pos: Position, cal: Calamity) -> bool:
    """Ask for the next city of the step under way; False once it is complete."""
    if cal.get("left", 0) <= 0 or not candidates(pos, cal):
        cal["left"] = 0
        return False
    ask(pos, "reduce", cal["picker"], calamity=cal["card"], left=cal["left"],
        effect=cal["effect"], cities=candidates(pos, cal))
    return True


def candidates(pos: Position, cal: Calamity) -> list[int]:
    """The cities still open to the step: in the pool, standing, within the per-owner caps."""
    counts: dict[int, int] = {}
    for area in cal["chosen"]:
        owner = cal["chosen_owner"][str(area)]
        counts[owner] = counts.get(owner, 0) + 1
    result = []
    for area in cal["pool"]:
        city = pos.cities.get(area)
        if city is None or area in cal["chosen"]:
            continue
        cap = cal["per_owner"].get(str(city.owner))
        if cap is not None and counts.get(city.owner, 0) >= cap:
            continue
        result.append(area)
    return result


def reduce_legal(pos: Position) -> list[Action]:
    cal = pos.phase_state["current"]
    return [{"type": "city", "area": a} for a in candidates(pos, cal)]


def reduce_answer(pos: Position, action: Action, events: Events) -> None:
    """The named city suffers the step's effect (reduce, destroy, pirate, treachery)."""
    pos.pending = None
    cal = pos.phase_state["current"]
    area = action["area"]
    owner = pos.cities[area].owner
    cal.setdefault("chosen_owner", {})[str(area)] = owner
    insort(cal["chosen"], area)  # in area order, whatever the order named
    cal["left"] -= 1
    effect = cal["effect"]
    if effect == "reduce":
        reduce_city(pos, area, cal["card"], events)
    elif effect == "destroy":
        destroy_city(pos, area, cal["card"], events)
    elif effect == "pirate":
        destroy_city(pos, area, cal["card"], events)
        pos.cities[area] = City(BARBARIAN)
        events.append({"type": "pirate_city", "area": area})
    elif effect == "treachery":
        taker = int(cal["trader"])
        pos.seats[owner].stock_cities += 1
        if pos.seats[taker].stock_cities:
            pos.seats[taker].stock_cities -= 1
            pos.cities[area] = City(taker, new=True)
            events.append({"type": "city_changed_hands", "area": area, "from": owner,
                           "to": taker, "reason": "treachery"})
        else:
            del pos.cities[area]
            events.append({"type": "city_destroyed", "area": area, "owner": owner,
                           "reason": "treachery"})


def destroy_city(pos: Position, area: int, reason: str, events: Events) -> None:
    """A7.3: the city returns to its owner's stock; no tokens are placed."""
    city = pos.cities.pop(area)
    if city.owner != BARBARIAN:
        pos.seats[city.owner].stock_cities += 1
    events.append({"type": "city_destroyed", "area": area, "owner": city.owner,
                   "reason": reason})


def coastal_cities(pos: Position, seat: int) -> list[int]:
    """A3.9: his cities in coastal areas."""
    return [a for a in pos.cities_of(seat) if pos.board.area(a).kind == "coastal"]


# --- the calamities -----------------------------------------------------------------

def _reduce_own(pos: Position, cal: Calamity, count: int) -> bool:
    """Shared by Superstition, Civil Disorder: the victim reduces `count` of his cities."""
    if cal["step"] == "start":
        victim = cal["victim"]
        cities = pos.cities_of(victim)
        pick(pos, cal, victim, min(count, len(cities)), "reduce", cities)
        cal["step"] = "own"
    return not picking(pos, cal)


def resolve_superstition(pos: Position, cal: Calamity, events: Events) -> bool:
    """A22.1: 3 cities reduced; 2 with Mysticism, 1 with Deism, 0 with Enlightenment."""
    victim = cal["victim"]
    count = 3
    for card, n in (("mysticism", 2), ("deism", 1), ("enlightenment", 0)):
        if holds(pos, victim, card):
            count = n
    return _reduce_own(pos, cal, count)


def civil_disorder_count(pos: Position, seat: int) -> int:
    """A28.1: cities − 3, −1 per Music, Drama and Poetry, Law, Democracy, +1 per Military,
    Roadbuilding; within 0 and his cities."""
    cities = len(pos.cities_of(seat))
    n = cities - 3
    n -= sum(holds(pos, seat, c) for c in ("music", "drama_and_poetry", "law", "democracy"))
    n += sum(holds(pos, seat, c) for c in ("military", "roadbuilding"))
    return max(0, min(n, cities))


def resolve_civil_disorder(pos: Position, cal: Calamity, events: Events) -> bool:
    return _reduce_own(pos, cal, civil_disorder_count(pos, cal["victim"]))


def iconoclasm_count(pos: Position, seat: int) -> int:
    """A29.1: 4, −1 Law, −1 Philosophy, −3 Theology, +1 Roadbuilding, +1 Monotheism."""
    n = 4 - holds(pos, seat, "law") - holds(pos, seat, "philosophy")
    n += holds(pos, seat, "roadbuilding") + holds(pos, seat, "monotheism")
    n -= 3 * holds(pos, seat, "theology")
    return max(0, n)


def resolve_iconoclasm_heresy(pos: Position, cal: Calamity, events: Events) -> bool:
    """A29: his own cities reduced, then 2 cities of eligible players he names."""
    victim = cal["victim"]
    if cal["step"] in ("start", "own") and not _reduce_own(
            pos, cal, iconoclasm_count(pos, victim)):
        return False
    if cal["step"] == "own":
        others = [s for s in secondaries(pos, cal) if not holds(pos, s, "theology")]
        pool = sorted(a for s in others for a in pos.cities_of(s))
        caps = {str(s): 1 for s in others if holds(pos, s, "philosophy")}
        pick(pos, cal, victim, 2, "reduce", pool, caps)
        cal["step"] = "others"
    return not picking(pos, cal)


def resolve_treachery(pos: Position, cal: Calamity, events: Events) -> bool:
    """A20: the trader takes one of the victim's cities (or it is destroyed); kept, the
    victim reduces one of his own."""
    if cal["step"] == "start":
        cities = pos.cities_of(cal["victim"])
        if cal["trader"] is None:
            pick(pos, cal, cal["victim"], min(1, len(cities)), "reduce", cities)
        else:
            pick(pos, cal, int(cal["trader"]), min(1, len(cities)), "treachery", cities)
        cal["step"] = "pick"
    return not picking(pos, cal)


def resolve_piracy(pos: Position, cal: Calamity, events: Events) -> bool:
    """A30: 2 of the victim's coastal cities, then 2 of others' (1 each), become pirate
    cities."""
    victim = cal["victim"]
    if cal["step"] == "start":
        pick(pos, cal, chooser(pos, cal), 2, "pirate", coastal_cities(pos, victim))
        cal["step"] = "own"
    if cal["step"] == "own":
        if picking(pos, cal):
            return False
        others = secondaries(pos, cal)
        pool = sorted(a for s in others for a in coastal_cities(pos, s))
        pick(pos, cal, victim, 2, "pirate", pool, {str(s): 1 for s in others})
        cal["step"] = "others"
    return not picking(pos, cal)


def resolve_slave_revolt(pos: Position, cal: Calamity, events: Events) -> bool:
    """A24.1: b of his tokens cannot support cities; he checks support at once.

    b is fixed when the revolt strikes (kept in `current["b"]`): the tokens his
    reductions place count in full, so they never raise b."""
    victim = cal["victim"]
    if "b" not in cal:
        k = 15 + 5 * holds(pos, victim, "mining") - 5 * holds(pos, victim, "enlightenment")
        cal["b"] = min(k, pos.tokens_on_board(victim))
    return not ask_support(pos, victim, "slave_revolt", cal["b"])


def _shown_grain(pos: Position, seat: int) -> bool:
    """A21.3: ask a Pottery holder how many Grain cards to show; True if asked.

    He is asked whenever his hand may hold Grain not yet shown, as far as its size tells
    (A1.5), even if it holds none (A1.2's exception); the question names no count."""
    s = pos.seats[seat]
    if holds(pos, seat, "pottery") and len(s.hand) > s.grain_shown:
        ask(pos, "pottery", seat, calamity="famine")
        return True
    return False


def _assigning(pos: Position, cal: Calamity, total: int, caps: dict[int, int]) -> None:
    """Start an assignment of min(total, sum of caps) points (A21.2, A25.4, A27.2)."""
    cal["caps"] = {str(s): c for s, c in caps.items() if c > 0}
    cal["to_assign"] = min(total, sum(cal["caps"].values()))
    cal["assigned"] = {}


def secondary_victims_named(pos: Position, cal: Calamity) -> bool:
    """True once the primary victim has assigned every point; the secondary victims then
    lose in the order of play (A21.2, A25.4, A27.2)."""
    if assigning(pos, cal):
        return False
    order = pos.active_seats()
    cal["victims_left"] = sorted(([int(s), p] for s, p in cal["assigned"].items()),
                                 key=lambda sp: order.index(sp[0]))
    cal["step"] = "secondary"
    return True


def assigning(pos: Position, cal: Calamity) -> bool:
    if cal["to_assign"] <= 0 or not cal["caps"]:
        return False
    ask(pos, "assign", cal["victim"], calamity=cal["card"], left=cal["to_assign"],
        caps=dict(cal["caps"]))
    return True


def assign_legal(pos: Position) -> list[Action]:
    cal = pos.phase_state["current"]
    left, caps = cal["to_assign"], cal["caps"]
    actions = []
    for seat, cap in sorted(caps.items(), key=lambda kv: int(kv[0])):
        others = sum(c for s, c in caps.items() if s != seat)
        for points in range(max(1, left - others), min(cap, left) + 1):
            actions.append({"type": "assign", "seat": int(seat), "points": points})
    return actions


def assign_answer(pos: Position, action: Action, events: Events) -> None:
    """Points given to one secondary victim; his cap is then used up."""
    pos.pending = None
    cal = pos.phase_state["current"]
    key = str(action["seat"])
    cal["assigned"][key] = cal["assigned"].get(key, 0) + action["points"]
    cal["to_assign"] -= action["points"]
    del cal["caps"][key]
    events.append({"type": "assigned", "calamity": cal["card"], "seat": action["seat"],
                   "points": action["points"]})


def _secondary_losses(pos: Position, cal: Calamity, events: Events,
                      loss_of: Callable[[int, int], None]) -> bool:
    """Each assigned secondary victim in A.S.T. order loses his points; True once all have."""
    while cal["victims_left"]:
        seat, points = cal["victims_left"][0]
        if cal.get("grain_asked") != seat and cal["card"] == "famine":
            cal["grain_asked"] = seat
            if _shown_grain(pos, seat):
                return False
        cal["victims_left"].pop(0)
        loss_of(seat, points)
        return False
    return True


def resolve_famine(pos: Position, cal: Calamity, events: Events) -> bool:
    """A21: the victim loses 10 (−4 per Grain shown with Pottery), then assigns 20 points,
    at most 8 to a player; each loses his share."""
    victim = cal["victim"]
    if cal["step"] == "start":
        cal["step"] = "primary"
        if _shown_grain(pos, victim):
            return False
    if cal["step"] == "primary":
        cal["step"] = "assign"
        start_loss(pos, victim, "famine", max(0, 10 - 4 * cal.pop("shown", 0)), events)
        return False
    if cal["step"] == "assign":
        pos.phase_state.pop("loss", None)
        _assigning(pos, cal, 20, {s: min(8, unit_points(pos, s))
                                  for s in secondaries(pos, cal)})
        cal["step"] = "assigning"
    if cal["step"] == "assigning" and not secondary_victims_named(pos, cal):
        return False

    def famine_loss(seat: int, points: int) -> None:
        shown = cal.pop("shown", 0)
        start_loss(pos, seat, "famine", max(0, points - 4 * shown), events)
    pos.phase_state.pop("loss", None)
    return _secondary_losses(pos, cal, events, famine_loss)


def pottery_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    s = pos.seats[pos.pending["seat"]]
    return [{"type": "show_grain", "count": k}
            for k in range(s.hand.count("grain") - s.grain_shown + 1)]


def pottery_answer(pos: Position, action: Action, events: Events) -> None:
    """A21.3: each Grain shown lowers his Famine loss by 4; it stays in hand, unspendable."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    pos.seats[seat].grain_shown += action["count"]
    pos.phase_state["current"]["shown"] = action["count"]
    if action["count"]:
        events.append({"type": "grain_shown", "seat": seat, "count": action["count"]})


def epidemic_capacity(pos: Position, seat: int) -> int:
    """A27.3: the most he can lose under Epidemic's rule."""
    loss: dict[str, Any] = {"seat": seat, "areas": None, "placed": {}, "epidemic": True,
                            "protected": []}
    return most_reachable(pos, loss)


def resolve_epidemic(pos: Position, cal: Calamity, events: Events) -> bool:
    """A27: 16 points (−8 Medicine, +5 Roadbuilding), then 25 assigned, at most 10 each."""
    victim = cal["victim"]

    def modified(seat: int, points: int, medicine: int) -> int:
        return max(0, points - medicine * holds(pos, seat, "medicine")
                   + 5 * holds(pos, seat, "roadbuilding"))

    if cal["step"] == "start":
        cal["step"] = "assign"
        start_loss(pos, victim, "epidemic", modified(victim, 16, 8), events, epidemic=True)
        return False
    if cal["step"] == "assign":
        pos.phase_state.pop("loss", None)
        _assigning(pos, cal, 25, {s: min(10, epidemic_capacity(pos, s))
                                  for s in secondaries(pos, cal)})
        cal["step"] = "assigning"
    if cal["step"] == "assigning" and not secondary_victims_named(pos, cal):
        return False
    pos.phase_state.pop("loss", None)
    return _secondary_losses(pos, cal, events, lambda seat, points: start_loss(
        pos, seat, "epidemic", modified(seat, points, 5), events, epidemic=True))


def flood_plain_areas(pos: Position, plain: str) -> list[int]:
    in_play = pos.in_play()
    return [a.id for a in pos.board.areas if a.flood_plain == plain and a.id in in_play]


def safe_cities(pos: Position, areas: list[int]) -> list[int]:
    """A25.1: cities on black sites are safe from Flood."""
    return [a for a in areas if pos.board.area(a).city_site == "black"]


def vulnerable_points(pos: Position, seat: int, areas: list[int]) -> int:
    safe = set(safe_cities(pos, areas))
    return unit_points(pos, seat, set(areas) - safe) + sum(
        pos.tokens_of(seat, a) for a in safe)


def resolve_flood(pos: Position, cal: Calamity, events: Events) -> bool:
    """A25: the plain where he has most unit points; 17 points (7 with Engineering) there,
    10 shared by the others there; without units on a plain, one coastal city."""
    victim = cal["victim"]
    if cal["step"] == "start":
        plains = {p.id: flood_plain_areas(pos, p.id) for p in pos.board.flood_plains}
        points = {p: unit_points(pos, victim, set(areas)) for p, areas in plains.items()}
        best = max(points.values(), default=0)
        if best == 0:
            effect = "reduce" if holds(pos, victim, "engineering") else "destroy"
            pick(pos, cal, victim, 1, effect, coastal_cities(pos, victim))
            cal["step"] = "coastal"
        else:
            tied = [p for p, n in points.items() if n == best]
            cal["plains"] = tied
            cal["step"] = "plain"
            if len(tied) > 1:
                ask(pos, "choose_area", victim, calamity="flood",
                    areas=[plains[p][0] for p in tied])
                return False
            cal["plain"] = tied[0]
    if cal["step"] == "coastal":
        return not picking(pos, cal)
    if cal["step"] == "plain":
        areas = flood_plain_areas(pos, cal["plain"])
        cal["step"] = "others"
        start_loss(pos, victim, "flood", 7 if holds(pos, victim, "engineering") else 17,
                   events, areas=areas, protected=safe_cities(pos, areas))
        return False
    areas = flood_plain_areas(pos, cal["plain"])
    if cal["step"] == "others":
        pos.phase_state.pop("loss", None)
        caps = {}
        for s in pos.active_seats():
            if s != victim:
                cap = vulnerable_points(pos, s, areas)
                caps[s] = min(cap, 7) if holds(pos, s, "engineering") else cap
        _assigning(pos, cal, 10, caps)
        if sum(caps.values()) <= 10:
            cal["assigned"], cal["to_assign"] = {str(s): c for s, c in caps.items() if c}, 0
        cal["step"] = "assigning"
    if cal["step"] == "assigning" and not secondary_victims_named(pos, cal):
        return False
    pos.phase_state.pop("loss", None)
    return _secondary_losses(pos, cal, events, lambda seat, points: start_loss(
        pos, seat, "flood", points, events, areas=areas, protected=safe_cities(pos, areas)))


def volcano_areas(pos: Position, volcano: str) -> list[int]:
    in_play = pos.in_play()
    return [a.id for a in pos.board.areas if a.volcano == volcano and a.id in in_play]


def eruption_points(pos: Position, areas: list[int]) -> int:
    """A19.1: the unit points of every player in the areas (not barbarians or pirates)."""
    return sum(unit_points(pos, s, set(areas)) for s in range(pos.players))


def erupt(pos: Position, areas: list[int], events: Events) -> None:
    """A19.1: every unit of every player in the volcano's areas is destroyed."""
    for area in areas:
        for side, n in sorted(pos.tokens.get(area, {}).items()):
            if side != BARBARIAN:
                remove_tokens(pos, side, area, n, "volcano", events)
        city = pos.cities.get(area)
        if city is not None and city.owner != BARBARIAN:
            destroy_city(pos, area, "volcano", events)


def quake_options(pos: Position, cal: Calamity) -> list[tuple[int, int | None, int]]:
    """A19.2: (his city, an eligible neighbour's city or None, total loss) for each choice."""
    victim = cal["victim"]
    engineering = holds(pos, victim, "engineering")
    eligible = [s for s in secondaries(pos, cal) if not holds(pos, s, "engineering")]
    options: list[tuple[int, int | None, int]] = []
    for area in pos.cities_of(victim):
        own = _reduce_value(pos, victim, area) if engineering else 5
        near = [a for a in pos.board.neighbours(area) if a in pos.cities
                and pos.cities[a].owner in eligible]
        if near:
            options += [(area, a, own + _reduce_value(pos, pos.cities[a].owner, a))
                        for a in near]
        else:
            options.append((area, None, own))
    return options


def _reduce_value(pos: Position, seat: int, area: int) -> int:
    """A7.6: a reduced city counts 5 − the tokens its reduction would place."""
    limit = pos.board.area(area).limit + holds(pos, seat, "agriculture")
    return max(0, 5 - min(limit, pos.seats[seat].stock_tokens))


def resolve_volcano_earthquake(pos: Position, cal: Calamity, events: Events) -> bool:
    """A19: a volcano under one of his cities erupts; otherwise an earthquake."""
    victim = cal["victim"]
    if cal["step"] == "start":
        mine = set(pos.cities_of(victim))
        volcanoes = {v.id: volcano_areas(pos, v.id) for v in pos.board.volcanoes}
        under = {v: areas for v, areas in volcanoes.items() if mine & set(areas)}
        if under:
            best = max(eruption_points(pos, a) for a in under.values())
            tied = [v for v, a in under.items() if eruption_points(pos, a) == best]
            if len(tied) > 1:
                cal["step"] = "volcano"
                ask(pos, "choose_area", victim, calamity="volcano_earthquake",
                    areas=[under[v][0] for v in tied])
                return False
            erupt(pos, under[tied[0]], events)
            return True
        options = quake_options(pos, cal)
        if not options:
            return True
        best = max(total for _, _, total in options)
        choices = [(a, o) for a, o, total in options if total == best]
        if len(choices) > 1:
            cal["step"] = "quake"
            cal["options"] = [[a, o] for a, o in choices]
            ask(pos, "earthquake", victim, options=cal["options"])
            return False
        quake(pos, cal, choices[0][0], choices[0][1], events)
    return True


def quake(pos: Position, cal: Calamity, area: int, other: int | None, events: Events) -> None:
    """A19.2: his city destroyed (reduced with Engineering); the neighbour's city reduced."""
    if holds(pos, cal["victim"], "engineering"):
        reduce_city(pos, area, "earthquake", events)
    else:
        destroy_city(pos, area, "earthquake", events)
    if other is not None:
        reduce_city(pos, other, "earthquake", events)


def choose_area_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    return [{"type": "area", "area": a} for a in pos.pending["areas"]]


def choose_area_answer(pos: Position, action: Action, events: Events) -> None:
    """A19.1, A25.2, A26.2: a tie broken: volcanoes or plains by the victim, the horde's area by
    the tie-decider."""
    pos.pending = None
    cal = pos.phase_state["current"]
    chosen = pos.board.area(action["area"])
    if cal["card"] == "barbarian_hordes":
        cal["to" if cal["step"] == "move" else "at"] = action["area"]
    elif cal["card"] == "flood":
        cal["plain"] = chosen.flood_plain
    else:
        assert chosen.volcano is not None
        erupt(pos, volcano_areas(pos, chosen.volcano), events)
        cal["step"] = "over"


def quake_legal(pos: Position) -> list[Action]:
    cal = pos.phase_state["current"]
    return [{"type": "quake", "area": a, "other": o} for a, o in cal["options"]]


def quake_answer(pos: Position, action: Action, events: Events) -> None:
    pos.pending = None
    cal = pos.phase_state["current"]
    quake(pos, cal, action["area"], action["other"], events)
    cal["step"] = "over"


def _resolved_after_choice(resolver: Callable[[Position, Calamity, Events], bool]) -> Callable[
        [Position, Calamity, Events], bool]:
    def resolve(pos: Position, cal: Calamity, events: Events) -> bool:
        return cal["step"] == "over" or resolver(pos, cal, events)
    return resolve


# --- A31 Monotheism ------------------------------------------------------------------

def conversions(pos: Position, seat: int) -> list[int]:
    """A31.1: areas he may convert."""
    mine = {a for a, here in pos.tokens.items() if seat in here} | set(pos.cities_of(seat))
    near = {n for a in mine for n in pos.board.neighbours(a, over="land")}
    s = pos.seats[seat]
    result = []
    for area in sorted(near):
        here = pos.tokens.get(area, {})
        city = pos.cities.get(area)
        owners = set(here) | ({city.owner} if city else set())
        others = owners - {seat}
        if not others or BARBARIAN in others:
            continue
        if any(holds(pos, o, "monotheism") or holds(pos, o, "theology") for o in others):
            continue
        tokens = sum(n for o, n in here.items() if o != seat)
        cities = 1 if city is not None and city.owner != seat else 0
        if s.stock_tokens >= tokens and s.stock_cities >= cities:
            result.append(area)
    return result


def monotheism_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    return [*({"type": "convert", "area": a} for a in conversions(pos, pos.pending["seat"])),
            {"type": "done"}]


def monotheism_answer(pos: Position, action: Action, events: Events) -> None:
    """A31.1: every other player's units there return to stock and his own take their place."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    pos.phase_state["next"] += 1
    if action["type"] == "done":
        return
    area = action["area"]
    s = pos.seats[seat]
    for owner, n in sorted(pos.tokens.get(area, {}).items()):
        if owner != seat:
            pos.add_tokens(owner, area, -n)
            pos.seats[owner].stock_tokens += n
            pos.add_tokens(seat, area, n)
            s.stock_tokens -= n
    city = pos.cities.get(area)
    if city is not None and city.owner != seat:
        pos.seats[city.owner].stock_cities += 1
        s.stock_cities -= 1
        events.append({"type": "city_changed_hands", "area": area, "from": city.owner,
                       "to": seat, "reason": "monotheism"})
        pos.cities[area] = City(seat, new=True)
    events.append({"type": "converted", "seat": seat, "area": area})


def calamity_step(pos: Position) -> object:
    """Which step of which calamity a `reduce` or `assign` step belongs to."""
    cal = pos.phase_state["current"]
    return (cal["card"], cal["step"])


RESOLVERS: dict[str, Callable[[Position, Calamity, Events], bool]] = {
    "volcano_earthquake": _resolved_after_choice(resolve_volcano_earthquake),
    "treachery": resolve_treachery,
    "famine": resolve_famine,
    "superstition": resolve_superstition,
    "slave_revolt": resolve_slave_revolt,
    "flood": resolve_flood,
    "epidemic": resolve_epidemic,
    "civil_disorder": resolve_civil_disorder,
    "iconoclasm_heresy": resolve_iconoclasm_heresy,
    "piracy": resolve_piracy,
    "civil_war": _resolved_after_choice(resolve_civil_war),
    "barbarian_hordes": resolve_barbarian_hordes,
}

DECISIONS = {
    "reduce": Decision("A20-A30", ("city",), reduce_legal, reduce_answer,
                       stepped=calamity_step),
    "assign": Decision("A21.2", ("assign",), assign_legal, assign_answer,
                       stepped=calamity_step),
    "pottery": Decision("A21.3", ("show_grain",), pottery_legal, pottery_answer,
                        by_hand=True),
    "choose_area": Decision("A19.1, A25.2, A26.2", ("area",), choose_area_legal,
                            choose_area_answer),
    "earthquake": Decision("A19.2", ("quake",), quake_legal, quake_answer),
    "monotheism": Decision("A31.1", ("convert", "done"), monotheism_legal, monotheism_answer),
}
