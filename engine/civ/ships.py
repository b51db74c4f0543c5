"""Phase 4, ship construction and maintenance (A11).

In census order each player first pays for or lets go each of his ships, in
ship-number order (A11.1), then builds ships one decision at a time (A11.2).
`phase_state`: `census`, `next` (index into it), `upkept` (ship numbers of
the current player already dealt with), `building` (his upkeep is done).
"""

from __future__ import annotations

from .decisions import Action, Decision, Events, ask
from .position import Position, Ship
from .tables import SHIPS_PER_NATION

SHIP_UPKEEP = 1
SHIP_COST = 2


def run_ships(pos: Position, events: Events) -> bool:
    """A11: every player in census order, upkeep then building; True once all are done."""
    ps = pos.phase_state
    ps.setdefault("next", 0)
    ps.setdefault("upkept", [])  # REQUIRED of a pending decision in this phase (phase_check)
    order = [s for s in ps["census"] if pos.seats[s].status == "active"]
    while ps["next"] < len(order):
        seat = order[ps["next"]]
        if not ps.get("building"):
            due = [sh.number for sh in ships_of(pos, seat) if sh.number not in ps["upkept"]]
            if due:
                ask(pos, "ship_upkeep", seat, ship=due[0])
                return False
            ps["building"] = True
        if len(ships_of(pos, seat)) < SHIPS_PER_NATION and build_options(pos, seat):
            ask(pos, "ships", seat)
            return False
        ps["next"] += 1
        ps["upkept"], ps["building"] = [], False
    return True


def ships_of(pos: Position, seat: int) -> list[Ship]:
    return sorted((sh for sh in pos.ships if sh.owner == seat), key=lambda sh: sh.number)


def ship(pos: Position, seat: int, number: int) -> Ship:
    return next(sh for sh in pos.ships if sh.owner == seat and sh.number == number)


def upkeep_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    seat, number = pos.pending["seat"], pos.pending["ship"]
    sh = ship(pos, seat, number)
    pays = []
    if pos.seats[seat].treasury >= SHIP_UPKEEP:
        pays.append("treasury")
    if pos.tokens_of(seat, sh.area) >= SHIP_UPKEEP:
        pays.append("board")
    return [{"type": "upkeep", "ship": number, "pay": p} for p in (*pays, "release")]


def upkeep_answer(pos: Position, action: Action, events: Events) -> None:
    """A11.1: one token for the ship, from its area or the treasury, or the ship goes."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    sh = ship(pos, seat, action["ship"])
    if action["pay"] == "release":
        pos.ships.remove(sh)
        events.append({"type": "ship_released", "seat": seat, "ship": sh.number,
                       "area": sh.area})
    else:
        _pay(pos, seat, sh.area, SHIP_UPKEEP if action["pay"] == "board" else 0, SHIP_UPKEEP)
        events.append({"type": "ship_kept", "seat": seat, "ship": sh.number, "area": sh.area,
                       "pay": action["pay"]})
    pos.phase_state["upkept"].append(action["ship"])
    pos.pending = None


def _pay(pos: Position, seat: int, area: int, from_board: int, total: int) -> None:
    """Tokens paid go to stock: `from_board` of them from `area`, the rest from treasury."""
    s = pos.seats[seat]
    if from_board:
        pos.add_tokens(seat, area, -from_board)
    s.treasury -= total - from_board
    s.stock_tokens += total


def build_options(pos: Position, seat: int) -> list[Action]:
    """A11.2: where a ship can be built and how it is paid (coastal areas only, Decision)."""
    treasury = pos.seats[seat].treasury
    options = []
    for area in sorted(pos.in_play()):
        info = pos.board.area(area)
        if info.kind != "coastal":
            continue
        here = pos.tokens_of(seat, area)
        has_unit = here > 0 or (area in pos.cities and pos.cities[area].owner == seat)
        coasts: list[str | None] = ["a", "b"] if info.coasts == 2 else [None]
        for board in (0, 1, 2):
            if here >= board and treasury >= SHIP_COST - board and (board or has_unit):
                options += [{"type": "build_ship", "area": area, "board": board, "coast": c}
                            for c in coasts]
    return options


def ships_legal(pos: Position) -> list[Action]:
    assert pos.pending is not None
    return [*build_options(pos, pos.pending["seat"]), {"type": "done"}]


def ships_answer(pos: Position, action: Action, events: Events) -> None:
    """A11.2–A11.3: a ship for 2 tokens, numbered with the lowest free number; or done."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    if action["type"] == "done":
        pos.phase_state["next"] += 1
        pos.phase_state["upkept"], pos.phase_state["building"] = [], False
        return
    _pay(pos, seat, action["area"], action["board"], SHIP_COST)
    used = {sh.number for sh in ships_of(pos, seat)}
    number = min(n for n in range(1, SHIPS_PER_NATION + 1) if n not in used)
    pos.ships.append(Ship(seat, number, action["area"], action["coast"]))
    events.append({"type": "ship_built", "seat": seat, "ship": number, "area": action["area"],
                   "coast": action["coast"],
                   "pay": {"board": action["board"], "treasury": SHIP_COST - action["board"]}})


DECISIONS = {
    "ship_upkeep": Decision("A11.1", ("upkeep",), upkeep_legal, upkeep_answer),
    "ships": Decision("A11.2", ("build_ship", "done"), ships_legal, ships_answer),
}
