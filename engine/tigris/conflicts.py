"""R6–R8: conflicts, revolts (internal) and wars (external).

A conflict is set up as a pending `commit` decision (R6.2): the attacker
commits, then the defender, then it is resolved. Everything the resolution
needs is kept in the pending dict, so a position mid-conflict can be saved,
sent and restored.
"""

from __future__ import annotations

from typing import Any

from .board import NEIGHBOURS, SQUARE_INDEX, SQUARE_NAMES
from .leaders import withdraw_leader
from .regions_rules import return_leaders_without_temple, same_colour_conflicts
from .scoring import give_vp
from .state_data import COLOR_INDEX, COLORS, RED, Position, label_regions


def start_revolt(pos: Position, attacker_sq: int, defender_sq: int) -> None:
    """R7.1: the positioned leader attacks the leader of its colour in the kingdom."""
    color = pos.leader_at[attacker_sq][1]
    _start(pos, "internal", color, attacker_sq, defender_sq,
           *board_strengths(pos, "internal", color, attacker_sq, defender_sq))


def board_strengths(pos: Position, conflict: str, color: int, a_sq: int,
                    d_sq: int) -> tuple[int, int]:
    """What each side brings from the board, before committing tiles from the hand."""
    a_side, d_side = support_squares(pos, conflict, color, a_sq, d_sq)
    return len(a_side), len(d_side)


def support_squares(pos: Position, conflict: str, color: int, a_sq: int,
                    d_sq: int) -> tuple[list[int], list[int]]:
    """The squares whose tiles count for each side on the board.

    R7.2: in a revolt, the face-up temples next to each leader; R8.4: in a
    war, the face-up tiles of the war's colour on each leader's side.
    """
    if conflict == "internal":
        return ([n for n in NEIGHBOURS[a_sq] if pos.is_temple(n)],
                [n for n in NEIGHBOURS[d_sq] if pos.is_temple(n)])
    sides = war_sides(pos)
    return (_supporters(pos, sides.members[sides.label[a_sq]], color),
            _supporters(pos, sides.members[sides.label[d_sq]], color))


def wars_left(pos: Position) -> list[int]:
    """R8.2: the colours still at war in the kingdom holding the unification tile."""
    assert pos.unification is not None
    return same_colour_conflicts(pos, pos.kingdom_of(pos.unification))


def war_sides(pos: Position) -> Any:
    """R8.4: the regions as they are with the joining tile taken as absent."""
    assert pos.unification is not None
    return label_regions(pos, skip=pos.unification)


def war_attacker(pos: Position, seats: tuple[int, int]) -> int:
    """R8.3: the active player if involved, else the first after them in seat order."""
    for k in range(pos.players):
        seat = (pos.active + k) % pos.players
        if seat in seats:
            return seat
    raise AssertionError("a war without its two leaders' owners")


def start_war(pos: Position, color: int) -> None:
    assert pos.unification is not None
    region = pos.kingdom_of(pos.unification)
    leaders = [sq for sq in pos.regions().leaders[region] if pos.leader_at[sq][1] == color]
    owners = (pos.leader_at[leaders[0]][0], pos.leader_at[leaders[1]][0])
    attacker = war_attacker(pos, owners)
    a_sq, d_sq = leaders if owners[0] == attacker else (leaders[1], leaders[0])
    _start(pos, "external", color, a_sq, d_sq, *board_strengths(pos, "external", color, a_sq, d_sq))


def _supporters(pos: Position, side: list[int], color: int) -> list[int]:
    """R8.4: face-up tiles of the war's colour on the leader's side."""
    return sorted(sq for sq in side if pos.is_face_up(sq, color))


def _start(pos: Position, conflict: str, color: int, a_sq: int, d_sq: int,
           a_strength: int, d_strength: int) -> None:
    attacker, defender = pos.leader_at[a_sq][0], pos.leader_at[d_sq][0]
    pos.pending = {
        "kind": "commit", "conflict": conflict, "color": COLORS[color],
        "attacker": attacker, "defender": defender,
        "attacker_strength": a_strength, "defender_strength": d_strength,
        "attacker_committed": None,
        "attacker_leader": SQUARE_NAMES[a_sq], "defender_leader": SQUARE_NAMES[d_sq],
    }
    if pos.unification is not None:
        pos.pending["placed"] = SQUARE_NAMES[pos.unification]
    pos.events.append({
        "type": "conflict", "kind": "revolt" if conflict == "internal" else "war",
        "color": COLORS[color], "attacker": attacker, "defender": defender,
        "attacker_strength": a_strength, "defender_strength": d_strength,
    })


