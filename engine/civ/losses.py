"""Losing unit points (A7.6), with Epidemic's change (A27.3), as atomic steps.

A loss of L points is a pending `loss` decision answered one unit at a time
(`lose token|destroy|reduce AREA`). Its target is fixed when it starts: L if
the units allowed can make exactly L, else the smallest total above L, else
everything (then the engine takes it all, no choice left). A step is legal
only if the target can still be reached after it. `phase_state["loss"]`:
`seat`, `calamity`, `points`, `target`, `taken`, `areas` (the areas whose
units may be lost, or null for all), `placed` (area → tokens a reduction put
there, which this loss cannot take), `epidemic`, `protected` (areas whose
city cannot be lost).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .cities import reduce_city
from .conflict import remove_tokens
from .decisions import Action, Decision, Events, ask
from .position import Position, holds

CITY = 5


def _limit(pos: Position, seat: int, area: int) -> int:
    return pos.board.area(area).limit + (1 if holds(pos, seat, "agriculture") else 0)


def _areas(pos: Position, loss: dict[str, Any]) -> list[int]:
    seat = loss["seat"]
    mine = {a for a, here in pos.tokens.items() if seat in here} | set(pos.cities_of(seat))
    if loss["areas"] is not None:
        mine &= set(loss["areas"])
    return sorted(mine)


def removable_tokens(pos: Position, loss: dict[str, Any], area: int) -> int:
    """Tokens of his in `area` this loss may take (A7.6; A27.3 keeps one per area)."""
    placed: int = loss["placed"].get(str(area), 0)
    here = pos.tokens_of(loss["seat"], area) - placed
    return max(0, here - 1) if loss["epidemic"] else max(0, here)


def city_values(pos: Position, loss: dict[str, Any], area: int) -> dict[str, int]:
    """What destroying and reducing the city in `area` would count (A7.6, A27.3)."""
    seat = loss["seat"]
    stock = pos.seats[seat].stock_tokens
    destroy = CITY - (1 if loss["epidemic"] and stock > 0 else 0)
    reduce = max(0, CITY - min(_limit(pos, seat, area), stock))
    return {"destroy": destroy, "reduce": reduce}


def _units(pos: Position, loss: dict[str, Any]) -> tuple[set[int], int]:
    """The totals the cities still allowed could make, and the tokens that could add to any
    of them one by one: the totals a loss can reach are every sum of the two."""
    seat, allowed = loss["seat"], loss["areas"]
    tokens = sum(removable_tokens(pos, loss, area) for area, here in pos.tokens.items()
                 if seat in here and (allowed is None or area in allowed))
    sums = {0}
    for area, city in pos.cities.items():
        if city.owner == seat and area not in loss["protected"] \
                and (allowed is None or area in allowed):
            values = city_values(pos, loss, area)
            sums = {s + v for s in sums for v in (0, values["destroy"], values["reduce"])}
    return sums, tokens


def reachable(pos: Position, loss: dict[str, Any]) -> set[int]:
    """A7.6: the totals the units still allowed could make (from nothing taken)."""
    sums, tokens = _units(pos, loss)
    return {s + t for s in sums for t in range(tokens + 1)}


def most_reachable(pos: Position, loss: dict[str, Any]) -> int:
    """The largest of `reachable`'s totals: every unit allowed lost."""
    sums, tokens = _units(pos, loss)
    return max(sums) + tokens


def can_reach(pos: Position, loss: dict[str, Any], total: int) -> bool:
    """Whether `total` is among `reachable`'s totals, without listing them: a loss's every
    step asks it of each step it might take (A7.6)."""
    sums, tokens = _units(pos, loss)
    return any(0 <= total - s <= tokens for s in sums)


def loss_target(points: int, totals: set[int]) -> int | None:
    """A7.6: exactly `points`, else the smallest total above, else None (lose everything)."""
    if points in totals:
        return points
    above = [t for t in totals if t > points]
    return min(above) if above else None


