"""Phase 7, city construction (A14), and reducing a city (A7.2), which many rules call on.

`phase_state`: `next` (index into the A.S.T. order of the player building).
"""

from __future__ import annotations

from .decisions import Action, Decision, Events, ask
from .map_schema import CivMap
from .position import City, Position, holds

TOKENS_ON_A_SITE, TOKENS_ELSEWHERE = 6, 12  # A14.2


def city_requirement(pos: Position, area: int) -> int:
    """A14.2, A4.4: 6 tokens on a city site, 12 elsewhere; with two players islands have none."""
    return site_requirement(pos.board, pos.players, area)


def site_requirement(board: CivMap, players: int, area: int) -> int:
    """`city_requirement` from the board and the number of players alone, as a view shows
    them (the table's words, a computer's plans)."""
    info = board.area(area)
    site = info.city_site != "none" and not (players == 2 and info.island is not None)
    return TOKENS_ON_A_SITE if site else TOKENS_ELSEWHERE


def treasury_for_city(pos: Position, seat: int, area: int) -> int | None:
    """A14.2–A14.3: treasury tokens a city in `area` would take (0 normally, the shortfall
    with Architecture), or None if he cannot build there."""
    info = pos.board.area(area)
    if not info.is_land or area in pos.cities or pos.seats[seat].stock_cities == 0:
        return None
    need, here = city_requirement(pos, area), pos.tokens_of(seat, area)
    if here >= need:
        return 0
    s = pos.seats[seat]
    alone = all(owner == seat for owner in pos.tokens.get(area, {}))
    if (holds(pos, seat, "architecture") and not s.architecture_used and alone
            and 2 * here >= need and s.treasury >= need - here):
        return need - here
    return None


def run_cities(pos: Position, events: Events) -> bool:
    """A14.1: in A.S.T. order each player builds until he says done or cannot build."""
    ps = pos.phase_state
    ps.setdefault("next", 0)
    order = pos.active_seats()
    while ps["next"] < len(order):
        seat = order[ps["next"]]
        if build_options(pos, seat):
            ask(pos, "cities", seat)
            return False
        ps["next"] += 1
    return True


def build_options(pos: Position, seat: int) -> list[Action]:
    return [{"type": "build", "area": area} for area in sorted(pos.tokens)
            if pos.tokens_of(seat, area) and treasury_for_city(pos, seat, area) is not None]


def cities_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    return [*build_options(pos, pos.pending["seat"]), {"type": "done"}]


def cities_answer(pos: Position, action: Action, events: Events) -> None:
    """A14.2: his tokens there return to stock and a new city of his stands there."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    if action["type"] == "done":
        pos.phase_state["next"] += 1
        return
    area = action["area"]
    paid = treasury_for_city(pos, seat, area)
    assert paid is not None
    s = pos.seats[seat]
    here = pos.tokens_of(seat, area)
    pos.add_tokens(seat, area, -here)
    s.stock_tokens += here + paid
    s.treasury -= paid
    s.architecture_used = s.architecture_used or paid > 0
    s.stock_cities -= 1
    pos.cities[area] = City(seat, new=True)
    events.append({"type": "city_built", "area": area, "seat": seat, "treasury": paid})


def reduce_city(pos: Position, area: int, reason: str, events: Events) -> int:
    """A7.2: the city goes to stock and its owner places the area's limit in tokens (+1 with
    Agriculture) from stock, as far as it allows; returns the tokens placed."""
    city = pos.cities.pop(area)
    owner = city.owner
    s = pos.seats[owner]
    s.stock_cities += 1
    wanted = pos.board.area(area).limit + (1 if holds(pos, owner, "agriculture") else 0)
    placed = min(wanted, s.stock_tokens)
    s.stock_tokens -= placed
    if placed:
        pos.add_tokens(owner, area, placed)
    events.append({"type": "city_reduced", "area": area, "owner": owner, "tokens": placed,
                   "reason": reason})
    return placed


DECISIONS = {"cities": Decision("A14.1", ("build", "done"), cities_legal, cities_answer)}
