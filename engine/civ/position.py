"""Advanced Civilization's position: the data, its dict format (version 1), digest and views.

`docs/civ-engine-api.md` is the format. `from_dict` accepts only positions
whose pieces are all accounted for (A2.1, A2.3, A4.2: every token in stock,
treasury, on the board or aboard; every city in stock or on the board), on
areas of the map in play, with known cards; each refusal is one
`BadPosition` naming the key and the rule. Inside the engine the barbarian
side (A2.5) is the owner `BARBARIAN` (-1); in the dict it is `"barbarian"`.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..errors import quote
from ..position_reading import bad_position as _fail
from ..position_reading import bad_value as _bad_value
from ..position_reading import boolean as _bool
from ..position_reading import breaks_rule as _broken
from ..position_reading import exact_keys as _exact_keys
from ..position_reading import whole_number
from .map_schema import CivMap, MapError, load_map
from .tables import (
    AST_FINISH,
    AST_START,
    CALAMITY_BY_ID,
    CARD_ORDER,
    CITIES_PER_NATION,
    CIV_CARD_BY_ID,
    CIV_CARD_IDS,
    NATION_IDS,
    PLAYER_COUNTS,
    SHIPS_PER_NATION,
    STACKS,
    nations_for,
)

VERSION = 3
OLDER_VERSION = 2
"""Positions of version 2 are read too: they counted nothing under the stacks."""
GAME_ID = "civ"
BARBARIAN = -1
BARBARIAN_NAME = "barbarian"
PHASES = ("tax", "growth", "census", "ships", "movement", "conflict", "cities", "surplus",
          "acquisition", "trade", "calamities", "civ_cards", "ast")
"""A7.1: the 13 phases of a turn, in order; before turn 1 the phase is "setup"."""
SETUP = "setup"
TURN_START = "start"
"""A36: the start of a turn, before phase 1, when players leave and late entrants join."""
STATUSES = ("active", "inactive", "waiting")
TOP_KEYS_2 = ("version", "game", "options", "rng", "turn", "phase", "ended", "seats", "areas",
              "ships", "stacks", "returns", "traders", "phase_state", "pending")
TOP_KEYS = (*TOP_KEYS_2, "returns_shown", "under")
BATCH_KEYS = ("left", "shown", "unshown")
SEAT_KEYS = ("nation", "status", "stock", "treasury", "cards", "cards_new", "hand", "ast",
             "mining_used", "architecture_used", "grain_shown", "entered")
OPTION_KEYS = ("turn_limit", "trade_rounds", "map", "late_seats")
MAP_NAME_LIMIT = 40
DEFAULT_OPTIONS: dict[str, Any] = {"turn_limit": None, "trade_rounds": 4, "map": "mediterranean",
                                   "late_seats": []}


@dataclass
class Seat:
    """One player's nation, pieces off the board, cards and marker (A2, A5)."""

    nation: str | None = None
    status: str = "active"
    stock_tokens: int = 0
    stock_cities: int = 0
    treasury: int = 0
    cards: list[str] = field(default_factory=list)
    cards_new: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    ast: int = AST_START
    mining_used: bool = False
    architecture_used: bool = False
    grain_shown: int = 0
    entered: int | None = None
    """A36.2: the turn a late entrant took his nation, while he waits for a Civil War."""


@dataclass
class City:
    """A city on the board: its owner (a seat, or BARBARIAN for a pirate city) and A7.4's flag."""

    owner: int
    new: bool = False


@dataclass
class Ship:
    """A ship in play (A11): its owner, number 1–4, area, coast (A12.6) and tokens aboard."""

    owner: int
    number: int
    area: int
    coast: str | None = None
    aboard: int = 0


@dataclass
class Options:
    """A6.1: the table's options."""

    turn_limit: int | None = None
    trade_rounds: int = 4
    map: str = "mediterranean"
    late_seats: tuple[int, ...] = ()
    """A36.2: the seats that sat out the set-up as late entrants."""

    def to_dict(self) -> dict[str, Any]:
        return {"turn_limit": self.turn_limit, "trade_rounds": self.trade_rounds,
                "map": self.map, "late_seats": list(self.late_seats)}


