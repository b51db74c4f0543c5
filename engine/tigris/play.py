"""Applying one action: judge it on the position, then carry it out on a copy.

Judging never changes anything and builds a `Refusal` only for an action it
refuses, so `State.check` is as cheap as the checks themselves; carrying out
happens on a copy, so the caller's position is never touched (the contract's
all-or-nothing `apply`).
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import IllegalAction, Refusal
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


def decider(pos: Position) -> int:
    """R4.1, R6.2, R9.1: the seat the position waits for (the game need not be over)."""
    p = pos.pending
    if p is None:
        return pos.active
    if p["kind"] == "commit":
        return int(p["attacker"] if p["attacker_committed"] is None else p["defender"])
    if p["kind"] == "treasure":
        return int(p["player"])
    return pos.active


def action_problem(pos: Position, raw: object) -> Refusal | None:
    """Why `raw` may not be played now (malformed or illegal), or None; never raises."""
    try:
        action = read_action(raw)
    except IllegalAction as e:
        return e.refusal
    return judge(pos, action)


def apply_action(pos: Position, raw: object) -> Position:
    action = read_action(raw)
    problem = judge(pos, action)
    if problem is not None:
        raise IllegalAction(problem)
    new = pos.copy()
    if pos.pending is None:
        do_main_action(new, action)
    else:
        do_decision(new, action)
    return new


def judge(pos: Position, a: Action) -> Refusal | None:
    """Why a well-formed action may not be played now, or None."""
    if pos.ended:
        return Refusal("game/over", {}, "the game is over: no action can be played (R11)")
    if pos.pending is None:
        if a.type not in MAIN_ACTIONS:
            return Refusal("turn/no_decision_pending",
                           {"type": a.type, "seat": pos.active},
                           f"{a.type}: no decision is pending; {pos.dynasties[pos.active]} "
                           f"chooses an action (leader, tile, catastrophe, swap or pass) (R4.1)")
        return MAIN_ACTION_PROBLEMS[a.type](pos, pos.active, a)
    return decision_problem(pos, a)


# --- main actions (R5) --------------------------------------------------------

def tile_problem(pos: Position, seat: int, a: Action) -> Refusal | None:
    """R5.2."""
    assert a.color is not None and a.square is not None
    color = COLORS[a.color]
    if pos.hands[seat][a.color] == 0:
        return Refusal("tile/not_in_hand", {"seat": seat, "color": color},
                       f"tile: {pos.dynasties[seat]} has no {color} tile in hand (R5.2)")
    problem = tile_placement_problem(pos, a.color, a.square)
    if problem is not None:
        return replace(problem, text=f"tile {color} {SQUARE_NAMES[a.square]}: {problem.text}")
    return None


def leader_problem(pos: Position, seat: int, a: Action) -> Refusal | None:
    """R5.1: a placement or a move needs a legal square; a withdrawal a leader on the board."""
    assert a.color is not None
    at = pos.leaders[seat][a.color]
    color = COLORS[a.color]
    name = f"{pos.dynasties[seat]}'s {color} leader"
    if a.square is None:
        if at is None:
            return Refusal("leader/not_on_board", {"seat": seat, "color": color},
                           f"withdraw {color}: {name} is not on the board (R5.1)")
        return None
    if at == a.square:
        return Refusal("leader/same_square", {"seat": seat, "color": color,
                                              "square": SQUARE_NAMES[at]},
                       f"leader: {name} is already on {SQUARE_NAMES[at]}; "
                       "a move goes to another square (R5.1)")
    regions = regions_without(pos, at) if at is not None else None
    problem = leader_placement_problem(pos, a.square, regions)
    if problem is not None:
        return replace(problem, params={**problem.params, "color": color},
                       text=f"leader {color} {SQUARE_NAMES[a.square]}: {problem.text}")
    return None


def catastrophe_action_problem(pos: Position, seat: int, a: Action) -> Refusal | None:
    """R5.3."""
    assert a.square is not None
    if pos.catastrophes_left[seat] == 0:
        return Refusal("catastrophe/none_left", {"seat": seat},
                       f"catastrophe: {pos.dynasties[seat]} has no catastrophe tile left (R5.3)")
    problem = catastrophe_problem(pos, a.square)
    if problem is not None:
        return replace(problem, text=f"catastrophe {SQUARE_NAMES[a.square]}: {problem.text}")
    return None


def swap_problem(pos: Position, seat: int, a: Action) -> Refusal | None:
    """R5.4: only tiles held may be swapped."""
    for color in range(4):
        wanted = a.tiles.count(color)
        held = pos.hands[seat][color]
        if wanted > held:
            return Refusal("swap/not_held", {"seat": seat, "color": COLORS[color],
                                             "held": held, "wanted": wanted},
                           f"swap: {pos.dynasties[seat]} holds {held} {COLORS[color]} "
                           f"tile(s), not {wanted} (R5.4)")
    return None


def pass_problem(pos: Position, seat: int, a: Action) -> Refusal | None:
    """R4.1: a player may always end the turn's remaining actions."""
    return None


MAIN_ACTION_PROBLEMS = {"tile": tile_problem, "leader": leader_problem,
                        "catastrophe": catastrophe_action_problem, "swap": swap_problem,
                        "pass": pass_problem}


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
    pos.actions_left -= 1
    if place_tile(pos, seat, a.color, a.square):
        continue_wars(pos)
    else:
        after_conflicts(pos, a.square)


def position_a_leader(pos: Position, seat: int, a: Action) -> None:
    """R5.1; a revolt follows if the kingdom holds a leader of the same colour (R7.1)."""
    assert a.color is not None
    pos.actions_left -= 1
    if a.square is None:
        withdraw_leader(pos, seat, a.color)
        finish_action(pos)
        return
    position_leader(pos, seat, a.color, a.square)
    defender = revolt_defender(pos, a.square)
    if defender is not None:
        start_revolt(pos, a.square, defender)
    else:
        finish_action(pos)


def play_a_catastrophe(pos: Position, seat: int, a: Action) -> None:
    """R5.3."""
    assert a.square is not None
    pos.actions_left -= 1
    play_catastrophe(pos, seat, a.square)
    finish_action(pos)


def swap(pos: Position, seat: int, a: Action) -> None:
    """R5.4."""
    pos.actions_left -= 1
    swap_tiles(pos, seat, list(a.tiles))
    finish_action(pos)


# --- decisions inside an action -------------------------------------------------

def decision_problem(pos: Position, a: Action) -> Refusal | None:
    """R6.2, R6.3 and the pending decision's own choices."""
    assert pos.pending is not None
    kind = pos.pending["kind"]
    seat = decider(pos)
    if a.type != kind:
        return Refusal("turn/decision_pending", {"type": a.type, "pending": kind, "seat": seat},
                       f"{a.type}: the game waits for a {kind!r} decision of "
                       f"{pos.dynasties[seat]} (R4.2)")
    if a.type == "commit":
        allowed = allowed_commitments(pos)
        if a.count not in allowed:
            return Refusal("commit/count", {"count": a.count, "allowed": allowed},
                           f"commit {a.count}: allowed counts are {allowed} (R6.2, R6.3)")
        return None
    if a.to_dict() not in decisions(pos):
        return Refusal("decision/not_offered", {"type": a.type, "pending": kind},
                       f"{a.type}: not one of the choices offered: {pos.pending} (R4.2)")
    return None


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
