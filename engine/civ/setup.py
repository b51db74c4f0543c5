"""Set-up (A6): options, the stacks, the order of nation choice and each first token."""

from __future__ import annotations

from typing import Any

from ..errors import quote
from ..rng import SplitMix64, seed_to_int
from .decisions import Action, Decision, Events, ask
from .map_schema import CivMap, MapError, load_map
from .position import (
    DEFAULT_OPTIONS,
    MAP_NAME_LIMIT,
    Options,
    Position,
    Seat,
    late_seats_problem,
)
from .tables import CITIES_PER_NATION, PLAYER_COUNTS, nations_for
from .trade_cards import build_stacks


def read_new_game_options(options: dict[str, Any] | None, players: int) -> Options:
    """A6.1: the options `new_game` accepts; ValueError naming an unknown or bad one."""
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be an object, not {type(options).__name__}")
    given = dict(options or {})
    unknown = sorted(quote(k) for k in set(given) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ValueError(f"unknown option {', '.join(unknown)}; the options are "
                         f"{', '.join(DEFAULT_OPTIONS)}")
    merged = {**DEFAULT_OPTIONS, **given}
    limit, rounds, name = merged["turn_limit"], merged["trade_rounds"], merged["map"]
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                              or limit < 1):
        raise ValueError(f"turn_limit must be None or a whole number ≥ 1, not {quote(limit)} "
                         "(A35.1)")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 10:
        raise ValueError(f"trade_rounds must be 1 to 10, not {quote(rounds)} (A17.6)")
    if not isinstance(name, str) or not 0 < len(name) <= MAP_NAME_LIMIT:
        raise ValueError(f"map must be a map's name, not {quote(name)}")
    problem = late_seats_problem(merged["late_seats"], players)
    if problem is not None:
        raise ValueError(f"late_seats {problem} (A36.2)")
    return Options(limit, rounds, name, tuple(merged["late_seats"]))


def setup(players: int, seed: object, options: dict[str, Any] | None,
          board: CivMap | None = None) -> Position:
    """A6: the position before the first nation is chosen; `board` overrides the named map."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 2 to 8, not {quote(players)} (A4.2)")
    opts = read_new_game_options(options, players)
    if board is None:
        try:
            board = load_map(opts.map)
        except MapError as exc:
            raise ValueError(str(exc)) from None
    elif board.name != opts.map:
        raise ValueError(f"options map {quote(opts.map)} is not the map given "
                         f"({quote(board.name)})")
    rng = SplitMix64(seed_to_int(seed))
    order = list(range(players))
    rng.shuffle(order)
    stacks = build_stacks(players, rng)
    pos = Position(board=board, options=opts, rng=rng.state, seats=[
        Seat(status="waiting" if seat in opts.late_seats else "active") for seat in range(players)],
                   stacks=stacks)
    pos.phase_state = {"order": [seat for seat in order if seat not in opts.late_seats]}
    return pos


def run_setup(pos: Position, events: Events) -> bool:
    """A6.3: in the shuffled order, each seat chooses a nation and places its first token."""
    order = pos.phase_state["order"]
    if not order:
        return True
    ask(pos, "nation", order[0], nations=free_nations(pos))
    return False


def free_nations(pos: Position) -> list[str]:
    taken = {s.nation for s in pos.seats}
    return [n for n in nations_for(pos.players) if n not in taken]


def nation_legal(pos: Position) -> list[Action]:
    in_play = pos.in_play()
    return [{"type": "nation", "nation": n, "area": a} for n in free_nations(pos)
            for a in pos.board.start_areas(n) if a in in_play]


def take_nation(pos: Position, seat: int, nation: str) -> None:
    """A6.3, A36.2: the nation's pieces, tokens as A4.2, all in stock."""
    s = pos.seats[seat]
    s.nation = nation
    s.stock_tokens = PLAYER_COUNTS[pos.players].tokens
    s.stock_cities = CITIES_PER_NATION


def nation_answer(pos: Position, action: Action, events: Events) -> None:
    """A6.3: the nation's pieces (tokens as A4.2) and one token in a start area."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    s = pos.seats[seat]
    take_nation(pos, seat, action["nation"])
    s.stock_tokens -= 1
    pos.add_tokens(seat, action["area"], 1)
    pos.phase_state["order"].pop(0)
    events.append({"type": "nation_chosen", "seat": seat, "nation": s.nation,
                   "area": action["area"]})
    pos.pending = None


DECISIONS = {"nation": Decision("A6.3", ("nation",), nation_legal, nation_answer)}
