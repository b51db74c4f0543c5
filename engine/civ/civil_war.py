"""Civil War (A23): the victim's nation splits and one faction goes to the beneficiary.

A late entrant waiting with his nation (A36.2) is the beneficiary whatever
the stock ranking, the earliest to enter first; when the faction goes to him
he takes the victim's civilization cards and A.S.T. space and becomes
active. With no second faction there is no civil war and he waits on.

Selections (A7.7) are atomic steps like losses (`select token|city AREA`):
the units chosen are only marked, in `current["marked"]` (`tokens`: area →
count, `cities`: areas), and the marked units are the first faction.
Military's losses (A23.4) are atomic steps too (`lose token|destroy AREA`,
pending `faction_loss`), kept in `current["military"]` with both fronts. **Decision:** a
faction loses whole units, tokens and destroyed cities; reducing a city is
not offered, as no rule says to which faction the tokens it places belong.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from .conflict import remove_tokens
from .decisions import Action, Decision, Events, ask
from .position import City, Position, holds, stock_ranking

Calamity = dict[str, Any]
CITY = 5
SECOND_FACTION_POINTS = 20  # A23.2: the beneficiary's selection


def first_faction_points(pos: Position, victim: int) -> int:
    """A23.2: 15, +5 with Music, +5 with Drama and Poetry, +10 with Democracy."""
    return (15 + 5 * holds(pos, victim, "music") + 5 * holds(pos, victim, "drama_and_poetry")
            + 10 * holds(pos, victim, "democracy"))


def _unmarked(pos: Position, cal: Calamity) -> tuple[dict[int, int], list[int]]:
    victim = cal["victim"]
    marked = cal["marked"]
    tokens = {a: here[victim] - marked["tokens"].get(str(a), 0)
              for a, here in sorted(pos.tokens.items()) if victim in here}
    cities = [a for a in pos.cities_of(victim) if a not in marked["cities"]]
    return {a: n for a, n in tokens.items() if n > 0}, cities


def _totals(tokens: int, cities: int) -> set[int]:
    return {t + CITY * c for t in range(tokens + 1) for c in range(cities + 1)}


def _all_selected(pos: Position, cal: Calamity) -> bool:
    """A23.3 known in advance: what the victim's selection leaves is within the
    beneficiary's 20, so every unit joins the first faction whatever is selected, and nothing
    happens (A1.2: no question whose answers all end alike)."""
    tokens, cities = _unmarked(pos, cal)
    totals = _totals(sum(tokens.values()), len(cities))
    first = [t for t in totals if t >= first_faction_points(pos, cal["victim"])]
    return not first or max(totals) - min(first) <= SECOND_FACTION_POINTS


def start_selection(pos: Position, cal: Calamity, seat: int, points: int) -> None:
    """A7.7: `seat` marks `points` unit points of the victim's unmarked units, exactly if he
    can, else the smallest total above; with too few, or just enough, everything is marked at
    once (A1.2: nothing is left to choose)."""
    tokens, cities = _unmarked(pos, cal)
    totals = _totals(sum(tokens.values()), len(cities))
    above = sorted(t for t in totals if t >= points)
    if not above or above[0] == max(totals):
        for area, n in tokens.items():
            key = str(area)
            cal["marked"]["tokens"][key] = cal["marked"]["tokens"].get(key, 0) + n
        cal["marked"]["cities"] += cities
        cal["selection"] = None
        return
    cal["selection"] = {"seat": seat, "points": points, "target": above[0], "taken": 0}


def selecting(pos: Position, cal: Calamity) -> bool:
    sel = cal.get("selection")
    if not sel or sel["taken"] >= sel["target"]:
        return False
    ask(pos, "selection", sel["seat"], calamity="civil_war", points=sel["points"],
        target=sel["target"], taken=sel["taken"])
    return True


def selection_legal(pos: Position) -> list[Action]:
    cal = pos.phase_state["current"]
    sel = cal["selection"]
    need = sel["target"] - sel["taken"]
    tokens, cities = _unmarked(pos, cal)
    actions: list[Action] = []
    for area in sorted(set(tokens) | set(cities)):
        if area in tokens and need - 1 in _totals(sum(tokens.values()) - 1, len(cities)):
            actions.append({"type": "select", "unit": "token", "area": area})
        if area in cities and need >= CITY and need - CITY in _totals(
                sum(tokens.values()), len(cities) - 1):
            actions.append({"type": "select", "unit": "city", "area": area})
    return actions


def selection_answer(pos: Position, action: Action, events: Events) -> None:
    """A7.7, A23.2: one unit joins the first faction."""
    pos.pending = None
    cal = pos.phase_state["current"]
    area = action["area"]
    if action["unit"] == "token":
        key = str(area)
        cal["marked"]["tokens"][key] = cal["marked"]["tokens"].get(key, 0) + 1
        cal["selection"]["taken"] += 1
    else:
        insort(cal["marked"]["cities"], area)  # in area order, whatever the order chosen
        cal["selection"]["taken"] += CITY


def resolve_civil_war(pos: Position, cal: Calamity, events: Events) -> bool:
    """A23: selections, the victim's choice of faction, the hand-over piece by piece."""
    victim = cal["victim"]
    if cal["step"] == "start":
        ranking = pos.entrants()[:1] + stock_ranking(pos)
        if ranking[0] == victim:
            return True
        cal.update(beneficiary=ranking[0], ranking=[s for s in ranking if s != victim],
                   marked={"tokens": {}, "cities": []})
        if not holds(pos, victim, "philosophy") and _all_selected(pos, cal):
            return True
        if holds(pos, victim, "philosophy"):
            start_selection(pos, cal, ranking[0], 15)
            cal["step"] = "second"
        else:
            start_selection(pos, cal, victim, first_faction_points(pos, victim))
            cal["step"] = "first"
    if selecting(pos, cal):
        return False
    if cal["step"] == "first":
        start_selection(pos, cal, cal["beneficiary"], SECOND_FACTION_POINTS)
        cal["step"] = "second"
        if selecting(pos, cal):
            return False
    if cal["step"] == "second":
        tokens, cities = _unmarked(pos, cal)
        if not tokens and not cities:
            return True
        cal["step"] = "military" if holds(pos, victim, "military") else "keep"
        if cal["step"] == "military":
            cal["military"] = {"faction": 1, "part": None,
                               "fronts": [sorted(front(pos, cal, f)) for f in (1, 2)]}
    if cal["step"] == "military":
        if military_losses(pos, cal, events):
            return False
        cal["step"] = "keep"
    if cal["step"] == "keep":
        cal["step"] = "kept"
        ask(pos, "faction", victim)
        return False
    return True


