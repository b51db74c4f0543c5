"""R4: the turn — an action's stages, in the order R4.2 gives, and the end of a turn.

An action runs stage by stage: conflicts (R7, R8), a monument (R10), the
wonder (R15), a building (R13), then treasures (R9). A stage that needs a
player's decision leaves it in `pos.pending` and stops; the decision's
answer resumes the action at the next stage. The square of the placed tile
travels in the pending dict (`"placed"`), so any position can be saved and
resumed mid-action.
"""

from __future__ import annotations

from .board import SQUARE_INDEX, SQUARE_NAMES
from .buildings import building_squares
from .conflicts import start_war, wars_left
from .draws import bag_fell_short, refill_hands
from .monuments import monument_squares, monument_vp, unbuilt_monuments
from .scoring import ranking
from .state_data import COLORS, Position
from .treasures import next_treasure_claim
from .wonder import wonder_centres, wonder_point_due


def continue_wars(pos: Position) -> None:
    """R8.2: ask which war comes next; when none is left, the unification tile goes back."""
    assert pos.unification is not None
    placed = pos.unification
    colors = wars_left(pos)
    if colors:
        pos.pending = {"kind": "war_order", "colors": [COLORS[c] for c in colors],
                       "placed": SQUARE_NAMES[placed]}
        return
    pos.unification = None
    pos.events.append({"type": "unification_returned", "seat": pos.active,
                       "at": SQUARE_NAMES[placed]})
    after_conflicts(pos, placed)


def choose_war(pos: Position, color: int) -> None:
    pos.events.append({"type": "war_chosen", "color": COLORS[color]})
    start_war(pos, color)


def after_conflicts(pos: Position, placed: int) -> None:
    """R10.1–R10.2: a monument may be built if the 2×2 still stands after the wars."""
    squares = monument_squares(pos, placed)
    monuments = unbuilt_monuments(pos, pos.tile[placed]) if squares else []
    if monuments:
        pos.pending = {
            "kind": "monument", "squares": [SQUARE_NAMES[sq] for sq in squares],
            "colors": [[COLORS[c] for c in m] for m in monuments],
            "placed": SQUARE_NAMES[placed],
        }
        return
    after_monument(pos, placed)


def after_monument(pos: Position, placed: int) -> None:
    """R15.2: the wonder, when the option is on."""
    if pos.options.wonder:
        centres = wonder_centres(pos, placed)
        if centres:
            pos.pending = {"kind": "wonder", "squares": [SQUARE_NAMES[sq] for sq in centres],
                           "placed": SQUARE_NAMES[placed]}
            return
    after_wonder(pos, placed)


def after_wonder(pos: Position, placed: int) -> None:
    """R13.2: a building, when the option is on."""
    if pos.options.buildings:
        squares = building_squares(pos, placed)
        if squares:
            pos.pending = {"kind": "building", "color": COLORS[pos.tile[placed]],
                           "squares": [SQUARE_NAMES[sq] for sq in squares],
                           "placed": SQUARE_NAMES[placed]}
            return
    finish_action(pos)


def finish_action(pos: Position) -> None:
    """R9.1: treasures at the end of every action; then the action is complete."""
    claim = next_treasure_claim(pos)
    if claim is not None:
        pos.pending = claim
        return
    pos.pending = None
    if pos.actions_left == 0:
        end_turn(pos)


def end_turn(pos: Position) -> None:
    """R4.3 a: monument VP, then the wonder's VP (a decision of the active player)."""
    monument_vp(pos)
    if pos.options.wonder and wonder_point_due(pos):
        pos.pending = {"kind": "wonder_point"}
        return
    finish_turn(pos)


def finish_turn(pos: Position) -> None:
    """R4.3 b–d: refill, check the end of the game (R11), pass the turn on."""
    pos.pending = None
    refill_hands(pos)
    pos.events.append({"type": "turn_ended", "seat": pos.active})
    if len(pos.treasure) <= 2 or bag_fell_short(pos):
        pos.ended = True
        pos.actions_left = 0
        pos.events.append({"type": "game_over", "ranking": ranking(pos)})
        return
    pos.active = (pos.active + 1) % pos.players
    pos.actions_left = 2
    pos.events.append({"type": "turn_started", "seat": pos.active})


def placed_square(pos: Position) -> int:
    """The square of the tile whose consequences the pending decision belongs to."""
    assert pos.pending is not None
    return SQUARE_INDEX[pos.pending["placed"]]
