"""What `phase_state` and `pending` may hold (docs/civ-engine-api.md), checked by `from_dict`.

Each phase names the keys its runner keeps and each pending kind its fields,
with the kind of value each holds, so a position whose bookkeeping cannot be
read is a `BadPosition` naming the key, never a crash later in play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .position import Position
from .tables import CALAMITY_BY_ID

Check = Callable[[Position, Any], bool]


def _int(pos: Position, v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10_000


def _bool(pos: Position, v: Any) -> bool:
    return isinstance(v, bool)


def _str(pos: Position, v: Any) -> bool:
    return isinstance(v, str) and len(v) < 40


def _seat(pos: Position, v: Any) -> bool:
    return _int(pos, v) and v < pos.players


def _area(pos: Position, v: Any) -> bool:
    return _int(pos, v) and v in pos.in_play()


def _opt(check: Check) -> Check:
    return lambda pos, v: v is None or check(pos, v)


def _list(check: Check) -> Check:
    return lambda pos, v: isinstance(v, list) and all(check(pos, x) for x in v)


def _map(key: Check, value: Check) -> Check:
    def check(pos: Position, v: Any) -> bool:
        return isinstance(v, dict) and all(
            isinstance(k, str) and k.isdigit() and key(pos, int(k)) and value(pos, x)
            for k, x in v.items())
    return check


def _record(fields: dict[str, Check], optional: tuple[str, ...] = ()) -> Check:
    def check(pos: Position, v: Any) -> bool:
        if not isinstance(v, dict) or set(v) - set(fields):
            return False
        if any(k not in v for k in fields if k not in optional):
            return False
        return all(fields[k](pos, x) for k, x in v.items())
    return check


def _card(pos: Position, v: Any) -> bool:
    return isinstance(v, str) and v in CALAMITY_BY_ID


def _owner(pos: Position, v: Any) -> bool:
    return v == "barbarian" or _seat(pos, v)


_PROPOSAL = _record({"from": _seat, "to": _seat, "give": _list(_str), "named": _list(_str),
                     "want": _int, "want_named": _list(_str)})
_PUBLIC_PROPOSAL = _record({"from": _seat, "to": _seat, "give_count": _int,
                            "named": _list(_str), "want": _int, "want_named": _list(_str)})
_LOSS = _record({"seat": _seat, "calamity": _str, "points": _int, "taken": _int,
                 "target": _int, "areas": _opt(_list(_area)), "placed": _map(_area, _int),
                 "epidemic": _bool, "protected": _list(_area)}, optional=("target",))
_QUEUED = _record({"card": _card, "victim": _seat, "trader": _opt(_seat)})


def _pair(first: Check, second: Check) -> Check:
    return lambda pos, v: isinstance(v, list) and len(v) == 2 and first(pos, v[0]) \
        and second(pos, v[1])


_SELECTION = _record({"seat": _seat, "points": _int, "target": _int, "taken": _int})
_MILITARY = _record({"faction": lambda p, v: v in (1, 2, 3) and _int(p, v),
                     "part": lambda p, v: v in (None, "front", "rest"),
                     "fronts": _list(_list(_area)), "areas": _list(_area), "taken": _int,
                     "target": _int, "short": _bool},
                    optional=("fronts", "areas", "taken", "target", "short"))
STEPS = ("start", "volcano", "quake", "pick", "own", "others", "assign", "assigning",
         "secondary", "primary", "coastal", "plain", "place", "move", "first", "second",
         "military", "keep", "kept", "over")
"""The steps a calamity's resolver goes through (calamities.py, barbarians.py,
civil_war.py)."""
CURRENT: tuple[dict[str, Check], tuple[str, ...]] = ({
    "card": _card, "victim": _seat, "trader": _opt(_seat),
    "step": lambda p, v: isinstance(v, str) and v in STEPS,
    # choosing cities (A20, A22, A28-A30)
    "picker": _seat, "left": _int, "effect": _str, "pool": _list(_area),
    "per_owner": _map(_seat, _int), "chosen": _list(_area), "chosen_owner": _map(_area, _seat),
    # assigning points (A21.2, A25.4, A27.2) and Pottery (A21.3)
    "caps": _map(_seat, _int), "to_assign": _int, "assigned": _map(_seat, _int),
    "victims_left": _list(_pair(_seat, _int)), "grain_asked": _seat, "shown": _int,
    # A19, A24, A25, A26
    "options": _list(_pair(_area, _opt(_area))), "b": _int, "plain": _str,
    "plains": _list(_str), "at": _area, "to": _area,
    # A23 Civil War
    "beneficiary": _seat, "ranking": _list(_seat),
    "marked": _record({"tokens": _map(_area, _int), "cities": _list(_area)}),
    "selection": _opt(_SELECTION), "military": _MILITARY,
}, ("picker", "left", "effect", "pool", "per_owner", "chosen", "chosen_owner", "caps",
             "to_assign", "assigned", "victims_left", "grain_asked", "shown", "options", "b",
             "plain", "plains", "at", "to", "beneficiary", "ranking", "marked", "selection",
             "military"))
"""The calamity under way (A18.3): its card, victim, trader and step always, and what its
steps keep (calamities.py, barbarians.py, civil_war.py), each by its kind of value.
A step keeping something new adds its key here."""


PHASE_STATE: dict[str, dict[str, Check]] = {
    "setup": {"order": _list(_seat)},
    "start": {"order": _list(_seat)},
    "tax": {"rates": _map(_seat, lambda p, v: v in (1, 2, 3) and _int(p, v)),
            "revolts": _list(lambda p, v: isinstance(v, list) and len(v) == 2
                             and _seat(p, v[0]) and _int(p, v[1])),
            "revolt": _record({"victim": _seat, "left": _int,
                               "beneficiaries": _list(_seat)})},
    "growth": {"next": _int, "room": _map(_area, _int)},
    "census": {"census": _list(_seat)},
    "ships": {"census": _list(_seat), "next": _int, "upkept": _list(_int),
              "building": _bool},
    "movement": {"census": _list(_seat), "next": _int, "moved": _map(_area, _int),
                 "ship": _opt(_int), "sails": _int, "ships_done": _list(_int)},
    "conflict": {"standins": _record({"area": _area, "pirates": _bool})},
    "cities": {"next": _int},
    "surplus": {"removed": _bool, "next": _int},
    "acquisition": {"order": _list(_seat), "next": _int, "drawn": _bool},
    "trade": {"round": _int, "next": _int, "done": _list(_seat), "traded": _bool,
              "negotiation": _opt(_record({"proposals": _list(_PROPOSAL)})),
              "heard": _list(_record({"proposals": _list(_PUBLIC_PROPOSAL),
                                      "accepted": _bool}))},
    "calamities": {"queue": _list(_QUEUED), "current": _opt(_record(*CURRENT)), "loss": _LOSS,
                   "stage": lambda p, v: v in ("calamities", "monotheism", "support"),
                   "next": _int},
    "civ_cards": {"next": _int, "bought": _bool},
    "ast": {"scores": _map(_seat, _int), "ranking": _list(_list(_seat))},
}

PENDING: dict[str, dict[str, Check]] = {
    "nation": {"nations": _list(_str)},
    "turn_start": {"late": _bool, "nations": _list(_str)},
    "tax_rate": {},
    "revolt": {"victim": _seat, "left": _int, "destroy": _bool},
    "growth": {"left": _int, "room": _map(_area, _int)},
    "ship_upkeep": {"ship": _int},
    "ships": {},
    "movement": {"ship": _opt(_int)},
    "pillage": {"victim": _owner, "area": _area},
    "cities": {},
    "support": {"reason": _str, "discount": _int},
    "stack9": {},
    "trade_open": {"round": _int, "open": _bool},
    "trade_answer": {"proposal": _PUBLIC_PROPOSAL, "count": _int, "open": _bool},
    "pottery": {"calamity": _str},
    "loss": {"calamity": _str, "points": _int, "target": _int, "taken": _int},
    "selection": {"calamity": _str, "points": _int, "target": _int, "taken": _int},
    "faction_loss": {"faction": _int, "points": _int, "target": _int, "taken": _int},
    "assign": {"calamity": _str, "left": _int, "caps": _map(_seat, _int)},
    "faction": {},
    "choose_area": {"calamity": _str, "areas": _list(_area)},
    "earthquake": {"options": _list(lambda p, v: isinstance(v, list) and len(v) == 2
                                    and _area(p, v[0]) and _opt(_area)(p, v[1]))},
    "reduce": {"calamity": _str, "left": _int, "effect": _str, "cities": _list(_area)},
    "monotheism": {},
    "civ_cards": {"open": _bool},
    "excess": {"left": _int},
}


REQUIRED: dict[str, tuple[str, ...]] = {
    "setup": ("order",),
    "start": ("order",),
    "tax": ("rates",),
    "growth": ("next",),
    "ships": ("census", "next", "upkept"),
    "movement": ("census", "next", "moved", "ship", "sails", "ships_done"),
    "cities": ("next",),
    "surplus": ("removed", "next"),
    "acquisition": ("order", "next", "drawn"),
    "trade": ("round", "next", "done", "traded", "negotiation"),
    "calamities": ("queue", "current", "stage"),
    "civ_cards": ("next", "bought"),
}
"""The keys a phase has set by the time it asks anything."""
_ASSIGNING = ("caps", "to_assign", "assigned")
CURRENT_BY_KIND: dict[str, tuple[str, ...]] = {
    "reduce": ("picker", "left", "effect", "pool", "per_owner", "chosen"),
    "assign": _ASSIGNING, "earthquake": ("options",),
    "selection": ("marked", "selection"), "faction_loss": ("marked", "military"),
    "faction": ("marked", "ranking", "beneficiary"),
}
"""Keys of the calamity under way that a pending kind's answers read."""
CURRENT_BY_STEP: dict[tuple[str, str], tuple[str, ...]] = {
    ("famine", "assigning"): _ASSIGNING, ("epidemic", "assigning"): _ASSIGNING,
    ("famine", "secondary"): ("victims_left",), ("epidemic", "secondary"): ("victims_left",),
    ("flood", "assigning"): ("plain", *_ASSIGNING), ("flood", "others"): ("plain",),
    ("flood", "secondary"): ("plain", "victims_left"),
    ("barbarian_hordes", "move"): ("at",),
}
"""Keys of the calamity under way that a step of its resolver reads."""
AT_START: dict[str, tuple[str, ...]] = {
    "setup": ("order",), "ships": ("census",), "movement": ("census",),
}
"""Keys a phase needs even at its start, asking nobody yet: the set-up's order (A6.3), and
the census order (A10.1) that phases 4 and 5 keep from phase 3."""
IN_TURN: dict[str, tuple[str, ...]] = {
    "ships": ("ship_upkeep", "ships"), "movement": ("movement",), "growth": ("growth",),
    "cities": ("cities",), "civ_cards": ("civ_cards", "excess"),
}
"""Phases asking each player in turn (`phase_state.next`), and the pending kinds asked of
the player whose turn it is."""
ORDERED: dict[str, str] = {"nation": "setup", "turn_start": "start"}
"""Pending kinds asked of the first seat of `phase_state.order` in their phase."""
REQUIRED_BY_KIND: dict[str, tuple[str, ...]] = {
    "revolt": ("revolts", "revolt"), "growth": ("room",), "trade_answer": ("negotiation",),
    "loss": ("loss", "current"), "selection": ("current",), "faction_loss": ("current",),
    "assign": ("current",), "faction": ("current",), "choose_area": ("current",),
    "earthquake": ("current",), "reduce": ("current",), "pottery": ("current",),
}
"""Further keys (not null) a pending kind's answers read."""