MILITARY_LOSS = 5  # A23.4


def faction_units(pos: Position, cal: Calamity, faction: int) -> tuple[dict[int, int],
                                                                         list[int]]:
    """The victim's units of a faction: tokens per area and city areas."""
    if faction == 2:
        return _unmarked(pos, cal)
    marked = cal["marked"]
    tokens = {int(a): n for a, n in marked["tokens"].items() if n}
    return tokens, sorted(marked["cities"])


def _faction_areas(pos: Position, cal: Calamity, faction: int) -> set[int]:
    tokens, cities = faction_units(pos, cal, faction)
    return set(tokens) | set(cities)


def front(pos: Position, cal: Calamity, faction: int) -> set[int]:
    """A23.4: the faction's areas adjacent over land to an area of the other faction."""
    other = _faction_areas(pos, cal, 3 - faction)
    return {a for a in _faction_areas(pos, cal, faction)
            if other & set(pos.board.neighbours(a, over="land"))}


def _part_units(pos: Position, cal: Calamity) -> tuple[dict[int, int], list[int]]:
    mil = cal["military"]
    tokens, cities = faction_units(pos, cal, mil["faction"])
    areas = set(mil["areas"])
    return ({a: n for a, n in tokens.items() if a in areas}, [a for a in cities if a in areas])


def military_losses(pos: Position, cal: Calamity, events: Events) -> bool:
    """A23.4: each faction loses 5 points, from its front first; True while asking.

    Both fronts were fixed when the factions formed (`military["fronts"]`): the first
    faction's losses do not move the second's front."""
    mil = cal["military"]
    while mil["faction"] <= 2:
        if mil["part"] is not None and mil["taken"] < mil["target"] \
                and faction_loss_legal_steps(pos, cal):
            ask(pos, "faction_loss", cal["victim"], faction=mil["faction"],
                points=MILITARY_LOSS, target=mil["target"], taken=mil["taken"])
            return True
        faction = mil["faction"]
        if mil["part"] is None:
            start_part(pos, cal, "front", set(mil["fronts"][faction - 1]), MILITARY_LOSS,
                       events)
        elif mil["part"] == "front" and mil["short"]:
            rest = _faction_areas(pos, cal, faction) - set(mil["areas"])
            start_part(pos, cal, "rest", rest, MILITARY_LOSS - mil["taken"], events)
        else:
            mil.update(faction=faction + 1, part=None)
    return False


def start_part(pos: Position, cal: Calamity, part: str, areas: set[int], owed: int,
               events: Events) -> None:
    """One part of a faction's loss: everything there if it holds no more than `owed` (A1.2:
    then nothing is left to choose), else exactly `owed` if it can, else the smallest total
    above (A7.6)."""
    mil = cal["military"]
    mil.update(part=part, areas=sorted(areas), taken=0)
    tokens, cities = _part_units(pos, cal)
    points = sum(tokens.values()) + CITY * len(cities)
    mil["short"] = points < owed
    if points <= owed:
        _lose_all(pos, cal, tokens, cities, events)
        mil["target"] = mil["taken"] = points
    else:
        mil["target"] = min(t for t in _totals(sum(tokens.values()), len(cities)) if t >= owed)


def _lose_all(pos: Position, cal: Calamity, tokens: dict[int, int], cities: list[int],
              events: Events) -> None:
    for area, n in sorted(tokens.items()):
        for _ in range(n):
            _lose(pos, cal, "token", area, events)
    for area in cities:
        _lose(pos, cal, "destroy", area, events)


