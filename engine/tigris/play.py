"""Applying one action: judge it, then carry it out on a copy of the position.

The caller's position is never touched, so an `IllegalAction` raised at any
point leaves it as it was (the contract's all-or-nothing `apply`).
"""

from __future__ import annotations

from ..errors import IllegalAction
from .actions import MAIN_ACTIONS, Action, read_action
from .board import SQUARE_NAMES
from .buildings import place_building
from .catastrophe import catastrophe_problem, play_catastrophe
from .conflicts import allowed_commitments, commit, resolve_conflict, start_revolt
from .draws import swap_tiles
from .leaders import (
    leader_placement_problem,
    position_leader,
    regions_without,
    revolt_defender,
    withdraw_leader,
)
from .legal import decisions
from .monuments import build_monument
from .scoring import give_vp
from .state_data import COLORS, Position
from .tiles import place_tile, tile_placement_problem
from .treasures import take_treasure
from .turn import (
    after_conflicts,
    after_monument,
    after_wonder,
    choose_war,
    continue_wars,
    end_turn,
    finish_action,
    finish_turn,
    placed_square,
)
from .wonder import build_wonder


def apply_action(pos: Position, raw: object) -> Position:
    action = read_action(raw)
    if pos.ended:
        raise IllegalAction("the game is over: no action can be played (R11)")
    new = pos.copy()
    if pos.pending is None:
        if action.type not in MAIN_ACTIONS:
            raise IllegalAction(
                f"{action.type}: no decision is pending; {pos.dynasties[pos.active]} "
                f"chooses an action (leader, tile, catastrophe, swap or pass)")
        do_main_action(new, action)
    else:
        check_decision(pos, action)
        do_decision(new, action)
    return new


# --- main actions (R5) --------------------------------------------------------

def do_main_action(pos: Position, a: Action) -> None:
    seat = pos.active
    if a.type == "pass":
        pos.actions_left = 0
        pos.events.append({"type": "passed", "seat": seat})
        end_turn(pos)
        return
    {"tile": place_a_tile, "leader": position_a_leader,
     "catastrophe": play_a_catastrophe, "swap": swap}[a.type](pos, seat, a)


def place_a_tile(pos: Position, seat: int, a: Action) -> None:
    """R5.2."""
    assert a.color is not None and a.square is not None
    if pos.hands[seat][a.color] == 0:
        raise IllegalAction(f"tile: {pos.dynasties[seat]} has no {COLORS[a.color]} tile in hand")
    problem = tile_placement_problem(pos, a.color, a.square)
    if problem:
        raise IllegalAction(f"tile {COLORS[a.color]} {SQUARE_NAMES[a.square]}: {problem}")
    pos.actions_left -= 1
    if place_tile(pos, seat, a.color, a.square):
        continue_wars(pos)
    else:
        after_conflicts(pos, a.square)


def position_a_leader(pos: Position, seat: int, a: Action) -> None:
    """R5.1; a revolt follows if the kingdom holds a leader of the same colour (R7.1)."""
    assert a.color is not None
    at = pos.leaders[seat][a.color]
    name = f"{pos.dynasties[seat]}'s {COLORS[a.color]} leader"
    if a.square is None:
        if at is None:
            raise IllegalAction(f"withdraw {COLORS[a.color]}: {name} is not on the board")
        pos.actions_left -= 1
        withdraw_leader(pos, seat, a.color)
        finish_action(pos)
        return
    if at == a.square:
        raise IllegalAction(f"leader: {name} is already on {SQUARE_NAMES[at]}; "
                            "a move goes to another square (R5.1)")
    regions = regions_without(pos, at) if at is not None else None
    problem = leader_placement_problem(pos, a.square, regions)
    if problem:
        raise IllegalAction(f"leader {COLORS[a.color]} {SQUARE_NAMES[a.square]}: {problem}")
    pos.actions_left -= 1
    position_leader(pos, seat, a.color, a.square)
    defender = revolt_defender(pos, a.square)
    if defender is not None:
        start_revolt(pos, a.square, defender)
    else:
        finish_action(pos)


def play_a_catastrophe(pos: Position, seat: int, a: Action) -> None:
    """R5.3."""
    assert a.square is not None
    if pos.catastrophes_left[seat] == 0:
        raise IllegalAction(f"catastrophe: {pos.dynasties[seat]} has no catastrophe tile left")
    problem = catastrophe_problem(pos, a.square)
    if problem:
        raise IllegalAction(f"catastrophe {SQUARE_NAMES[a.square]}: {problem}")
    pos.actions_left -= 1
    play_catastrophe(pos, seat, a.square)
    finish_action(pos)


def swap(pos: Position, seat: int, a: Action) -> None:
    """R5.4."""
    for color in range(4):
        wanted = a.tiles.count(color)
        if wanted > pos.hands[seat][color]:
            raise IllegalAction(f"swap: {pos.dynasties[seat]} holds "
                                f"{pos.hands[seat][color]} {COLORS[color]} tile(s), "
                                f"not {wanted}")
    pos.actions_left -= 1
    swap_tiles(pos, seat, list(a.tiles))
    finish_action(pos)


# --- decisions inside an action -------------------------------------------------

def check_decision(pos: Position, a: Action) -> None:
    assert pos.pending is not None
    kind = pos.pending["kind"]
    if a.type != kind:
        raise IllegalAction(f"{a.type}: the game waits for a {kind!r} decision of "
                            f"{pos.dynasties[_decider(pos)]}")
    if a.type == "commit":
        allowed = allowed_commitments(pos)
        if a.count not in allowed:
            raise IllegalAction(f"commit {a.count}: allowed counts are {allowed} (R6.2, R6.3)")
        return
    if a.to_dict() not in decisions(pos):
        raise IllegalAction(f"{a.type}: not one of the choices offered: {pos.pending}")


def _decider(pos: Position) -> int:
    p = pos.pending
    assert p is not None
    if p["kind"] == "commit":
        return int(p["attacker"] if p["attacker_committed"] is None else p["defender"])
    if p["kind"] == "treasure":
        return int(p["player"])
    return pos.active


def do_decision(pos: Position, a: Action) -> None:
    assert pos.pending is not None
    if a.type == "commit":
        if commit(pos, a.count):
            if resolve_conflict(pos) == "internal":
                finish_action(pos)
            else:
                continue_wars(pos)
        return
    if a.type == "war_order":
        assert a.color is not None
        pos.pending = None
        choose_war(pos, a.color)
        return
    if a.type == "treasure":
        seat = int(pos.pending["player"])
        assert a.square is not None
        take_treasure(pos, seat, a.square)
        finish_action(pos)
        return
    if a.type == "wonder_point":
        assert a.color is not None
        give_vp(pos, pos.active, a.color, 1, "wonder")
        finish_turn(pos)
        return
    placed = placed_square(pos)
    pos.pending = None
    if a.type == "monument":
        if a.square is not None and a.colors is not None:
            build_monument(pos, pos.active, a.square, a.colors)
        after_monument(pos, placed)
    elif a.type == "wonder":
        if a.square is not None:
            build_wonder(pos, pos.active, a.square)
        after_wonder(pos, placed)
    elif a.type == "building":
        if a.square is not None:
            place_building(pos, pos.active, pos.tile[placed], a.square)
        finish_action(pos)