def start_loss(pos: Position, seat: int, calamity: str, points: int, events: Events,
               areas: list[int] | None = None, epidemic: bool = False,
               protected: list[int] | None = None) -> None:
    """Begin a loss of `points` (A7.6); with nothing to choose it is carried out at once.

    `areas` limits the units to those areas (Flood's plain); cities in
    `protected` areas cannot be lost (Flood's black sites, A25.1).
    """
    loss: dict[str, Any] = {"seat": seat, "calamity": calamity, "points": points, "taken": 0,
                            "areas": areas, "placed": {}, "epidemic": epidemic,
                            "protected": protected or []}
    pos.phase_state["loss"] = loss
    if points <= 0:
        loss["target"] = 0
        return
    totals = reachable(pos, loss)
    target = loss_target(points, totals)
    if target is None or (target == max(totals) and _order_free(pos, loss)):
        # A1.2: too few points, or just enough: every unit goes, and as the order changes
        # nothing, nothing is left to choose
        lose_everything(pos, loss, events)
        loss["target"] = loss["taken"]
        return
    loss["target"] = target


def _order_free(pos: Position, loss: dict[str, Any]) -> bool:
    """Whether losing every unit ends alike in any order: always, except under Epidemic with
    too few tokens in stock to leave one in every destroyed city's place (A27.3)."""
    if not loss["epidemic"]:
        return True
    seat: int = loss["seat"]
    cities = [a for a in _areas(pos, loss) if a in pos.cities_of(seat)
              and a not in loss["protected"]]
    return pos.seats[seat].stock_tokens >= len(cities)


def lose_everything(pos: Position, loss: dict[str, Any], events: Events) -> None:
    """A7.6: too few points to lose: every allowed unit, cities destroyed, not reduced."""
    seat = loss["seat"]
    for area in _areas(pos, loss):
        n = removable_tokens(pos, loss, area)
        if n:
            remove_tokens(pos, seat, area, n, loss["calamity"], events)
            loss["taken"] += n
    for area in _areas(pos, loss):
        city = pos.cities.get(area)
        if city is not None and city.owner == seat and area not in loss["protected"]:
            loss["taken"] += _destroy(pos, loss, area, events)


def _destroy(pos: Position, loss: dict[str, Any], area: int, events: Events) -> int:
    seat = loss["seat"]
    value = city_values(pos, loss, area)["destroy"]
    del pos.cities[area]
    pos.seats[seat].stock_cities += 1
    events.append({"type": "city_destroyed", "area": area, "owner": seat,
                   "reason": loss["calamity"]})
    if loss["epidemic"] and pos.seats[seat].stock_tokens:
        pos.seats[seat].stock_tokens -= 1
        pos.add_tokens(seat, area, 1)
        loss["placed"][str(area)] = loss["placed"].get(str(area), 0) + 1
        events.append({"type": "tokens_placed", "area": area, "owner": seat, "count": 1,
                       "reason": loss["calamity"]})
    return value


def loss_running(pos: Position, events: Events) -> bool:
    """Ask the next step of the loss under way; False once it is complete (or none).

    When what is still owed is everything the units left can make, the engine takes them
    all, step by step as if answered (A1.2)."""
    loss = pos.phase_state.get("loss")
    if loss is None or loss["taken"] >= loss["target"]:
        return False
    if loss["target"] - loss["taken"] == most_reachable(pos, loss) and _order_free(pos, loss):
        seat = loss["seat"]
        steps = [("token", a) for a in _areas(pos, loss) for _ in range(removable_tokens(
            pos, loss, a))]
        steps += [("destroy", a) for a in _areas(pos, loss) if a in pos.cities_of(seat)
                  and a not in loss["protected"]]
        for unit, area in steps:
            loss["taken"] += _take(pos, loss, unit, area, events)
        return False
    if not loss_legal_steps(pos, loss):
        return False
    ask(pos, "loss", loss["seat"], calamity=loss["calamity"], points=loss["points"],
        target=loss["target"], taken=loss["taken"])
    return True