def _lose(pos: Position, cal: Calamity, unit: str, area: int, events: Events) -> None:
    victim = cal["victim"]
    faction = cal["military"]["faction"]
    if unit == "token":
        remove_tokens(pos, victim, area, 1, "civil_war", events)
        if faction == 1:
            cal["marked"]["tokens"][str(area)] -= 1
    else:
        del pos.cities[area]
        pos.seats[victim].stock_cities += 1
        events.append({"type": "city_destroyed", "area": area, "owner": victim,
                       "reason": "civil_war"})
        if faction == 1:
            cal["marked"]["cities"].remove(area)


def faction_loss_legal_steps(pos: Position, cal: Calamity) -> list[Action]:
    mil = cal["military"]
    need = mil["target"] - mil["taken"]
    tokens, cities = _part_units(pos, cal)
    t, c = sum(tokens.values()), len(cities)
    actions: list[Action] = []
    for area in sorted(set(tokens) | set(cities)):
        if area in tokens and need - 1 in _totals(t - 1, c):
            actions.append({"type": "lose", "unit": "token", "area": area})
        if area in cities and need >= CITY and need - CITY in _totals(t, c - 1):
            actions.append({"type": "lose", "unit": "destroy", "area": area})
    return actions


def faction_loss_legal(pos: Position) -> list[Action]:
    return faction_loss_legal_steps(pos, pos.phase_state["current"])


def faction_loss_answer(pos: Position, action: Action, events: Events) -> None:
    """A23.4: one unit of the faction lost."""
    pos.pending = None
    cal = pos.phase_state["current"]
    _lose(pos, cal, action["unit"], action["area"], events)
    cal["military"]["taken"] += 1 if action["unit"] == "token" else CITY


def faction_legal(pos: Position) -> list[Action]:
    return [{"type": "keep", "faction": 1}, {"type": "keep", "faction": 2}]


def faction_answer(pos: Position, action: Action, events: Events) -> None:
    """A23.5–A23.6: the other faction is replaced unit by unit, cities first, by the first
    player in the ranking with that piece in stock; what nobody replaces goes to stock."""
    pos.pending = None
    cal = pos.phase_state["current"]
    victim = cal["victim"]
    tokens, cities = _unmarked(pos, cal)
    if action["faction"] == 2:
        tokens = {int(a): n for a, n in cal["marked"]["tokens"].items() if n}
        cities = sorted(cal["marked"]["cities"])
    s = pos.seats[victim]
    for area in sorted(cities):
        del pos.cities[area]
        s.stock_cities += 1
        taker = next((p for p in cal["ranking"] if pos.seats[p].stock_cities), None)
        if taker is None:
            events.append({"type": "city_destroyed", "area": area, "owner": victim,
                           "reason": "civil_war"})
            continue
        pos.seats[taker].stock_cities -= 1
        pos.cities[area] = City(taker, new=True)
        events.append({"type": "city_changed_hands", "area": area, "from": victim,
                       "to": taker, "reason": "civil_war"})
    for area, n in sorted(tokens.items()):
        for _ in range(n):
            pos.add_tokens(victim, area, -1)
            s.stock_tokens += 1
            taker = next((p for p in cal["ranking"] if pos.seats[p].stock_tokens), None)
            if taker is not None:
                pos.seats[taker].stock_tokens -= 1
                pos.add_tokens(taker, area, 1)
                events.append({"type": "tokens_changed_hands", "area": area, "from": victim,
                               "to": taker, "count": 1, "reason": "civil_war"})
            else:
                events.append({"type": "tokens_removed", "area": area, "owner": victim,
                               "count": 1, "reason": "civil_war"})
    if pos.seats[cal["beneficiary"]].status == "waiting":
        enter_play(pos, cal["beneficiary"], victim, events)
    cal["step"] = "over"


def enter_play(pos: Position, entrant: int, victim: int, events: Events) -> None:
    """A36.2: the late entrant receives the victim's civilization cards free and takes his
    A.S.T. space; from now on he is an active player."""
    s, v = pos.seats[entrant], pos.seats[victim]
    s.cards = list(v.cards)
    s.ast = v.ast
    s.status = "active"
    s.entered = None
    events.append({"type": "entered_play", "seat": entrant, "victim": victim,
                   "cards": list(s.cards), "ast": s.ast})


def selection_under_way(pos: Position) -> object:
    """Which selection a `selection` step belongs to (`Decision.stepped`)."""
    cal = pos.phase_state["current"]
    return (cal["step"], cal["selection"]["points"])


def faction_loss_under_way(pos: Position) -> object:
    """Which part of which faction's loss a `faction_loss` step belongs to (A23.4)."""
    mil = pos.phase_state["current"]["military"]
    return (mil["faction"], mil["part"])


DECISIONS = {
    "selection": Decision("A7.7", ("select",), selection_legal, selection_answer,
                          stepped=selection_under_way),
    "faction": Decision("A23.5", ("keep",), faction_legal, faction_answer),
    "faction_loss": Decision("A23.4", ("lose",), faction_loss_legal, faction_loss_answer,
                             stepped=faction_loss_under_way),
}