class Batch(NamedTuple):
    """Cards that went under a stack together at A32.6, shuffled among themselves, of which
    `left` still lie there, together (`stack_record`)."""

    left: int
    shown: tuple[str, ...]
    """The cards everyone saw going under, in card order; some may have been drawn since."""
    unshown: int
    """Cards of the stack that went under unseen (A32.5, A36.1)."""


def counted_cards(stack: list[str], number: int) -> list[str]:
    """Stack `number`'s cards the batches account for: all but its non-tradable calamity,
    which lies apart at the very bottom (A6.2, A32.6)."""
    bottom = STACKS[number - 1].non_tradable_calamity
    return [c for c in stack if c != bottom]


@dataclass
class Position:
    """The whole game between two actions; `tokens[area][owner]` counts tokens on the board."""

    board: CivMap
    options: Options
    rng: int
    turn: int = 0
    phase: str = SETUP
    ended: bool = False
    seats: list[Seat] = field(default_factory=list)
    tokens: dict[int, dict[int, int]] = field(default_factory=dict)
    cities: dict[int, City] = field(default_factory=dict)
    ships: list[Ship] = field(default_factory=list)
    stacks: list[list[str]] = field(default_factory=lambda: [[] for _ in STACKS])
    returns: list[list[str]] = field(default_factory=lambda: [[] for _ in STACKS])
    returns_shown: list[list[str]] = field(default_factory=lambda: [[] for _ in STACKS])
    """Of each stack's returns, the cards everyone saw (`stack_record`)."""
    under: list[list[Batch]] = field(default_factory=lambda: [[] for _ in STACKS])
    """Each stack's counted batches, from the one nearest the top (`stack_record`)."""
    traders: dict[str, int] = field(default_factory=dict)
    phase_state: dict[str, Any] = field(default_factory=dict)
    pending: dict[str, Any] | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def configuration(self) -> str:
        """A4.2: which part of the map is in play for this many players."""
        return PLAYER_COUNTS[self.players].configuration

    def in_play(self) -> frozenset[int]:
        """A3.11: the areas in play."""
        return self.board.in_play(self.configuration)

    def tokens_of(self, owner: int, area: int) -> int:
        return self.tokens.get(area, {}).get(owner, 0)

    def add_tokens(self, owner: int, area: int, n: int) -> None:
        """Put n tokens (negative: take) of `owner` in `area`, keeping no zero entries."""
        here = self.tokens.setdefault(area, {})
        left = here.get(owner, 0) + n
        if left < 0:
            raise ValueError(f"area {area} holds fewer than {-n} tokens of {owner}")
        if left:
            here[owner] = left
        else:
            here.pop(owner, None)
        if not here:
            del self.tokens[area]

    def tokens_on_board(self, owner: int) -> int:
        """A10.1: a side's tokens on the board (the census)."""
        return sum(here.get(owner, 0) for here in self.tokens.values())

    def cities_of(self, owner: int) -> list[int]:
        """The areas of `owner`'s cities on the board, in area order."""
        return sorted(a for a, c in self.cities.items() if c.owner == owner)

    def active_seats(self) -> list[int]:
        """A1.7, A5.1: seats taking part, in A.S.T. order of their nations."""
        return ast_order(self, [s for s, seat in enumerate(self.seats)
                                if seat.status == "active" and seat.nation is not None])

    def entrants(self) -> list[int]:
        """A36.2: late entrants holding a nation and waiting for a Civil War, earliest first
        (seats entering at one turn start are asked, and so enter, in seat order)."""
        waiting = [(seat.entered, s) for s, seat in enumerate(self.seats)
                   if seat.status == "waiting" and seat.entered is not None]
        return [s for _, s in sorted(waiting)]

    def copy(self) -> Position:
        """An independent copy sharing the map and options, which no step changes.

        Written out rather than `copy.deepcopy`, which took most of a decision's time:
        the engine copies a position for every action and for every trial it makes
        (A7.6 reachability, A1.2 settled decisions)."""
        return Position(
            board=self.board, options=self.options, rng=self.rng, turn=self.turn,
            phase=self.phase, ended=self.ended,
            seats=[_seat_copy(s) for s in self.seats],
            tokens={a: dict(here) for a, here in self.tokens.items()},
            cities={a: City(c.owner, c.new) for a, c in self.cities.items()},
            ships=[copy.copy(sh) for sh in self.ships],
            stacks=[list(s) for s in self.stacks], returns=[list(r) for r in self.returns],
            returns_shown=[list(r) for r in self.returns_shown],
            under=[list(b) for b in self.under],
            traders=dict(self.traders), phase_state=_plain_copy(self.phase_state),
            pending=None if self.pending is None else _plain_copy(self.pending))