def _unreadable(pos: Position, where: str, value: Any,
                fields: tuple[dict[str, Check], tuple[str, ...]] | None) -> tuple[str, str]:
    """(where, why) of an unreadable value, down to its own key for a record of `fields`."""
    if fields is not None and isinstance(value, dict):
        checks, optional = fields
        for key in sorted(set(value) | set(checks) - set(optional)):
            inner = f"{where}.{key[:40]}"
            if key not in checks:
                return inner, f"{inner} is not kept there"
            if key not in value:
                return inner, f"{inner} is missing"
            if not checks[key](pos, value[key]):
                return inner, f"{inner} cannot be read"
    return where, f"{where} cannot be read"


def _in_turn(pos: Position) -> int | None:
    """The seat whose turn it is in a phase asking each in turn: in census order in phases
    4 and 5 (A7.8), else in A.S.T. order (A5.1)."""
    census = pos.phase_state.get("census")
    order = pos.active_seats() if census is None else [
        s for s in census if pos.seats[s].status == "active"]
    nxt = pos.phase_state.get("next", 0)
    return order[nxt] if nxt < len(order) else None


def phase_state_problem(pos: Position) -> tuple[str, str] | None:
    """(where, why) of the first key of `phase_state` or `pending` that cannot be read."""
    allowed = PHASE_STATE[pos.phase]
    for key, value in pos.phase_state.items():
        where = f"phase_state.{key[:40]}"
        if key not in allowed:
            return where, f"{where} is not kept in phase {pos.phase}"
        if not allowed[key](pos, value):
            return _unreadable(pos, where, value, CURRENT if key == "current" else None)
    for key in AT_START.get(pos.phase, ()):
        if key not in pos.phase_state:
            return f"phase_state.{key}", f"phase {pos.phase} needs phase_state.{key}"
    if pos.phase_state.get("loss") is not None and pos.phase_state.get("current") is None:
        return "phase_state.loss", "a loss (A7.6) is only taken within a calamity (current)"
    if pos.phase_state.get("stage") == "monotheism" and "next" not in pos.phase_state:
        return "phase_state.next", "Monotheism (A31.1) goes in A.S.T. order from next"
    current = pos.phase_state.get("current")
    if current is not None:
        kind = pos.pending["kind"] if pos.pending is not None else None
        for key in (*CURRENT_BY_KIND.get(str(kind), ()),
                    *CURRENT_BY_STEP.get((current["card"], current["step"]), ())):
            if current.get(key) is None:
                return f"phase_state.current.{key}", (f"phase_state.current.{key} is needed by "
                                                      f"{kind or current['step']}")
        if kind == "earthquake" and not all(
                pos.cities.get(a) is not None and pos.cities[a].owner == current["victim"]
                and (o is None or o in pos.cities) for a, o in current["options"]):
            return "phase_state.current.options", ("an earthquake (A19.2) chooses among the "
                                                   "victim's cities and cities next to them")
    if pos.pending is None and set(pos.phase_state) - set(AT_START.get(pos.phase, ())):
        for key in REQUIRED.get(pos.phase, ()):  # under way, though nobody is asked yet
            if key not in pos.phase_state:
                return f"phase_state.{key}", f"phase_state.{key} is needed once phase " \
                    f"{pos.phase} is under way"
    if pos.phase == "movement" and pos.phase_state.get("ship") is not None:
        mover = _in_turn(pos)
        if not any(sh.owner == mover and sh.number == pos.phase_state["ship"]
                   for sh in pos.ships):
            return "phase_state.ship", ("phase_state.ship is not a ship of the seat moving "
                                        "(A12.4)")
    if pos.pending is not None:
        kind = pos.pending["kind"]
        if kind not in PENDING:
            return "pending.kind", f"pending kind {kind[:40]!r} is none of the decisions"
        if kind in IN_TURN.get(pos.phase, ()) and pos.pending["seat"] != _in_turn(pos):
            return "pending.seat", (f"pending {kind} asks seat {pos.pending['seat']}, whose "
                                    f"turn it is not in phase {pos.phase}")
        first = pos.phase_state.get("order") or [None]
        if ORDERED.get(kind) == pos.phase and first[0] != pos.pending["seat"]:
            return "phase_state.order", (f"pending {kind} asks seat {pos.pending['seat']}, "
                                         "who must come first in phase_state.order")
        for key in (*REQUIRED.get(pos.phase, ()), *REQUIRED_BY_KIND.get(kind, ())):
            if key not in pos.phase_state or (key in REQUIRED_BY_KIND.get(kind, ())
                                              and pos.phase_state[key] is None):
                return f"phase_state.{key}", f"phase_state.{key} is needed by pending {kind}"
        ships = {sh.number for sh in pos.ships if sh.owner == pos.pending["seat"]}
        ship = pos.pending.get("ship")
        if kind == "ship_upkeep" and (not _int(pos, ship) or ship not in ships):
            return "pending.ship", f"pending {kind}: seat {pos.pending['seat']} has no ship {ship}"
        if kind == "turn_start":
            seat = pos.seats[pos.pending["seat"]]
            waiting = seat.status == "waiting"
            if seat.status == "inactive" or waiting != (seat.nation is None) \
                    or pos.pending.get("late") is not waiting:
                return "pending.seat", ("pending turn_start: A36 asks only an active seat or a "
                                        "late entrant without a nation (late: true)")
        fields = PENDING[kind]
        extra = sorted(set(pos.pending) - set(fields) - {"kind", "seat"})
        if extra:
            return f"pending.{extra[0][:40]}", f"pending {kind} has no field {extra[0][:40]}"
        for name, check in fields.items():
            if name not in pos.pending or not check(pos, pos.pending[name]):
                return f"pending.{name}", f"pending.{name} of {kind} is missing or unreadable"
    return None