def loss_legal_steps(pos: Position, loss: dict[str, Any]) -> list[Action]:
    """The steps that keep the target reachable; if the reachability estimate finds none
    (reductions drawing on one stock), every step within the points still owed."""
    need = loss["target"] - loss["taken"]
    within: list[tuple[str, int]] = []
    for area in _areas(pos, loss):
        if removable_tokens(pos, loss, area):
            within.append(("token", area))
        city = pos.cities.get(area)
        if city is not None and city.owner == loss["seat"] and area not in loss["protected"]:
            values = city_values(pos, loss, area)
            within += [(unit, area) for unit in ("destroy", "reduce")
                       if 0 < values[unit] <= need]
    # a token step, from whichever area, leaves the same units behind: one token fewer to
    # take and one more in stock, which prices every reduction (`city_values`); tried once
    token_keeps: bool | None = None
    feasible: list[tuple[str, int]] = []
    for unit, area in within:
        if unit == "token":
            if token_keeps is None:
                token_keeps = _still_reachable(pos, loss, unit, area, need - 1)
            keeps = token_keeps
        else:
            keeps = _still_reachable(pos, loss, unit, area, need - _value(pos, loss, unit, area))
        if keeps:
            feasible.append((unit, area))
    return [{"type": "lose", "unit": unit, "area": area} for unit, area in feasible or within]


def _value(pos: Position, loss: dict[str, Any], unit: str, area: int) -> int:
    return 1 if unit == "token" else city_values(pos, loss, area)[unit]


def _still_reachable(pos: Position, loss: dict[str, Any], unit: str, area: int,
                     rest: int) -> bool:
    if rest == 0:
        return True
    trial = _trial(pos, loss["seat"], area)
    trial_loss = {**loss, "placed": dict(loss["placed"])}
    _take(trial, trial_loss, unit, area, [])
    return can_reach(trial, trial_loss, rest)


def _trial(pos: Position, seat: int, area: int) -> Position:
    """A position to try one step of `seat`'s loss in `area` on. A step (`_take`) changes
    only that area's tokens, the cities and that seat's stock, so only they are copied and
    the rest is shared: a whole copy for every step tried took most of a calamity's time."""
    seats = list(pos.seats)
    seats[seat] = replace(seats[seat])
    tokens = dict(pos.tokens)
    if area in tokens:
        tokens[area] = dict(tokens[area])
    return replace(pos, seats=seats, tokens=tokens, cities=dict(pos.cities))


def _take(pos: Position, loss: dict[str, Any], unit: str, area: int, events: Events) -> int:
    seat = loss["seat"]
    if unit == "token":
        remove_tokens(pos, seat, area, 1, loss["calamity"], events)
        return 1
    if unit == "destroy":
        return _destroy(pos, loss, area, events)
    value = city_values(pos, loss, area)["reduce"]
    placed = reduce_city(pos, area, loss["calamity"], events)
    loss["placed"][str(area)] = loss["placed"].get(str(area), 0) + placed
    return value


def loss_legal(pos: Position) -> list[Action]:
    return loss_legal_steps(pos, pos.phase_state["loss"])


def loss_answer(pos: Position, action: Action, events: Events) -> None:
    """A7.6: one unit lost."""
    loss = pos.phase_state["loss"]
    pos.pending = None
    loss["taken"] += _take(pos, loss, action["unit"], action["area"], events)


def loss_under_way(pos: Position) -> object:
    """Which loss a `loss` step belongs to (`Decision.stepped`)."""
    loss = pos.phase_state["loss"]
    return (loss["calamity"], loss["points"], loss["target"])


DECISIONS = {"loss": Decision("A7.6", ("lose",), loss_legal, loss_answer,
                              stepped=loss_under_way)}