def _seat_copy(seat: Seat) -> Seat:
    clone = copy.copy(seat)
    clone.cards, clone.cards_new, clone.hand = list(seat.cards), list(seat.cards_new), \
        list(seat.hand)
    return clone


def _plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples of plain values)."""
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_plain_copy(v) for v in value)
    return value


def ast_order(pos: Position, seats: list[int]) -> list[int]:
    """A5.1: seats in the A.S.T. order of their nations (seats without one last, by seat)."""
    def key(seat: int) -> tuple[int, int]:
        nation = pos.seats[seat].nation
        return (NATION_IDS.index(nation) if nation else len(NATION_IDS), seat)
    return sorted(seats, key=key)


# --- writing --------------------------------------------------------------------------

def _owner_name(owner: int) -> str:
    return BARBARIAN_NAME if owner == BARBARIAN else str(owner)


def to_dict(pos: Position) -> dict[str, Any]:
    """The position in the format of docs/civ-engine-api.md (JSON- and msgpack-safe)."""
    areas = []
    for area in sorted(set(pos.tokens) | set(pos.cities)):
        city = pos.cities.get(area)
        areas.append({
            "id": area,
            "tokens": {_owner_name(o): n for o, n in sorted(pos.tokens.get(area, {}).items())},
            "city": None if city is None else {
                "owner": BARBARIAN_NAME if city.owner == BARBARIAN else city.owner,
                "new": city.new},
        })
    return {
        "version": VERSION,
        "game": GAME_ID,
        "options": pos.options.to_dict(),
        "rng": f"{pos.rng:016x}",
        "turn": pos.turn,
        "phase": pos.phase,
        "ended": pos.ended,
        "seats": [{
            "nation": s.nation, "status": s.status,
            "stock": {"tokens": s.stock_tokens, "cities": s.stock_cities},
            "treasury": s.treasury,
            "cards": [c for c in CIV_CARD_IDS if c in s.cards],
            "cards_new": [c for c in CIV_CARD_IDS if c in s.cards_new],
            "hand": sorted(s.hand, key=CARD_ORDER.__getitem__),
            "ast": s.ast, "mining_used": s.mining_used,
            "architecture_used": s.architecture_used, "grain_shown": s.grain_shown,
            "entered": s.entered,
        } for s in pos.seats],
        "areas": areas,
        "ships": [{"owner": sh.owner, "number": sh.number, "area": sh.area, "coast": sh.coast,
                   "aboard": sh.aboard}
                  for sh in sorted(pos.ships, key=lambda sh: (sh.owner, sh.number))],
        "stacks": [list(s) for s in pos.stacks],
        "returns": [list(r) for r in pos.returns],
        "returns_shown": [list(r) for r in pos.returns_shown],
        "under": [[{"left": b.left, "shown": list(b.shown), "unshown": b.unshown} for b in batches]
                  for batches in pos.under],
        "traders": dict(sorted(pos.traders.items())),
        "phase_state": json.loads(json.dumps(pos.phase_state)),
        "pending": json.loads(json.dumps(pos.pending)) if pos.pending is not None else None,
    }


def canonical_bytes(d: dict[str, Any]) -> bytes:
    return json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def digest(pos: Position) -> str:
    """BLAKE2b-256 of the canonical JSON of the position: equal positions, equal digests."""
    return hashlib.blake2b(canonical_bytes(to_dict(pos)), digest_size=32).hexdigest()


def calamity_depths(pos: Position) -> list[int | None]:
    """For each stack, the cards lying above its non-tradable calamity; None while the stack
    holds none. Public, though the stacks' order is not: the card goes only to the very
    bottom, in view of all (A6.2, A32.6), and every card drawn off the top or put under is
    counted by all (A16.1, A32.6), so anyone who kept count knows how far down it lies."""
    return [pos.stacks[i].index(stack.non_tradable_calamity)
            if stack.non_tradable_calamity in pos.stacks[i] else None
            for i, stack in enumerate(STACKS)]


def view(pos: Position, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (A1.5): no other hand, no stack order, no generator, no unnamed card.

    A spectator (`seat` None) sees no hand at all. Of `traders` (A17.7) a seat sees only
    the cards in its own hand: who passed a calamity, and that it was passed, is hidden
    until the calamities are revealed (A18.1), when the calamity's trader is public.
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < pos.players):
        raise ValueError(f"seat must be None or 0..{pos.players - 1}, not {quote(seat)}")
    d = to_dict(pos)
    d["viewer"] = seat
    for i, s in enumerate(d["seats"]):
        s["hand_size"] = len(s["hand"])
        if i != seat:
            s["hand"] = None
    own = d["seats"][seat]["hand"] if seat is not None else []
    d["traders"] = {card: trader for card, trader in d["traders"].items() if card in own}
    d["stack_sizes"] = [len(s) for s in d["stacks"]]
    d["return_sizes"] = [len(r) for r in d["returns"]]
    d["calamity_depths"] = calamity_depths(pos)
    d["stacks"] = d["returns"] = d["rng"] = None  # returns_shown and under are public
    negotiation = d["phase_state"].get("negotiation")
    if isinstance(negotiation, dict):
        for proposal in negotiation.get("proposals", []):
            if proposal.get("from") != seat:
                proposal["give"] = None
    return d


# --- reading --------------------------------------------------------------------------

def _int(value: object, where: str, low: int, high: int = 10**6) -> int:
    """A whole number within bounds (no count or turn of a game comes near a million)."""
    return whole_number(value, where, low, high)


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _bad_value(where, value, f"{where} must be a list")
    return value


def _cards(value: object, where: str, known: dict[str, int] | tuple[str, ...]) -> list[str]:
    cards = _list(value, where)
    for i, card in enumerate(cards):
        if not isinstance(card, str) or card not in known:
            raise _bad_value(f"{where}[{i}]", card, f"{where}[{i}] is not a known card")
    return list(cards)


def read_options(raw: object, players: int) -> Options:
    """A6.1: the options, whole; a bad one is a BadPosition naming it."""
    opts = _exact_keys(raw, OPTION_KEYS, "options")
    limit = opts["turn_limit"]
    if limit is not None:
        _int(limit, "options.turn_limit", 1)
    rounds = _int(opts["trade_rounds"], "options.trade_rounds", 1, 10)
    if not isinstance(opts["map"], str) or not 0 < len(opts["map"]) <= MAP_NAME_LIMIT:
        raise _bad_value("options.map", opts["map"], "options.map must be a map's name")
    problem = late_seats_problem(opts["late_seats"], players)
    if problem is not None:
        raise _broken("options.late_seats", "A36.2", f"options.late_seats: {problem}")
    return Options(limit, rounds, opts["map"], tuple(opts["late_seats"]))


def late_seats_problem(late: object, players: int) -> str | None:
    """A36.2: why `late` is not a list of late entrants' seats (ascending, leaving at least
    one seat to start the game), or None."""
    if not isinstance(late, list) or any(isinstance(s, bool) or not isinstance(s, int)
                                         for s in late):
        return f"must be a list of seats, not {quote(late)}"
    if any(not 0 <= s < players for s in late):
        return f"seats are 0 to {players - 1}, not {quote(late)}"
    if late != sorted(set(late)):
        return f"must name each seat once, in ascending order, not {quote(late)}"
    if len(late) >= players:
        return "at least one seat must start the game (A6.3)"
    return None


def from_dict(d: object, board: CivMap | None = None) -> Position:
    """The position a dict describes, or BadPosition; `board` overrides loading the named map."""
    version = d.get("version", VERSION) if isinstance(d, dict) else VERSION
    if version not in (VERSION, OLDER_VERSION):
        raise _fail("position/version", f"position version {quote(version)} is not supported "
                    f"(this engine reads versions {OLDER_VERSION} and {VERSION})",
                    where="version", version=quote(version), supported=VERSION)
    older = version == OLDER_VERSION
    d = _exact_keys(d, TOP_KEYS_2 if older else TOP_KEYS, "position")
    if d["game"] != GAME_ID:
        raise _bad_value("game", d["game"], f"game must be {quote(GAME_ID)}")
    options = read_options(d["options"], len(d["seats"]) if isinstance(d["seats"], list) else 0)
    if board is None:
        try:
            board = load_map(options.map)
        except MapError as exc:
            raise _bad_value("options.map", options.map, str(exc)) from None
    elif board.name != options.map:
        raise _bad_value("options.map", options.map, f"options.map names {quote(options.map)} but "
                         f"the map given is {quote(board.name)}")
    rng = d["rng"]
    if not isinstance(rng, str) or len(rng) != 16 or any(c not in "0123456789abcdef"
                                                         for c in rng):
        raise _bad_value("rng", rng, "rng must be 16 lowercase hex digits")
    pos = Position(board=board, options=options, rng=int(rng, 16))
    pos.turn = _int(d["turn"], "turn", 0)
    if d["phase"] not in (SETUP, TURN_START, *PHASES):
        raise _bad_value("phase", d["phase"], f"phase must be {quote(SETUP)}, "
                         f"{quote(TURN_START)} or one of {PHASES}")
    pos.phase = d["phase"]
    if (pos.phase == SETUP) != (pos.turn == 0):
        raise _broken("turn", "A6.4", "turn 0 is the set-up and the set-up is turn 0 (A6.4)")
    pos.ended = _bool(d["ended"], "ended")
    _read_seats(d["seats"], pos)
    _read_areas(d["areas"], pos)
    _read_ships(d["ships"], pos)
    pos.stacks = _read_stacks(d["stacks"], "stacks")
    pos.returns = _read_stacks(d["returns"], "returns")
    if older:
        pos.returns_shown = [[c for c in r if c in CALAMITY_BY_ID] for r in pos.returns]
    else:
        pos.returns_shown = _read_stacks(d["returns_shown"], "returns_shown")
        pos.under = _read_under(d["under"])
    _read_traders(d["traders"], pos)
    if not isinstance(d["phase_state"], dict):
        raise _bad_value("phase_state", d["phase_state"], "phase_state must be an object")
    pos.phase_state = _plain(d["phase_state"], "phase_state")
    pending = d["pending"]
    if pending is not None:
        if not isinstance(pending, dict) or not isinstance(pending.get("kind"), str):
            raise _fail("position/bad_pending", "pending must be null or an object with a kind",
                        where="pending", kind=quote(pending))
        _int(pending.get("seat"), "pending.seat", 0, pos.players - 1)
        pending = _plain(pending, "pending")
    pos.pending = pending
    check_accounting(pos)
    return pos


def _plain(value: Any, where: str, depth: int = 0) -> Any:
    """A copy of bookkeeping data that is plain JSON of a size play produces: objects with
    short string keys, lists, bools, null, short strings and ints of at most 9 digits."""
    if depth > 8:
        raise _bad_value(where, "...", f"{where} is nested deeper than any position's")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) >= 10**9:
            raise _bad_value(where, "...", f"{where} holds a number no position holds")
        return value
    if isinstance(value, str):
        if len(value) > 60:
            raise _bad_value(where, value, f"{where} holds a string no position holds")
        return value
    if isinstance(value, list):
        return [_plain(v, where, depth + 1) for v in value]
    if isinstance(value, dict):
        if any(not isinstance(k, str) or len(k) > 60 for k in value):
            raise _bad_value(where, "...", f"{where} has a key no position has")
        return {k: _plain(v, where, depth + 1) for k, v in value.items()}
    raise _bad_value(where, value, f"{where} holds a {type(value).__name__}, not JSON")


def _read_seats(raw: object, pos: Position) -> None:
    seats = _list(raw, "seats")
    if len(seats) not in PLAYER_COUNTS:
        raise _bad_value("seats", raw, "seats must list 2 to 8 players (A4.2)")
    allowed = nations_for(len(seats))
    for i, value in enumerate(seats):
        where = f"seats[{i}]"
        s = _exact_keys(value, SEAT_KEYS, where)
        nation = s["nation"]
        if nation is not None and nation not in allowed:
            raise _broken(f"{where}.nation", "A4.2", f"{where}.nation {quote(nation)} is not "
                          f"one of the nations {len(seats)} players choose from (A4.2)")
        if nation is not None and any(o.nation == nation for o in pos.seats):
            raise _broken(f"{where}.nation", "A6.3",
                          f"{where}.nation {quote(nation)} is taken twice")
        if s["status"] not in STATUSES:
            raise _bad_value(f"{where}.status", s["status"],
                             f"{where}.status must be one of {STATUSES}")
        stock = _exact_keys(s["stock"], ("tokens", "cities"), f"{where}.stock")
        cards = _cards(s["cards"], f"{where}.cards", CIV_CARD_IDS)
        cards_new = _cards(s["cards_new"], f"{where}.cards_new", CIV_CARD_IDS)
        if len(set(cards)) != len(cards) or not set(cards_new) <= set(cards):
            raise _broken(f"{where}.cards", "A2.6", f"{where}: each card is held at most once "
                          "and cards_new are among the cards held (A2.6, A32.2)")
        pos.seats.append(Seat(
            nation=nation, status=s["status"],
            stock_tokens=_int(stock["tokens"], f"{where}.stock.tokens", 0),
            stock_cities=_int(stock["cities"], f"{where}.stock.cities", 0, CITIES_PER_NATION),
            treasury=_int(s["treasury"], f"{where}.treasury", 0),
            cards=cards, cards_new=cards_new,
            hand=_cards(s["hand"], f"{where}.hand", CARD_ORDER),
            ast=_int(s["ast"], f"{where}.ast", AST_START, AST_FINISH),
            mining_used=_bool(s["mining_used"], f"{where}.mining_used"),
            architecture_used=_bool(s["architecture_used"], f"{where}.architecture_used"),
            grain_shown=_int(s["grain_shown"], f"{where}.grain_shown", 0, 8),
            entered=_entered(s, where, pos.turn),
        ))


def _entered(s: dict[str, Any], where: str, turn: int) -> int | None:
    """A36: the turn a waiting seat took its nation; only such a seat has one, and only a
    seat that has left holds a nation while inactive."""
    if s["status"] == "inactive" and s["nation"] is None:
        raise _broken(f"{where}.status", "A36.1", f"{where} left the game without a nation")
    waiting = s["status"] == "waiting" and s["nation"] is not None
    if s["entered"] is None:
        if waiting:
            raise _broken(f"{where}.entered", "A36.2", f"{where} holds a nation while waiting, "
                          "so entered must give the turn it entered")
        return None
    if not waiting:
        raise _broken(f"{where}.entered", "A36.2", f"{where}.entered is only for a late "
                      "entrant holding a nation and waiting (else null)")
    return _int(s["entered"], f"{where}.entered", 1, max(turn, 1))


def _owner(value: object, where: str, players: int) -> int:
    if value == BARBARIAN_NAME:
        return BARBARIAN
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    return _int(value, where, 0, players - 1)


def _read_areas(raw: object, pos: Position) -> None:
    in_play = pos.in_play()
    last = 0
    for i, value in enumerate(_list(raw, "areas")):
        where = f"areas[{i}]"
        a = _exact_keys(value, ("id", "tokens", "city"), where)
        area = _int(a["id"], f"{where}.id", 1)
        if area <= last:
            raise _bad_value(f"{where}.id", area, "areas must be listed once each, in area order")
        last = area
        if area not in in_play or not pos.board.area(area).is_land:
            raise _broken(f"{where}.id", "A3.1", f"area {area} is not a land area in play "
                          "(A3.1, A3.11): no token or city can stand there")
        tokens = a["tokens"]
        if not isinstance(tokens, dict):
            raise _bad_value(f"{where}.tokens", tokens, f"{where}.tokens must be an object")
        for key, n in tokens.items():
            owner = _owner(key, f"{where}.tokens", pos.players)
            pos.tokens.setdefault(area, {})[owner] = _int(n, f"{where}.tokens.{key}", 1)
        if a["city"] is not None:
            c = _exact_keys(a["city"], ("owner", "new"), f"{where}.city")
            owner = _owner(c["owner"], f"{where}.city.owner", pos.players)
            pos.cities[area] = City(owner, _bool(c["new"], f"{where}.city.new"))
        elif not tokens:
            raise _bad_value(where, value, f"{where} holds nothing: leave it out")


def _read_ships(raw: object, pos: Position) -> None:
    seen: set[tuple[int, int]] = set()
    for i, value in enumerate(_list(raw, "ships")):
        where = f"ships[{i}]"
        s = _exact_keys(value, ("owner", "number", "area", "coast", "aboard"), where)
        owner = _int(s["owner"], f"{where}.owner", 0, pos.players - 1)
        number = _int(s["number"], f"{where}.number", 1, SHIPS_PER_NATION)
        if (owner, number) in seen:
            raise _broken(where, "A2.1", f"ship {number} of seat {owner} is listed twice")
        seen.add((owner, number))
        area = _int(s["area"], f"{where}.area", 1)
        if area not in pos.in_play() or not pos.board.area(area).is_water:
            raise _broken(f"{where}.area", "A11.2", f"ship in area {area}, which is not a water "
                          "area in play")
        coast = s["coast"]
        dual = pos.board.area(area).coasts == 2
        if (coast is None) == dual or (coast is not None and coast not in ("a", "b")):
            raise _broken(f"{where}.coast", "A12.6", "a ship names its coast exactly when its "
                          "area has two (a or b)")
        aboard = _int(s["aboard"], f"{where}.aboard", 0, 5)
        pos.ships.append(Ship(owner, number, area, coast, aboard))


def _read_stacks(raw: object, where: str) -> list[list[str]]:
    stacks = _list(raw, where)
    if len(stacks) != len(STACKS):
        raise _bad_value(where, raw, f"{where} must be nine lists of cards (A2.10)")
    result = []
    for stack, cards in zip(STACKS, stacks, strict=True):
        read = _cards(cards, f"{where}[{stack.number - 1}]", CARD_ORDER)
        if not set(read) <= set(stack.cards):
            raise _broken(f"{where}[{stack.number - 1}]", "A2.10",
                          f"{where}[{stack.number - 1}] holds a card of another stack")
        result.append(read)
    return result


def _read_under(raw: object) -> list[list[Batch]]:
    batches_by_stack = _list(raw, "under")
    if len(batches_by_stack) != len(STACKS):
        raise _bad_value("under", raw, "under must be nine lists of batches (A32.6)")
    return [[_read_batch(b, f"under[{i}][{j}]", i + 1)
             for j, b in enumerate(_list(raw_batches, f"under[{i}]"))]
            for i, raw_batches in enumerate(batches_by_stack)]


def _read_batch(raw: object, where: str, number: int) -> Batch:
    batch = _exact_keys(raw, BATCH_KEYS, where)
    stack = STACKS[number - 1]
    shown = _cards(batch["shown"], f"{where}.shown", CARD_ORDER)
    if not set(shown) <= set(stack.cards) - {stack.non_tradable_calamity}:
        raise _broken(f"{where}.shown", "A32.6", f"{where}.shown holds a card of another "
                      f"stack or the stack's non-tradable calamity")
    if shown != sorted(shown, key=CARD_ORDER.__getitem__):
        raise _bad_value(f"{where}.shown", shown, f"{where}.shown must be in card order")
    unshown = _int(batch["unshown"], f"{where}.unshown", 0, len(stack.cards))
    left = _int(batch["left"], f"{where}.left", 1, len(shown) + unshown)
    return Batch(left, tuple(shown), unshown)


def _read_traders(raw: object, pos: Position) -> None:
    if not isinstance(raw, dict):
        raise _bad_value("traders", raw, "traders must be an object")
    for card, seat in raw.items():
        if card not in CARD_ORDER or card in CIV_CARD_BY_ID:
            raise _bad_value("traders", card, "traders maps tradable calamities to seats")
        pos.traders[card] = _int(seat, f"traders.{card}", 0, pos.players - 1)


def check_accounting(pos: Position) -> None:
    """A2.1, A2.3, A2.7, A4.2: every token, city and trade card in exactly one place, or
    BadPosition naming what is not. `from_dict` refuses such a position; self-play asks it
    after every action, without the cost of reading a whole position."""
    _check_pieces(pos)
    _check_cards(pos)
    _check_counted(pos)


def _check_pieces(pos: Position) -> None:
    """A2.1, A2.3, A4.2: every token and city of a nation is in exactly one place."""
    tokens_each = PLAYER_COUNTS[pos.players].tokens
    on_board: dict[int, int] = {}
    for here in pos.tokens.values():
        for owner, n in here.items():
            on_board[owner] = on_board.get(owner, 0) + n
    for s in pos.ships:
        on_board[s.owner] = on_board.get(s.owner, 0) + s.aboard
    ships_of = Counter(s.owner for s in pos.ships)
    cities_of = Counter(c.owner for c in pos.cities.values())
    for i, seat in enumerate(pos.seats):
        board_tokens, cities, ships = on_board.get(i, 0), cities_of[i], ships_of[i]
        if seat.nation is None:
            if board_tokens or cities or ships or seat.stock_tokens or seat.stock_cities \
                    or seat.treasury:
                raise _broken(f"seats[{i}]", "A6.3", f"seat {i} has pieces but no nation")
            continue
        if seat.stock_tokens + seat.treasury + board_tokens != tokens_each:
            raise _broken(f"seats[{i}]", "A4.2", f"seat {i}: stock, treasury and board must hold "
                          f"its {tokens_each} tokens (A2.3, A4.2)")
        if seat.stock_cities + cities != CITIES_PER_NATION:
            raise _broken(f"seats[{i}]", "A2.1", f"seat {i}: stock and board must hold its "
                          f"{CITIES_PER_NATION} cities (A2.1)")


def _check_cards(pos: Position) -> None:
    """A2.7: each of the 126 trade cards is in a stack, a hand or the returns, once."""
    held: Counter[str] = Counter()
    for cards in (*pos.stacks, *pos.returns, *(s.hand for s in pos.seats)):
        held.update(cards)
    total = Counter(c for stack in STACKS for c in stack.cards)
    for card in sorted(set(total) | set(held), key=CARD_ORDER.__getitem__):
        if held[card] != total[card]:
            raise _broken("stacks", "A2.7", f"{held[card]} {card} cards in stacks, hands and "
                          f"returns, but the game has {total[card]} (A2.7)")


def _check_counted(pos: Position) -> None:
    """A32.6: the returns everyone saw are among the returns, and each stack's counted batches,
    from the one nearest the top, lie together at its bottom (the non-tradable calamity
    apart), each made of its shown cards and its unshown count of other cards of the stack."""
    for i, (seen, there) in enumerate(zip(pos.returns_shown, pos.returns, strict=True)):
        if seen and Counter(seen) - Counter(there):
            raise _broken(f"returns_shown[{i}]", "A32.6",
                          f"returns_shown[{i}] names cards that are not among returns[{i}]")
    for i, batches in enumerate(pos.under):
        counted = counted_cards(pos.stacks[i], i + 1)
        if sum(b.left for b in batches) > len(counted):
            raise _broken(f"under[{i}]", "A32.6",
                          f"under[{i}] counts more cards than stacks[{i}] holds")
        end = len(counted)
        for j, batch in reversed(list(enumerate(batches))):
            lying = Counter(counted[end - batch.left:end])
            end -= batch.left
            if (lying - Counter(batch.shown)).total() > batch.unshown:
                raise _broken(f"under[{i}][{j}]", "A32.6", f"under[{i}][{j}]: the cards "
                              f"lying there are not of the batch it counts")


def stock_points(pos: Position, seat: int) -> int:
    """A2.4: tokens in stock + 5 × cities in stock."""
    s = pos.seats[seat]
    return s.stock_tokens + 5 * s.stock_cities


def stock_ranking(pos: Position) -> list[int]:
    """A2.4: active seats by stock points, highest first, ties by A.S.T. order."""
    order = pos.active_seats()
    return sorted(order, key=lambda seat: (-stock_points(pos, seat), order.index(seat)))


def holds(pos: Position, seat: int, card: str) -> bool:
    """Whether `seat` holds civilization card `card` (its effects apply, A33.1)."""
    return card in pos.seats[seat].cards