def commit_colour(pending: dict[str, Any]) -> int:
    """R7.2: revolts take red tiles; R8.4: wars take the war's colour."""
    return RED if pending["conflict"] == "internal" else COLOR_INDEX[pending["color"]]


def allowed_commitments(pos: Position) -> list[int]:
    """R6.2 and the English variant R6.3: how many tiles the deciding side may commit."""
    p = pos.pending
    assert p is not None and p["kind"] == "commit"
    attacking = p["attacker_committed"] is None
    seat = p["attacker"] if attacking else p["defender"]
    held = pos.hands[seat][commit_colour(p)]
    if not pos.options.english_variant:
        return list(range(held + 1))
    if attacking:
        return [0] + [k for k in range(1, held + 1)
                      if p["attacker_strength"] + k > p["defender_strength"]]
    need = p["attacker_strength"] + p["attacker_committed"] - p["defender_strength"]
    return [0] + ([need] if 1 <= need <= held else [])


def commit(pos: Position, count: int) -> bool:
    """Record one side's commitment; True when both have committed."""
    p = pos.pending
    assert p is not None
    attacking = p["attacker_committed"] is None
    seat = p["attacker"] if attacking else p["defender"]
    color = commit_colour(p)
    pos.hands[seat][color] -= count
    pos.events.append({"type": "committed", "seat": seat,
                       "side": "attacker" if attacking else "defender",
                       "color": COLORS[color], "count": count})
    if attacking:
        p["attacker_committed"] = count
        return False
    p["defender_committed"] = count
    return True


def resolve_conflict(pos: Position) -> str:
    """R6.2: the higher total wins, a tie goes to the defender; returns the conflict kind."""
    p = pos.pending
    assert p is not None
    a_total = p["attacker_strength"] + p["attacker_committed"]
    d_total = p["defender_strength"] + p["defender_committed"]
    attacker_wins = a_total > d_total
    winner = p["attacker"] if attacker_wins else p["defender"]
    loser = p["defender"] if attacker_wins else p["attacker"]
    loser_sq = SQUARE_INDEX[p["defender_leader"] if attacker_wins else p["attacker_leader"]]
    color = COLOR_INDEX[p["color"]]
    kind = "revolt" if p["conflict"] == "internal" else "war"
    pos.pending = None
    pos.events.append({
        "type": "conflict_won", "kind": kind, "color": p["color"], "winner": winner,
        "loser": loser, "winner_total": a_total if attacker_wins else d_total,
        "loser_total": d_total if attacker_wins else a_total,
    })
    if p["conflict"] == "internal":
        _revolt_lost(pos, winner, loser, color)
    else:
        _war_lost(pos, winner, loser, color, loser_sq)
    return str(p["conflict"])


def _revolt_lost(pos: Position, winner: int, loser: int, color: int) -> None:
    """R7.3: the loser's leader goes back, the winner gets 1 red VP; no tile is removed."""
    withdraw_leader(pos, loser, color, reason="revolt")
    give_vp(pos, winner, RED, 1, "revolt")


def _war_lost(pos: Position, winner: int, loser: int, color: int, loser_sq: int) -> None:
    """R8.5–R8.6: the loser's leader goes back and its side loses the war's colour."""
    sides = war_sides(pos)
    side = sides.members[sides.label[loser_sq]]
    withdraw_leader(pos, loser, color, reason="war")
    removed = [sq for sq in side if _removed_by_war(pos, sq, color)]
    for sq in removed:
        pos.remove_tile(sq)
    if removed:
        pos.events.append({"type": "tiles_removed", "color": COLORS[color],
                           "squares": [SQUARE_NAMES[sq] for sq in sorted(removed)],
                           "reason": "war"})
    give_vp(pos, winner, color, 1 + len(removed), "war")
    return_leaders_without_temple(pos)


def _removed_by_war(pos: Position, sq: int, color: int) -> bool:
    """R8.5: face-up tiles of the colour go, but for treasure and leader-held temples
    in a war of priests, and tiles with a building (R13.3)."""
    if not pos.is_face_up(sq, color) or sq == pos.unification or sq in pos.buildings:
        return False
    if color == RED:
        if sq in pos.treasure:
            return False
        if any(n in pos.leader_at for n in NEIGHBOURS[sq]):
            return False
    return True
